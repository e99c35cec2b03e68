// What a person sees on a page, read in the browser (tests/test_visible.py runs it on every
// page, and on small pages that break one rule each). `ENGLISH` is a list of the engine's
// English strings that must not show on a Spanish page; `CHECK_ENGLISH` says whether to look.
(() => {
  const problems = {entities: [], overflow: [], plots: [], english: []};
  const visible = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };

  // 1. Entities in the rendered text: `&#95;` or `&amp;` a reader sees is escaping gone twice.
  const text = document.body.innerText;
  for (const m of text.matchAll(/&(#\d{1,6}|#x[0-9a-fA-F]{1,6}|amp|lt|gt|quot|apos|nbsp);/g))
    problems.entities.push(text.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\s+/g, ' '));

  // 2. Horizontal overflow: an element past the window's right edge, unless something between
  // it and the page scrolls or clips sideways on purpose (code blocks, tables, the drawer).
  const width = document.documentElement.clientWidth;
  const clipped = e => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX) || s.transform !== 'none') return true; }
    return false; };
  if (document.documentElement.scrollWidth > width + 1)
    problems.overflow.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width} px`);
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.right > width + 1 && r.width > 0 && visible(e) && !clipped(e)) {
      problems.overflow.push(`${e.tagName.toLowerCase()}.${String(e.className).slice(0, 40)} ends at ${Math.round(r.right)} px`);
      if (problems.overflow.length > 5) break;
    }
  }

  // 3. Plots: the legend and axis titles inside the figure, clear of the plotting area and
  // of the tick labels (and of each other). Figures in a hidden tab are skipped (no size).
  const box = e => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  document.querySelectorAll('.js-plotly-plot').forEach((plot, n) => {
    const svg = plot.querySelector('.main-svg');
    if (!svg || !visible(plot)) return;
    const name = plot.id || `figure ${n + 1}`;
    const frame = box(plot);
    const areas = [...plot.querySelectorAll('.nsewdrag')].map(box);
    // a label plotly hid because it would pass the figure's edge (display: none) is not seen
    const ticks = [...plot.querySelectorAll('.xtick text, .ytick text, .x2tick text, .y2tick text')]
        .filter(e => e.textContent.trim() && visible(e)).map(box);
    const parts = [...plot.querySelectorAll('.legend, .g-xtitle, .g-ytitle')]
        .filter(e => e.getBBox && e.getBBox().width > 0)
        .map(e => ({what: e.classList.contains('legend') ? 'legend' : e.getAttribute('class').slice(2), r: box(e)}));
    for (const p of parts) {
      if (!inside(p.r, frame)) problems.plots.push(`${name}: the ${p.what} reaches outside the figure`);
      if (areas.some(a => meet(p.r, a))) problems.plots.push(`${name}: the ${p.what} covers the plotting area`);
      if (ticks.some(t => meet(p.r, t))) problems.plots.push(`${name}: the ${p.what} covers tick labels`);
      for (const q of parts) if (q !== p && q.what < p.what && meet(p.r, q.r))
        problems.plots.push(`${name}: the ${p.what} and the ${q.what} overlap`);
    }
    for (const t of ticks) if (!inside(t, frame)) { problems.plots.push(`${name}: a tick label is cut`); break; }
    const bar = plot.querySelector('.modebar');
    // plotly shows its toolbar on hover (opacity, not display), and on a phone on a touch: over the bars it hides them
    if (bar && visible(bar) && areas.some(a => meet(box(bar), a)))
      problems.plots.push(`${name}: the toolbar covers the plotting area`);
  });

  // 4. English engine strings on a Spanish page, outside code.
  if (CHECK_ENGLISH) {
    const copy = document.body.cloneNode(true);
    copy.querySelectorAll('pre, code, script, style, .highlight, .md-select, .md-search').forEach(e => e.remove());
    const prose = copy.textContent.replace(/\s+/g, ' ');
    for (const phrase of ENGLISH) {
      const at = prose.indexOf(phrase);
      if (at >= 0) problems.english.push(prose.slice(Math.max(0, at - 40), at + phrase.length + 40));
    }
  }
  return problems;
})()

"""Markers that draw the course's map from the labs' metadata: a lab's header, the links
to the previous and next lab, and the curriculum as cards."""

from __future__ import annotations

from course import curriculum
from course.markers.page import DEVICE_LABEL, Page
from course.markers.parse import Marker
from course.strings import t


def render_lab_header(page: Page, marker: Marker) -> str:
    meta, lang = page.meta(marker), page.lang
    needs = ", ".join(DEVICE_LABEL[d] for d in meta.devices)
    prereqs = ", ".join(f"[{page.lab_meta(p).title[lang]}]({page.link(f'labs/{p}.md')})"
                        for p in meta.prerequisites) or t(lang, "none")
    learn = "\n".join(f"    - {item}" for item in meta.teaches[lang])
    return (f'!!! abstract "{t(lang, "at_a_glance")}"\n\n'
            f"    {meta.summary[lang]}\n\n"
            f"    - **{t(lang, 'duration')}:** {t(lang, 'about_minutes', minutes=meta.duration_min)}\n"
            f"    - **{t(lang, 'runs_on')}:** {needs}. {meta.device_notes.get(lang, '')}\n"
            f"    - **{t(lang, 'prerequisites')}:** {prereqs}\n\n"
            f"    **{t(lang, 'you_learn')}:**\n\n{learn}\n\n"
            f"    **{t(lang, 'run_it')}:**\n\n"
            f"    ```bash\n    .venv/bin/python -m labs.{meta.id} --device cpu\n"
            f"    make labs LAB={meta.id}\n    ```\n\n"
            f"    {t(lang, 'run_it_where', lab=meta.id, out=f'experiments/{meta.id}')}\n")


def render_lab_nav(page: Page, marker: Marker) -> str:
    meta, lang = page.meta(marker), page.lang
    order = [lab.id for lab in curriculum.ordered_labs()]
    if meta.id not in order:
        return ""
    index = order.index(meta.id)
    links = []
    if index > 0:
        prev = page.lab_meta(order[index - 1])
        links.append(f"← {t(lang, 'previous')}: [{prev.title[lang]}]({page.link(f'labs/{prev.id}.md')})")
    if index + 1 < len(order):
        nxt = page.lab_meta(order[index + 1])
        links.append(f"{t(lang, 'next')}: [{nxt.title[lang]}]({page.link(f'labs/{nxt.id}.md')}) →")
    return '<nav class="course-lab-nav" markdown>\n\n' + " · ".join(links) + "\n\n</nav>\n"


def render_curriculum(page: Page, marker: Marker) -> str:
    """Each phase as a grid of cards, one per reading or lab, in week order."""
    lang = page.lang
    out = []
    for number, phase in enumerate(curriculum.phases(), start=1):
        out.append(f"### {number}. {phase.title[lang]}\n\n{phase.summary[lang]}\n")
        out.append('<div class="grid cards course-curriculum" markdown>\n')
        items = [(r.week, 0, r) for r in phase.readings] + [(lab.week, 1, lab) for lab in phase.labs]
        for week, _, item in sorted(items, key=lambda entry: (entry[0], entry[1])):
            out.append(curriculum_card(page, week, item))
        out.append("</div>\n")
    return "\n".join(out) + "\n"


def curriculum_card(page: Page, week: int, item) -> str:
    lang = page.lang
    if isinstance(item, curriculum.Reading):
        kind, target, needs, prereqs = t(lang, "reading"), item.page, "—", "—"
    else:
        kind, target = t(lang, "lab"), f"labs/{item.id}.md"
        needs = ", ".join(DEVICE_LABEL[d] for d in item.devices)
        prereqs = ", ".join(page.lab_meta(p).title[lang].split(" — ")[0] for p in item.prerequisites) or "—"
    learn = "\n".join(f"    - {point}" for point in item.teaches[lang])
    return (f"-   **{t(lang, 'week')} {week} · {kind}**\n\n"
            f"    [{item.title[lang]}]({page.link(target)})\n\n"
            f"    {t(lang, 'duration')}: {t(lang, 'about_minutes', minutes=item.duration_min)} · "
            f"{t(lang, 'runs_on')}: {needs} · {t(lang, 'prerequisites')}: {prereqs}\n\n"
            f"    ---\n\n    {t(lang, 'you_learn')}:\n\n{learn}\n")

"""What changed between two releases, said only when the recorded facts show it.

Each claim is a function of two snapshots of one module (the older release first) with an
explicit condition; it returns the sentence in both languages, or None when its condition
does not hold. `changes` runs every claim in PAIR_CLAIMS; a compile time inside COMPILE_BAND,
or a compiled call inside its spread or CALL_BAND, says nothing rather than "unchanged".
`pin_advice` decides, from the whole history, whether the course's CPU pin should move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from labs.common.claims import COMPILE_NOISE
from labs.common.measure import Stats, verdict
from labs.kernel_history import words
from labs.kernel_history.diff import side_by_side
from labs.kernel_history.history import Snapshot
from labs.kernel_history.settings import version_key

Sentence = dict[str, str]
# Each release is probed once, in a process of its own. Probes of one release in separate
# processes on a 2-core machine lay apart by up to 1.67× in cold compile time and 2.01× in the
# compiled call's median (benchmarks/probe_noise/, scripts/bench_probe_noise.py), however tight
# a timing's spread inside one process: a ratio between two releases inside its band is not
# called faster or slower.
COMPILE_BAND = (1 / COMPILE_NOISE, COMPILE_NOISE)
CALL_BAND = (0.4, 2.5)


def _names(items: list[str]) -> str:
    return ", ".join(f"`{item}`" for item in items)


def claim_compile_failed(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: exactly one of the two releases failed to compile the module."""
    if a.ok and not b.ok:
        return {"en": f"{b.release} did not compile it: {b.error}",
                "es": f"{b.release} no lo compiló: {b.error}"}
    if b.ok and not a.ok:
        return {"en": f"{b.release} compiles it ({a.release} did not: {a.error})",
                "es": f"{b.release} lo compila ({a.release} no: {a.error})"}
    return None


def claim_kernel_count(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: both compiled and the number of generated kernels differs."""
    if not (a.ok and b.ok) or len(a.kernels) == len(b.kernels):
        return None
    fewer = len(b.kernels) < len(a.kernels)
    return {"en": f"{'fewer' if fewer else 'more'} kernels: {len(a.kernels)} → {len(b.kernels)}"
                  f"{' (more ops fused per kernel)' if fewer else ''}",
            "es": f"{'menos' if fewer else 'más'} kernels: {len(a.kernels)} → {len(b.kernels)}"
                  f"{' (más operaciones fusionadas por kernel)' if fewer else ''}"}


def claim_fusions(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: both compiled and the fusion groups (the ops each kernel fused) differ."""
    if not (a.ok and b.ok):
        return None
    before, after = Counter(a.fusions), Counter(b.fusions)
    added, removed = sorted((after - before).elements()), sorted((before - after).elements())
    if not added and not removed:
        return None
    en, es = [], []
    if added:
        en.append(f"new fusion group {_names(added)}")
        es.append(f"grupo de fusión nuevo {_names(added)}")
    if removed:
        en.append(f"gone: {_names(removed)}")
        es.append(f"desaparece: {_names(removed)}")
    return {"en": "; ".join(en), "es": "; ".join(es)}


def _by_fusion(snap: Snapshot) -> dict[str, dict]:
    found: dict[str, dict] = {}
    for kernel in snap.kernels:
        found.setdefault(kernel["fusion"], kernel)
    return found


def claim_strategy(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: a fusion group present in both releases loops or reduces differently
    (its tags: vectorized/scalar, parallel, welford/reduction; persistent/looped on a GPU)."""
    if not (a.ok and b.ok):
        return None
    old, new = _by_fusion(a), _by_fusion(b)
    changed = [(name, old[name]["strategy"], new[name]["strategy"]) for name in old
               if name in new and old[name]["strategy"] != new[name]["strategy"]]
    if not changed:
        return None

    def said(lang: str) -> str:
        return "; ".join(f"`{n}`: {words.strategy(x, lang)} → {words.strategy(y, lang)}" for n, x, y in changed)
    return {"en": f"different loop or reduction strategy: {said('en')}",
            "es": f"otra estrategia de bucle o de reducción: {said('es')}"}


def claim_pattern(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: the annotator stated a pattern for a fusion group in both releases, and the
    two differ (e.g. a softmax whose graph asked for amax then sum, then for one
    prepare_softmax_online node: the graph's form, not the kernel's loop)."""
    if not (a.ok and b.ok):
        return None
    old, new = _by_fusion(a), _by_fusion(b)
    changed = [(name, old[name]["pattern"], new[name]["pattern"]) for name in old
               if name in new and old[name].get("pattern") and new[name].get("pattern")
               and old[name]["pattern"] != new[name]["pattern"]]
    if not changed:
        return None

    def said(lang: str) -> str:
        return "; ".join(f"`{n}`: {words.pattern(x, lang)} → {words.pattern(y, lang)}" for n, x, y in changed)
    return {"en": f"the annotator reads it differently: {said('en')}",
            "es": f"el anotador lo lee de otra forma: {said('es')}"}


def claim_library_calls(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: both compiled and the library calls (extern kernels) differ."""
    if not (a.ok and b.ok) or sorted(a.library_calls) == sorted(b.library_calls):
        return None
    said = {lang: [_names(sorted(set(calls))) or none for calls in (a.library_calls, b.library_calls)]
            for lang, none in (("en", "none"), ("es", "ninguna"))}
    return {"en": "library calls: {} → {}".format(*said["en"]),
            "es": "llamadas a bibliotecas: {} → {}".format(*said["es"])}


def claim_guard_kinds(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: both releases' guards were read and a guard kind appears or disappears, or the
    kinds stay and how many guards of some kind there are changes."""
    if a.guard_kinds is None or b.guard_kinds is None:
        return None
    added = sorted(set(b.guard_kinds) - set(a.guard_kinds))
    removed = sorted(set(a.guard_kinds) - set(b.guard_kinds))
    if not added and not removed:
        moved = [(kind, a.guard_kinds[kind], b.guard_kinds[kind]) for kind in sorted(a.guard_kinds)
                 if a.guard_kinds[kind] != b.guard_kinds[kind]]
        if not moved:
            return None
        counts = "; ".join(f"`{kind}` {x} → {y}" for kind, x, y in moved)
        return {"en": f"the same guard kinds, in other numbers: {counts} ({a.guards} → {b.guards} guards)",
                "es": f"los mismos tipos de guarda, en otro número: {counts} ({a.guards} → {b.guards} guardas)"}
    en, es = [], []
    if added:
        en.append(f"guard kind added: {_names(added)}")
        es.append(f"tipo de guarda nuevo: {_names(added)}")
    if removed:
        en.append(f"guard kind gone: {_names(removed)}")
        es.append(f"tipo de guarda que desaparece: {_names(removed)}")
    return {"en": "; ".join(en) + f" ({a.guards} → {b.guards} guards)",
            "es": "; ".join(es) + f" ({a.guards} → {b.guards} guardas)"}


def _eager_moved(a: Snapshot, b: Snapshot, slower: bool) -> float | None:
    """The factor by which the eager call moved the same way, when it moved beyond CALL_BAND too:
    eager code is the control no compiler release changes, so its moving says the probe's machine
    did (a busy core, another frequency), and the release cannot be told apart from it."""
    if not (a.eager and b.eager) or a.clock != b.clock:
        return None
    ratio = b.eager["median_s"] / a.eager["median_s"]
    if CALL_BAND[0] <= ratio <= CALL_BAND[1] or (ratio > 1) != slower:
        return None
    return ratio if slower else 1 / ratio


def _control(a: Snapshot, b: Snapshot, slower: bool) -> Sentence:
    """What to add to a time that moved: nothing, or that the eager control moved with it."""
    moved = _eager_moved(a, b, slower)
    if moved is None:
        return {"en": "", "es": ""}
    return {"en": f", but the eager call moved {moved:.1f}× the same way: the probe's machine, not the release",
            "es": f", pero la llamada eager se movió {moved:.1f}× en el mismo sentido: la máquina de la sonda, "
                  "no la versión".replace(".", ",", 1)}


def claim_compile_time(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: both cold compile times recorded and their ratio outside COMPILE_BAND; said to
    be the probe's when the eager control moved beyond CALL_BAND the same way."""
    if not (a.compile_s and b.compile_s):
        return None
    ratio = b.compile_s / a.compile_s
    if COMPILE_BAND[0] <= ratio <= COMPILE_BAND[1]:
        return None
    slower = ratio > 1
    factor = ratio if slower else 1 / ratio
    control = _control(a, b, slower)
    return {"en": f"cold compile {factor:.1f}× {'slower' if slower else 'faster'}" + control["en"],
            "es": f"compilación en frío {factor:.1f}× más {'lenta' if slower else 'rápida'}".replace(".", ",")
                  + control["es"]}


def _stats(data: dict) -> Stats:
    return Stats(**{k: data[k] for k in ("median_s", "q1_s", "q3_s", "min_s", "max_s", "reps", "clock")})


def claim_compiled_time(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: both compiled calls timed on the same clock, `measure.verdict` says faster or
    slower beyond each probe's own spread, and the medians' ratio lies outside CALL_BAND (what
    separate probes of one release do)."""
    if not (a.compiled and b.compiled) or a.clock != b.clock:
        return None
    said = verdict(_stats(a.compiled), _stats(b.compiled))
    ratio = b.compiled["median_s"] / a.compiled["median_s"]
    if said == "same" or CALL_BAND[0] <= ratio <= CALL_BAND[1]:
        return None
    clock_en = "latency" if a.clock == "latency" else "device time"
    clock_es = "latencia" if a.clock == "latency" else "tiempo de dispositivo"
    factor = ratio if ratio > 1 else 1 / ratio
    control = _control(a, b, ratio > 1)
    return {"en": f"compiled call {factor:.1f}× {said} ({clock_en})" + control["en"],
            "es": f"llamada compilada {factor:.1f}× {'más rápida' if said == 'faster' else 'más lenta'} "
                  f"({clock_es})".replace(".", ",") + control["es"]}


def claim_identical(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: both compiled and every kernel is the same text after normalisation."""
    if not (a.ok and b.ok) or [k["source"] for k in a.kernels] != [k["source"] for k in b.kernels]:
        return None
    return {"en": "the kernels are identical after normalisation",
            "es": "los kernels son idénticos tras normalizarlos"}


def claim_text_changed(a: Snapshot, b: Snapshot) -> Sentence | None:
    """Condition: both compiled, and the normalised kernel text differs in some lines (the
    count of changed, added and removed rows of the side-by-side diff)."""
    if not (a.ok and b.ok):
        return None
    rows = sum(1 for row in side_by_side(a.listing(), b.listing()) if row.change)
    if rows == 0:
        return None
    return {"en": f"kernel text differs in {rows} line{'s' if rows != 1 else ''} (see the diff)",
            "es": f"el texto de los kernels difiere en {rows} línea{'s' if rows != 1 else ''} (véase la comparación)"}


PAIR_CLAIMS: tuple[Callable[[Snapshot, Snapshot], Sentence | None], ...] = (
    claim_compile_failed, claim_kernel_count, claim_fusions, claim_strategy, claim_pattern,
    claim_library_calls, claim_guard_kinds, claim_compile_time, claim_compiled_time, claim_text_changed, claim_identical,
)

NEITHER = {"en": "neither release compiled it", "es": "ninguna de las dos versiones lo compiló"}


def changes(a: Snapshot, b: Snapshot) -> list[Sentence]:
    """Every claim that holds for the pair: never none, since two compiled snapshots are either
    identical or differ in text, and a failure on either side is a claim of its own."""
    if not a.ok and not b.ok:
        return [NEITHER]
    return [s for claim in PAIR_CLAIMS if (s := claim(a, b)) is not None]


def pin_advice(snapshots: list[Snapshot], installed: str) -> tuple[str, Sentence]:
    """("move" | "stay" | "undecided", the sentence): should the CPU pin move to the newest
    release that ran? Move only when that release is newer than the installed one, compiled
    every module the installed one compiled, and made no compiled call slower (noise-aware; a call
    whose eager control slowed down as much is the probe's, not the release's)."""
    releases = sorted({s.release for s in snapshots}, key=version_key)
    mine = {s.module: s for s in snapshots if s.release == installed}
    if not mine or not releases:
        return "undecided", {"en": "the installed release did not run: no advice on the pin",
                             "es": "la versión instalada no se ejecutó: no hay consejo sobre la versión fijada"}
    newest = releases[-1]
    if version_key(newest) <= version_key(installed):
        return "stay", {"en": f"the installed release ({installed}) is the newest this run compiled with: "
                              "the pin stays",
                        "es": f"la versión instalada ({installed}) es la más reciente con la que compiló "
                              "esta ejecución: la versión fijada se queda"}
    theirs = {s.module: s for s in snapshots if s.release == newest}
    lost = [m for m, s in mine.items() if s.ok and not (m in theirs and theirs[m].ok)]
    slower = [m for m, s in mine.items() if m in theirs and (c := claim_compiled_time(s, theirs[m]))
              and "slower" in c["en"] and _eager_moved(s, theirs[m], slower=True) is None]
    if lost or slower:
        why = ", ".join(f"`{m}` " + ("does not compile" if m in lost else "is slower") for m in lost + slower)
        why_es = ", ".join(f"`{m}` " + ("no compila" if m in lost else "es más lento") for m in lost + slower)
        return "stay", {"en": f"keep {installed}: under {newest} {why}",
                        "es": f"mantener {installed}: con {newest} {why_es}"}
    band = f"{CALL_BAND[1]:g}×"
    return "move", {"en": f"{newest} compiled every module {installed} compiled, and no compiled call was slower "
                          f"beyond what separate probes of one release differ by ({band}): the pin can move",
                    "es": f"{newest} compiló todos los módulos que compiló {installed}, y ninguna llamada "
                          "compilada fue más lenta más allá de lo que difieren sondas separadas de una misma "
                          f"versión ({band.replace('.', ',')}): la versión fijada puede avanzar"}

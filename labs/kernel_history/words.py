"""What the history's cells say, in each language: a kernel's strategy tags, the annotator's
pattern, a count of kernels. Standard library only (tested on strings).

A pattern's second half is the form of the graph Inductor was given, not how the kernel loops:
"softmax, online" means the graph asks for the max and the sum of exp as one
`prepare_softmax_online` node; how the kernel computes them is its strategy's business (a
persistent or a looped reduction) and its source's. The cells say "in the graph", so that a
reader cannot take the graph's node for the kernel's loop.
"""

from __future__ import annotations

from collections import Counter

# normalize.strategy's tags; English is the tags themselves
STRATEGY_TAGS = {"es": {"vectorized": "vectorizado", "scalar": "escalar", "parallel": "paralelo",
                        "reduction": "reducción", "welford": "welford", "pointwise": "elemento a elemento",
                        "persistent": "persistente", "looped": "en bucle", "template": "plantilla"}}

# kernel_facts' softmax forms (records.KernelFacts.form): how the graph asks for max and sum
GRAPH_FORMS = {"two_pass": {"en": "in the graph: amax then sum", "es": "en el grafo: amax y luego suma"},
               "online": {"en": "in the graph: prepare_softmax_online", "es": "en el grafo: prepare_softmax_online"}}

NO_PATTERN = {"en": "no pattern", "es": "sin patrón"}          # the annotator's "none": it knows none
NOT_ANNOTATED = {"en": "not annotated", "es": "sin anotar"}     # the annotator said nothing
NO_LIBRARY_CALLS = {"en": "none", "es": "ninguna"}
KERNELS = {"en": "{n} kernels", "es": "{n} kernels"}


def strategy(tags: str, lang: str) -> str:
    """"vectorized+parallel+reduction" in the page's language; an unknown tag stays as it is."""
    words = STRATEGY_TAGS.get(lang, {})
    return "+".join(words.get(tag, tag) for tag in tags.split("+"))


def pattern(recorded: str, lang: str, count: int = 1) -> str:
    """The annotator's pattern ("softmax, online", "none") said in words, with how many kernels
    have it when more than one: "no pattern (2 kernels)", "softmax (in the graph: amax then sum)"."""
    name, _, form = recorded.partition(", ")
    notes = [KERNELS[lang].format(n=count)] if count > 1 else []
    if form:
        notes.append(GRAPH_FORMS.get(form, {}).get(lang, form))
    head = NO_PATTERN[lang] if name == "none" else name
    return head + (f" ({', '.join(notes)})" if notes else "")


def by_count(items: list[str]) -> list[tuple[str, int]]:
    """Distinct items with how many times each appears, most first (then by name)."""
    return sorted(Counter(items).items(), key=lambda pair: (-pair[1], pair[0]))


def patterns(recorded: list[str], lang: str) -> str:
    """A release's patterns, one phrase each, most frequent first; NOT_ANNOTATED when none."""
    return "; ".join(pattern(p, lang, n) for p, n in by_count(recorded)) or NOT_ANNOTATED[lang]

"""Lab 03's entry to the kernel annotator in `labs.common.kernel_facts`.

`graph_facts` analyses one compiled graph's debug folder and saves the structured facts
beside the dump (kernel_facts.json), so everything after it (the lab's metrics, the pages,
the learner's KERNEL_ANNOTATION.md) renders from that file. `softmax_kernel` picks the
kernel that computes the output node of the graph's softmax: by dataflow and provenance,
never by the kernel's name. `annotate` keeps the notebook's older interface.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from labs.common import inductor_output
from labs.common.kernel_facts import facts as kernel_facts
from labs.common.kernel_facts.patterns import STEPS
from labs.common.kernel_facts.records import GraphFacts, KernelFacts

SOFTMAX_STEPS = STEPS["softmax"]


def graph_facts(folder: Path) -> GraphFacts:
    """The facts of one graph, read from kernel_facts.json beside the dump, written first if absent."""
    path = Path(folder) / kernel_facts.FACTS_FILE
    if not path.is_file():
        kernel_facts.write(kernel_facts.analyze(folder), folder)
    return kernel_facts.read(path)


@dataclass(frozen=True)
class Chosen:
    graph: inductor_output.GraphDump
    kernel: inductor_output.Kernel
    facts: GraphFacts
    kernel_facts: KernelFacts


def pattern_kernel(graphs: list[inductor_output.GraphDump], pattern: str = "softmax") -> Chosen:
    """The first graph's kernel that runs the output node of a `pattern` the post-grad graph computes."""
    seen = []
    for graph in graphs:
        found = graph_facts(graph.folder)
        chosen = found.pattern_kernel(pattern)
        seen += [f"{p['pattern']} -> {p['kernel']}" for p in found.patterns]
        if chosen is not None:
            kernel = next(k for k in graph.kernels if k.name == chosen.kernel)
            return Chosen(graph, kernel, found, chosen)
    raise RuntimeError(f"no kernel runs the output node of a {pattern} in the post-grad graph "
                       f"(patterns found: {', '.join(seen) or 'none'})")


# -- the notebook's interface -------------------------------------------------------------------

@dataclass(frozen=True)
class Fact:
    topic: str
    line: int | None
    detail: str
    file: str = "kernel"


@dataclass(frozen=True)
class Buffer:
    name: str
    role: str


@dataclass(frozen=True)
class Annotation:
    fused_ops: list[str]
    fused_ops_source: str
    steps_found: list[str]
    reduction_style: str
    exp_home: str | None
    absent: list[Buffer]
    facts: list[Fact]


def annotate(graph: inductor_output.GraphDump, kernel: inductor_output.Kernel) -> Annotation:
    from labs.common.kernel_facts.render import rows
    kf = graph_facts(graph.folder).kernel(kernel.name)
    steps = [s.step for s in kf.steps if s.lines]
    absent = [Buffer(b["name"], b["role"]) for b in kf.ir_buffers or [] if b["in_call"] == "absent"]
    listed = [Fact(topic, line, detail, file) for file, line, topic, detail, _ in rows(kf)]
    return Annotation(kf.nodes or [], kf.nodes_source, steps, kf.style, kf.exp_home, absent, listed)

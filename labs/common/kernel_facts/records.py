"""The records kernel facts are kept in: one per kernel (`KernelFacts`, with its `Step`s) and
one per compiled graph (`GraphFacts`), JSON-able.

Shapes only, at the bottom of the package: `facts` fills them, `kernel_lines`, `checks`,
`score`, `render` and `document` read them, and none of those is imported here. Standard
library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from labs.common.kernel_facts import meaning


@dataclass
class Step:
    step: str                     # max, sub, exp, sum, div (softmax); log, sub_log (log-softmax)
    nodes: list[str]              # the post-grad nodes that compute it
    lines: list[int] | None       # kernel lines; None when they could not be found
    other_kernel: str | None = None   # set when the graph runs this step in another kernel
    where: list[str] = field(default_factory=list)   # the learner's lines its nodes came from ("model.py:37")


@dataclass
class KernelFacts:
    kernel: str
    language: str                               # "cpp" or "python" (Triton)
    style: str                                  # cpp_vectorized, cpp_scalar, triton_persistent, ...
    calls: list[dict]                           # [{"handle", "line", "buffers": {parameter: buffer}}]
    nodes: list[str] | None                     # post-grad nodes of its first launch; None: unknown
    nodes_source: str                           # provenance | graph_fragment | unknown
    node_targets: dict[str, str] = field(default_factory=dict)       # node -> ATen op
    source_nodes: dict[str, list[str]] = field(default_factory=dict)  # source (pre-grad) node -> its nodes here
    pattern: str | None = None                  # one of meaning.PATTERNS, or none; None: unknown
    form: str | None = None                     # two_pass | online (softmax and log-softmax)
    claims: list[dict] = field(default_factory=list)     # every pattern whose output this kernel runs (meaning.py)
    origins: list[dict] = field(default_factory=list)    # [{"where": "model.py:37", "code", "nodes"}], the learner's lines
    traffic: dict | None = None                 # bytes read and written, passes, transposed writes (traffic.py)
    output_node: str | None = None
    input_node: str | None = None
    steps: list[Step] = field(default_factory=list)
    loads: list[dict] = field(default_factory=list)      # by pointer: buffer, indirect, at [[line, index, reads back]]
    stores: list[dict] = field(default_factory=list)     # by pointer: buffer, at [[line, index, what]]
    reductions: list[dict] = field(default_factory=list)  # kind, lines, step
    input: dict | None = None                   # {"pointers": {pointer: buffer}, "lines": [...]}
    output: dict | None = None                  # {"stored": lines} or {"consumed_by": lines}
    exp_home: str | None = None                 # local_buffer | in_place | buffer | registers
    exp_recomputed: bool | None = None
    ir_nodes: list[str] | None = None           # scheduler nodes that became this kernel
    ir_buffers: list[dict] | None = None        # name, size, role (the IR op stored), in_call
    parallel_loops: int = 0
    unknown: list[str] = field(default_factory=list)     # codes saying why something is not stated (words.UNKNOWN)

    def step(self, name: str) -> Step | None:
        return next((s for s in self.steps if s.step == name), None)


@dataclass
class GraphFacts:
    folder: str
    sources: dict                               # which of Inductor's files were there
    patterns: list[dict]                        # every softmax / log-softmax of the graph, with its kernel
    kernels: list[KernelFacts]

    def kernel(self, name: str) -> KernelFacts | None:
        return next((k for k in self.kernels if k.kernel == name), None)

    def pattern_kernel(self, pattern: str = "softmax", occurrence: int = 0) -> KernelFacts | None:
        """The kernel that computes the output node of the graph's n-th such pattern ("softmax"
        includes the attention-score softmax)."""
        found = [p for p in self.patterns if pattern in (p["pattern"], meaning.FAMILY.get(p["pattern"])) and p["kernel"]]
        return self.kernel(found[occurrence]["kernel"]) if len(found) > occurrence else None

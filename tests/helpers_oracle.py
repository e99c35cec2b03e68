"""Small post-grad graphs written by hand, as Inductor prints them (fx_graph_transformed.py), for
the numeric oracle's tests; its findings as plain tuples to compare whole; and the fixture that
runs each of those tests on one thread (a test module imports it to use it)."""

from __future__ import annotations

import pytest
import torch

from labs.common.kernel_facts import oracle, post_grad


def printed(signature: str, body: str) -> post_grad.PostGradGraph:
    """The graph of `def forward(self, <signature>):` whose statements are the lines of `body`
    (indented as they come: a forward is one block)."""
    lines = [line.strip() for line in body.splitlines() if line.strip()] or ["pass"]
    return post_grad.from_transformed("class GraphModule(torch.nn.Module):\n"
                                      f"    def forward(self, {signature}):\n"
                                      + "".join(f"        {line}\n" for line in lines))


def plain(finding: oracle.Finding) -> tuple:
    """(pattern, output, inputs, detail) with floats to 6 digits: sortable, comparable whole."""
    detail = tuple(sorted((k, round(v, 6) if isinstance(v, float) else v) for k, v in finding.detail.items()))
    return finding.pattern, finding.output, tuple(finding.inputs), detail


def findings(graph: post_grad.PostGradGraph, kernel: list[str] | None = None, named: bool = False) -> list[tuple]:
    """Every finding on the kernel's nodes (all of the graph by default), sorted; only those a kernel
    is named by when `named`."""
    found = oracle.computed(graph, oracle.evaluate(graph), kernel or list(graph.nodes))
    return sorted(plain(f) for f in (oracle.headline(found, graph) if named else found))


@pytest.fixture(autouse=True)
def one_thread():
    """Torch on one thread, as the oracle runs it: mutmut forks each mutant's process from one whose
    OpenMP threads have run, and a parallel op in the fork (a row max) waits for them forever."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)

"""GELU by its tanh approximation, recognised by meaning in the forms a graph may spell it,
and not in near misses; the numeric oracle (which never reads the spelling) agrees on each."""

from __future__ import annotations

import pytest

from labs.common.kernel_facts import meaning, oracle, post_grad

HEADER = 'class <lambda>(torch.nn.Module):\n    def forward(self, arg0_1: "f32[16, 256]"):\n'


def graph(body: str) -> post_grad.PostGradGraph:
    lines = [f'        {line.strip()}' for line in body.strip().splitlines()]
    return post_grad.from_transformed(HEADER + "\n".join(lines) + "\n")


def node(name: str, call: str) -> str:
    return f'{name}: "f32[16, 256]" = torch.ops.aten.{call}'


# Inductor's decomposition, as torch 2.11 and 2.13 print it: ½x · (1 + tanh(√(2/π)(x + 0.044715·x·x·x)))
AS_INDUCTOR = [node("mul_4", "mul.Tensor(arg0_1, 0.5)"), node("mul", "mul.Tensor(arg0_1, arg0_1)"),
               node("mul_1", "mul.Tensor(mul, arg0_1)"), node("mul_2", "mul.Tensor(mul_1, 0.044715)"),
               node("add", "add.Tensor(arg0_1, mul_2)"), node("mul_3", "mul.Tensor(add, 0.7978845608028654)"),
               node("tanh", "tanh.default(mul_3)"), node("add_1", "add.Tensor(tanh, 1)"),
               node("mul_5", "mul.Tensor(mul_4, add_1)"), "return (mul_5,)"]


def variant(**replacements: str) -> str:
    return "\n".join(replacements.get(line.split(":")[0], line) for line in AS_INDUCTOR)


FORMS = {
    "as Inductor writes it": variant(),
    "the cube as pow(x, 3)": variant(mul_1=node("mul_1", "pow.Tensor_Scalar(arg0_1, 3)")),
    "the sum and the product commuted": variant(add=node("add", "add.Tensor(mul_2, arg0_1)"),
                                                mul_5=node("mul_5", "mul.Tensor(add_1, mul_4)")),
}
NEAR_MISSES = {
    "another cubic coefficient": variant(mul_2=node("mul_2", "mul.Tensor(mul_1, 0.05)")),
    "no half": variant(mul_4=node("mul_4", "mul.Tensor(arg0_1, 1.0)")),
    "a square for the cube": variant(mul_1=node("mul_1", "mul.Tensor(arg0_1, 1.0)")),
    "1 − tanh": variant(add_1=node("add_1", "sub.Tensor(1, tanh)")),
}


def oracle_gelu(g: post_grad.PostGradGraph) -> list[dict]:
    values = oracle.evaluate(g)
    assert values["mul_5"] is not None  # the graph ran: an empty answer is a verdict, not a failure to run
    return [f.detail for f in oracle.computed(g, values, list(g.nodes)) if f.pattern == "gelu" and f.output == "mul_5"]


@pytest.mark.parametrize("form", list(FORMS))
def test_tanh_gelu_is_recognised_however_it_is_spelled(form):
    g = graph(FORMS[form])
    [found] = meaning.recognise(g)
    assert (found.pattern, found.output, found.inputs, found.detail) == ("gelu", "mul_5", ["arg0_1"],
                                                                         {"approximate": "tanh"})
    assert {"approximate": "tanh"} in oracle_gelu(g)


@pytest.mark.parametrize("miss", list(NEAR_MISSES))
def test_near_misses_are_not_gelu(miss):
    g = graph(NEAR_MISSES[miss])
    assert meaning.recognise(g) == []
    assert oracle_gelu(g) == []

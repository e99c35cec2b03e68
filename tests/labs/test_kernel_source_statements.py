"""kernel_source.statements on two small kernels written as Inductor writes them (one C++, one
Triton): every statement it reads, written out by hand with its line, kind, names, pointer,
index, text and (C++) enclosing blocks; and the lines it must not read as statements."""

from __future__ import annotations

import ast

import pytest

from labs.common.kernel_facts.kernel_source import Statement, branch, index_text, statements, to_python, visible

CPP = """\
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       float* out_ptr0,
                       float* in_out_ptr0)
{
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(8L); x0+=static_cast<int64_t>(1L))
        {
            float tmp_acc0 = 0;
            if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(4L)))
            {
                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                tmp0.store(out_ptr0 + static_cast<int64_t>(x0));
            }
            if(C10_UNLIKELY(x0 >= static_cast<int64_t>(4L)))
            {
                auto tmp1 = in_ptr0[static_cast<int64_t>(x0)];
                out_ptr0[static_cast<int64_t>(x0)] = tmp1;
            }
            if(x0 == 0)
            {
                auto tmp2 = tmp_acc0 == 0 ? tmp1 : tmp0;
            }
            else
            {
                auto tmp3 = tmp1;
            }
            auto tmp4 =
            [&]
            {
                __at_align__ std::array<float, 16> tmpbuf;
                tmp0.store(tmpbuf.data(), static_cast<int64_t>(16));
                return tmpbuf;
            }
            ()
            ;
            alignas(std::max(std::size_t(16), alignof(float))) float tmp5[16*16];
            transpose_mxn<float,static_cast<int64_t>(16),static_cast<int64_t>(16),false>(in_ptr0 + static_cast<int64_t>(16L*x0), static_cast<int64_t>(8L), tmp5, static_cast<int64_t>(16));
            transpose_mxn<float,static_cast<int64_t>(16),static_cast<int64_t>(16),false>(tmp5, static_cast<int64_t>(16), out_ptr0 + static_cast<int64_t>(x0 + 16L*x0), static_cast<int64_t>(8L));
            auto in_ptr1 = in_out_ptr0;
            in_ptr1[static_cast<int64_t>(x0)] = tmp_acc0;
            auto tmp6 = tmp0 +
                tmp1;
        }
    }
}
"""
OUTER = ((5, "block"), (7, "block"), (10, "for"))
# (line, kind, names, value as Python, pointer, index, blocks, transposed); the text is the line
CPP_STATEMENTS = [
    (11, "assign", ("tmp_acc0",), "0", None, None, OUTER, False),
    (14, "assign", ("tmp0",), "at.vec.Vectorized.loadu(in_ptr0 + static_cast(x0), static_cast(16))", None, None,
     (*OUTER, (13, "if_likely")), False),
    (15, "store", (), "tmp0", "out_ptr0", "x0", (*OUTER, (13, "if_likely")), False),
    (19, "assign", ("tmp1",), "in_ptr0[static_cast(x0)]", None, None, (*OUTER, (18, "if_unlikely")), False),
    (20, "store", (), "tmp1", "out_ptr0", "x0", (*OUTER, (18, "if_unlikely")), False),
    (24, "assign", ("tmp2",), "tmp1 if tmp_acc0 == 0 else tmp0", None, None, (*OUTER, (23, "if")), False),
    (28, "assign", ("tmp3",), "tmp1", None, None, (*OUTER, (27, "if")), False),   # `else` opens an if block too
    (33, "array", ("tmpbuf",), None, None, None, (*OUTER, (32, "lambda")), False),
    (34, "store", (), "tmp0", "tmpbuf", None, (*OUTER, (32, "lambda")), False),
    (35, "assign", ("tmp4",), "tmpbuf", None, None, (*OUTER, (32, "lambda")), False),  # the lambda's value
    (39, "array", ("tmp5",), None, None, None, OUTER, False),
    # the transpose into the scratch tile reads its source; the one out of it writes memory transposed
    (40, "store", (), "loadu(in_ptr0 + static_cast(16 * x0))", "tmp5", None, OUTER, False),
    (41, "store", (), "tmp5", "out_ptr0", "x0 + 16L*x0", OUTER, True),
    (42, "alias", ("in_ptr1",), None, "in_out_ptr0", None, OUTER, False),
    (43, "store", (), "tmp_acc0", "in_ptr1", "x0", OUTER, False),
]


def _written_out(found: list[Statement]) -> list[tuple]:
    return [(s.line, s.kind, s.targets, ast.unparse(s.expr) if s.expr is not None else None, s.pointer, s.index,
             s.blocks, s.transposed) for s in found]


def test_each_cpp_statement_is_read_with_its_pointer_index_and_blocks():
    assert _written_out(statements(CPP, "cpp")) == CPP_STATEMENTS


def test_a_cpp_statements_text_is_its_whole_line_as_written():
    lines = CPP.splitlines()
    for statement in statements(CPP, "cpp"):
        assert statement.text == lines[statement.line - 1].strip()
    assert [s.text for s in statements(CPP, "cpp") if s.line == 35] == ["return tmpbuf;"]


def test_a_statement_split_over_two_lines_is_not_read_from_its_first_half():
    # `auto tmp6 = tmp0 +` does not end a statement: reading it would claim tmp6 = tmp0
    assert not [s for s in statements(CPP, "cpp") if s.line in (44, 45)]


def test_a_block_opened_at_the_end_of_a_line_closes_at_its_brace():
    source = """\
{
    for(int64_t x0=0; x0<8; x0+=1) {
        auto tmp0 = in_ptr0[x0];
    }
    auto tmp1 = in_ptr0[0];
}
"""
    found = {s.line: [number for number, _ in s.blocks] for s in statements(source, "cpp")}
    assert found == {3: [1, 2], 5: [1]}


def test_a_block_after_a_lambda_is_not_a_lambda():
    source = """\
{
    auto tmp0 =
    [&]
    {
        return in_ptr0[0];
    }
    ()
    ;
    {
        auto tmp1 = tmp0;
    }
}
"""
    found = {s.line: (s.targets, s.blocks) for s in statements(source, "cpp")}
    assert found == {5: (("tmp0",), ((1, "block"), (4, "lambda"))), 10: (("tmp1",), ((1, "block"), (9, "block")))}


TRITON = '''\
@triton.jit
def triton_red_fused_0(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    """A looped reduction."""
    xnumel = 8
    R0_BLOCK: tl.constexpr = 16
    tmp9: tl.float32
    xoffset = tl.program_id(0) * XBLOCK
    xoffset += 1
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        tmp0 = tl.load(in_ptr0 + (r0_1 + 16*x0), r0_mask & xmask, other=0.0)
        tmp1, tmp2 = triton_helpers.welford(tmp0, 1)
        if r0_offset == 0:
            tmp4 = tmp0
        else:
            tmp5 = tmp0
    while xnumel:
        tmp6 = tmp0
    else:
        tmp7 = tmp0
    tmp8.attr = tmp0
    a, b.c = tmp1, tmp2
    tmp10 = tmp11 = tmp0
    tmp12 = tl.load(in_ptr1 + ((x0 % 16) + 16*(x0 // 16)), xmask)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
    tl.store(out_ptr0)
    tl.store(tmp0 + x0, tmp1)
    make_store()(out_ptr0 + x0, tmp1)
    store(out_ptr0 + x0, tmp2)
    tl.debug_barrier()
    tl.store(in_ptr0, tmp2)
'''
TRITON_STATEMENTS = [
    (4, "assign", ("xnumel",), "8", None, None),
    (5, "assign", ("R0_BLOCK",), "16", None, None),          # an annotated assignment with a value
    (7, "assign", ("xoffset",), "tl.program_id(0) * XBLOCK", None, None),
    (10, "assign", ("tmp0",), "tl.load(in_ptr0 + (r0_1 + 16 * x0), r0_mask & xmask, other=0.0)", None, None),
    (11, "assign", ("tmp1", "tmp2"), "triton_helpers.welford(tmp0, 1)", None, None),
    (13, "assign", ("tmp4",), "tmp0", None, None),           # inside loops and branches, both arms
    (15, "assign", ("tmp5",), "tmp0", None, None),
    (17, "assign", ("tmp6",), "tmp0", None, None),
    (19, "assign", ("tmp7",), "tmp0", None, None),
    (23, "assign", ("tmp12",), "tl.load(in_ptr1 + (x0 % 16 + 16 * (x0 // 16)), xmask)", None, None),
    (24, "store", (), "tmp1", "out_ptr0", "x0"),
    (28, "store", (), "tmp2", "out_ptr0", "x0"),             # a bare `store(...)` is a store too
    (30, "store", (), "tmp2", "in_ptr0", None),              # a pointer with no offset has no index
]


def test_each_triton_statement_is_read_with_its_names_pointer_and_index():
    found = [(s.line, s.kind, s.targets, ast.unparse(s.expr), s.pointer, s.index) for s in statements(TRITON, "python")]
    assert found == TRITON_STATEMENTS


def test_a_triton_statements_text_is_its_line_and_it_has_no_blocks():
    lines = TRITON.splitlines()
    for statement in statements(TRITON, "python"):
        assert statement.text == lines[statement.line - 1].strip() and statement.blocks == ()
        assert statement.transposed is False


def test_source_without_a_kernel_function_has_no_statements():
    assert statements("import triton\nx = 1\n", "python") == []


@pytest.mark.parametrize(("line", "pointer", "index"), [
    ("tmp0 = tl.load(in_ptr0 + (r0_1 + XBLOCK*x0), xmask)", "in_ptr0", "r0_1 + XBLOCK*x0"),   # X ends nothing
    ("tmp0 = tl.load(in_ptr1 + ((x0 % 16) + 16*(x0 // 16)), xmask)", "in_ptr1", "(x0 % 16) + 16*(x0 // 16)"),
    ("auto tmp1 = in_ptr0[static_cast<int64_t>(x1 + 600L*x0)];", "in_ptr0", "x1 + 600L*x0"),
    ("tmp2 = in_ptr0[x0, r0_1]", "in_ptr0", "x0, r0_1"),   # inside brackets a comma does not end the index
    ("tl.store(out_ptr0 + (x0), tmp1, xmask)", "out_ptr0", "x0"),
    ("tl.store(out_ptr0, tmp1)", "out_ptr0", None),
    ("tmp0 = tl.load(in_ptr0 + XBLOCK*x0, xmask)", "in_ptr0", "XBLOCK*x0"),   # unparenthesised, up to the comma
    ("tl.store(out_ptr01 + (x0), tmp1)", "out_ptr0", None),   # another pointer whose name starts the same
])
def test_an_index_is_the_text_after_the_pointer_up_to_its_end(line, pointer, index):
    assert index_text(line, pointer) == index


def _at(line: int, blocks: tuple) -> Statement:
    return Statement(line, "assign", ("t",), None, blocks=blocks)


def test_a_store_is_visible_unless_it_sits_in_an_if_the_load_is_not_in():
    body, tail = (9, "if_likely"), (14, "if_unlikely")
    assert not visible(_at(10, (*OUTER, body)), _at(15, (*OUTER, tail)))   # the tail never reads the body
    assert visible(_at(10, (*OUTER, body)), _at(11, (*OUTER, body)))       # the same branch does
    assert visible(_at(10, OUTER), _at(15, (*OUTER, tail)))                # a store outside every if: seen
    # the next loop's tail reads what the body of this loop wrote (the loops differ first)
    assert visible(_at(10, (*OUTER, (8, "for"), body)), _at(25, (*OUTER, (20, "for"), tail)))


def test_the_branch_of_a_statement_is_its_innermost_vector_body_or_tail():
    assert branch(_at(1, (*OUTER, (9, "if_likely"), (10, "block")))) == "if_likely"
    assert branch(_at(1, (*OUTER, (9, "if_unlikely"), (10, "if")))) == "if_unlikely"
    assert branch(_at(1, ((2, "if_unlikely"), (9, "if_likely")))) == "if_likely"
    assert branch(_at(1, (*OUTER, (9, "if")))) is None
    assert branch(_at(1, ())) is None


@pytest.mark.parametrize(("cpp", "python"), [
    ("auto tmp8 = decltype(tmp7)(tmp5 + tmp6)", "auto tmp8 = (tmp5 + tmp6)"),
    ("auto tmp3 = tmp1 && !tmp2 || tmp0", "auto tmp3 = tmp1  and   not tmp2  or  tmp0"),
    ("auto tmp4 = tmp1 != tmp2", "auto tmp4 = tmp1 != tmp2"),
    ("auto tmp5 = 1.5e-05F + 3UL + 2E+3f", "auto tmp5 = 1.5e-05 + 3 + 2E+3"),
    ("auto tmp6 = at::vec::VecMask<float,1>::from(in_ptr0 + x0)", "auto tmp6 = at.vec.VecMask.from_(in_ptr0 + x0)"),
    ("auto tmp7 = tmp0 ? (tmp1 ? tmp2 : tmp3) : tmp4", "auto tmp7 = ((tmp1 ? tmp2 : tmp3) if tmp0 else tmp4)"),
    ("auto tmp7 = tmp0 ? tmp1 : tmp2 ? tmp3 : tmp4", "auto tmp7 = (tmp1 if tmp0 else (tmp3 if tmp2 else tmp4))"),
    ("auto tmp9 = c[0] ? a : b", "auto tmp9 = (a if c[0] else b)"),
    ("tmp_acc0 = tmp_acc0 > tmp1 ? tmp_acc0 : tmp1", "tmp_acc0 = (tmp_acc0 if tmp_acc0 > tmp1 else tmp1)"),
    ("x ? a : b", "(a if x else b)"),
    ("auto tmp2 = f(g(x)) ? a : b", "auto tmp2 = (a if f(g(x)) else b)"),       # nested calls close first
    ("auto tmp3 = XBLOCK ? tmp1 : tmp2", "auto tmp3 = (tmp1 if XBLOCK else tmp2)"),
    ("auto tmp4 = c?tmp1:tmp2", "auto tmp4 = (tmp1 if c else tmp2)"),           # no spaces needed
])
def test_a_cpp_expression_becomes_python_with_the_same_operands(cpp, python):
    assert to_python(cpp) == python


@pytest.mark.parametrize(("body", "name"), [
    ("at::vec::maximum(x, y)", "lambda_max"), ("at::vec::minimum(x, y)", "lambda_min"),
    ("x + y", "lambda_sum"), ("welford_combine(x, y)", "lambda_welford"), ("x * y", "lambda_other"),
])
def test_a_reductions_lambda_is_named_by_what_it_combines(body, name):
    cpp = f"auto tmp1 = vec_reduce_all([](Vectorized<float>& x, Vectorized<float>& y) {{ return {body}; }}, tmp0)"
    assert to_python(cpp) == f"auto tmp1 = vec_reduce_all({name}, tmp0)"


def test_a_transpose_from_a_pointer_without_offset_reads_that_pointer():
    source = """\
{
    alignas(16) float tmp0[16*16];
    transpose_mxn<float,16,16,false>(in_ptr0, static_cast<int64_t>(8L), tmp0, static_cast<int64_t>(16));
}
"""
    found = [(s.line, s.kind, s.pointer, ast.unparse(s.expr) if s.expr else None) for s in statements(source, "cpp")]
    assert found == [(2, "array", None, None), (3, "store", "tmp0", "loadu(in_ptr0)")]

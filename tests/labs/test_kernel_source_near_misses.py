"""kernel_source.statements on C++ lines Inductor does not write but a reader can meet: a
transpose whose source is not a pointer (a tile's data(), a cast), a transpose from memory
straight to memory, and a brace that closes one block and opens the next on one line. What the
reader does not understand it must leave out, rather than read wrong or crash."""

from __future__ import annotations

import ast

from labs.common.kernel_facts.kernel_source import statements


def read(source: str) -> list[tuple]:
    return [(s.line, s.kind, s.pointer, ast.unparse(s.expr) if s.expr is not None else None, s.transposed)
            for s in statements(source, "cpp")]


def test_a_transpose_into_a_tile_from_what_is_no_pointer_is_left_out():
    code = """\
{
    alignas(16) float tmp5[16*16];
    transpose_mxn<float,16,16,false>(static_cast<const float*>(in_ptr0), static_cast<int64_t>(8L), tmp5, static_cast<int64_t>(16));
    transpose_mxn<float,16,16,false>(tmpbuf.data(), static_cast<int64_t>(16), tmp5, static_cast<int64_t>(16));
}
"""
    # line 3 says nothing (a cast: no pointer to read from); near miss on line 4: a lambda's
    # array through data() is read from
    assert read(code) == [(2, "array", None, None, False), (4, "store", "tmp5", "loadu(tmpbuf)", False)]


def test_a_transpose_from_memory_straight_to_memory_is_left_out():
    code = """\
{
    alignas(16) float tmp5[16*16];
    transpose_mxn<float,16,16,false>(in_ptr0 + static_cast<int64_t>(16L*x0), static_cast<int64_t>(8L), out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8L));
    transpose_mxn<float,16,16,false>(tmp5, static_cast<int64_t>(16), out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8L));
}
"""
    # near miss on line 4: out of the tile into memory, a transposed store
    assert read(code) == [(2, "array", None, None, False), (4, "store", "out_ptr0", "tmp5", True)]


def test_a_line_that_closes_a_block_and_opens_the_next_keeps_the_blocks_around_it():
    code = """\
{
    if(x0 == 0) {
        auto tmp0 = in_ptr0[x0];
    } else {
        auto tmp1 = in_ptr0[x0];
    }
    auto tmp2 = in_ptr0[0];
}
"""
    # Inductor puts each brace on its own line; a hand-written kernel (or a future Inductor) may not
    found = {s.line: list(s.blocks) for s in statements(code, "cpp")}
    assert found == {3: [(1, "block"), (2, "if")], 5: [(1, "block"), (4, "if")], 7: [(1, "block")]}


def test_a_closing_brace_against_else_is_read_as_the_spaced_one():
    spaced = """\
{
    if(x0 == 0) {
        auto tmp0 = in_ptr0[x0];
    } else {
        auto tmp1 = in_ptr0[x0];
    }
}
"""
    tight = spaced.replace("} else {", "}else{")
    # the text after the brace is the else itself, whatever the spacing: the block after it is an if's
    assert [list(s.blocks) for s in statements(tight, "cpp")] == [list(s.blocks) for s in statements(spaced, "cpp")]
    assert [list(s.blocks) for s in statements(tight, "cpp")][1] == [(1, "block"), (4, "if")]

"""Part B's file tree in each language and its count by suffix (labs/inductor_kernels/dump_files.py),
from a capture written here: the English tree is Capture's own listing, the Spanish one writes its
sizes as a Spanish page writes numbers, and a file without a suffix is counted under no word."""

from __future__ import annotations

from labs.common.capture import Capture
from labs.inductor_kernels import dump_files

FILES = {"debug/run/model__0/output_code.py": 8461, "inductor-cache/vn/cvn.py": 3074,
         "inductor-cache/cache/c33ff642": 2652, "triton-cache/XU5/cuda_utils.so": 31944, "debug/run/x.lock": 0,
         "inductor-cache/big.so": 1234567}


def test_the_english_tree_is_captures_own_listing():
    assert dump_files.tree(FILES, "en") == Capture(files=FILES).listing()


def test_the_spanish_tree_writes_each_size_as_a_spanish_page_does():
    spanish = dump_files.tree(FILES, "es")
    assert "  vn/cvn.py  (3074 bytes)" in spanish                 # four digits: no separator (RAE)
    assert "  XU5/cuda_utils.so  (31\u202f944 bytes)" in spanish    # five and more: a thin space
    assert "  big.so  (1\u202f234\u202f567 bytes)" in spanish
    assert "3,074" not in spanish and "31,944" not in spanish
    # the same files, roots and order as the English tree: only the numbers differ
    assert [line.split("  (")[0] for line in spanish.splitlines()] == \
        [line.split("  (")[0] for line in dump_files.tree(FILES, "en").splitlines()]


def test_a_file_without_a_suffix_is_counted_under_no_word():
    rows = dump_files.counts_by_suffix(Capture(files=FILES))
    assert ["", 1, 2652] in rows                      # the cache entry named by its hash alone
    assert [".so", 2, 31944 + 1234567] in rows and [".lock", 1, 0] in rows   # near misses: suffixes kept
    assert all(row[0] != dump_files.NO_SUFFIX for row in rows)
    assert [row[1:] for row in rows] == [row[1:] for row in Capture(files=FILES).counts_by_suffix()]

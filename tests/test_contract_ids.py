"""A lab's id today for an id recorded before a rename (labs/common/contract.py): the one
function of the contract; the rest is re-exported names."""

from __future__ import annotations

from labs.common.contract import current_lab_id


def test_a_former_lab_id_reads_as_todays():
    assert current_lab_id("lab03_compile") == "inductor_kernels"


def test_any_other_id_is_left_as_it_is():
    for lab in ("inductor_kernels", "capstone", "lab03_compil", "Lab03_compile", "", "unknown"):
        assert current_lab_id(lab) == lab

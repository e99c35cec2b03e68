"""The curriculum (course/curriculum.py): the labs in the order a learner meets them, which the
lab pages' previous/next links follow, and a phase's weeks."""

from __future__ import annotations

import dataclasses

from course import curriculum
from labs.common.contract import load_lab_meta


def test_the_labs_come_phase_by_phase_then_by_their_order_then_by_name_support_labs_left_out():
    # foundations: inside_compile (background_numbers is a support lab); practice: inductor_kernels
    # (order 2; explain, also 2, is a support lab), compile_compare and kernel_history (both 3,
    # by name), distributed (4); capstone.
    assert [lab.id for lab in curriculum.ordered_labs()] == [
        "inside_compile", "inductor_kernels", "compile_compare", "kernel_history", "distributed", "capstone"]


def test_the_labs_follow_the_phases_order_not_their_own(monkeypatch):
    first, second = curriculum.phases()[:2]
    late = dataclasses.replace(load_lab_meta("capstone"), order=0)
    monkeypatch.setattr(curriculum, "phases", lambda: (dataclasses.replace(first, labs=(late,)),
                                                      dataclasses.replace(second, labs=())))
    assert [lab.id for lab in curriculum.ordered_labs()] == ["capstone"]


def test_a_phases_weeks_are_its_readings_and_its_labs_weeks_each_once_in_order():
    phase = curriculum.phases()[0]
    reading = phase.readings[0]
    lab = load_lab_meta("inside_compile")
    spread = dataclasses.replace(phase, readings=(dataclasses.replace(reading, week=5), dataclasses.replace(reading, week=2)),
                                 labs=(dataclasses.replace(lab, week=2), dataclasses.replace(lab, week=9)))
    assert spread.weeks() == [2, 5, 9]
    assert dataclasses.replace(phase, readings=(), labs=(dataclasses.replace(lab, week=3),)).weeks() == [3]
    assert dataclasses.replace(phase, readings=(reading,), labs=()).weeks() == [reading.week]

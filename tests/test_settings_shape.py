"""Every lab's knobs have one shape: `labs/<lab>/settings.py` with a frozen dataclass `Settings`,
one docstring per field, `SETTINGS = {preset: ...}` for exactly the harness's presets, and a
`__post_init__` that refuses a bad value with a line naming the field.

The documentation is read from the source with `ast`; the validation is exercised with near
misses on each side of its edge (a sequence one token longer than the block, and exactly as long).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import math
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from labs.common.contract import DEVICES, LABS_DIR, PRESETS, lab_ids

LABS = lab_ids()
SHARED_RULES = LABS_DIR / "common" / "settings_rules.py"


def settings_module(lab: str):
    return importlib.import_module(f"labs.{lab}.settings")


def run_settings(lab: str, preset: str, device: str):
    """What one run of `lab` reads: the preset's Settings, or its device's where it holds one per device."""
    module = settings_module(lab)
    held = module.SETTINGS[preset]
    return held if isinstance(held, module.Settings) else getattr(held, device)


def test_every_lab_is_read():
    assert len(LABS) >= 8 and "explain" in LABS and "background_numbers" in LABS


@pytest.mark.parametrize("lab", LABS)
def test_settings_hold_one_frozen_instance_per_preset(lab):
    assert (LABS_DIR / lab / "settings.py").is_file(), f"labs/{lab}/settings.py is missing"
    module = settings_module(lab)
    assert dataclasses.is_dataclass(module.Settings) and module.Settings.__dataclass_params__.frozen
    assert list(module.SETTINGS) == list(PRESETS), f"{lab}: SETTINGS' keys must be the harness's presets"
    for preset, held in module.SETTINGS.items():
        if isinstance(held, module.Settings):
            continue
        # One preset's settings per device: a frozen dataclass with exactly one field per device.
        assert dataclasses.is_dataclass(held) and type(held).__dataclass_params__.frozen, (lab, preset)
        assert [f.name for f in dataclasses.fields(held)] == list(DEVICES), (lab, preset)
        for device in DEVICES:
            assert isinstance(getattr(held, device), module.Settings), (lab, preset, device)


def undocumented_fields(path: Path) -> list[str]:
    """Fields of the file's dataclasses with no string literal right under them (an attribute
    docstring), and dataclasses that are not frozen."""
    problems = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ClassDef):
            continue
        decorators = [d for d in node.decorator_list if "dataclass" in ast.unparse(d)]
        if not decorators:
            continue
        if not any("frozen=True" in ast.unparse(d) for d in decorators):
            problems.append(f"{node.name} is not frozen")
        body = node.body
        for at, statement in enumerate(body):
            if isinstance(statement, ast.AnnAssign):
                following = body[at + 1] if at + 1 < len(body) else None
                documented = (isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)
                              and isinstance(following.value.value, str) and following.value.value.strip())
                if not documented:
                    problems.append(f"{node.name}.{ast.unparse(statement.target)}")
    return problems


@pytest.mark.parametrize("path", [LABS_DIR / lab / "settings.py" for lab in LABS] + [SHARED_RULES],
                         ids=[*LABS, "settings_rules"])
def test_every_field_has_a_docstring(path):
    assert undocumented_fields(path) == []


def test_the_docstring_reader_sees_a_missing_docstring_and_a_thawed_class(tmp_path):
    source = tmp_path / "settings.py"
    source.write_text('from dataclasses import dataclass\n\n@dataclass(frozen=True)\nclass A:\n'
                      '    x: int\n    """Documented."""\n    y: int  # a comment is not a docstring\n'
                      '    z: int = 0\n    """"""\n\n@dataclass\nclass B:\n    w: int\n    """Documented."""\n')
    assert undocumented_fields(source) == ["A.y", "A.z", "B is not frozen"]


# -- each lab refuses a near miss, and takes the value just inside ----------------------------------

# (lab, what is wrong, a function from a run's valid Settings to an invalid one, the field the
# message must name). Each lab at least once.
NEAR_MISSES = [
    ("background_numbers", "alpha of 1", lambda s: replace(s, acceptance=(0.5, 1.0)), "acceptance[1]"),
    ("background_numbers", "an empty table", lambda s: replace(s, contexts=()), "contexts"),
    ("background_numbers", "MFU above 1", lambda s: replace(s, mfu=1.01), "mfu"),
    ("capstone", "a negative CLI budget", lambda s: replace(s, cli_budget_s=-0.1), "cli_budget_s"),
    ("capstone", "an unknown dtype", lambda s: replace(s, llm_dtype="float8"), "llm_dtype"),
    ("capstone", "an unknown workload", lambda s: replace(s, gpt2_workloads=("chat_shrot",)), "gpt2_workloads"),
    ("capstone", "a backend twice", lambda s: replace(s, minigpt_backends=("eager", "eager")), "minigpt_backends"),
    ("capstone", "heads that do not split the width", lambda s: replace(s, gpt2_heads=5), "gpt2_heads"),
    ("capstone", "a three-sized ResNet input", lambda s: replace(s, resnet_input=(1, 3, 64)), "resnet_input"),
    ("capstone", "no threads", lambda s: replace(s, cpu_timing_threads=0), "cpu_timing_threads"),
    ("compile_compare", "seq_len past the block", lambda s: replace(s, seq_len=s.model.block_size + 1), "seq_len"),
    ("compile_compare", "an unknown shape policy", lambda s: replace(s, shape_policies=("static", "dynamc")),
     "shape_policies"),
    ("compile_compare", "no shapes", lambda s: replace(s, recompile_shapes=()), "recompile_shapes"),
    ("compile_compare", "a symbolic length at the block",
     lambda s: replace(s, symbolic_shape=(4, s.study_model.block_size)), "symbolic_shape"),
    ("compile_compare", "a bound for one device only",
     lambda s: replace(s, autotune_bounds={"cpu": s.autotune_bounds["cpu"]}), "autotune_bounds"),
    ("distributed", "a bucket under 1 MiB", lambda s: replace(s, ddp_bucket_cap_mb=0.99), "ddp_bucket_cap_mb"),
    ("distributed", "a drill after the checked steps", lambda s: replace(s, drill_kill_step=s.check_steps),
     "drill_kill_step"),
    ("distributed", "more timed steps at least than at most",
     lambda s: replace(s, min_timed_steps=s.max_timed_steps + 1), "min_timed_steps"),
    ("distributed", "a timeline of no variant", lambda s: replace(s, timeline_variant="wid"), "timeline_variant"),
    ("distributed", "two variants of one name", lambda s: replace(s, variants=(s.variants[0],) * 2), "variants"),
    ("distributed", "a compiled pattern that does not exist", lambda s: replace(s, compiled=(("dpp", "minigpt"),)),
     "compiled"),
    ("distributed", "a negative depth", lambda s: replace(s, variants=(replace(s.variants[0], n_layer=-1),)),
     "n_layer"),
    ("distributed", "heads that do not split the width",
     lambda s: replace(s, variants=(replace(s.variants[0], n_head=3),)), "n_head"),
    ("explain", "a budget of 0", lambda s: replace(s, budget_s=0.0), "budget_s"),
    ("inductor_kernels", "a sweep without the seed's batch", lambda s: replace(s, tinyhead_batches=(16, 256)),
     "tinyhead_batches"),
    ("inductor_kernels", "a ceiling shape of three sizes",
     lambda s: replace(s, ceiling_shapes={**s.ceiling_shapes, "cpu": (4096, 16, 128)}), "ceiling_shapes"),
    ("inside_compile", "no tokens", lambda s: replace(s, tokens=0), "tokens"),
    ("kernel_history", "an unknown module", lambda s: replace(s, modules=("tinyhead", "layer_norm")), "modules"),
    ("kernel_history", "no release on a device", lambda s: replace(s, releases={**s.releases, "cuda": ()}),
     "releases"),
    ("kernel_history", "heads that do not split the width", lambda s: replace(s, shapes=replace(s.shapes, n_head=3)),
     "shapes.n_head"),
]

# The same edges, just inside: each must be taken.
JUST_INSIDE = [
    ("background_numbers", lambda s: replace(s, acceptance=(0.999,), mfu=1.0)),
    ("capstone", lambda s: replace(s, cli_budget_s=0.0, cpu_timing_threads=None, gpt2_heads=s.gpt2_width)),
    ("compile_compare", lambda s: replace(s, seq_len=s.model.block_size,
                                          recompile_shapes=((1, s.study_model.block_size),),
                                          symbolic_shape=(1, s.study_model.block_size - 1),
                                          shape_policies=("mark_dynamic",))),
    ("distributed", lambda s: replace(s, ddp_bucket_cap_mb=1.0, drill_kill_step=s.check_steps - 1, compiled=(),
                                      min_timed_steps=s.max_timed_steps)),
    # a model without blocks, as worker.py builds for what checkpointing leaves alone
    ("distributed", lambda s: replace(s, variants=tuple(replace(v, n_layer=0) for v in s.variants))),
    ("explain", lambda s: replace(s, budget_s=1e-3)),
    ("inductor_kernels", lambda s: replace(s, tinyhead_batches=(2,))),
    ("inside_compile", lambda s: replace(s, tokens=1)),
    ("kernel_history", lambda s: replace(s, modules=("train_step",), shapes=replace(s.shapes, n_head=1))),
]


def test_every_lab_has_a_near_miss_and_its_inside():
    assert {lab for lab, *_ in NEAR_MISSES} == set(LABS) == {lab for lab, _ in JUST_INSIDE}


@pytest.mark.parametrize("lab, wrong, make, field", NEAR_MISSES, ids=[f"{m[0]}-{m[1]}" for m in NEAR_MISSES])
@pytest.mark.parametrize("preset", PRESETS)
def test_a_near_miss_is_refused_naming_its_field(lab, wrong, make, field, preset):
    for device in DEVICES:
        with pytest.raises(ValueError) as refused:
            make(run_settings(lab, preset, device))
        line = str(refused.value)
        assert field in line and "\n" not in line, line


@pytest.mark.parametrize("lab, make", JUST_INSIDE, ids=[f"{lab}-{at}" for at, (lab, _) in enumerate(JUST_INSIDE)])
@pytest.mark.parametrize("preset", PRESETS)
def test_the_value_just_inside_is_taken(lab, make, preset):
    for device in DEVICES:
        make(run_settings(lab, preset, device))


# -- every budget and timeout in seconds: a property over every lab --------------------------------

# Fields in seconds where 0 means "none" (no timing) rather than nothing to measure with.
ZERO_MEANS_NONE = {("capstone", "cli_budget_s")}


def _seconds_fields() -> tuple[list[tuple[str, str]], dict[str, str]]:
    """(lab, field) of every field in seconds, and the labs whose own presets a shared rule refuses:
    such a lab fails a test here instead of stopping the collection of this whole file."""
    found, refused = set(), {}
    for lab in LABS:
        try:
            fields = dataclasses.fields(run_settings(lab, "smoke", "cpu"))
        except ValueError as error:
            refused[lab] = str(error)
            continue
        found |= {(lab, f.name) for f in fields if f.name.endswith("_s")}
    return sorted(found), refused


SECONDS, REFUSED_AT_IMPORT = _seconds_fields()


def test_every_labs_own_presets_pass_the_shared_rules():
    assert REFUSED_AT_IMPORT == {}


def test_the_seconds_fields_are_found():
    assert len(SECONDS) >= 15 and ("explain", "budget_s") in SECONDS and ("distributed", "launch_timeout_s") in SECONDS


@given(st.sampled_from(SECONDS), st.sampled_from(PRESETS), st.sampled_from(DEVICES),
       st.floats(max_value=0.0) | st.just(math.nan) | st.just(math.inf))
def test_a_budget_or_timeout_that_measures_nothing_is_refused(where, preset, device, seconds):
    lab, field = where
    if where in ZERO_MEANS_NONE and seconds == 0:
        seconds = -1e-9   # 0 is taken there: its near miss is just below
    with pytest.raises(ValueError, match=field):
        replace(run_settings(lab, preset, device), **{field: seconds})


@given(st.sampled_from(SECONDS), st.sampled_from(PRESETS), st.sampled_from(DEVICES),
       st.floats(min_value=1e-3, max_value=1e4))
def test_any_positive_budget_or_timeout_is_taken(where, preset, device, seconds):
    lab, field = where
    assert getattr(replace(run_settings(lab, preset, device), **{field: seconds}), field) == seconds

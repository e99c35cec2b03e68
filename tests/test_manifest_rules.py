"""What a manifest's schema cannot say, at the edges of each rule: the device against the machine
its provenance describes, a short row named by its index, a figure's error columns, the folder a
result is filed under, the numbers JSON may hold, and each refusal's whole line with its remedy.
Refusals are compared with lines written here, never with results.py's own strings."""

from __future__ import annotations

import pytest

from course.results import ManifestError, check_filed_under, parse_json, validate_manifest
from tests.manifests import GPU, manifest


def cuda(**provenance) -> dict:
    data = manifest(device="cuda")
    data["provenance"] = dict(data["provenance"], device="cuda", **GPU)
    data["provenance"].update(provenance)
    return data


def refusal(data, source="r/manifest.json") -> str:
    with pytest.raises(ManifestError) as refused:
        validate_manifest(data, source)
    return str(refused.value)


def test_a_consistent_gpu_and_cpu_result_are_accepted():
    validate_manifest(cuda(), "x")                # one GPU, named as the device: the only cuda shape accepted
    validate_manifest(cuda(gpu_count=8), "x")
    validate_manifest(manifest(), "x")


@pytest.mark.parametrize("provenance, gpu_name", [
    ({"gpu_name": None}, None), ({"gpu_count": 0}, "NVIDIA H100 80GB HBM3"),
    ({"gpu_name": "NVIDIA A100"}, "NVIDIA A100"),          # ran on one GPU, named another
])
def test_a_cuda_result_that_names_no_gpu_it_ran_on_is_refused(provenance, gpu_name):
    assert refusal(cuda(**provenance)) == (
        "r/manifest.json: field 'provenance.gpu_name': a cuda result whose provenance names no GPU it ran on "
        f"(device_name 'NVIDIA H100 80GB HBM3', gpu_name {gpu_name!r}); the result is inconsistent: re-run the lab")


def test_a_cuda_result_without_a_gpu_count_is_refused():
    data = cuda()
    del data["provenance"]["gpu_count"]
    assert "field 'provenance.gpu_name'" in refusal(data)


def test_a_cpu_result_run_on_something_else_than_its_cpu_is_refused():
    data = manifest()
    data["provenance"] = dict(data["provenance"], device_name="NVIDIA H100")
    assert refusal(data) == ("r/manifest.json: field 'provenance.device_name': a cpu result run on 'NVIDIA H100', "
                             f"not on its CPU {data['provenance']['cpu_model']!r}; the result is inconsistent: "
                             "re-run the lab")


def test_a_short_row_is_named_by_its_index_from_zero():
    data = manifest()
    table = next(iter(data["tables"].values()))
    key = next(iter(data["tables"]))
    table["rows"] = [table["rows"][0], table["rows"][0][:1]]
    assert f"field 'tables.{key}.rows.1': 1 cells for {len(table['columns'])} columns" in refusal(data)


@pytest.mark.parametrize("side", ["error_low", "error_high"])
def test_a_figure_whose_error_columns_are_missing_is_refused_naming_them(side):
    data = manifest()
    key = next(iter(data["tables"]))
    x = data["tables"][key]["columns"][0]
    data["figures"] = {"f": {"table": key, "x": x, "y": [x], side: {x: "nope", "y2": "nada"}}}
    assert f"field 'figures.f': table '{key}' has no column nope, nada" in refusal(data)


@pytest.mark.parametrize("changes, remedy", [
    ({"lab": "inductor_kernels", "device": "cpu"},
     "re-run the lab (make labs LAB=inductor_kernels DEVICE=cpu FORCE=1) or restore the file"),
    ({"lab": "inductor_kernels", "device": "cuda"},
     "re-run the lab (make labs LAB=inductor_kernels DEVICE=cuda FORCE=1) or restore the file"),
    ({"lab": "inductor_kernels", "device": "tpu"}, "re-run the lab that wrote it, or restore the file"),
    ({"lab": "not a lab", "device": "cpu"}, "re-run the lab that wrote it, or restore the file"),
    ({"lab": 3, "device": "cpu"}, "re-run the lab that wrote it, or restore the file"),
])
def test_a_manifest_that_does_not_validate_says_how_to_make_it_again(changes, remedy):
    data = manifest(**changes)
    data["status"] = 7
    assert refusal(data).endswith("; " + remedy)


def test_what_is_not_an_object_is_refused_at_the_top_level_with_the_generic_remedy():
    assert refusal([]) == ("r/manifest.json: field '(top level)': [] is not of type 'object'; "
                           "re-run the lab that wrote it, or restore the file")


def test_the_first_schema_problem_named_is_the_first_by_path():
    data = manifest()
    data["status"] = 7
    data["lab"] = 7
    message = refusal(data)
    assert message.startswith("r/manifest.json: field 'lab': ") and "(and 1 more)" in message


@pytest.mark.parametrize("field, lab, device", [("lab", "other_lab", "cpu"), ("device", "inductor_kernels", "cuda")])
def test_a_result_filed_under_another_lab_or_device_is_refused_naming_the_field(field, lab, device):
    data = manifest()
    recorded = data[field]
    with pytest.raises(ManifestError) as refused:
        check_filed_under(data, lab, device, "src")
    assert str(refused.value) == (
        f"src: field '{field}': the result is of {field} {recorded!r} but is filed under results/{lab}/{device}/; "
        f"move it to results/{data['lab']}/{data['device']}/ or re-run the lab on {device}")


@pytest.mark.parametrize("text, message", [("[1e999]", "the number 1e999 does not fit a float"),
                                           ("[NaN]", "NaN is not a number a result may hold"),
                                           ("[-Infinity]", "-Infinity is not a number a result may hold")])
def test_json_numbers_a_result_may_not_hold_are_refused_naming_them(text, message):
    with pytest.raises(ValueError, match="^" + message.replace("+", r"\+") + "$"):
        parse_json(text)

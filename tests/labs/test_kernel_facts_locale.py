"""The checks of meaning on a machine whose locale is not UTF-8 (Windows' cp1252), for a learner
whose dumps hold a name that cp1252 cannot decode from UTF-8: the `Í` of `Íñigo` is the bytes
C3 8D, and 0x8D is no cp1252 character. Inductor writes the learner's paths into its files (the
printed graph's `# File:` comments, output_code.py's comments), so every read of a dump must be
UTF-8 whatever the locale: read with the locale's codec, the check stops with a
UnicodeDecodeError instead of giving its verdict. (A name like José would only read as
mojibake, consistently, which no check notices: hence Í.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from labs.common.kernel_facts import checks, facts, text_checks
from tests.helpers_bare_dumps import softmax_claim, write_bare_dump
from tests.helpers_locale import locale_encoding

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LEARNER = "C:\\Users\\Íñigo\\curso"
GELU_KERNEL = "cpp_fused_gelu_0"


def learners_copy(name: str, tmp_path: Path) -> Path:
    """A recorded CPU dump as a learner's machine would hold it: the model's file under the
    learner's home folder in the printed graph, the compile cache there in output_code.py."""
    folder = tmp_path / name
    shutil.copytree(FIXTURES / name, folder)
    printed = folder / "fx_graph_transformed.py"
    printed.write_text(printed.read_text(encoding="utf-8").replace(
        "# File: labs/explain/examples.py", f"# File: {LEARNER}\\examples.py"), encoding="utf-8")
    code = folder / "output_code.py"
    code.write_text(f"# compile cache: {LEARNER}\\torchinductor\n" + code.read_text(encoding="utf-8"),
                    encoding="utf-8")
    return folder


@pytest.fixture(autouse=True)
def empty_oracle_cache(monkeypatch):
    monkeypatch.setattr(checks, "_EVALUATED", {})


def test_the_checks_of_a_learners_gelu_mlp_pass_under_a_cp1252_locale(tmp_path, monkeypatch):
    folder = learners_copy("cpu-torch2.13-gelu_mlp", tmp_path)
    locale_encoding(monkeypatch)
    verdicts = checks.verify(facts.analyze(folder), folder)
    # one C++ kernel computes the whole MLP's GELU; its fused nodes and its grouping by the
    # learner's source line are judged (True), none of its checks fails
    assert list(verdicts) == [GELU_KERNEL]
    assert verdicts[GELU_KERNEL]["nodes"] is True
    assert verdicts[GELU_KERNEL]["grouping"] is True
    assert False not in verdicts[GELU_KERNEL].values()


def test_the_nodes_a_learners_kernel_computes_are_read_under_a_cp1252_locale(tmp_path, monkeypatch):
    folder = learners_copy("cpu-torch2.13-gelu_mlp", tmp_path)
    locale_encoding(monkeypatch)
    claim = facts.analyze(folder).kernels[0]
    assert text_checks.fused_nodes(claim, [claim], folder) is True
    assert "cpp_fused_gelu_0 = async_compile" in text_checks.kernel_text(folder, GELU_KERNEL)


def test_a_bare_dump_of_a_learner_is_judged_under_a_cp1252_locale(tmp_path, monkeypatch):
    folder = write_bare_dump(tmp_path)
    code = folder / "output_code.py"
    code.write_text(f"# compile cache: {LEARNER}\\torchinductor\n" + code.read_text(encoding="utf-8"),
                    encoding="utf-8")
    locale_encoding(monkeypatch)
    # the softmax kernel's own `# Graph fragment:` is found and run: it computes softmax
    assert checks.pattern_computes(softmax_claim(dim=1), folder) is True

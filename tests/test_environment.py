"""The environment a lab runs in: folders inside its work folder, the lab's own variables."""

import os
import tempfile

import pytest

from labs.common import environment
from labs.common.options import LabOptions

PREPARED = ["TORCHINDUCTOR_CACHE_DIR", "TORCH_COMPILE_DEBUG_DIR", "TRITON_CACHE_DIR", "TMPDIR",
            "HOME", "IPYTHONDIR", "TORCH_TRACE", "TORCH_LOGS"]


@pytest.fixture
def clean_env(monkeypatch):
    """prepare() writes os.environ directly: put the whole of it back afterwards."""
    saved = dict(os.environ)
    for name in PREPARED:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(tempfile, "tempdir", tempfile.tempdir)  # prepare() moves it
    yield monkeypatch
    os.environ.clear()
    os.environ.update(saved)


def options(tmp_path):
    return LabOptions(lab_id="toy", device="cpu", preset="smoke", out=tmp_path / "out", work=tmp_path / "work")


def test_prepare_puts_every_torch_folder_inside_the_work_folder(clean_env, tmp_path):
    environment.prepare(options(tmp_path), {})
    for name in PREPARED[:6]:
        folder = os.environ[name]
        assert folder.startswith(str(tmp_path / "work")), name
        assert os.path.isdir(folder), name


def test_lab_variables_may_name_the_work_folder(clean_env, tmp_path):
    environment.prepare(options(tmp_path), {"TORCH_TRACE": "{work}/torch_trace", "TORCH_LOGS": "recompiles"})
    assert os.environ["TORCH_TRACE"] == str(tmp_path / "work" / "torch_trace")
    assert os.environ["TORCH_LOGS"] == "recompiles"


def test_a_variable_already_set_wins_over_the_lab(clean_env, tmp_path):
    clean_env.setenv("TORCH_LOGS", "output_code")
    environment.prepare(options(tmp_path), {"TORCH_LOGS": "recompiles"})
    assert os.environ["TORCH_LOGS"] == "output_code"


def test_device_variable_overrides_detection(clean_env):
    clean_env.setenv("DEVICE", "cuda")
    assert environment.default_device() == "cuda"
    clean_env.setenv("DEVICE", "cpu")
    assert environment.default_device() == "cpu"

"""The environment a lab runs in: folders inside its work folder, the lab's own variables."""

import os
import tempfile

import pytest

from labs.common import environment
from labs.common.options import LabOptions

PREPARED = ["TORCHINDUCTOR_CACHE_DIR", "TORCH_COMPILE_DEBUG_DIR", "TRITON_CACHE_DIR", "TMPDIR",
            "HOME", "IPYTHONDIR", "TORCH_TRACE", "TORCH_LOGS"]


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """prepare() writes os.environ directly: put the whole of it back afterwards."""
    saved = dict(os.environ)
    for name in PREPARED:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(tempfile, "tempdir", tempfile.tempdir)  # prepare() moves it
    monkeypatch.setenv(environment.HEADERS_VARIABLE, str(tmp_path / "shared-headers"))
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


def test_the_precompiled_header_folder_is_shared_where_inductor_looks(clean_env, tmp_path):
    """Inductor's own rule says where it keeps the header: the link must be that folder."""
    from torch._inductor.runtime.cache_dir_utils import default_cache_dir
    environment.prepare(options(tmp_path), {})
    inductor_folder = os.path.join(default_cache_dir(), "precompiled_headers")   # under the new TMPDIR
    assert inductor_folder.startswith(str(tmp_path / "work"))
    assert os.path.islink(inductor_folder)
    assert os.path.realpath(inductor_folder) == str((tmp_path / "shared-headers").resolve())
    # a header written by one run is seen by the next run's fresh TMPDIR
    (tmp_path / "shared-headers" / "h.gch").write_text("built")
    second = LabOptions(lab_id="toy", device="cpu", preset="smoke", out=tmp_path / "out2", work=tmp_path / "work2")
    clean_env.delenv("TMPDIR")
    environment.prepare(second, {})
    assert (tmp_path / "work2" / "tmp").is_dir()
    assert os.path.isfile(os.path.join(default_cache_dir(), "precompiled_headers", "h.gch"))


def test_a_header_folder_already_there_is_left_alone(clean_env, tmp_path):
    tmp = tmp_path / "tmp"
    environment.share_precompiled_headers(tmp)                       # first: a link
    link = next(tmp.glob("torchinductor_*/precompiled_headers"))
    link.unlink()
    link.mkdir()                                                     # a real folder, with a header in it
    (link / "mine.gch").write_text("x")
    environment.share_precompiled_headers(tmp)
    assert link.is_dir() and not link.is_symlink() and (link / "mine.gch").is_file()


def test_an_unwritable_shared_folder_leaves_each_run_its_own(clean_env, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    clean_env.setenv(environment.HEADERS_VARIABLE, str(blocker / "headers"))   # cannot be created
    environment.share_precompiled_headers(tmp_path / "tmp")                     # no raise
    assert not list((tmp_path / "tmp").glob("torchinductor_*/precompiled_headers"))


def test_removing_a_runs_scratch_keeps_the_shared_header(clean_env, tmp_path):
    """A finished run deletes its work folder; the link goes with it, the shared header stays."""
    import shutil
    environment.prepare(options(tmp_path), {})
    (tmp_path / "shared-headers" / "h.gch").write_text("built")
    shutil.rmtree(tmp_path / "work")
    assert (tmp_path / "shared-headers" / "h.gch").read_text() == "built"

"""A run's absolute paths reach the site neutral; code, URLs and relative paths stay as written.
And an artifact's file name reaches a listing's title as typed, not as `&#95;`."""

from __future__ import annotations

import html

import markdown
import pytest

from course import escape, machine_paths
from course.machine_paths import neutral


@pytest.mark.parametrize("written, shown", [
    ("# File: /work/main/labs/inside_compile/block.py:24", "# File: labs/inside_compile/block.py:24"),
    ("# File: /home/ada/src/course/labs/common/minigpt/model.py:116",
     "# File: labs/common/minigpt/model.py:116"),
    ("/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules/linear.py:125",
     "…/site-packages/torch/nn/modules/linear.py:125"),
    ("/usr/lib/python3.11/contextlib.py", "…/lib/python3.11/contextlib.py"),
    ("'/tmp/inside_compile-cuda-y9vkc3_e/inductor-cache/lt/c.py'", "'<tmp>/inductor-cache/lt/c.py'"),
    ("/var/folders/x1/abc/T/run-1/dump.txt", "<tmp>/dump.txt"),
    ("cache at /Users/ada/Library/Caches/torch", "cache at ~/Library/Caches/torch"),
    ("/root/.cache/x", "~/.cache/x"),
    # the root alone is known once the same text shows a path through the repository
    ('{"cutlass_dir": "/srv/ck/course", "f": "/srv/ck/course/.work/a"}', '{"cutlass_dir": ".", "f": ".work/a"}'),
])
def test_absolute_paths_of_the_run_become_neutral(written, shown):
    assert neutral(written) == shown


@pytest.mark.parametrize("kept", [
    "tmp3 = tmp1 / tmp2",                 # division in generated code
    "x // 4 and a/b and labs/x/block.py",  # floor division, relative paths
    "see https://pytorch.org/home/docs/labs/x",   # a URL's path is not the machine's
    "cxx: /usr/bin/g++ and /opt/gcc/bin/g++",      # a system tool names no person, no checkout
    "/dev/shm",
    "ratio 3/4 of /255",
])
def test_what_is_not_a_machines_path_stays(kept):
    assert neutral(kept) == kept


@pytest.mark.parametrize("name", ["decompiled_forward.py", "a*b_[1].py", 'say "hi".txt', "<b>x</b>.py"])
def test_a_listing_title_shows_the_file_name_as_typed(name):
    rendered = markdown.markdown(f'``` text title="{escape.fence_title(name)}"\nx\n```',
                             extensions=["pymdownx.highlight", "pymdownx.superfences"])
    title = rendered.split('class="filename">', 1)[1].split("</span>", 1)[0]
    assert "&#" not in title and "<b>" not in title
    assert html.unescape(title) == name.replace('"', "″")


@pytest.mark.parametrize("written, shown", [
    # a temporary folder: the run's own folder goes, what follows it stays; the folder alone is <tmp>
    ("/var/tmp/run-1/x.log", "<tmp>/x.log"),
    ("/tmp/run-1", "<tmp>"),
    ("/tmp/run-1/", "<tmp>/"),
    ("/tmp/run-1/cache/", "<tmp>/cache/"),
    ("/tmp/run-1/LOG_X", "<tmp>/LOG_X"),
    ("/private/var/folders/x1/abc/T/run-1/dump.txt", "<tmp>/dump.txt"),
    ("/private/var/folders/x1/abc/T/run-1", "<tmp>"),
    # a home folder: the user's name goes; `/home` alone names nobody
    ("/home/ada", "~/"),
    ("/home", "/home"),
    # `lib/` of the system (not `lib/python3.X/`) is no Python installation
    ("/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libc.so.6"),
    ("/usr/lib", "/usr/lib"),
    # a checkout's root, however it is spelled, once the text shows a path through it
    ('{"dir": "/opt/ck/", "f": "/opt/ck/labs/a.py"}', '{"dir": "./", "f": "labs/a.py"}'),
    ('{"dir": "/opt/ckX", "f": "/opt/ckX/labs/a.py"}', '{"dir": ".", "f": "labs/a.py"}'),
    ('{"dir": "/Xsrv/course", "f": "/Xsrv/course/labs/a.py"}', '{"dir": ".", "f": "labs/a.py"}'),
])
def test_near_misses_of_each_kind_of_path(written, shown):
    assert neutral(written) == shown


def test_this_checkouts_root_alone_is_neutral():
    # A config dump names the checkout without any path through it (as `cutlass_dir` does).
    # (The module's own idea of the checkout: mutmut's scratch tree moves scripts/course/ up one level.)
    assert neutral(f"cutlass_dir: {machine_paths.CHECKOUT}") == "cutlass_dir: ."

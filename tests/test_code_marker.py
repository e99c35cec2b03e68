"""The code marker, whole: the fence longer than any run of backticks in the listing, bytes that
are not UTF-8 shown as a replacement character (whatever the machine's locale), the title, and
which lines are shown and said to be shown."""

from __future__ import annotations

import pytest

from course.markers import PageContext, expand
from course.results import ResultStore
from tests.helpers_locale import locale_encoding
from tests.manifests import todays_code, write_result

LINK = '<a href="../results/inductor_kernels/cpu/kernel.cpp">Download the whole file</a></small>\n\n'


def listing(tmp_path, marker: str, content: bytes) -> str:
    folder = write_result(tmp_path, provenance=todays_code())
    (folder / "kernel.cpp").write_bytes(content)
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="..")
    expansion = expand(marker, ctx, ResultStore(tmp_path))
    assert expansion.errors == []
    return expansion.markdown


THREE = b"a ```b```\n\xff bad byte \xc3\xa9\nthird\n"


def test_a_whole_file_is_fenced_past_its_backticks_with_no_note(tmp_path, monkeypatch):
    locale_encoding(monkeypatch)
    assert listing(tmp_path, "{{ code inductor_kernels/cpu:kernel }}", THREE) == (
        '```` cpp linenums="1" title="kernel.cpp"\na ```b```\n\ufffd bad byte é\nthird\n````\n\n<small>' + LINK)


@pytest.mark.parametrize("lines, shown, note", [
    ('lines="2-" title="K"', '``` cpp linenums="2" title="K"\n\ufffd bad byte é\nthird\n```', "Showing lines 2–3 of 3. "),
    ('lines="3"', '``` cpp linenums="3" title="kernel.cpp"\nthird\n```', "Showing lines 3–3 of 3. "),
    ('lines="2-99"', '``` cpp linenums="2" title="kernel.cpp"\n\ufffd bad byte é\nthird\n```', "Showing lines 2–3 of 3. "),
    ('lines="1-2"', '```` cpp linenums="1" title="kernel.cpp"\na ```b```\n\ufffd bad byte é\n````',
     "Showing lines 1–2 of 3. "),
])
def test_part_of_a_file_says_which_lines_of_how_many(tmp_path, lines, shown, note):
    assert listing(tmp_path, f"{{{{ code inductor_kernels/cpu:kernel {lines} }}}}", THREE) == \
        f"{shown}\n\n<small>{note}{LINK}"


def test_a_long_file_shows_its_first_400_lines_unless_told(tmp_path):
    text = "".join(f"line {n}\n" for n in range(1, 402)).encode()
    assert "Showing lines 1–400 of 401. " in listing(tmp_path, "{{ code inductor_kernels/cpu:kernel }}", text)
    assert "Showing lines" not in listing(tmp_path, '{{ code inductor_kernels/cpu:kernel max_lines="401" }}', text)


def test_an_artifact_that_names_no_language_is_listed_as_text(tmp_path):
    folder = write_result(tmp_path, provenance=todays_code(), artifacts={"kernel": {"path": "kernel.cpp"}})
    (folder / "kernel.cpp").write_text("int x;\n")
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="..")
    expansion = expand("{{ code inductor_kernels/cpu:kernel }}", ctx, ResultStore(tmp_path))
    assert expansion.errors == [] and expansion.markdown.startswith('``` text linenums="1" title="kernel.cpp"\nint x;\n```')


@pytest.mark.parametrize("options, refusal", [
    ('hl_from="notes:nope"', "table notes has no column nope (it has: line, file)"),
    ('hl_from="notes:line" hl_where="kind=kernel"', "table notes has no column kind (it has: line, file)"),
])
def test_a_highlight_from_a_column_the_table_lacks_names_every_column_it_has(tmp_path, options, refusal):
    # the page's author fixes the marker from this line: each column, as the table spells it
    write_result(tmp_path, provenance=todays_code(),
                 tables={"notes": {"columns": ["line", "file"], "rows": [[1, "kernel"]]}}, figures={})
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="..")
    marker = f"{{{{ code inductor_kernels/cpu:kernel {options} }}}}"
    assert expand(marker, ctx, ResultStore(tmp_path)).errors == [f"en/labs/x.md: marker {marker}: {refusal}"]

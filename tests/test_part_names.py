"""One name per part: its key in the manifest is the name of the function that runs it
(`lab.part("softmax_kernel", ..., part_softmax_kernel)`), and a module of parts is spelled
`parts_<topic>.py` in every lab. Read from the source with `ast`; no lab is run."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.helpers_parts import part_specs

LABS = sorted(p.parent for p in (ROOT / "labs").glob("*/lab.py"))


def misnamed(source: str) -> list[str]:
    """Each literal key whose function is not `part_<key>`. A function that runs several parts
    (the distributed lab's one function per pattern, `explain`'s one per example) is named for
    what they share, so it is left out; so is a key computed at run time."""
    specs = part_specs(source)
    uses = Counter(fn for _key, fn, _line in specs)
    return [f"line {line}: part '{key}' runs {fn or 'an unnamed function'} (name it part_{key})"
            for key, fn, line in specs if key is not None and uses[fn] < 2 and fn != f"part_{key}"]


@pytest.mark.parametrize("lab", LABS, ids=lambda p: p.name)
def test_every_part_is_run_by_the_function_of_its_name(lab: Path):
    assert part_specs((lab / "lab.py").read_text()), "no lab.part(...) found: the scan no longer reads this lab"
    found = misnamed((lab / "lab.py").read_text())
    assert not found, f"labs/{lab.name}/lab.py: " + "; ".join(found)


def test_parts_modules_are_spelled_one_way():
    wrong = [p.relative_to(ROOT).as_posix() for p in (ROOT / "labs").rglob("*.py")
             if re.search(r"(^|_)parts?(_|$)", p.stem) and not re.fullmatch(r"parts_[a-z0-9_]+", p.stem)]
    assert not wrong, f"name a module of parts parts_<topic>.py: {wrong}"


def test_the_scan_tells_a_misnamed_part_from_a_shared_or_computed_one():
    source = '''
def run(lab):
    lab.part("softmax_kernel", "The kernel", part_softmax_kernel)
    lab.part("annotation", "Annotate", part_d_annotate, tiny, after=("softmax_kernel",))
    lab.part("ceilings", "Ceilings", lambda lab: None)
    lab.part("export", "Export", stretch.part_export)
    lab.part("mlopt_cli", "CLI", parts_mlopt.cli_part)
    lab.part("single", "One", part_pattern, "single")
    for p in ("ddp", "fsdp"):
        lab.part(p, "A pattern", part_pattern, p)
    for key in keys:
        lab.part(key, "computed", part_other)
    table = [("bytecode", "Dynamo", parts_dynamo.part_bytecode), ("aot_joint_graph", "AOT", parts_aot.part_joint_graph)]
'''
    found = misnamed(source)
    assert [f.split(":")[1].split("'")[1] for f in found] == ["annotation", "ceilings", "mlopt_cli", "aot_joint_graph"]


# -- the page: a section about one part is anchored by the part's key, in both languages -------

HEADING_ID = re.compile(r"^#{1,6} .*\{:?\s*#([\w-]+)\s*\}\s*$", re.M)
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,}).*?^\1\2\s*$", re.M | re.S)


def heading_ids(page: Path) -> list[str]:
    return HEADING_ID.findall(FENCE.sub("", page.read_text(encoding="utf-8")))


def known_keys(lab: Path) -> set[str]:
    """The keys lab.py spells, and those its committed runs recorded (the distributed lab's
    patterns are keys computed in a loop)."""
    keys = {key for key, _fn, _line in part_specs((lab / "lab.py").read_text()) if key}
    for manifest in (ROOT / "results" / lab.name).glob("*/manifest.json"):
        keys |= set(json.loads(manifest.read_text())["parts"])
    return keys


@pytest.mark.parametrize("lab", [p for p in LABS if (ROOT / "docs" / "en" / "labs" / f"{p.name}.md").exists()],
                         ids=lambda p: p.name)
def test_a_part_heading_is_anchored_by_its_key_in_both_languages(lab: Path):
    en, es = (heading_ids(ROOT / "docs" / lang / "labs" / f"{lab.name}.md") for lang in ("en", "es"))
    assert en == es, f"the Spanish page anchors its headings {es}, the English one {en}"
    unknown = sorted(set(en) - known_keys(lab))
    assert not unknown, f"docs/*/labs/{lab.name}.md anchors a heading with {unknown}, which no part of the lab has"
    assert len(en) == len(set(en)), f"a part anchors one heading: {sorted(k for k in en if en.count(k) > 1)}"


def test_a_heading_id_is_read_only_from_a_heading(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("## Part C — The kernel { #softmax_kernel }\ntext { #not_a_heading }\n"
                    "### Sub {#no_spaces}\n## Plain heading\n```\n## in code { #code }\n```\n")
    assert heading_ids(page) == ["softmax_kernel", "no_spaces"]

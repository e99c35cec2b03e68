"""The marker syntax under hypothesis: a marker written from its parts parses back to them, and any
body, however broken, is either parsed or refused with a MarkerError (never another exception).

The markers are written here from the syntax the pages use (`{{ kind LAB/DEVICE:KEY name=value }}`,
values quoted as a shell would), not with the parser's own regular expressions."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from course.markers.parse import MARKER, TARGET, UNCLOSED, MarkerError, parse_marker
from labs.common.contract import DEVICES

LOWER = "abcdefghijklmnopqrstuvwxyz"
labs = st.text(LOWER, min_size=1, max_size=1).flatmap(
    lambda first: st.text(LOWER + "0123456789_", max_size=12).map(lambda rest: first + rest))
keys = st.text(LOWER + LOWER.upper() + "0123456789_.-", min_size=1, max_size=20)
kinds = st.sampled_from(["metric", "figure", "table", "code", "check", "claim", "Metric", "metric-x", "x_1"])
names = st.text(LOWER + "_", min_size=1, max_size=10)
# Any one-line value that does not close the marker itself (`}}`).
values = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=20).filter(
    lambda v: "}}" not in v and not v.endswith("}"))


def write(kind: str, lab: str, device: str | None, key: str | None, options: dict[str, str]) -> str:
    target = lab + (f"/{device}" if device else "") + (f":{key}" if key else "")
    words = [target] + [f"{name}={shlex.quote(value)}" for name, value in options.items()]
    return "{{ " + kind + " " + " ".join(words) + " }}"


@settings(max_examples=300, deadline=None)
@given(kinds, labs, st.none() | st.sampled_from(list(DEVICES)), st.none() | keys,
       st.dictionaries(names, values, max_size=4), st.text(st.sampled_from("ab .,\t"), max_size=6))
def test_a_written_marker_parses_back_to_its_parts(kind, lab, device, key, options, around):
    text = write(kind, lab, device, key, options)
    found = list(MARKER.finditer(around + text + around))
    assert [m.group(0) for m in found] == [text]
    marker = parse_marker(found[0]["kind"], found[0]["body"], text)
    assert (marker.kind, marker.lab, marker.device, marker.key) == (kind, lab, device, key)
    assert marker.options == options and marker.text == text
    assert not UNCLOSED.search(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(labs, st.none() | keys), min_size=2, max_size=4), st.sampled_from([" ", "", " and "]))
def test_markers_side_by_side_on_one_line_are_found_apart(targets, between):
    texts = [write("metric", lab, None, key, {}) for lab, key in targets]
    line = between.join(texts)
    assert [m.group(0) for m in MARKER.finditer(line)] == texts
    assert not UNCLOSED.search(line)


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n"), max_size=40))
def test_any_body_is_parsed_or_refused_in_one_line(body):
    try:
        marker = parse_marker("metric", body, "{{ metric" + body + " }}")
    except MarkerError as error:
        assert "\n" not in str(error) and str(error)
        return
    # Parsed: its target is one the syntax allows, on a device the course knows.
    if marker.lab is not None:
        assert TARGET.match(marker.lab + (f"/{marker.device}" if marker.device else "")
                            + (f":{marker.key}" if marker.key else ""))
        assert marker.device is None or marker.device in DEVICES


@settings(max_examples=100, deadline=None)
@given(labs, st.text(LOWER, min_size=1, max_size=6).filter(lambda d: d not in DEVICES))
def test_a_device_the_course_does_not_know_is_refused_naming_it(lab, device):
    with pytest.raises(MarkerError, match=f"device '{device}' is not one of"):
        parse_marker("metric", f" {lab}/{device}:x", "")


@pytest.mark.parametrize("target", ["Lab:x", "1lab", "lab/CPU:x", "lab/cpu:", "lab:x y", "lab//cpu", "lab/cpu/x",
                                    "lab:x:y", "_lab", "la-b"])
def test_near_miss_targets_are_refused_naming_the_target(target):
    with pytest.raises(MarkerError) as refused:
        parse_marker("metric", " " + shlex.quote(target), "")
    assert repr(target) in str(refused.value) or "unexpected word" in str(refused.value)


@pytest.mark.parametrize("body, words", [(" lab:x a", "unexpected word 'a'"), (' lab x="unclosed', "cannot parse"),
                                         (" lab x=1 x=2", None)])
def test_a_second_target_or_an_unclosed_quote_is_refused_and_a_repeated_option_keeps_the_last(body, words):
    if words is None:
        assert parse_marker("metric", body, "").options == {"x": "2"}
        return
    with pytest.raises(MarkerError, match=words):
        parse_marker("metric", body, "")


@settings(max_examples=100, deadline=None)
@given(labs, st.text(st.sampled_from("ab {}"), max_size=8))
def test_an_opening_without_a_closing_on_its_line_is_unclosed(lab, tail):
    assume("}}" not in tail)
    assert UNCLOSED.search("{{ metric " + lab + tail)
    assert not MARKER.search("{{ metric " + lab + tail)

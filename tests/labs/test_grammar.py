"""The grammar corpus: correct conjugations, deterministic, held-out verbs really held out."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from labs.common import grammar

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.parametrize("verb, person, tense, form", [
    ("hablar", "yo", "presente", "hablo"),
    ("hablar", "vosotros", "presente", "habláis"),
    ("hablar", "él", "pretérito", "habló"),
    ("hablar", "nosotros", "imperfecto", "hablábamos"),
    ("comer", "nosotros", "pretérito", "comimos"),
    ("comer", "ellos", "pretérito", "comieron"),
    ("comer", "tú", "imperfecto", "comías"),
    ("vivir", "vosotros", "presente", "vivís"),
    ("vivir", "nosotros", "presente", "vivimos"),
    ("vivir", "tú", "futuro", "vivirás"),
    ("aprender", "ellos", "condicional", "aprenderían"),
])
def test_conjugates_regular_verbs(verb, person, tense, form):
    assert grammar.conjugate(verb, person, tense) == form


def test_example_line_format():
    assert grammar.Example("hablar", "yo", "presente").line == "hablar yo presente = hablo\n"


def test_corpus_is_the_same_in_every_process():
    """No dependence on Python's per-process string hashing (set order) or on the clock."""
    script = ("import hashlib; from labs.common import grammar; c = grammar.build_corpus(); "
              "print(hashlib.sha256((c.train_text + c.val_text + c.tokenizer.chars).encode()).hexdigest())")
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                             check=True, cwd=ROOT)
        digests.add(out.stdout.strip())
    corpus = grammar.build_corpus()
    here = hashlib.sha256((corpus.train_text + corpus.val_text + corpus.tokenizer.chars).encode()).hexdigest()
    assert digests == {here}


def test_held_out_verbs_never_appear_in_training():
    corpus = grammar.build_corpus()
    train_verbs = {e.verb for e in corpus.train}
    assert corpus.val_verbs and not set(corpus.val_verbs) & train_verbs
    assert {v[-2:] for v in corpus.val_verbs} == {"ar", "er", "ir"}, "every class is tested"
    assert all(f"\n{v} " not in "\n" + corpus.train_text for v in corpus.val_verbs)


def test_invented_verbs_are_regular_and_fit_a_window():
    verbs = grammar.nonce_verbs(500, __import__("random").Random(0))
    assert len(set(verbs)) == 500 and not set(verbs) & set(grammar.VERBS)
    for verb in verbs:
        stem = verb[:-2]
        assert stem[-1] not in "aeiou", verb                      # leer -> leyó
        assert not stem.endswith(("c", "g", "z", "ll", "ñ")), verb  # buscar -> busqué
        assert len(verb) <= grammar.MAX_VERB_LENGTH


def test_tokenizer_round_trip_and_unknown_characters():
    corpus = grammar.build_corpus()
    tok = corpus.tokenizer
    text = corpus.val_text[:500]
    assert tok.decode(tok.encode(text)) == text
    assert tok.vocab_size == len(set(corpus.train_text + corpus.val_text))
    with pytest.raises(ValueError):
        tok.encode("€")

"""The grammar corpus: Spanish regular-verb conjugation, generated from rules.

Every line of the corpus is one fact of the grammar,

    hablar yo presente = hablo
    vivir nosotros futuro = viviremos

so a model that has learned the grammar (not the lines) conjugates verbs it never saw.
Validation holds out whole verbs: every line of a held-out verb is absent from training,
and exact-match accuracy on those lines measures generalisation, not memory.

A hundred real verbs are few enough to memorise, and a model that memorises them never
learns to copy a stem it has not seen. So training also conjugates invented regular verbs
("platar", "somir"), the way a linguist's wug test does: thousands of stems that no model of
this size can memorise leave copying the stem and adding the ending as the only way to
predict the answer.

Deterministic (a seeded `random.Random`) and standard library only, so every lab, test and
machine builds the same corpus.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

PERSONS = ("yo", "tú", "él", "nosotros", "vosotros", "ellos")
TENSES = ("presente", "pretérito", "imperfecto", "futuro", "condicional")

# Endings per verb class and tense, in the order of PERSONS. Present, preterite and
# imperfect attach to the stem (the infinitive minus -ar/-er/-ir); future and conditional
# attach to the whole infinitive, which is why those two tenses share rows for all classes.
_STEM_ENDINGS = {
    "ar": {
        "presente": ("o", "as", "a", "amos", "áis", "an"),
        "pretérito": ("é", "aste", "ó", "amos", "asteis", "aron"),
        "imperfecto": ("aba", "abas", "aba", "ábamos", "abais", "aban"),
    },
    "er": {
        "presente": ("o", "es", "e", "emos", "éis", "en"),
        "pretérito": ("í", "iste", "ió", "imos", "isteis", "ieron"),
        "imperfecto": ("ía", "ías", "ía", "íamos", "íais", "ían"),
    },
    "ir": {
        "presente": ("o", "es", "e", "imos", "ís", "en"),
        "pretérito": ("í", "iste", "ió", "imos", "isteis", "ieron"),
        "imperfecto": ("ía", "ías", "ía", "íamos", "íais", "ían"),
    },
}
_INFINITIVE_ENDINGS = {
    "futuro": ("é", "ás", "á", "emos", "éis", "án"),
    "condicional": ("ía", "ías", "ía", "íamos", "íais", "ían"),
}

# Verbs that are regular in all five tenses: no stem change (pensar), no spelling change
# (buscar -> busqué, coger -> cojo, leer -> leyó) and no written accent on the stem (enviar).
VERBS = (
    # -ar
    "aceptar", "amar", "ayudar", "bailar", "bajar", "borrar", "caminar", "cambiar", "cantar",
    "cenar", "charlar", "cocinar", "comprar", "contestar", "copiar", "cortar", "cuidar",
    "dejar", "descansar", "desear", "dibujar", "durar", "echar", "enseñar", "entrar",
    "escuchar", "esperar", "estudiar", "firmar", "formar", "funcionar", "ganar", "gastar",
    "gritar", "guardar", "hablar", "invitar", "lavar", "limpiar", "llamar", "llevar",
    "lograr", "luchar", "mandar", "manejar", "mirar", "montar", "nadar", "necesitar",
    "odiar", "olvidar", "participar", "pasar", "pintar", "preguntar", "preparar", "quitar",
    "regresar", "robar", "saltar", "saludar", "tardar", "terminar", "tirar", "tomar",
    "trabajar", "tratar", "usar", "viajar", "visitar", "votar",
    # -er
    "aprender", "barrer", "beber", "ceder", "comer", "cometer", "comprender", "correr",
    "corresponder", "coser", "deber", "depender", "esconder", "meter", "ofender",
    "prometer", "recorrer", "responder", "socorrer", "someter", "sorprender", "suspender",
    "temer", "toser", "vender",
    # -ir
    "abrir", "acudir", "admitir", "añadir", "aplaudir", "asistir", "batir", "compartir",
    "confundir", "cubrir", "cumplir", "decidir", "definir", "describir", "discutir",
    "dividir", "escribir", "existir", "imprimir", "insistir", "interrumpir", "partir",
    "permitir", "persuadir", "recibir", "resistir", "subir", "sufrir", "unir", "vivir",
)

SEED = 1234
VAL_FRACTION = 0.15    # of each verb class, held out whole
NONCE_VERBS = 3000     # invented verbs in training, each with NONCE_FORMS of its 30 forms
NONCE_FORMS = 8
SEPARATOR = " = "      # the model answers after this
END = "\n"             # and stops here


def conjugate(infinitive: str, person: str, tense: str) -> str:
    """The conjugated form of a regular verb: conjugate("hablar", "yo", "presente") == "hablo"."""
    verb_class = infinitive[-2:]
    if verb_class not in _STEM_ENDINGS:
        raise ValueError(f"{infinitive!r} is not an -ar, -er or -ir verb")
    index = PERSONS.index(person)
    if tense in _INFINITIVE_ENDINGS:
        return infinitive + _INFINITIVE_ENDINGS[tense][index]
    return infinitive[:-2] + _STEM_ENDINGS[verb_class][tense][index]


@dataclass(frozen=True)
class Example:
    verb: str
    person: str
    tense: str

    @property
    def prompt(self) -> str:
        return f"{self.verb} {self.person} {self.tense}{SEPARATOR}"

    @property
    def answer(self) -> str:
        return conjugate(self.verb, self.person, self.tense)

    @property
    def line(self) -> str:
        return self.prompt + self.answer + END


class CharTokenizer:
    """One token per character; the vocabulary is the sorted set of characters seen."""

    def __init__(self, chars: str):
        self.chars = "".join(sorted(set(chars)))
        self._index = {c: i for i, c in enumerate(self.chars)}

    @property
    def vocab_size(self) -> int:
        return len(self.chars)

    def encode(self, text: str) -> list[int]:
        try:
            return [self._index[c] for c in text]
        except KeyError as missing:
            raise ValueError(f"character {missing} is not in the vocabulary") from None

    def decode(self, ids) -> str:
        return "".join(self.chars[int(i)] for i in ids)


@dataclass(frozen=True)
class Corpus:
    train: tuple[Example, ...]
    val: tuple[Example, ...]
    tokenizer: CharTokenizer

    @property
    def train_text(self) -> str:
        return "".join(e.line for e in self.train)

    @property
    def val_text(self) -> str:
        return "".join(e.line for e in self.val)

    @property
    def context(self) -> str:
        """A training line to put before a prompt, so the prompt sits mid-window as in training."""
        return self.train[0].line

    @property
    def val_verbs(self) -> tuple[str, ...]:
        return tuple(sorted({e.verb for e in self.val}))


def split_verbs(seed: int = SEED, val_fraction: float = VAL_FRACTION) -> tuple[list[str], list[str]]:
    """(train verbs, held-out verbs): the same fraction of each class, so -er and -ir are tested."""
    rng = random.Random(seed)
    train, val = [], []
    for verb_class in ("ar", "er", "ir"):
        verbs = sorted(v for v in VERBS if v.endswith(verb_class))
        rng.shuffle(verbs)
        n_val = max(1, round(len(verbs) * val_fraction))
        val += verbs[:n_val]
        train += verbs[n_val:]
    return sorted(train), sorted(val)


def examples_for(verbs: list[str]) -> list[Example]:
    return [Example(v, p, t) for v in verbs for t in TENSES for p in PERSONS]


# Invented verbs are built from syllables shaped like the real ones: some start with a
# vowel (entrar), some have a diphthong (bailar) or a consonant cluster (cumplir). The
# consonant before the ending avoids the letters whose spelling changes in some forms
# (c, g, z: buscar -> busqué; ll, ñ: gruñir -> gruñó), and the stem never ends in a vowel
# (leer -> leyó): every invented verb is regular.
_ONSETS = ("b", "c", "ch", "d", "f", "g", "j", "l", "ll", "m", "n", "p", "r", "s", "t", "v",
           "br", "bl", "cl", "cr", "dr", "fr", "gr", "pl", "pr", "tr")
_NUCLEI = ("a", "e", "i", "o", "u") * 4 + ("ai", "au", "ei", "ia", "ie", "io", "ue")
_CODAS = ("",) * 6 + ("n", "r", "s", "l", "m", "x")
_LAST_CONSONANTS = ("b", "d", "f", "j", "l", "m", "n", "p", "r", "s", "t", "v", "ch", "rr",
                    "br", "pl", "pr", "tr", "nd", "nt", "lt", "mp", "mpl", "rt", "st")


MAX_VERB_LENGTH = 12   # as long as the longest real verb (corresponder): a line fits a window


def _nonce_verb(rng: random.Random) -> str:
    count = rng.choice((1, 1, 2, 2, 3))
    syllables = []
    for position in range(count):
        vowel_first = position == 0 and rng.random() < 0.2
        onset = "" if vowel_first else rng.choice(_ONSETS)
        nucleus = rng.choice(_NUCLEI[:5] if vowel_first else _NUCLEI)
        coda = rng.choice(_CODAS) if position < count - 1 else ""  # no coda before the last consonant
        syllables.append(onset + nucleus + coda)
    return "".join(syllables) + rng.choice(_LAST_CONSONANTS) + rng.choice(("ar", "ar", "er", "ir"))


def nonce_verbs(count: int, rng: random.Random) -> list[str]:
    """`count` distinct invented -ar/-er/-ir verbs, none of them a verb in VERBS."""
    verbs: set[str] = set()
    while len(verbs) < count:
        verb = _nonce_verb(rng)
        if verb not in VERBS and len(verb) <= MAX_VERB_LENGTH:
            verbs.add(verb)
    return sorted(verbs)


@lru_cache(maxsize=4)
def build_corpus(seed: int = SEED, val_fraction: float = VAL_FRACTION) -> Corpus:
    """Training: every form of the training verbs, and NONCE_FORMS forms of each invented
    verb, shuffled (seeded). Validation: every form of the held-out real verbs, in order."""
    rng = random.Random(seed)
    train_verbs, val_verbs = split_verbs(seed, val_fraction)
    train = examples_for(train_verbs)
    for verb in nonce_verbs(NONCE_VERBS, rng):
        forms = [(p, t) for t in TENSES for p in PERSONS]
        train += [Example(verb, p, t) for p, t in rng.sample(forms, NONCE_FORMS)]
    rng.shuffle(train)  # neighbouring lines should not share a verb
    val = examples_for(val_verbs)
    # The vocabulary covers both splits, so any held-out line can be encoded.
    alphabet = "".join(e.line for e in train + val)
    return Corpus(train=tuple(train), val=tuple(val), tokenizer=CharTokenizer(alphabet))

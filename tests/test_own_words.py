"""Every page is written in the site's own words, not copied from the user's seeds.

The seeds (``../shared/seeds/``, copied to ``tests/data/seeds/``) are the documents the
rules came from. Each page of each language and each seed is cut into sentences: at
``.``, ``!``, ``?``, ``:`` and ``;`` followed by a space, at a spaced dash, and one per
table cell, after Markdown and HTML syntax is dropped (fence captions and texts count as
page text). A sentence is its lower-cased words, a tile [a|b] one word.

The measure, for a page sentence P of at least five words against each seed sentence S,
with M the words of P matched in order in S (``difflib.SequenceMatcher`` over words):

- **near copy**: 2·M / (|P| + |S|) ≥ 0.7, the whole sentence follows a seed sentence
  (word for word, or with a word or two swapped, added or dropped);
- **copied clause**: |P| ≥ 6 and M / |P| ≥ 0.85, a sentence of the page lifted from
  inside a longer seed sentence.

- **shared run**: P and S share a run of at least six words in a row, five of them words
  rather than numbers or tiles (``au multiple de cinq le plus proche, et``: a clause
  lifted whole, however the rest of the sentence is put).

A few set phrases that anyone would write (``dans le sens des aiguilles d'une montre``,
``il n'y a pas``) count as one word in every measure.

The engine's sentences are judged the same way: every line of the sentence corpus
(``tests/data/sentences/<lang>.txt``, every template of the language tables filled, and
the rounds, puzzles, review and hints the engine tells), after its label.

A page sentence that is any of these is a failure, listed with the seed sentence it
follows. Short sentences (four words or fewer) are not judged: a phrase such as "the free
values are 1 and 4" is how anyone would say it.

**German against Danish.** The two were written from the same English, and where both
take the same turn that English does not take, one copied the other. Each fence text
(a figure's caption, a lesson's question, answer and hint, an example's sentence) is
aligned across languages by its fence and key. Each text becomes a row of glosses through
a small word list (``tests/data/turns_lexicon.txt``: German, Danish and English words
mapped to one gloss each; numbers and tiles become ``#``; other words are dropped). A
German/Danish pair **echoes** when

- both use a *turn* (a gloss the word list marks with ``~``, such as ``~wait`` for
  "wartet"/"venter" or ``~alone`` for "allein"/"alene") that the English text does not, or
- their rows coincide (``difflib`` ratio ≥ 0.8 over at least six glosses) by at least
  0.25 more than either coincides with the English row: the two share a structure that
  English lacks.
"""

from __future__ import annotations

import difflib
import functools
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.lang import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SEEDS = Path(__file__).with_name("data") / "seeds"
SHARED_SEEDS = ROOT.parent / "shared" / "seeds"

NEAR_COPY = 0.7
COPIED_CLAUSE = 0.85
MIN_WORDS = 5
MIN_CLAUSE_WORDS = 6

SHARED_RUN = 6
SHARED_RUN_WORDS = 5
# Set phrases: each is one word in every measure (written as ``words()`` splits them).
SET_PHRASES = (
    "dans le sens des aiguilles d une montre",
    "à la fin de la manche",
    "à la fin d une manche",
    "il n y a pas",
    "à l extrémité gauche",
    "à l extrémité droite",
    "zgodnie z ruchem wskazówek zegara",
)
_SET_WORDS = tuple(tuple(s.split()) for s in SET_PHRASES)

_TILE = re.compile(r"\[(\d)\|(\d)\]")
_LINE_MARK = re.compile(r"^\s*(#+|[-*+]|\d+\.|>|!!!\s*\w+|\?\?\?\+?\s*\w+|[a-z_]+:)\s*")
_SPLIT = re.compile(r"(?<=[.!?;:])\s+|\s+[—–]\s+")


def sentences(text: str) -> list[str]:
    """The sentences of a page or a seed, Markdown and HTML syntax dropped."""
    text = re.sub(r"\{#[^}]*\}", " ", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    out: list[str] = []
    for para in re.split(r"\n\s*\n", text):
        lines = []
        for line in para.splitlines():
            if line.lstrip().startswith("|"):
                lines.extend(
                    cell.strip() + "." for cell in re.split(r"\|(?!\d\])", line) if cell.strip()
                )
            else:
                lines.append(_LINE_MARK.sub("", line))
        out.extend(s.strip() for s in _SPLIT.split(" ".join(lines)) if s.strip())
    return out


def words(sentence: str) -> list[str]:
    """The words of ``sentence``, lower-cased, a tile one word and each set phrase one."""
    return collapse(re.findall(r"\w+", _TILE.sub(r" t\1\2 ", sentence.lower())))


def collapse(ws: list[str] | tuple[str, ...]) -> list[str]:
    """``ws`` with each set phrase made one word."""
    out: list[str] = []
    i = 0
    while i < len(ws):
        for phrase in _SET_WORDS:
            if tuple(ws[i : i + len(phrase)]) == phrase:
                out.append("_".join(phrase))
                i += len(phrase)
                break
        else:
            out.append(ws[i])
            i += 1
    return out


def shared_run(page: list[str], seed: tuple[str, ...]) -> list[str]:
    """The longest run of words ``page`` and ``seed`` share, set phrases as one word."""
    a, b = collapse(page), collapse(seed)
    m = difflib.SequenceMatcher(None, a, b, autojunk=False)
    block = m.find_longest_match(0, len(a), 0, len(b))
    return a[block.a : block.a + block.size]


def _is_word(w: str) -> bool:
    return not w.isdigit() and not re.fullmatch(r"t\d\d", w)


@functools.cache
def seed_sentences() -> tuple[tuple[str, str, tuple[str, ...], Counter[str]], ...]:
    found = []
    for path in sorted(SEEDS.glob("*.txt")):
        for s in sentences(path.read_text(encoding="utf-8")):
            if len(w := words(s)) >= 4:
                found.append((path.name[:3], s, tuple(w), Counter(w)))
    return tuple(found)


@functools.cache
def seed_index() -> dict[str, list[tuple[int, int]]]:
    """Each word of the seeds: the seed sentences that hold it (their place in
    ``seed_sentences()``) and how many times."""
    index: dict[str, list[tuple[int, int]]] = {}
    for k, (_, _, _, bag) in enumerate(seed_sentences()):
        for word, count in bag.items():
            index.setdefault(word, []).append((k, count))
    return index


def copied(sentence: str) -> tuple[str, str, str] | None:
    """(measure, seed, seed sentence) when ``sentence`` is a near copy, else None."""
    page = words(sentence)
    if len(page) < MIN_WORDS:
        return None
    seeds = seed_sentences()
    # The words the page sentence shares with each seed sentence, counted as a multiset
    # intersection (found through the index: most seed sentences share no word).
    shared = [0] * len(seeds)
    index = seed_index()
    for word, count in Counter(page).items():
        for k, seed_count in index.get(word, ()):
            shared[k] += min(count, seed_count)
    for (seed, text, seed_words, _), bound in zip(seeds, shared, strict=True):
        # The words the two share bound M from above: skip pairs that cannot reach any.
        if (
            bound < NEAR_COPY * (len(page) + len(seed_words)) / 2
            and (len(page) < MIN_CLAUSE_WORDS or bound < COPIED_CLAUSE * len(page))
            and bound < SHARED_RUN_WORDS
        ):
            continue
        match = difflib.SequenceMatcher(None, page, seed_words, autojunk=False)
        m = sum(block.size for block in match.get_matching_blocks())
        ratio = 2 * m / (len(page) + len(seed_words))
        if ratio >= NEAR_COPY:
            return (f"near copy {ratio:.2f}", seed, text)
        if len(page) >= MIN_CLAUSE_WORDS and m / len(page) >= COPIED_CLAUSE:
            return (f"copied clause {m}/{len(page)}", seed, text)
        if bound >= SHARED_RUN_WORDS:
            run = shared_run(page, seed_words)
            if len(run) >= SHARED_RUN and sum(map(_is_word, run)) >= SHARED_RUN_WORDS:
                return (f"shared run {' '.join(run)!r}", seed, text)
    return None


def copies_in(text: str) -> list[str]:
    found = []
    for s in sentences(text):
        if hit := copied(s):
            found.append(f"{s!r}: {hit[0]} of seed {hit[1]} {hit[2]!r}")
    return found


def pages(lang: str) -> list[Path]:
    suffix = ".md" if lang == "en" else f".{lang}.md"
    return sorted(p for p in DOCS.glob(f"*{suffix}") if lang != "en" or p.name.count(".") == 1)


def test_seed_copy_is_current() -> None:
    if not SHARED_SEEDS.is_dir():
        pytest.skip("../shared/seeds is not beside this clone")
    shared = {p.name: p.read_bytes() for p in SHARED_SEEDS.glob("*.txt")}
    copy = {p.name: p.read_bytes() for p in SEEDS.glob("*.txt")}
    assert copy == shared


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_are_in_the_sites_own_words(lang: str) -> None:
    assert len(pages(lang)) >= 8
    found = [f"{p.name}: {c}" for p in pages(lang) for c in copies_in(p.read_text("utf-8"))]
    assert not found, f"{len(found)} sentences follow a seed:\n" + "\n".join(found)


CORPUS = Path(__file__).with_name("data") / "sentences"


def corpus_text(lang: str) -> str:
    """The engine's sentences in ``lang``: each corpus line after its label, a paragraph."""
    lines = (CORPUS / f"{lang}.txt").read_text("utf-8").splitlines()
    return "\n\n".join(
        line.split(": ", 1)[1] for line in lines if not line.startswith("#") and ": " in line
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_engines_sentences_are_in_the_sites_own_words(lang: str) -> None:
    text = corpus_text(lang)
    assert len(sentences(text)) > 1000
    found = sorted(set(copies_in(text)))
    assert not found, f"{len(found)} of the engine's sentences follow a seed:\n" + "\n".join(found)


def test_a_copied_engine_sentence_is_caught(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The Danish practice notes once said seed 004's sentence, with a label before it."""
    (tmp_path / "da.txt").write_text(
        "# corpus\npractice.note.first: I første runde lægger den, der har den højeste"
        " dobbelt, ud med den.\n",
        "utf-8",
    )
    monkeypatch.setattr(sys.modules[__name__], "CORPUS", tmp_path)
    assert copies_in(corpus_text("da"))


# The examples as the pages had them (the issue cut the German ones short: there
# they are the seed's sentence with one word changed), and sentences the test must pass.
PLANTED = [
    "Le Block se joue chacun pour soi, à deux, trois ou quatre joueurs.",
    "Jego druga połówka staje się nowym końcem.",
    "Dołóż [6|6] do 6 w [3|6], aby zagrać.",
    "Der Eröffner darf einen beliebigen Stein legen.",
    "Die Runde endet sofort, wenn ein Spieler seinen letzten Stein legt.",
    "Bland brikkerne med billedsiden nedad.",
    "Krydser to sider stregen i samme runde, vinder den højeste samlede total.",
    # Issue 37, by the shared-run measure: the sentences as the pages had them.
    "Ce total s’arrondit au multiple de cinq le plus proche, et ce que le gagnant garde en"
    " main ne vient pas en déduction.",
    "La manche continue jusqu’à ce qu’un joueur pose son dernier domino, ou que tous les"
    " joueurs, l’un après l’autre, aient dû passer.",
    "Option Arrondi : le score de la manche est ramené au multiple de cinq le plus proche, et"
    " un score qui se termine par 3, 4, 8 ou 9 est arrondi vers le haut.",
    "Bist du dran, legst du einen Stein an eines der beiden offenen Enden der Linie.",
    "På din tur sætter du én brik ved en af rækkens to åbne ender, og brikkens tal skal være"
    " det samme som tallet i enden.",
    "I første runde lægger den, der har den højeste dobbelt, ud med den.",
]
OWN_WORDS = [
    "Chacun joue pour son compte ; on peut être deux, trois ou quatre autour de la table.",
    "Wer als Erster ausspielt, hat die freie Wahl unter seinen Steinen.",
    "Personne ne pioche jamais.",  # too short to judge
    "Après la manche, l’entame avance d’un siège dans le sens des aiguilles d’une montre.",
    "On arrondit ce total à cinq points près, et ce que le gagnant garde en main ne vient"
    " pas en déduction.",
]


@pytest.mark.parametrize("sentence", PLANTED)
def test_a_planted_copy_is_caught(sentence: str) -> None:
    assert copied(sentence) is not None
    assert copies_in(f"# Title\n\nSome words first. {sentence} And more after it.\n")


@pytest.mark.parametrize("sentence", OWN_WORDS)
def test_a_sentence_in_own_words_passes(sentence: str) -> None:
    assert copied(sentence) is None


def test_sentences_are_cut_at_table_cells_and_keep_tiles() -> None:
    cut = sentences("| Players | Tiles |\n|---|---|\n| 2 | [6|6] and [0|0] |\n\nOne. Two: three")
    assert "[6|6] and [0|0]." in cut and "One." in cut and "three" in cut
    assert words("[6|6] is 12") == ["t66", "is", "12"]


# -- German against Danish ------------------------------------------------------------

LEXICON = Path(__file__).with_name("data") / "turns_lexicon.txt"
ECHO_RATIO = 0.8
ECHO_MARGIN = 0.25
ECHO_MIN_GLOSSES = 6
_FENCE = re.compile(r"^```([\w-]+)\n(.*?)^```$", re.M | re.S)
_FENCE_KEY = re.compile(
    r"^((?:caption|question|right|wrong|hint|choice)[\w.@-]*):[ \t]*(.+)$", re.M
)


def fence_texts(markdown: str) -> dict[tuple[int, str, int], str]:
    """The reader's texts of a page's fences, keyed by (fence, key, occurrence): each
    caption, lesson question, answer, hint and choice, and an example's sentence."""
    out: dict[tuple[int, str, int], str] = {}
    for n, m in enumerate(_FENCE.finditer(markdown)):
        kind, body = m.groups()
        if kind == "example":
            out[(n, "text", 0)] = body.split("\n---\n", 1)[-1].strip()
            continue
        seen: Counter[str] = Counter()
        for k in _FENCE_KEY.finditer(body):
            out[(n, k.group(1), seen[k.group(1)])] = k.group(2).strip()
            seen[k.group(1)] += 1
    return out


@functools.cache
def lexicon() -> tuple[dict[str, dict[str, str]], frozenset[str]]:
    """(language: word: gloss, the glosses that are turns)."""
    words_of: dict[str, dict[str, str]] = {"en": {}, "de": {}, "da": {}}
    turns = set()
    for line in LEXICON.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        gloss, forms = line.split(":", 1)
        if gloss.startswith("~"):
            gloss = gloss[1:]
            turns.add(gloss)
        columns = forms.split("/")
        assert len(columns) == 3, line
        for lang, column in zip(("en", "de", "da"), columns, strict=True):
            for word in column.split():
                words_of[lang].setdefault(word, gloss)
    return words_of, frozenset(turns)


def glosses(lang: str, text: str) -> list[str]:
    """``text`` as a row of glosses: numbers and tiles ``#``, unlisted words dropped."""
    table = lexicon()[0][lang]
    out = []
    for w in re.findall(r"[^\W_]+", re.sub(r"\[\d\|\d\]", " 0 ", text.lower())):
        if w.isdigit():
            out.append("#")
        elif w in table:
            out.append(table[w])
    return out


def echo(de_text: str, da_text: str, en_text: str) -> str | None:
    """Why a German and a Danish text read as one copied from the other, or None."""
    de_g, da_g, en_g = glosses("de", de_text), glosses("da", da_text), glosses("en", en_text)
    turns = sorted((set(de_g) & set(da_g) & lexicon()[1]) - set(en_g))
    if turns:
        return f"the same turn, which English does not take: {', '.join(turns)}"

    def ratio(a: list[str], b: list[str]) -> float:
        return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()

    together = ratio(de_g, da_g)
    apart = max(ratio(de_g, en_g), ratio(da_g, en_g))
    if (
        min(len(de_g), len(da_g)) >= ECHO_MIN_GLOSSES
        and together >= ECHO_RATIO
        and together - apart >= ECHO_MARGIN
    ):
        return f"the same structure ({together:.2f}), unlike English ({apart:.2f})"
    return None


def echoes(name: str) -> list[str]:
    """The fence texts of page ``name`` where German and Danish echo each other."""
    texts = {
        lang: fence_texts(
            (DOCS / f"{name}{'' if lang == 'en' else '.' + lang}.md").read_text("utf-8")
        )
        for lang in ("en", "de", "da")
    }
    found = []
    for key, en_text in texts["en"].items():
        de_text, da_text = texts["de"].get(key), texts["da"].get(key)
        if de_text and da_text and (why := echo(de_text, da_text, en_text)):
            found.append(f"{name} {key}: {why}\n  de: {de_text}\n  da: {da_text}\n  en: {en_text}")
    return found


PAGE_NAMES = sorted(p.name.removesuffix(".md") for p in DOCS.glob("*.md") if p.name.count(".") == 1)


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_german_and_danish_do_not_echo_each_other(name: str) -> None:
    found = echoes(name)
    assert not found, f"{len(found)} German and Danish texts echo each other:\n" + "\n".join(found)


# Pairs the figures had (issue 37), with their English: each must be flagged.
OLD_ECHOES = [
    (
        "Die Linie fängt mit [1|4] an: Links wartet eine 1, rechts eine 4.",
        "[1|4] lægges ud og starter rækken. Til venstre venter 1, til højre 4.",
        "[1|4] opens the line. Its ends take a 1 and a 4.",
    ),
    (
        "Leer passt nur an leer: Liegt [0|0] allein, verlangen beide Enden eine 0.",
        "Blank passer kun til blank: ligger [0|0] alene, kræver begge ender et 0.",
        "A blank matches only a blank: both ends of a lone [0|0] need a 0.",
    ),
    (
        "Eine andere Linie: Hier hängt [6|6] quer an der 6 des Steins [3|6]. Weiter geht es"
        " mit einer 3 oder einer 6; eine Abzweigung entsteht nicht.",
        "I en anden række ligger [6|6] på tværs ved 6'eren på [3|6]. Der kan kun fortsættes"
        " med 3 eller 6, og der opstår ingen sidegrene.",
        "On another line, [6|6] joins the 6 of [3|6]. Play goes on from the 3 or the 6, with"
        " no branch.",
    ),
]


@pytest.mark.parametrize("pair", OLD_ECHOES)
def test_an_old_german_danish_echo_is_caught(pair: tuple[str, str, str]) -> None:
    assert echo(*pair)


def test_german_and_danish_in_their_own_words_pass() -> None:
    assert not echo(
        "Die Linie beginnt mit [1|4]; an ihren Enden passt eine 1 oder eine 4.",
        "[1|4] lægges ud og starter rækken. Til venstre venter 1, til højre 4.",
        "[1|4] opens the line. Its ends take a 1 and a 4.",
    )


def test_every_fence_text_of_every_page_is_read() -> None:
    """The sentences of the copy check include the fences' captions and texts."""
    page = (
        "```domino\nplays: 1-4\n"
        "caption: Lege in deinem Zug einen Stein an eines der beiden offenen Enden.\n```\n"
    )
    assert fence_texts(page) == {
        (0, "caption", 0): "Lege in deinem Zug einen Stein an eines der beiden offenen Enden."
    }
    assert copies_in(page)
    assert all(
        fence_texts((DOCS / f"{name}.md").read_text("utf-8")) is not None for name in PAGE_NAMES
    )

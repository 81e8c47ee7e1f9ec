"""Every language reads as one: counts agree with their nouns, each thing has one name,
French typography is French, and no reader is shown a seat 0.

- **Plurals.** ``engine.lang.plural_category`` is CLDR's rule as Babel implements it, for
  every count from 0 to 1,000 in every language. Every ``{name:plural:…}`` field gives as
  many forms as its language has categories, and strings that page JavaScript fills (the
  ``page.*`` and ``lesson.*`` keys, filled with a plain ``{name}`` replace) have none. A
  number field followed at once by a countable noun (``{count} tiles``) is an error: use
  a plural field, or a "label: {count}" form.
- **Terms.** Each language module's ``TERMS`` names the word the site uses for each
  concept and the variants it rejects (regular expressions, matched case-insensitively
  between word boundaries). A rejected variant anywhere in a page of the language
  (fences included) or in a string of its table fails; a concept named after a glossary
  entry has that entry's headword as its word.
- **French typography.** One apostrophe (’); a no-break space before ``:`` and inside
  « »; a narrow no-break space before ``;``, ``?`` and ``!``. Checked in every French page
  (prose only: code, URLs, HTML and fence keys dropped) and every French string.
- **Seats.** Readers count seats from 1: no view of a practice match, in any language,
  names a seat 0 (the built pages are scanned in ``test_site.py``).
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from babel import Locale

from engine.core.rules import option_choices
from engine.core.words import strings
from engine.features import practice
from engine.lang import LANGUAGES, PLURAL_FORMS, da, de, en, fill, fr, pl, plural, plural_category

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
MODULES = {"en": en, "fr": fr, "pl": pl, "de": de, "da": da}
GLOSSARY_CONCEPTS = [
    *("pips", "double", "boneyard", "set-aside", "open-end", "spinner", "blocked"),
    *("going-out", "lead", "round", "match", "partnerships", "rounding", "score-sheet"),
]
JS_FILLED = ("page.", "lesson.", "review_page.")

# Countable nouns that must not follow a bare number field ("{count} tiles").
NOUNS = {
    "en": r"tiles?|points?|players?|hands?|rounds?|pips?|seats?|names?|characters?|levels?"
    r"|items?|bytes?|digits?|sides?|tasks?|deals?",
    "fr": r"dominos?|points?|joueurs?|mains?|manches?|sièges?|noms?|caractères?|niveaux?"
    r"|éléments?|octets?|chiffres?|camps?|tâches?|exercices?|donnes?|parties?",
    "pl": r"klock\w*|kamie\w*|punkt\w*|gracz\w*|graczy|rąk|ręce|ręk\w*|rund\w*|rozda\w*|miejsc\w*"
    r"|imion|imię|imiona|znak\w*|poziom\w*|element\w*|bajt\w*|cyfr\w*|stron\w*|zada\w*",
    "de": r"Steine?n?|Punkte?n?|Spieler\w*|Hände?n?|Runden?|Augen|Sitze?n?|Namen|Zeichen"
    r"|Ebenen?|Einträge?n?|Bytes?|Ziffern?|Seiten?|Aufgaben?|Partien?",
    "da": r"brik(?:ker|kerne)?|point|spillere?|hænder|hånd|runder?|øjne|pladser?|navne?|tegn"
    r"|niveauer?|elementer?|bytes?|cifre?|sider?|opgaver?|spil",
}


# Fields that hold a number. A bare one may meet a noun only when every value it can take
# has one plural category in the language: a target is 61, 100, 150 or 250 points
# (RULES.md), every one "other" (or Polish "many").
NUMERIC = {
    *("count", "n", "total", "points", "target", "limit", "max", "players", "expected"),
    *("score", "pips", "sides", "deals", "done", "sum", "left"),
}
FIXED = {"target": sorted({*option_choices("block-dk")["target"], 100, 61})}


def pages(lang: str) -> list[Path]:
    if lang == "en":
        return sorted(p for p in DOCS.glob("*.md") if p.name.count(".") == 1)
    return sorted(DOCS.glob(f"*.{lang}.md"))


def plural_fields(template: str) -> list[tuple[str, str]]:
    """(field name, forms) of every plural field of ``template``."""
    return [
        (name, spec[len("plural:") :])
        for _, name, spec, _ in string.Formatter().parse(template)
        if name is not None and spec and spec.startswith("plural:")
    ]


# -- plurals --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_categories_are_cldrs_for_every_count_to_a_thousand(lang: str) -> None:
    rule = Locale.parse(lang).plural_form
    wrong = [n for n in range(1001) if plural_category(lang, n) != rule(n)]
    assert not wrong, f"{lang}: {wrong[:10]}"
    assert plural_category(lang, 1_000_000) == rule(1_000_000)
    used = {plural_category(lang, n) for n in range(1001)}
    assert used <= set(PLURAL_FORMS[lang]) | {"many"}


def test_polish_counts_take_three_forms() -> None:
    forms = "# klocek|# klocki|# klocków"
    said = {n: plural("pl", n, forms) for n in (0, 1, 2, 4, 5, 12, 14, 21, 22, 25, 112, 1000)}
    assert said == {
        0: "0 klocków",
        1: "1 klocek",
        2: "2 klocki",
        4: "4 klocki",
        5: "5 klocków",
        12: "12 klocków",
        14: "14 klocków",
        21: "21 klocków",
        22: "22 klocki",
        25: "25 klocków",
        112: "112 klocków",
        1000: "1000 klocków",
    }
    assert fill("fr", "{n:plural:# domino|# dominos}", n=0) == "0 domino"
    assert fill("en", "{n:plural:# tile|# tiles} and {m}", n=1, m=2) == "1 tile and 2"


def test_a_plural_field_with_the_wrong_forms_or_value_is_an_error() -> None:
    with pytest.raises(ValueError, match="3 forms"):
        fill("pl", "{n:plural:# klocek|# klocki}", n=2)
    with pytest.raises(ValueError, match="whole number"):
        fill("en", "{n:plural:# tile|# tiles}", n="2")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_field_gives_its_languages_forms(lang: str) -> None:
    bad = []
    for key, template in strings(lang).items():
        for name, forms in plural_fields(template):
            if len(forms.split("|")) != len(PLURAL_FORMS[lang]):
                bad.append(f"{key}: {name} gives {forms!r}")
            elif key.startswith(JS_FILLED):
                bad.append(f"{key}: page JavaScript fills this string and cannot choose a form")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGUAGES)
def bare_counts(lang: str, template: str) -> list[str]:
    """The number fields of ``template`` followed at once by a countable noun."""
    bare = re.compile(r"\{(\w+)\}\s+(?:" + NOUNS[lang] + r")\b", re.IGNORECASE)
    found = []
    for m in bare.finditer(template):
        name = m.group(1)
        values = FIXED.get(name)
        if name not in NUMERIC or (values and len({plural_category(lang, v) for v in values}) == 1):
            continue
        found.append(m.group(0))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_bare_number_field_meets_a_noun(lang: str) -> None:
    found = [f"{key}: {t!r}" for key, t in strings(lang).items() if bare_counts(lang, t)]
    assert not found, "a count must agree with its noun:\n" + "\n".join(found)


def test_a_bare_count_and_noun_is_caught() -> None:
    assert bare_counts("pl", "Stos ma {count} klocków.")
    assert not bare_counts("pl", "Stos ma {count:plural:# klocek|# klocki|# klocków}.")
    assert not bare_counts("pl", "Gra toczy się do {target} punktów.")
    assert bare_counts("pl", "Zrobione: wszystkie {total} zadania")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_formats_for_every_count(lang: str) -> None:
    for key, template in strings(lang).items():
        names = [f[1] for f in string.Formatter().parse(template) if f[1]]
        for n in (0, 1, 2, 3, 5, 12, 22, 101):
            params = {name: n for name in names}
            try:
                said = fill(lang, template, **params)
            except (ValueError, KeyError, IndexError) as e:  # pragma: no cover - reported
                pytest.fail(f"{key}: {e}")
            assert "{" not in said or "{" in template.replace("{", "", len(names)), key


# -- terms ----------------------------------------------------------------------------


def terms(lang: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    table = getattr(MODULES[lang], "TERMS", None)
    assert isinstance(table, dict), f"engine/lang/{lang}.py has no TERMS table"
    return table


def rejected_uses(lang: str, texts: dict[str, str]) -> list[str]:
    """Where ``texts`` (place: text) use a variant the language's TERMS reject."""
    found = []
    for concept, (chosen, rejected) in terms(lang).items():
        for pattern in rejected:
            regex = re.compile(r"\b(?:" + pattern + r")\b", re.IGNORECASE)
            for place, text in texts.items():
                for m in regex.finditer(text):
                    line = text.count("\n", 0, m.start()) + 1
                    found.append(f"{place}:{line}: {m.group(0)!r} ({concept}: say {chosen!r})")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_terms_table_is_well_formed_and_the_glossary_is_its_home(lang: str) -> None:
    table = terms(lang)
    assert set(GLOSSARY_CONCEPTS) <= set(table), set(GLOSSARY_CONCEPTS) - set(table)
    glossary = (DOCS / ("glossary.md" if lang == "en" else f"glossary.{lang}.md")).read_text(
        "utf-8"
    )
    heads = dict(
        (anchor, head.strip())
        for head, anchor in re.findall(r"^## (.+?) \{#([\w-]+)\}", glossary, re.M)
    )
    assert list(heads) == GLOSSARY_CONCEPTS
    for concept, (chosen, rejected) in table.items():
        assert chosen and isinstance(rejected, tuple), concept
        for pattern in rejected:
            re.compile(pattern)
            assert not re.fullmatch(r"(?:" + pattern + r")", chosen, re.IGNORECASE), concept
        if concept in heads:
            assert heads[concept].casefold() == chosen.casefold(), (concept, heads[concept])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_strings_and_sentences_use_only_the_chosen_terms(lang: str) -> None:
    texts = {p.name: p.read_text("utf-8") for p in pages(lang)}
    texts.update({f"engine/lang/{lang}.py[{k}]": v for k, v in strings(lang).items()})
    # The engine's sentences as a reader meets them, filled in (scripts/make_sentences.py).
    corpus = ROOT / "tests" / "data" / "sentences" / f"{lang}.txt"
    texts[str(corpus.relative_to(ROOT))] = corpus.read_text("utf-8")
    found = rejected_uses(lang, texts)
    assert not found, "\n".join(found)


def test_the_clashes_of_issue_37_are_rejected() -> None:
    """Each word the issue found naming two things is rejected where it names the other."""
    clashes = {
        "de": ["Auf dieser Seite gilt", "die Punkte, die deine Seite erzielt", "die freie Seite"],
        "pl": ["Na tej stronie", "twoja strona zdobywa", "z jednej strony i na 3 z drugiej"],
        "pl-sampling": ["jej błąd próbkowania"],
        "fr": ["le jeu est alors bloqué", "Télécharger la partie refusée", "le même nombre"],
        "fr-save": ["elle a été mise de côté"],
        "da": ["Dit gemte spil er tilbage", "hver med et par små opgaver", "Løste opgaver: 2 af 5"],
    }
    for key, sentences in clashes.items():
        lang = key.split("-")[0]
        for sentence in sentences:
            assert rejected_uses(lang, {"page": sentence}), (lang, sentence)


def test_a_rejected_variant_is_caught() -> None:
    assert rejected_uses("en", {"page": "Draw from the stock pile."})
    assert rejected_uses("en", {"page": "Keep a scorecard."})
    assert not rejected_uses("en", {"page": "Draw from the boneyard; keep a score sheet."})


# -- French typography ----------------------------------------------------------------


CODE_BLOCK = re.compile(r"^```(?:json|text|sh|console|python)\n.*?^```$", re.M | re.S)
"""A block of code or data shown as it is (a record written by hand), not the site's
fences, whose captions are prose."""


def prose(markdown: str) -> str:
    """The reader's text of a page: code, HTML, URLs, fence keys and markers dropped."""
    text = CODE_BLOCK.sub(" ", markdown)
    text = re.sub(r"```[\w-]*\n", "", text)
    text = re.sub(r"`[^`\n]*`", " ", text)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"\{[#.][^}]*\}", " ", text)
    text = re.sub(r"^(\s*)(?:!!!|\?\?\?\+?)\s*\w+", r"\1", text, flags=re.M)
    text = re.sub(r"^[a-z][\w.@|-]*:[ \t]", "", text, flags=re.M)  # fence keys
    text = re.sub(r"^\s*\{.*\}\s*$", "", text, flags=re.M)  # fence data (JSON)
    return re.sub(r"^\|?[-:| ]+\|?$", "", text, flags=re.M)  # table rules


FRENCH_RULES = [
    (re.compile(r"'"), "an apostrophe is ’"),
    (re.compile(r"(?:^|[^\u00a0\s]) ?:(?=\s|$)", re.M), "a no-break space (U+00A0) before :"),
    (
        re.compile(r"(?:[^\u202f\s]|(?<=\S) )[;?!](?=\s|$|[»)])", re.M),
        "a narrow no-break space (U+202F) before ; ? !",
    ),
    (re.compile(r"«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»"), "no-break spaces inside « »"),
    (
        re.compile(r"(?:\d|\})[ \t](?:Kio|Mio|Ko|Mo|Go|octets?|%)(?!\w)"),
        "a no-break space between a number and its unit",
    ),
]


def french_faults(text: str) -> list[str]:
    faults = []
    for regex, rule in FRENCH_RULES:
        for m in regex.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            start = text.rfind("\n", 0, m.start()) + 1
            faults.append(f"line {line}: {rule}: {text[start : start + 90]!r}")
    return faults


def test_french_pages_follow_french_typography() -> None:
    found = [
        f"{p.name} {f}" for p in pages("fr") for f in french_faults(prose(p.read_text("utf-8")))
    ]
    assert not found, f"{len(found)} faults:\n" + "\n".join(found[:60])


def test_french_strings_follow_french_typography() -> None:
    found = [f"{k}: {f}" for k, v in strings("fr").items() for f in french_faults(v)]
    assert not found, f"{len(found)} faults:\n" + "\n".join(found[:60])


@pytest.mark.parametrize(
    "text",
    [
        "Il n'y a pas de pioche.",
        "Le score : 12.",
        "Le score\u00a0: 12 ; puis 13.",
        "Qui gagne ?",
        "Qui gagne?",
        "Il dit «\u00a0oui ».",
        "Ce fichier dépasse 256 Kio\u00a0: ce n’est pas une feuille de marque.",
    ],
)
def test_a_french_typography_fault_is_caught(text: str) -> None:
    assert french_faults(text)


def test_a_code_block_is_no_prose_but_a_fences_caption_is() -> None:
    record = '```json\n{\n  "preset": "block",\n  "players": 2\n}\n```\n'
    assert french_faults(prose(record)) == []
    assert french_faults(prose("```domino\ncaption: Le score : 12.\n```\n"))


def test_good_french_typography_passes() -> None:
    good = "Il n’y a pas de pioche\u00a0: personne ne pioche\u202f; qui gagne\u202f?"
    good += " «\u00a0Domino\u00a0»\u202f!"
    assert french_faults(good) == []


# -- seats ----------------------------------------------------------------------------

SEAT_WORDS = {
    "en": r"seats?",
    "fr": r"sièges?",
    "pl": r"miejsc\w*",
    "de": r"sitz\w*",
    "da": r"plads\w*",
}


def seat_zero(lang: str) -> re.Pattern[str]:
    """A seat word followed by 0: "Seat 0", "seats 0 and 2", "Miejsce 0"."""
    return re.compile(r"\b(?:" + SEAT_WORDS[lang] + r")\s+0\b", re.IGNORECASE)


def texts_of(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in texts_of(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts_of(v)]
    return []


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_view_of_a_match_names_seat_zero(lang: str) -> None:
    from test_practice import play_match

    for preset, options, players, levels in [
        ("block", {}, 3, ["club", "club"]),
        ("block-dk", {"partnerships": True}, 4, ["club", "club", "club"]),
        ("all-fives", {}, 2, ["club"]),
    ]:
        save = practice.new_save(preset, options, players, levels, seed=5)
        _, views = play_match(save, lang)
        said = [t for view in views for t in texts_of(view) if not t.lstrip().startswith("<svg")]
        assert said, preset
        zero = [t for t in said if seat_zero(lang).search(t)]
        assert not zero, zero[:5]
        # A view names seats as the reader counts them: the last seat is named.
        assert any(re.search(rf"\b{players}\b", t) for t in said)


def test_seat_zero_is_caught() -> None:
    assert seat_zero("en").search("Seat 0 has laid their last tile")
    assert seat_zero("pl").search("Miejsce 0 wygrywa")
    assert not seat_zero("en").search("Seat 1 scores 0 points")
    assert json.dumps(texts_of({"a": ["x", {"b": "y"}]})) == '["x", "y"]'


# -- the sentences issue 37 quoted ----------------------------------------------------

# What a native editor found false or awkward on the pages and in their strings (issue
# 37), as the text had it. None may come back. Sentences of the engine's narration,
# puzzles, review and hints (``OTHERS``) are rewritten with their grammar and checked by
# their own tests.
QUOTED = {
    "en": [
        "Score a player who goes out",
        "the same blocked round as in the lesson before",
        # False: a blocked round's winner scores the others' pips less their own.
        "round, and they are the [pips](glossary.md#pips) left in the other hands",
        # False under a heading that covers Draw, where nobody scores in play.
        "leads, so winning a round also gives you the first chance to score",
        "Draw uses Block's rules apart from the boneyard",
    ],
    "fr": [
        "Les seuls points se marquent",
        "chacun en reçoit 7 et 0 domino reste de côté",
        "La date choisit le problème du jour",
        "Votre partie enregistrée est de retour",
        "en tournant vers la gauche",
        "toutes les mains retournées",
        "extrémité gauche demande un 1",
        "la même manche bloquée que dans la leçon précédente",
        "suit en tout les règles du Block, la pioche mise à part",
        "et ce sont les [points](glossary.md#pips) restés dans les autres mains",
        "précédente : remporter une manche, c’est donc aussi",
    ],
    "pl": [
        "remisuje na najmniejszej sumie",
        "idzie do najbliższej wielokrotności pięciu",
        "Łamigłówkę dnia wybiera data",
        "poza stosem do dobierania, gra się według zasad Blocka",
        "co w poprzedniej lekcji",
        "a składają się na nie [oczka](glossary.md#pips)",
        "poprzedniej, więc wygrana runda daje też pierwszą okazję",
    ],
    "de": [
        "Wer die erste Runde eröffnet, bestimmt ein faires Los",
        "bis einer passt, und passt erst",
        "bis einer passt, und du passt erst",
        "Passen wenige genug verdeckte Verteilungen",
        "Leg ihn ohne Ende",
        "3, 4, 8 und 9 werden aufgerundet",
        "wie in der Lektion davor",
        "Runde gewonnen hat, die [Augen](glossary.md#pips), die in den Händen der anderen",
        "wer eine Runde gewinnt, hat also in der nächsten auch die erste Chance",
        "folgt Draw, vom Talon abgesehen, den Block-Regeln",
    ],
    "da": [
        "det, du kunne vide i øjeblikket",
        "de egne",
        "Spillere af Draw og All Fives",
        "kommer ved en åben ende",
        "gå så til nærmeste multiplum af fem",
        "går 18 til nærmeste multiplum",
        "pointene går til nærmeste multiplum af fem",
        "Når målet nås af begge sider",
        "som i lektionen før",
        "Pointene er de [øjne](glossary.md#pips), de andre stadig har på hånden",
        "vinder man en runde, får man altså også den første chance",
        "følger Draw reglerne for Block, bortset fra posen",
    ],
}
OTHERS = ("round.", "practice.", "puzzle.", "review.", "hint.", "score.")


def _flat(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", text.replace("’", "'")).replace(",", "")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_quoted_sentences_are_gone(lang: str) -> None:
    texts = {p.name: p.read_text("utf-8") for p in pages(lang)}
    texts.update({k: v for k, v in strings(lang).items() if not k.startswith(OTHERS)})
    found = [
        f"{place}: {quote!r}"
        for quote in QUOTED[lang]
        for place, text in texts.items()
        if _flat(quote).casefold() in _flat(text).casefold()
    ]
    assert not found, "\n".join(found)


def test_a_quoted_sentence_is_found_however_it_is_wrapped() -> None:
    assert (
        _flat("extrémité gauche demande un 1").casefold()
        in _flat("right: L’extrémité gauche,\ndemande un 1.").casefold()
    )


# A lesson of the Danish house rules whose leader opens with anything but the highest
# double dealt is a later round of its match (RULES.md: the first round opens with the
# highest double): its section says so, in these words.
LATER_ROUND = {
    "en": "later round",
    "fr": "manches suivantes",
    "pl": "dalszych rund",
    "de": "spätere Runden",
    "da": "senere runder",
}


def _danish_lessons(markdown: str) -> tuple[str, list[dict[str, str]]]:
    """The text of the Danish house rules' section and its lesson tasks' fields."""
    start = markdown.index("{#danish}")
    end = markdown.find("\n## ", start)
    section = markdown[start : None if end < 0 else end]
    tasks = []
    for body in re.findall(r"^```lesson-task\n(.*?)^```$", section, re.M | re.S):
        tasks.append(dict(re.findall(r"^([\w.@-]+):[ \t]*(.*)$", body, re.M)))
    return section, tasks


def _opens_out_of_first_round_order(task: dict[str, str]) -> bool:
    if task.get("preset") != "block-dk":
        return False
    doubles = [int(t[0]) for t in task["hands"].split() if "-" in t and t[0] == t[-1]]
    first = task["plays"].split()[0].split("@")[0]
    return bool(doubles) and first != f"{max(doubles)}-{max(doubles)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_danish_lessons_say_they_are_later_rounds(lang: str) -> None:
    page = DOCS / ("learn.md" if lang == "en" else f"learn.{lang}.md")
    section, tasks = _danish_lessons(page.read_text("utf-8"))
    assert tasks
    if any(_opens_out_of_first_round_order(task) for task in tasks):
        assert LATER_ROUND[lang] in _flat(section), lang


def test_a_later_round_is_recognised() -> None:
    task = {"preset": "block-dk", "hands": "1-6 0-0 / 6-6 2-3", "plays": "1-6 6-6@right"}
    assert _opens_out_of_first_round_order(task)
    assert not _opens_out_of_first_round_order({**task, "plays": "6-6 1-6@left"})


@pytest.mark.parametrize("lang", ["da"])
def test_danish_quotes_are_not_german(lang: str) -> None:
    """Danish quotes with “…” (or »…«), never German „…“ (issue 37 found five)."""
    texts = {p.name: p.read_text("utf-8") for p in pages(lang)}
    texts.update(strings(lang))
    found = [place for place, text in texts.items() if "„" in text]
    assert not found, found

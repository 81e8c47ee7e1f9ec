"""The numbers a page states, read the same way in all five languages, and the
arithmetic it writes out (a plain module, not a hook).

Used by the checks (``hooks/checks.py``, whose docstring says which rule covers which
number) and the lessons' (``hooks/lessons.py``). Three things live here:

- :func:`tokens`: every number of a text, language-aware: numbers in digits (``12``,
  ``1,5`` or ``1.5`` as the language writes decimals, ``1 000`` / ``1,000`` /
  ``1.000`` as it groups thousands, ``20.`` or ``20th`` as an ordinal, all by value),
  tiles (``[6|6]``, one token each, whichever half comes first), and numbers written as
  words (:data:`NUMBER_WORDS`, three to twelve with their inflected forms), and the
  names (:data:`NAMES`) of the double-six set (not a number) and of the tile [6|6].
- :func:`page_parts`: a page's Markdown cut into sections, each with the texts whose
  numbers count (prose, captions, the prose of worked examples) and the
  language-neutral parts of its fences (JSON, plays, presets), which must be the same
  in every language.
- :func:`chains` and :func:`chain_steps`: arithmetic written out (``7 + 8 − 3 = 12``,
  ``26 → 25``, ``10 × 2 = 20``), read into steps to compare with the engine's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

V = TypeVar("V")

# ---------------------------------------------------------------------------------------
# Numbers in a text
# ---------------------------------------------------------------------------------------

NUMBER_WORDS: dict[str, dict[str, int]] = {
    # Numbers written as words, three to twelve, in the forms the pages use (Polish
    # cases and collective numerals, the names of a tile's half, "jedynka" for the 1;
    # German "zu dritt", "Fünfer"). Left out on purpose, as too idiomatic to compare:
    # the words for one (they are also the articles "un", "une", "ein", "en", "et", and
    # "one of" is no count), for two ("both", "each of the two", "either end", "les
    # deux", "obie", "beide", "begge" stand for one another as each language likes;
    # two in digits is compared like any number), ordinals ("second" is also a unit of
    # time, Danish "anden" also means "other") and "once", "twice" and the like.
    "en": {
        "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12,
    },
    "fr": {
        "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
        "dix": 10, "onze": 11, "douze": 12,
    },
    "pl": {
        "trzy": 3, "trzech": 3, "trzem": 3, "trzema": 3, "troje": 3, "trojga": 3,
        "cztery": 4, "czterech": 4, "czterem": 4, "czterema": 4, "czworo": 4,
        "czworga": 4, "pięć": 5, "pięciu": 5, "pięcioma": 5, "sześć": 6, "sześciu": 6,
        "siedem": 7, "siedmiu": 7, "osiem": 8, "ośmiu": 8, "dziewięć": 9,
        "dziewięciu": 9, "dziesięć": 10, "dziesięciu": 10, "jedenaście": 11,
        "dwanaście": 12,
        # A half's value by name: "do jedynki" is "on the 1".
        "jedynka": 1, "jedynki": 1, "jedynkę": 1, "jedynce": 1,
        "trójka": 3, "trójki": 3, "trójkę": 3, "czwórka": 4, "czwórki": 4, "czwórkę": 4,
        "piątka": 5, "piątki": 5, "piątkę": 5, "piątek": 5,
        "szóstka": 6, "szóstki": 6, "szóstkę": 6, "szóstek": 6,
    },
    "de": {
        "drei": 3, "dritt": 3, "vier": 4, "viert": 4, "fünf": 5, "fünfer": 5, "fünferwertung": 5,
        "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
        "elf": 11, "zwölf": 12,
    },
    "da": {
        "tre": 3, "fire": 4, "fem": 5, "seks": 6, "syv": 7, "otte": 8, "ni": 9,
        "ti": 10, "elleve": 11, "tolv": 12,
    },
}  # fmt: skip

# Names, per language: the double-six set is the set's name, not a number the page
# states; "double six" names the tile [6|6].
NAMES: dict[str, list[tuple[str, str]]] = {
    "en": [(r"\bdouble-six\s+set\b", "set"), (r"\bdouble[-\s]six\b", "[6|6]")],
    "fr": [(r"\bjeu\s+double[-\s]six\b", "jeu"), (r"\bdouble[-\s]six\b", "[6|6]")],
    "pl": [(r"\bz\s+dublem\s+sześć\b", ""), (r"\bdub(?:el|la|lem|lu)?\s+sześć\b", "[6|6]")],
    "de": [(r"\bDoppel-?sechs-Satz", "Satz"), (r"\bDoppel-?sechs\b", "[6|6]")],
    "da": [(r"\bdobbelt-seks-sæt", "sæt"), (r"\bdobbelt[- ]seks\b", "[6|6]")],
}


def _names(text: str, lang: str) -> str:
    for pattern, name in NAMES[lang]:
        text = re.sub(pattern, _padded(name), text, flags=re.IGNORECASE)
    return text


def _padded(name: str) -> Callable[[re.Match[str]], str]:
    """A replacement by ``name`` padded to the length of what it replaces (the text's
    positions stay put)."""
    return lambda m: name.ljust(len(m.group()))


# Per language: how thousands are grouped and how a decimal is written.
_THOUSANDS = {
    "en": r"\d{1,3}(?:,\d{3})+",
    "fr": r"\d{1,3}(?:[\u00a0\u202f\u2009 ]\d{3})+",
    "pl": r"\d{1,3}(?:[\u00a0\u202f\u2009 ]\d{3})+",
    "de": r"\d{1,3}(?:\.\d{3})+",
    "da": r"\d{1,3}(?:\.\d{3})+",
}
_DECIMAL = {"en": r"\d+\.\d+(?!\.)", "fr": r"\d+,\d+", "pl": r"\d+,\d+", "de": r"\d+,\d+",
            "da": r"\d+,\d+"}  # fmt: skip
_TILE = r"\[\s*([0-6])\s*\|\s*([0-6])\s*\]"


def _token_re(lang: str) -> re.Pattern[str]:
    return re.compile(
        rf"(?P<tile>{_TILE})"
        rf"|(?P<thousands>(?<![\d.,]){_THOUSANDS[lang]}(?![\d]))"
        rf"|(?P<decimal>(?<![\d.,]){_DECIMAL[lang]}(?!\d))"
        r"|(?P<int>\d+)"
        r"|(?P<word>[^\W\d_]+)"
    )


_TOKEN_RE = {lang: _token_re(lang) for lang in NUMBER_WORDS}

Number = int | Fraction
Token = Number | str
"""A number by its value, or a tile as ``"[low|high]"``."""


@dataclass(frozen=True)
class Found:
    """One number of a text: its token, the text as written and where."""

    token: Token
    text: str
    start: int


def tokens(text: str, lang: str) -> list[Found]:
    """Every number of ``text`` (see the module's docstring), in order."""
    words = NUMBER_WORDS[lang]
    found = []
    for m in _TOKEN_RE[lang].finditer(_names(text, lang)):
        kind = m.lastgroup
        value: Token
        if kind == "tile":
            a, b = sorted((int(m.group(2)), int(m.group(3))))
            value = f"[{a}|{b}]"
        elif kind == "thousands":
            value = int(re.sub(r"\D", "", m.group()))
        elif kind == "decimal":
            value = Fraction(m.group().replace(",", "."))
        elif kind == "int":
            value = int(m.group())
        else:
            w = m.group().lower()
            if w not in words:
                continue
            value = words[w]
        found.append(Found(value, m.group(), m.start()))
    return found


def digits(text: str, lang: str) -> list[Number]:
    """The numbers of ``text`` written in digits, tiles left out."""
    return [
        f.token for f in tokens(text, lang) if not isinstance(f.token, str) and f.text[:1].isdigit()
    ]


# ---------------------------------------------------------------------------------------
# A page cut into sections and fences
# ---------------------------------------------------------------------------------------

# The fields of a fence that are text in the page's language (their numbers count as
# prose), per fence; the others are data, the same in every language. A field named
# ``name.part`` (a lesson task's ``wrong.pass``, ``choice.draw``) is text when ``name`` is.
TEXT_FIELDS = {
    "domino": ("caption",),
    "try": ("caption",),
    "lesson-task": ("question", "right", "wrong", "hint", "choice"),
}


@dataclass
class Text:
    """A piece of a page whose numbers count: where it is and what it says."""

    where: str
    text: str
    line: int


@dataclass
class Section:
    """A part of a page from one heading to the next."""

    heading: str
    line: int
    texts: list[Text] = field(default_factory=list)
    neutral: list[str] = field(default_factory=list)


_FENCE = re.compile(r"^([ \t]*)```([\w-]*)[ \t]*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{[^}]*\})?\s*$")
# Not numbers a page states: a link's target, an HTML tag's attributes, a heading's
# {#anchor}, and the marker of a numbered list item (the list's order, not a number).
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_TAG = re.compile(r"<[^>]*>")
_ATTR_LIST = re.compile(r"\{\s*:?\s*[#.][^}]*\}")
_LIST_MARKER = re.compile(r"^(\s*)\d+[.)](?=\s)")


def prose_line(line: str) -> str:
    """A line of prose with what is not a stated number blanked out."""
    line = _LIST_MARKER.sub(r"\1", line)
    line = _LINK_TARGET.sub("]", line)
    line = _ATTR_LIST.sub(" ", line)
    return _TAG.sub(" ", line)


def page_parts(markdown: str) -> list[Section]:
    """The sections of a page: each with its texts whose numbers count and the
    language-neutral parts of its fences."""
    sections = [Section("(top of the page)", 1)]
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence and fence.group(2):
            name, indent = fence.group(2), len(fence.group(1))
            start = i
            i += 1
            body = []
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i][indent:] if lines[i][:indent].isspace() else lines[i])
                i += 1
            _fence_parts(sections[-1], name, body, start + 1)
            i += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            sections.append(Section(heading.group(2), i + 1))
            sections[-1].texts.append(Text("prose", prose_line(line), i + 1))
            i += 1
            continue
        # A paragraph (or list, table, box): its lines read together, so that a name
        # broken over two lines is still a name.
        start, para = i, []
        while (
            i < len(lines)
            and lines[i].strip()
            and not _HEADING.match(lines[i])
            and not _FENCE.match(lines[i])
        ):
            para.append(prose_line(lines[i]))
            i += 1
        if para:
            sections[-1].texts.append(Text("prose", "\n".join(para), start + 1))
        else:
            i += 1
    return sections


def _fence_parts(section: Section, name: str, body: list[str], line: int) -> None:
    if name == "example":
        text = "\n".join(body)
        head, sep, prose = text.partition("\n---")
        section.neutral.append(f"example {head.strip()}")
        if sep:
            section.texts.append(Text("example", prose.lstrip("\n"), line + head.count("\n") + 3))
        return
    if name in TEXT_FIELDS:
        neutral = []
        for k, raw in enumerate(body):
            key, sep, value = raw.partition(":")
            if sep and key.strip().split(".")[0] in TEXT_FIELDS[name]:
                section.texts.append(Text(f"{name} {key.strip()}", value, line + k + 1))
            else:
                neutral.append(raw.strip())
        section.neutral.append(f"{name} " + " / ".join(x for x in neutral if x))
        return
    section.neutral.append(f"{name} " + " ".join(x.strip() for x in body if x.strip()))


def section_tokens(section: Section, lang: str) -> Counter[Token]:
    return Counter(f.token for t in section.texts for f in tokens(t.text, lang))


def show(token: Token) -> str:
    if isinstance(token, Fraction):
        return str(float(token))
    return str(token)


def _diff(counts: Counter[Token], against: Counter[Token]) -> str:
    extra = counts - against
    missing = against - counts
    parts = []
    if extra:
        parts.append("says " + ", ".join(show(t) for t in sorted(extra.elements(), key=str)))
    if missing:
        parts.append("lacks " + ", ".join(show(t) for t in sorted(missing.elements(), key=str)))
    return " and ".join(parts)


def where_tokens(section: Section, lang: str, wanted: Iterable[Token]) -> str:
    """Where in the section the given numbers are written (line numbers)."""
    wanted = set(wanted)
    lines = sorted(
        {
            t.line + t.text[: f.start].count("\n")
            for t in section.texts
            for f in tokens(t.text, lang)
            if f.token in wanted
        }
    )
    return ", ".join(map(str, lines))


def language_problems(pages: dict[str, str], names: dict[str, str]) -> list[tuple[str, str]]:
    """Where the translations of one page disagree about numbers: ``pages`` maps each
    language to the page's Markdown, ``names`` to its file name. Returns
    ``(file, message)`` pairs.

    Rule: every language states the same numbers (as a multiset, digits and words by
    value, tiles as tiles) on the page, and its fences have the same language-neutral
    parts in the same order. The language that differs from the others' agreement (the
    most common count) is named; where sections line up, the section is named too.
    """
    parts = {lang: page_parts(text) for lang, text in pages.items()}
    problems: list[tuple[str, str]] = []
    # Fences: the same data in every language, fence by fence.
    neutral = {lang: [n for s in p for n in s.neutral] for lang, p in parts.items()}
    for lang, items in _outliers(neutral):
        ref = _majority(neutral)
        for k in range(max(len(items), len(ref))):
            a = items[k] if k < len(items) else "(none)"
            b = ref[k] if k < len(ref) else "(none)"
            if a != b:
                problems.append(
                    (
                        names[lang],
                        f"fence {k + 1} differs from the other languages' "
                        f"(the data of a fence is the same in every language): {a!r}, "
                        f"where the others have {b!r}",
                    )
                )
                break
    # Numbers: the same multiset on the page.
    counts = {
        lang: sum((section_tokens(s, lang) for s in p), Counter()) for lang, p in parts.items()
    }
    ref_counts = consensus(counts)
    aligned = len({len(p) for p in parts.values()}) == 1
    for lang in pages:
        if counts[lang] == ref_counts:
            continue
        detail = [f"the page {_diff(counts[lang], ref_counts)}, unlike the other languages"]
        if aligned:
            per = {other: [section_tokens(s, other) for s in parts[other]] for other in pages}
            for k, section in enumerate(parts[lang]):
                mine = per[lang][k]
                agreed = consensus({o: per[o][k] for o in pages})
                if mine != agreed:
                    changed = set((mine - agreed) + (agreed - mine))
                    at = where_tokens(section, lang, changed)
                    detail.append(
                        f"section {section.heading!r} (line {section.line}) "
                        f"{_diff(mine, agreed)}" + (f" (lines {at})" if at else "")
                    )
        problems.append((names[lang], "; ".join(detail)))
    return problems


def consensus(counts: dict[str, Counter[Token]]) -> Counter[Token]:
    """What the languages agree on: for each number, the count most languages give it
    (on a tie, the lowest of the tied counts)."""
    out: Counter[Token] = Counter()
    for token in set().union(*counts.values()):
        seen = Counter(c[token] for c in counts.values())
        best = max(seen.values())
        out[token] = min(n for n, k in seen.items() if k == best)
    return +out


def _majority(values: dict[str, V]) -> V:
    """The value most languages have (the first language's on a tie)."""
    items = list(values.values())
    return max(items, key=lambda v: sum(1 for w in items if w == v))


def _outliers(values: dict[str, list[str]]) -> list[tuple[str, list[str]]]:
    ref = _majority(values)
    return [(lang, v) for lang, v in values.items() if v != ref]


# ---------------------------------------------------------------------------------------
# Arithmetic written out
# ---------------------------------------------------------------------------------------

OPERATORS = {"+": "+", "−": "−", "-": "−", "–": "−", "×": "×", "=": "=", "→": "→"}
_NUM = r"\d+"
_OP = r"(?:[+−×=→]|(?<=\s)[-–](?=\s))"
_CHAIN = re.compile(
    rf"(?:(?<![\d|\[+−×=→])(?<![+−×=→]\s){_NUM}(?:\s*{_OP}\s*{_NUM})+"
    rf"|[+−×=→]\s*{_NUM}(?:\s*{_OP}\s*{_NUM})*)(?![\d|\]])"
)


@dataclass(frozen=True)
class Written:
    """One step of arithmetic as a text writes it: its kind (``sum``, ``round`` or
    ``double``), signed operands and result (``None`` when no ``=`` or ``→`` gives
    one), and the text it was read from."""

    kind: str
    operands: tuple[int, ...]
    result: int | None
    text: str

    def value(self) -> int:
        if self.kind == "double":
            out = 1
            for n in self.operands:
                out *= n
            return out
        if self.kind == "round":
            return self.operands[0]
        return sum(self.operands)


def chains(text: str) -> list[str]:
    """The arithmetic written in ``text``: runs of numbers joined by ``+ − × = →``.
    A run that starts with an operator right after another one (``12 → 10, × 2 =
    20``) carries on from it."""
    # Tiles are not numbers of the arithmetic: blank them.
    text = re.sub(_TILE, lambda m: " " * len(m.group()), text)
    found: list[str] = []
    end = -1
    for m in _CHAIN.finditer(text):
        chunk = m.group()
        if not chunk[0].isdigit() and found and re.fullmatch(r"[,;:]?\s*", text[end : m.start()]):
            found[-1] = f"{found[-1]} {chunk}"
        else:
            found.append(chunk)
        end = m.end()
    return found


class ArithmeticError_(ValueError):
    """Arithmetic that cannot be read as steps, or that does not add up."""


def chain_steps(chain: str) -> list[Written]:
    """The steps a run of arithmetic writes: a sum or difference (``7 + 8 − 3 = 12``),
    a product (``10 × 2 = 20``), a rounding (``26 → 25``). Each ``=`` must hold; the
    result of a step is the first number of the next (``9 + 9 = 18 → 20``)."""
    parts = re.findall(rf"{_NUM}|{_OP}", chain)
    items = [OPERATORS.get(p, p) for p in parts]
    if items[0] in OPERATORS.values():
        raise ArithmeticError_(f"{chain!r} starts with {items[0]}")
    steps: list[Written] = []
    current: list[int] = [int(items[0])]
    ops: list[str] = []
    k = 1
    while k < len(items) - 1:
        op, n = items[k], int(items[k + 1])
        k += 2
        if op in ("+", "−", "×"):
            current.append(-n if op == "−" else n)
            ops.append(op)
            continue
        # "=" or "→" ends a step.
        if op == "→":
            if ops:
                steps.append(_written(current, ops, None, chain))
            steps.append(Written("round", (_value(current, ops, chain),), n, chain))
        else:
            if not ops:
                raise ArithmeticError_(f"{chain!r}: nothing to work out before =")
            step = _written(current, ops, n, chain)
            if step.value() != n:
                raise ArithmeticError_(f"{chain!r} does not add up: {step.value()}, not {n}")
            steps.append(step)
        current, ops = [n], []
    if ops:
        steps.append(_written(current, ops, None, chain))
    return steps


def _value(operands: Sequence[int], ops: Sequence[str], chain: str) -> int:
    return _written(list(operands), list(ops), None, chain).value() if ops else operands[0]


def _written(operands: list[int], ops: list[str], result: int | None, chain: str) -> Written:
    if "×" in ops:
        if set(ops) != {"×"}:
            raise ArithmeticError_(f"{chain!r} mixes × with + or −: write one step at a time")
        return Written("double", tuple(operands), result, chain)
    return Written("sum", tuple(operands), result, chain)

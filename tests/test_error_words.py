"""Every error the engine can raise is told wholly in the reader's language: no English
word from the English table in a French, Polish, German or Danish message, no character
written as a ``\\u`` escape that a reader could have read, every seat counted from 1;
and the hostile inputs that once broke this each get one line in the reader's language.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import ROOT, load, run_cli

from engine import DominoError
from engine.core.boundary import MAX_LINE
from engine.core.errors import Seat, Term
from engine.core.records import replay
from engine.lang import TABLES
from engine.presentation import web

OTHERS = ("fr", "pl", "de", "da")
CODES = sorted(
    key.removeprefix("error.")
    for key in TABLES["en"]
    if key.startswith("error.") and not key.startswith(("error.kind.", "error.shape."))
)
FIELD = re.compile(r"{(\w+)")

SEAT_FIELDS = {"seat", "other", "current"}
"""Fields that name a seat in every message that has them; ``expected`` names one only in
``wrong_leader``."""

SEAT = Seat(40)
"""A seat that shows whether it was told from 1: as 41, never as 40."""

CAUSE = DominoError("record_missing_field", field="leader")
"""An error that another reports on (its ``{detail}``)."""


def params_for(code: str) -> dict[str, object]:
    """Representative values for every field of ``code``'s English template."""
    params: dict[str, object] = {}
    for name in FIELD.findall(TABLES["en"][f"error.{code}"]):
        if name in SEAT_FIELDS or (name == "expected" and code == "wrong_leader"):
            params[name] = SEAT
        elif name == "end":
            params[name] = "left"
        elif name == "shape":
            params[name] = Term("error.shape.int")
        elif name != "detail":
            params[name] = 7
    return params


def message(code: str, lang: str) -> str:
    error = DominoError(code, **params_for(code))
    if "{detail}" in TABLES["en"][f"error.{code}"]:
        error.because(CAUSE)
    return error.message(lang)


WORD = re.compile(r"[^\W\d_]{4,}")


def english_words(lang: str) -> set[str]:
    """The words of the English table's errors that ``lang``'s table never uses (so that
    shared words, JSON, the levels' names, field names written as they are in records,
    are not taken for English)."""
    english = {w.lower() for k, v in TABLES["en"].items() if k.startswith("error.")
               for w in WORD.findall(v)}  # fmt: skip
    own = {w.lower() for v in TABLES[lang].values() for w in WORD.findall(v)}
    return english - own


@pytest.mark.parametrize("lang", OTHERS)
def test_every_error_is_told_in_the_readers_words(lang: str) -> None:
    foreign = english_words(lang)
    problems = []
    for code in CODES:
        text = message(code, lang)
        english = sorted({w for w in WORD.findall(text) if w.lower() in foreign})
        if english:
            problems.append(f"{code}: English {english}: {text}")
        if "\\u" in text or "\\x" in text:
            problems.append(f"{code}: an escape: {text}")
        if "{" in text or "}" in text:
            problems.append(f"{code}: a field left unfilled: {text}")
        named_seat = any(v is SEAT for v in params_for(code).values())
        if named_seat and ("41" not in text or "40" in text):
            problems.append(f"{code}: a seat not counted from 1: {text}")
    assert problems == []


def test_the_check_finds_english_and_escapes() -> None:
    # The checks above can fail: an English detail, an escaped space, a seat from 0.
    foreign = english_words("fr")
    assert {"missing", "whole"} <= foreign
    assert "domino" not in foreign and "json" not in foreign
    shown = DominoError("bad_tile", tile="a\u00a0b").message("fr")
    assert "\u00a0" in shown and "\\u" not in shown
    assert "\\u202e" in DominoError("bad_tile", tile="a\u202eb").message("fr")


def test_every_seat_in_an_error_is_a_seat_value() -> None:
    """Where the engine raises an error naming a seat, it passes a :class:`Seat`, which
    every message tells counted from 1 (a bare index would be told from 0)."""
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                if kw.arg not in SEAT_FIELDS:
                    continue
                value = kw.value
                if isinstance(value, ast.IfExp):
                    value = value.body
                is_seat = (
                    isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Name)
                    and value.func.id == "Seat"
                )
                callee = ast.unparse(node.func)
                if not is_seat and ("DominoError" in callee or callee in ("_bad", "fail")):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(kw)}")
    assert found == []


# -- the hostile inputs, each one line in the reader's language ------------------------

RECORD = load("example_records.json")["blocked-3-7-8"]["record"]


def one_french_line(text: str) -> None:
    assert text.count("\n") == 0, text
    words = WORD.findall(text.replace("python -m engine", ""))  # a command's name
    assert not {w for w in words if w.lower() in english_words("fr")}, text
    assert "\\u" not in text, text


def test_a_record_without_a_field_is_told_in_french() -> None:
    record = {k: v for k, v in RECORD.items() if k != "leader"}
    answer = replay(record, "fr")
    assert answer["error"] == "Enregistrement incorrect\u00a0: le champ leader manque."
    one_french_line(answer["error"])


def test_a_bad_round_in_a_match_is_told_once() -> None:
    rnd = {k: RECORD[k] for k in ("hands", "plays")}  # no leader
    match = {"preset": "block", "options": {}, "players": 3,
             "first_leader": RECORD["leader"], "rounds": [rnd]}  # fmt: skip
    answer = replay(match, "de")
    assert answer["error"] == "Fehlerhafter Datensatz: Das Feld leader fehlt."
    assert answer["round"] == 0


def test_a_saved_match_with_a_bad_round_keeps_french_spaces() -> None:
    error = DominoError("bad_save").because(
        DominoError("save_round", round=2).because(
            DominoError("hand_size", seat=Seat(0), count=1, expected=7)
        )
    )
    text = error.message("fr")
    assert "Le siège 1 a 1 domino\u202f;" in text
    one_french_line(text)


def test_an_over_long_request_is_told_in_the_language_it_names_first() -> None:
    big = {"record_text": "x" * (MAX_LINE + 10)}
    reply = json.loads(web.call(json.dumps({"lang": "fr", "method": "x", "args": big})))
    assert reply["code"] == "bad_json"
    one_french_line(reply["error"])


def test_replay_on_garbage_answers_in_french() -> None:
    proc = run_cli("replay", "--lang", "fr", stdin="garbage\n{} x\n")
    answers = [json.loads(line)["error"] for line in proc.stdout.splitlines()]
    assert answers == [
        "Cette ligne n’est pas du JSON valide (colonne 1).",
        "Cette ligne n’est pas du JSON valide (colonne 4).",
    ]
    assert proc.returncode == 1 and proc.stderr == ""


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (
            ["review", "-", "--seat", "abc"],
            '--seat attend un nombre entier, pas "abc".',
        ),
        (["review", "-", "--round=x", "--seat", "1"], "--round attend un nombre entier"),
        (["review", "-"], "L’option --seat est obligatoire ici, mais elle manque."),
        (["review", "-", "--seat", "1", "--bogus"], "Cette ligne de commande est illisible"),
        (["describe", "1-4", "--preset", "nope"], "Jeu inconnu"),
        (["review", "/", "--seat", "1"], "/ est un dossier, pas un fichier."),
        (["frobnicate"], "Cette ligne de commande est illisible"),
    ],
)
def test_a_usage_error_is_one_line_in_the_chosen_language(args: list[str], told: str) -> None:
    proc = run_cli(*args, "--lang", "fr", stdin="{}")
    assert proc.returncode == 2 and proc.stdout == ""
    command, _, line = proc.stderr.removesuffix("\n").partition(": ")
    assert command == f"python -m engine {args[0]}" or command == "python -m engine"
    one_french_line(line)
    assert told in line, line


def test_a_usage_error_before_the_language_is_known_is_english() -> None:
    proc = run_cli("describe", "1-4", "--lang", "xx")
    assert proc.returncode == 2
    assert proc.stderr == (
        'python -m engine describe: Unknown language "xx": the languages are en, fr, pl, de '
        "and da.\n"
    )


@pytest.mark.parametrize("command", ["describe", "review"])
def test_an_output_that_cannot_hold_the_words_gets_no_traceback(
    command: str, tmp_path: Path
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    args = ["1-4", "4-4"] if command == "describe" else [str(path), "--seat", "1"]
    env = dict(os.environ, PYTHONIOENCODING="latin-1")
    proc = subprocess.run(
        [sys.executable, "-m", "engine", command, *args, "--lang", "pl"],
        capture_output=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    text = proc.stdout.decode("latin-1")
    assert "?" in text and len(text) > 40  # what Latin-1 cannot hold, shown as "?"

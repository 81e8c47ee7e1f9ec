"""The corpus of every sentence (``tests/data/sentences/<lang>.txt``) is what the engine
says now: written again in memory, it is the committed files, so that every change of
wording shows up as a diff a native editor reads. It holds every key of each table,
and a template with a field it has no sample for stops it."""

from __future__ import annotations

import difflib
import importlib
import sys
from functools import cache
from pathlib import Path

import pytest

from engine.lang import LANGUAGES, TABLES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import make_sentences  # noqa: E402


@cache
def corpus(lang: str) -> str:
    return make_sentences.corpus(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_committed_corpus_is_what_the_engine_says(lang: str) -> None:
    path = make_sentences.OUT / f"{lang}.txt"
    committed = path.read_text(encoding="utf-8") if path.exists() else ""
    made = corpus(lang)
    if made != committed:
        diff = list(
            difflib.unified_diff(
                committed.splitlines(),
                made.splitlines(),
                f"{path.relative_to(ROOT)} (committed)",
                "the engine now",
                n=0,
                lineterm="",
            )
        )
        pytest.fail(
            f"{path.relative_to(ROOT)} is not what the engine says now: run "
            "`python scripts/make_sentences.py` and commit the files (a native editor reads "
            "the diff). The first differences:\n" + "\n".join(diff[:40]),
            pytrace=False,
        )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_corpus_holds_every_key_of_the_table(lang: str) -> None:
    labels = {
        line.split(":", 1)[0].split(" (", 1)[0]
        for line in corpus(lang).splitlines()
        if line and not line.startswith("#")
    }
    missing = sorted(set(TABLES[lang]) - labels)
    assert not missing, f"{lang}: keys the corpus does not fill: {missing}"


def test_a_template_with_an_unsampled_field_stops_the_script(monkeypatch, tmp_path, capsys) -> None:
    english = importlib.import_module("engine.lang.en").STRINGS
    monkeypatch.setitem(english, "practice.mystery", "A {mystery} tile.")
    with pytest.raises(make_sentences.UnsampledField, match=r"practice\.mystery.*\{mystery\}"):
        list(make_sentences.templates("en"))
    monkeypatch.setattr(make_sentences, "OUT", tmp_path / "sentences")
    assert make_sentences.main() == 1
    assert "practice.mystery: the field {mystery} has no sample" in capsys.readouterr().err
    assert not (tmp_path / "sentences").exists()  # no file written


def test_every_plural_count_is_told_with_each_form() -> None:
    # pl: 1 "one", 2 and 22 "few", 0 and 5 "many"; fr: 0 and 1 "one".
    lines = [line for line in corpus("pl").splitlines() if line.startswith("hint.points (")]
    assert [line.split(":", 1)[0] for line in lines] == [
        f"hint.points ({n})" for n in make_sentences.COUNTS
    ]

"""``python -m engine replay`` reads what travels: JSON Lines, one record a line, and a
record pretty-printed over several lines (as ``json.dumps(record, indent=2)`` writes it),
bounded as a line is; its exit status tells whether any answer is an error."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
from engine_helpers import ROOT, Replayer, load, run_cli
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz import JSON, fuzz

from engine import DominoError
from engine.__main__ import main
from engine.core.boundary import MAX_LINE
from engine.core.records import (
    error_answer,
    open_brackets,
    opens_document,
    replay,
    replay_document,
)
from engine.features import practice
from engine.presentation.views.practice import game_view as practice_view

BASE = load("example_records.json")["blocked-3-7-8"]["record"]
GOOD_LINE = json.dumps(BASE)
GOOD = replay(BASE)


def told(code: str, lang: str = "en", **params: object) -> dict:
    return error_answer(DominoError(code, **params), lang)


def pretty(record: object) -> str:
    return json.dumps(record, indent=2) + "\n"


def replay_both(tmp_path: Path, data: str | bytes, *args: str) -> tuple[int, list[dict]]:
    """The exit status and the answers of ``replay`` for ``data``, given as a FILE and on
    standard input: both must answer the same."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    path = tmp_path / "records.json"
    path.write_bytes(raw)
    by_file = run_cli("replay", str(path), *args)
    by_stdin = run_cli_bytes(raw, *args)
    assert by_file.stderr == "" and by_stdin[2] == ""
    answers = [json.loads(line) for line in by_file.stdout.splitlines()]
    assert (by_file.returncode, answers) == by_stdin[:2]
    return by_file.returncode, answers


def run_cli_bytes(raw: bytes, *args: str) -> tuple[int, list[dict], str]:
    """The exit status, answers and error output of ``replay`` reading ``raw``."""
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "replay", *args],
        input=raw,
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    answers = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    return proc.returncode, answers, proc.stderr.decode("utf-8", "replace")


def run_main(stream: Any, *args: str) -> tuple[int, list[dict]]:
    """``main(["replay", ...])`` in this process, reading ``stream`` as standard input."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    stdin = SimpleNamespace(buffer=stream)
    with mock.patch.object(sys, "stdin", stdin), mock.patch.object(sys, "stdout", out):
        code = main(["replay", *args])
    out.flush()
    text = out.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    return code, [json.loads(line) for line in text.splitlines()]


# -- a practice match, downloaded pretty-printed --------------------------------------


def play_to_the_end(save: dict) -> dict:
    """Every seat plays until the match is over: the reader its first legal move, the
    computer seats as the page's computer players do."""
    for _ in range(5000):
        view = practice_view(save, "en")
        if view["phase"] == "match-over":
            return save
        if view["phase"] == "round-over":
            save = practice.next_round(save)
        elif view["your_turn"]:
            tile = next(t for t in view["hand"] if t["playable"])
            end = tile["ends"][0]["end"] if tile["ends"] else None
            save = practice.play(save, f"{tile['code']}@{end}" if end else tile["code"])
        else:
            save, _ = practice.computer_move(save)
    raise AssertionError("the match did not end")


@pytest.fixture(scope="module")
def match() -> tuple[dict, list[list[int]]]:
    """An All Fives match for three (draws, a spinner, play points), played to its end:
    its record and its totals after each round."""
    save = play_to_the_end(practice.new_save("all-fives", {}, 3, ["beginner", "club"], seed=7))
    game = practice.load_game(save)
    return practice.match_record(save), [list(t) for t in game.match.history]


def test_a_pretty_printed_match_record_replays_as_its_one_line_copy(tmp_path, match):
    record, history = match
    text = pretty(record)
    assert text.count("\n") > 300  # the download's form: one value over hundreds of lines
    one_line = replay_both(tmp_path, json.dumps(record) + "\n")
    assert replay_both(tmp_path, text) == one_line == (0, [replay(record)])
    answer = one_line[1][0]
    assert answer["ok"] and answer["totals"] == history and answer["rounds_played"] > 1
    # As an editor may save it: a byte order mark, CRLF line ends, no last line end,
    # blank lines around it and inside it.
    windows = "\ufeff\r\n\r\n" + text.replace("\n", "\r\n").replace('  "rounds"', '\r\n  "rounds"')
    assert replay_both(tmp_path, windows.rstrip("\r\n")) == one_line


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_record_pretty_printed_by_the_browser_replays(tmp_path, match):
    # As the practice page's script writes a download: JSON.stringify(record, null, 2).
    record, history = match
    script = (
        'let s = ""; process.stdin.on("data", (d) => (s += d));'
        'process.stdin.on("end", () => process.stdout.write('
        "JSON.stringify(JSON.parse(s), null, 2) + '\\n'));"
    )
    node = subprocess.run(
        ["node", "-e", script], input=json.dumps(record), capture_output=True, text=True
    )
    assert node.returncode == 0, node.stderr
    assert node.stdout.count("\n") > 300
    code, answers = replay_both(tmp_path, node.stdout)
    assert code == 0 and answers == [replay(record)] and answers[0]["totals"] == history


def test_pretty_printed_records_may_follow_one_another(tmp_path, match):
    record, _ = match
    # As ``jq . records.jsonl`` writes them: documents one after another, a one-line
    # record among them, blank lines between; each gets its answer, in order.
    data = "\n" + pretty(record) + "\n\n" + pretty(BASE) + GOOD_LINE + "\n\n" + pretty(record)
    assert replay_both(tmp_path, data) == (0, [replay(record), GOOD, GOOD, replay(record)])


def test_a_pretty_printed_array_is_one_document_and_not_a_record(tmp_path):
    code, answers = replay_both(tmp_path, pretty([BASE, BASE]) + GOOD_LINE + "\n")
    assert code == 1
    assert answers == [told("record_round_not_object"), GOOD]


def test_a_pretty_printed_record_is_answered_as_soon_as_its_last_line_is_read():
    lines = pretty(BASE).encode().splitlines()
    replayer = Replayer()
    try:
        for line in lines[:-1]:
            replayer.send(line)
        assert replayer.ask(lines[-1]) == GOOD  # no need to wait for the end of input
        assert replayer.ask(GOOD_LINE.encode()) == GOOD
        for line in lines[:-1]:
            replayer.send(line)
        assert replayer.ask(lines[-1]) == GOOD
    finally:
        assert replayer.close() == (0, "")


def test_in_json_lines_a_line_cut_short_is_answered_at_once():
    replayer = Replayer("--lang", "da")
    try:
        assert replayer.ask(GOOD_LINE.encode()) == replay(BASE, "da")
        answer = replayer.ask(b'{"preset": "block", "options": {},')
        assert answer["error"].startswith("Denne linje er ikke gyldig JSON")
        assert replayer.ask(GOOD_LINE.encode()) == replay(BASE, "da")
    finally:
        assert replayer.close() == (1, "")


# -- exit status and bad input ------------------------------------------------------------


def test_a_bad_line_among_good_ones_is_answered_and_the_status_is_1(tmp_path):
    lines = ["", GOOD_LINE, "  ", '{"preset": "block",', GOOD_LINE, "[1, 2]", GOOD_LINE, ""]
    code, answers = replay_both(tmp_path, "\n".join(lines))
    assert code == 1
    # The first line is a whole record: the input is JSON Lines, and a line cut short is
    # a bad line, answered at once (it does not take the next lines with it).
    assert answers == [
        GOOD,
        told("line_bad_json", column=20),
        GOOD,
        told("record_round_not_object"),
        GOOD,
    ]
    assert replay_both(tmp_path, "\n\n" + GOOD_LINE + "\n \n" + GOOD_LINE) == (0, [GOOD, GOOD])
    assert replay_both(tmp_path, "") == (0, [])
    assert replay_both(tmp_path, "\n  \n\n") == (0, [])


def test_every_bad_record_sets_the_status(tmp_path):
    for data in (json.dumps(dict(BASE, leader=9)), "{oops", "x" * (MAX_LINE + 1)):
        code, answers = replay_both(tmp_path, GOOD_LINE + "\n" + data + "\n")
        assert code == 1 and answers[0] == GOOD and answers[1]["ok"] is False
    code, answers = replay_both(tmp_path, pretty(dict(BASE, plays=BASE["plays"][:-1])))
    assert code == 1 and answers[0]["error"].startswith("The plays stop before the round is over")


def test_a_truncated_pretty_printed_record_is_one_error(tmp_path, match):
    record, _ = match
    text = pretty(record)
    for cut in (2, len(text) // 2, len(text) - 3):
        code, answers = replay_both(tmp_path, "\n" + text[:cut], "--lang", "fr")
        assert code == 1
        assert answers == [told("document_incomplete", "fr", line=2)]
        assert answers[0]["error"].startswith("Le document JSON qui commence à la ligne 2 ")


def test_a_broken_pretty_printed_record_names_the_line_and_goes_on(tmp_path):
    broken = pretty(BASE).replace('"players": 3,', '"players": 3x,')
    code, answers = replay_both(tmp_path, "\n\n" + broken + pretty(BASE))
    line = 2 + broken.splitlines().index('  "players": 3x,') + 1
    assert code == 1
    assert answers == [
        told("document_bad_json", line=3, at=line, column=15),
        GOOD,
    ]
    assert answers[0]["error"] == (
        f"The JSON document that begins on line 3 is not valid JSON (line {line}, column 15)."
    )


def test_a_pretty_printed_document_is_bounded_as_a_line_is(tmp_path):
    # Up to MAX_LINE bytes, its line ends counted, a document is read; a byte more, not.
    text = pretty(BASE)
    at_limit = text[:-2] + "\n" + " " * (MAX_LINE - len(text) - 1) + "}\n"
    assert len(at_limit.encode()) == MAX_LINE
    over = at_limit[:-2] + " }\n"
    code, answers = replay_both(tmp_path, at_limit + over + at_limit)
    second = at_limit.count("\n") + 1
    assert code == 1
    assert answers == [GOOD, told("document_too_long", line=second, limit=MAX_LINE), GOOD]
    # A document nested deeper than the JSON reader reads, or holding a number too long.
    deep = "[\n" * 50_000 + "]\n" * 50_000
    digits = sys.get_int_max_str_digits()
    long_number = '{\n  "players": ' + "7" * (digits + 1) + "\n}\n"
    code, answers = replay_both(tmp_path, deep + long_number + GOOD_LINE + "\n")
    assert code == 1
    assert answers == [
        told("document_too_deep", line=1),
        told("document_number_too_long", line=100_001, limit=digits),
        GOOD,
    ]


def test_a_document_that_is_not_utf8_is_an_error_on_standard_input():
    raw = (
        pretty(BASE).replace('"block"', '"caf\xe9"').encode("latin-1") + GOOD_LINE.encode() + b"\n"
    )
    code, answers, stderr = run_cli_bytes(raw)
    assert (code, answers, stderr) == (1, [told("document_not_utf8", line=1), GOOD], "")


class Endless:
    """A stream of one document that goes on for ``size`` bytes, a line at a time, then
    closes and is followed by a good record; it keeps nothing itself."""

    def __init__(self, size: int, close: bool = True) -> None:
        self.lines = self._lines(size, close)

    def _lines(self, size: int, close: bool) -> Iterator[bytes]:
        yield b'{"preset": "block", "pad": [\n'
        for i in range(size // 1008):
            yield b'  "%07d' % i + b"x" * 995 + b'",\n'  # a new object each time, 1008 bytes
        if close:
            yield b'  "x"]}\n'
            yield GOOD_LINE.encode() + b"\n"

    def readline(self, limit: int = -1) -> bytes:
        line = next(self.lines, b"")
        assert limit > 0 and len(line) <= limit
        return line


@pytest.mark.slow
def test_an_over_large_document_is_read_in_bounded_memory():
    tracemalloc.start()
    try:
        code, answers = run_main(Endless(40 * MAX_LINE))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (code, answers) == (1, [told("document_too_long", line=1, limit=MAX_LINE), GOOD])
    assert peak < 6 * MAX_LINE  # 40 MiB read; at most one line past the limit kept
    # One that never closes is the same one error, however long it goes on.
    code, answers = run_main(Endless(3 * MAX_LINE, close=False))
    assert (code, answers) == (1, [told("document_too_long", line=1, limit=MAX_LINE)])
    code, answers = run_main(Endless(MAX_LINE // 2, close=False))
    assert (code, answers) == (1, [told("document_incomplete", line=1)])


# -- the pieces, in process --------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "opens"),
    [
        (b"{\n", True),
        (b"  [\r\n", True),
        (b'{"preset": "block",\n', True),
        (b'{"rounds": [{"leader": 0, "plays": ["1-4"\n', True),
        (b"{}\n", False),
        (GOOD_LINE.encode(), False),
        (b"{oops\n", False),
        (b'{"preset": "blo\n', False),  # a string cut short: a bad line, not a start
        (b'"{"\n', False),
        (b"[" * 100_000, False),  # too deep to read: a bad line
        (b"\xff{\n", False),
        (b"{\xff\n", False),
        (b"\n", False),
    ],
)
def test_a_document_opens_on_a_line_that_is_good_json_as_far_as_it_goes(line, opens):
    assert opens_document(line) is opens


def test_brackets_inside_strings_do_not_count():
    assert open_brackets(b"{\n") == 1
    assert open_brackets(b'  "hands": [["1-4", "{[", "\\"]"],\n') == 1
    assert open_brackets(b"  ]},\n") == -2
    assert open_brackets(b'  "cut short [\n') == 0


def test_replay_document_in_process():
    assert replay_document(pretty(BASE)) == GOOD
    assert replay_document(pretty(BASE).encode(), "de", line=4) == GOOD
    assert replay_document("{\n", "pl", line=7) == told(
        "document_bad_json",
        "pl",
        line=7,
        detail="Expecting property name enclosed in double quotes",
        at=8,
        column=1,
    )
    assert replay_document(b"{\xff}") == told("document_not_utf8", line=1)
    assert replay_document(b" " * (MAX_LINE + 1)) == told(
        "document_too_long", line=1, limit=MAX_LINE
    )
    assert replay_document(5)["error"] == "The argument text cannot be 5 (whole number)."
    for bad in (0, True, "1"):
        with pytest.raises(DominoError, match="The argument line cannot be"):
            replay_document("{}", line=bad)  # type: ignore[arg-type]


@fuzz(60)
@given(
    st.dictionaries(st.text(max_size=6), JSON, min_size=1, max_size=5)
    | st.lists(JSON, min_size=1, max_size=5)
)
def test_any_pretty_printed_value_answers_as_its_one_line_copy(value):
    one_line = json.dumps(value).encode() + b"\n"
    code, answers = run_main(io.BytesIO(json.dumps(value, indent=2).encode() + b"\n"))
    assert (code, answers) == run_main(io.BytesIO(one_line))
    assert answers == [replay(value)]


PIECES = [b"{", b"[", b"}", b"]", b'"', b"\\", b",", b":", b"\n", b"\r\n", b" ", b"\xff", b"1"]
PIECES += [GOOD_LINE.encode(), *(line + b"\n" for line in pretty(BASE).encode().splitlines())]


@fuzz(100)
@given(st.lists(st.sampled_from(PIECES) | st.binary(max_size=4), max_size=60))
def test_any_input_is_answered_and_the_status_says_whether_all_was_good(pieces):
    data = b"".join(pieces)
    code, answers = run_main(io.BytesIO(data))
    assert len(answers) <= data.count(b"\n") + 1
    for answer in answers:
        assert isinstance(answer["ok"], bool) and len(answer.get("error", "")) < 300
    assert code == (0 if all(a["ok"] for a in answers) else 1)


def test_help_tells_the_exit_statuses():
    proc = run_cli("replay", "--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    assert "Exit status: 0 if every record was replayed, 1 if any line or record" in text
    assert "2 for a usage error" in text


def test_help_tells_the_exit_status_of_an_output_that_cannot_be_written():
    text = " ".join(run_cli("replay", "--help").stdout.split())
    assert "3 if standard output is closed or cannot be written" in text


def _run_without_output(args: list[str], output: str, stdin: bytes) -> tuple[int, str]:
    """``python -m engine ARGS`` with standard output ``closed`` or on ``/dev/full``."""
    command = [sys.executable, "-m", "engine", *args]
    common: dict[str, Any] = {"input": stdin, "stderr": subprocess.PIPE, "cwd": ROOT}
    if output == "closed":
        proc = subprocess.run(command, stdout=None, preexec_fn=lambda: os.close(1), **common)
    else:
        with open("/dev/full", "wb") as full:
            proc = subprocess.run(command, stdout=full, **common)
    return proc.returncode, proc.stderr.decode("utf-8")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("output", ["closed", "full"])
@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["replay"], (GOOD_LINE + "\n").encode()),
        (["replay", "--lang", "fr"], (GOOD_LINE + "\n").encode() * 3),
        (["describe", "1-4", "4-4"], b""),
        (["describe", "--lang", "fr", "1-4"], b""),
    ],
)
def test_an_output_closed_or_full_ends_with_one_line_and_no_traceback(args, stdin, output):
    code, err = _run_without_output(args, output, stdin)
    lang = "fr" if "fr" in args else "en"
    key = "output_closed" if output == "closed" else "output_full"
    assert code == 3, err
    assert err == f"python -m engine {args[0]}: {DominoError(key).message(lang)}\n"


def test_a_reader_that_goes_away_still_stops_the_answers_quietly():
    proc = subprocess.run(
        f"{sys.executable} -m engine replay | head -c 1",
        shell=True,
        input=(GOOD_LINE + "\n").encode() * 20000,
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.stderr == b"" and len(proc.stdout) == 1


@pytest.mark.parametrize("cut", [40, 120, 200])
def test_every_complete_record_after_a_cut_short_document_is_answered(tmp_path, cut):
    """A pretty-printed record cut short, then two good ones: the cut one is one error and
    each good one its answer (the document reader swallowed both, issue 38)."""
    broken = pretty(BASE)[:cut].rstrip("\n") + "\n"
    code, answers = replay_both(tmp_path, broken + GOOD_LINE + "\n" + GOOD_LINE + "\n")
    assert code == 1
    assert answers == [told("document_incomplete", line=1), GOOD, GOOD]
    # The next record pretty-printed too, after a cut ending where no value may follow.
    lines = pretty(BASE).splitlines(keepends=True)
    ends = (",", ":", "[", "{")
    cut_at = next(k for k in range(2, len(lines)) if not lines[k - 1].rstrip().endswith(ends))
    code, answers = replay_both(tmp_path, "".join(lines[:cut_at]) + pretty(BASE))
    assert answers == [told("document_incomplete", line=1), GOOD]


def test_input_with_a_nul_byte_ends_at_once(tmp_path):
    """`replay /dev/zero` never answered: no text holds a NUL, and reading on is for ever."""
    by_file = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "/dev/zero", "--lang", "fr"],
        capture_output=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert by_file.returncode == 2 and by_file.stdout == b""
    assert by_file.stderr.decode("utf-8").count("\n") == 1
    assert "/dev/zero" in by_file.stderr.decode("utf-8")
    with open("/dev/zero", "rb") as zero:
        by_stdin = subprocess.run(
            [sys.executable, "-m", "engine", "replay"],
            stdin=zero,
            capture_output=True,
            cwd=ROOT,
            check=False,
            timeout=60,
        )
    assert by_stdin.returncode == 1
    assert [json.loads(x) for x in by_stdin.stdout.splitlines()] == [told("line_not_utf8")]
    # A good record before the NUL is answered first.
    code, answers, _ = run_cli_bytes((GOOD_LINE + "\n").encode() + b"\0" * 10)
    assert (code, answers) == (1, [GOOD, told("line_not_utf8")])

"""Command line: ``python -m engine replay [FILE]``, ``python -m engine describe`` and
``python -m engine review FILE --seat N``.

``replay`` reads game records in one of two forms, told apart by the first non-blank
line, and answers each record with one JSON line, as soon as the record is read (a caller
may write a line and wait for its answer):

- JSON Lines, one record per line (the first non-blank line holds a whole JSON value, or
  is not JSON at all). It reads one line at a time, at most :data:`engine.core.boundary.MAX_LINE`
  bytes of it, and never stops on a bad line: the line's answer tells what is wrong.
- Pretty-printed JSON, a record written over several lines (the first non-blank line
  opens a ``{`` or ``[`` that it does not close, as ``json.dumps(record, indent=2)``
  writes). A document ends on the line that closes its last bracket, and is answered
  then; more may follow, each a document or a one-line record. A document is kept to at
  most MAX_LINE bytes (its line ends counted) and nested no deeper than the JSON reader
  reads a line; one that goes on past that, or stops before its end, is one error answer.
  A JSON array is one document, and not a record: its answer is an error.

Errors are told in ``--lang``. The exit status is 0 when every record was replayed, 1 when
any line or document was answered with an error, 2 for a usage error: a FILE that
does not exist, cannot be read or is not UTF-8 (checked before any answer), and 3 when
standard output is closed or cannot be written (a full disk): then one line on standard
error says so, and nothing more is read. (A reader that goes away, ``| head -1``, only
stops the answers.)

``review`` reads one record (a round or match record, on one line or pretty-printed, at
most MAX_LINE bytes) and judges every decision one seat made in one of its rounds
(:mod:`engine.features.review`): as text in ``--lang``, or with ``--json`` as one JSON object
(:func:`engine.presentation.views.review.review_view`, without the drawings). ``--seat`` and
``--round`` count from 1, as every screen does (the JSON data counts from 0, as records
do). Its exit status: 0 when the round was reviewed, 1 when the engine refused the
record, the seat or the round (the error told in ``--lang``: on standard error, or with
``--json`` as ``{"ok": false, "error": ...}`` on standard output), 2 for a usage error
(a FILE missing, unreadable or not UTF-8), 3 when standard output cannot be written.
"""

from __future__ import annotations

import argparse
import codecs
import errno
import json
import os
import sys
from typing import Any, BinaryIO, NoReturn

from engine.core.boundary import MAX_LINE, whole_object
from engine.core.errors import DominoError, Seat
from engine.core.records import (
    error_answer,
    open_brackets,
    opens_document,
    read_record,
    replay_document,
    replay_line,
)
from engine.core.rules import PRESETS, Rules
from engine.core.words import check_lang
from engine.features import review
from engine.lang import LANGUAGES
from engine.presentation.description import describe
from engine.presentation.views import review as review_views

LANG = "{" + ",".join(LANGUAGES) + "}"
PRESET = "{" + ",".join(PRESETS) + "}"

# argparse prints these as they are: plain text, no reStructuredText markup.
DESCRIPTION = "The domino rules engine on the command line."
REPLAY_DESCRIPTION = (
    "Replay game records (round or match records) and answer each with one JSON line, in "
    "order, as soon as it is read. The input is JSON Lines, one record per line, or "
    "pretty-printed JSON, a record over several lines (as json.dumps(record, indent=2) "
    "writes it): "
    "the first non-blank line tells which. A bad line or record (not JSON, not a good "
    "record, over 1 MiB, not UTF-8, a document cut short) gets an answer with ok false and "
    "the error told in --lang; the records after it go on."
)
REPLAY_EPILOG = (
    "Exit status: 0 if every record was replayed, 1 if any line or record was answered "
    "with an error, 2 for a usage error (a FILE missing, unreadable or not UTF-8), 3 if "
    "standard output is closed or cannot be written."
)
DESCRIBE_DESCRIPTION = "Describe the layout after some plays, in words, in --lang."
REVIEW_DESCRIPTION = (
    "Review one seat's decisions in a finished round of a game record (a round or match "
    "record, as replay reads them): every point where the seat had more than one distinct "
    "move is judged from what that seat could know then, each move's expected value "
    "(the seat's side's points minus the others' in the round), the move made marked best, "
    "good, inaccuracy, mistake or blunder by its expected loss in points, with the better "
    "move, why, and what was known. Forced moves are not judged. Text in --lang, or JSON."
)
REVIEW_EPILOG = (
    "Seats and rounds count from 1, as on every screen (the JSON data counts them from 0, "
    "as records do). Exit status: 0 if the round was reviewed, 1 if the record, seat or "
    "round was refused (the error told in --lang), 2 for a usage error (a FILE missing, "
    "unreadable or not UTF-8), 3 if standard output is closed or cannot be written."
)

_CHUNK = 1 << 16


class _Parser(argparse.ArgumentParser):
    """argparse, whose usage errors are told on one line of standard error, in the
    command line's ``--lang``, with exit status 2."""

    lang = "en"

    def refuse(self, error: DominoError) -> NoReturn:
        """Ends the command with ``error``, a usage error."""
        if sys.stderr is not None:
            print(f"{self.prog}: {error.message(self.lang)}", file=sys.stderr)
        sys.exit(2)

    def error(self, message: str) -> NoReturn:
        # argparse's own words are English: tell what went wrong from what it knows.
        failed = sys.exc_info()[1]
        name = getattr(failed, "argument_name", None)
        cause = getattr(failed, "__context__", None)
        if isinstance(cause, DominoError):
            self.refuse(DominoError(cause.code, option=name, **cause.params))
        self.refuse(DominoError("cli_usage", command=self.prog))


def _whole(text: str) -> int:
    """An option's whole number (``--seat 2``)."""
    try:
        return int(text)
    except ValueError:
        raise DominoError("cli_not_whole", value=text) from None


def _preset(text: str) -> str:
    """An option's preset name, checked by the presets' table."""
    return Rules.make(text).preset


def _lang_of(argv: list[str]) -> str:
    """The ``--lang`` of a command line, read before the rest (English if none is good),
    so that even an error in the other arguments is told in it."""
    for k, arg in enumerate(argv):
        value = argv[k + 1] if arg == "--lang" and k + 1 < len(argv) else None
        if arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        if value in LANGUAGES:
            return value
    return "en"


def _tolerant_output() -> None:
    """Standard output and error write what their encoding cannot hold as ``?`` (a Polish
    review on a Latin-1 terminal), never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if reconfigure is not None and encoding != "utf8":
            reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    _tolerant_output()
    _Parser.lang = _lang_of(argv)
    parser = _Parser(prog="python -m engine", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser(
        "replay",
        help="replay game records, one result per record",
        description=REPLAY_DESCRIPTION,
        epilog=REPLAY_EPILOG,
    )
    rp.add_argument("file", nargs="?", help="records file, UTF-8 (default or -: standard input)")
    rp.add_argument(
        "--lang", type=check_lang, default="en", metavar=LANG, help="language of errors"
    )
    dp = sub.add_parser(
        "describe",
        help="describe the layout after some plays",
        description=DESCRIBE_DESCRIPTION,
    )
    dp.add_argument("plays", nargs="+", help='plays in record notation, e.g. 1-4 "1-1@left"')
    dp.add_argument(
        "--lang", type=check_lang, default="en", metavar=LANG, help="language of the text"
    )
    dp.add_argument(
        "--preset", type=_preset, default="block", metavar=PRESET, help="rules (default: block)"
    )
    vp = sub.add_parser(
        "review",
        help="review one seat's decisions in a round",
        description=REVIEW_DESCRIPTION,
        epilog=REVIEW_EPILOG,
    )
    vp.add_argument("file", help="record file, UTF-8 (-: standard input)")
    vp.add_argument(
        "--seat", type=_whole, help="the seat to review, counted from 1 as on screen (required)"
    )
    vp.add_argument(
        "--round", type=_whole, default=1, help="a match record's round, counted from 1 (default 1)"
    )
    vp.add_argument(
        "--lang", type=check_lang, default="en", metavar=LANG, help="language of the review"
    )
    vp.add_argument("--json", action="store_true", help="one JSON object instead of text")
    vp.add_argument("--seed", type=_whole, default=0, help="seed of the sampled deals (default 0)")
    vp.add_argument(
        "--budget", type=_whole, default=None, help="deals sampled per decision (default 80)"
    )
    args = parser.parse_args(argv)
    if args.command == "review" and args.seat is None:
        vp.refuse(DominoError("cli_missing", option="--seat"))
    try:
        if args.command == "replay":
            return _replay(rp, args.file, args.lang)
        if args.command == "review":
            return _review(vp, args)
        return _describe(args.plays, args.preset, args.lang)
    except OutputError as e:
        _quiet_stdout()
        if sys.stderr is not None:
            print(f"python -m engine {args.command}: {e.error.message(args.lang)}", file=sys.stderr)
        return 3


class OutputError(Exception):
    """Standard output is closed or cannot be written: ``error`` tells why."""

    def __init__(self, error: DominoError) -> None:
        super().__init__(str(error))
        self.error = error


def _output_error(e: OSError | None) -> OutputError:
    if e is None:
        return OutputError(DominoError("output_closed"))
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        return OutputError(DominoError("output_full"))
    if e.errno == errno.EBADF:
        return OutputError(DominoError("output_closed"))
    return OutputError(DominoError("output_failed", errno=e.errno))


def _quiet_stdout() -> None:
    """Points standard output at the null device, so that Python's own flush on the way
    out finds nothing to complain about."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
    except OSError:
        pass
    sys.stdout = None


def _describe(plays: list[str], preset: str, lang: str) -> int:
    try:
        layout = Rules.make(preset).policy.layout.from_plays(plays)
    except DominoError as e:
        print(e.message(lang), file=sys.stderr)
        return 2
    if sys.stdout is None:
        raise _output_error(None)
    try:
        sys.stdout.write(describe(layout, lang) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
    except OSError as e:
        raise _output_error(e) from None
    return 0


def _replay(parser: _Parser, path: str | None, lang: str) -> int:
    if path is None or path == "-":
        stdin = sys.stdin.buffer if sys.stdin is not None else None
        return _answer_lines(stdin, lang) if stdin is not None else 0
    try:
        f = open(path, "rb")  # noqa: SIM115 (closed below, after the usage checks)
    except OSError as e:
        _file_error(parser, path, e)
    with f:
        try:
            # A file that can be read twice is checked whole before any answer; one that
            # cannot (a pipe) is checked line by line, as standard input is.
            if f.seekable():
                bad_line = _first_non_utf8_line(f)
                if bad_line is not None:
                    error = DominoError("file_not_utf8", file=path, line=bad_line)
                    parser.refuse(error)
                f.seek(0)
            return _answer_lines(f, lang)
        except OutputError:
            raise
        except OSError as e:
            _file_error(parser, path, e)


def _file_error(parser: _Parser, path: str, e: OSError) -> NoReturn:
    """A FILE that does not exist or cannot be read: a usage error."""
    if isinstance(e, FileNotFoundError):
        parser.refuse(DominoError("file_missing", file=path))
    if isinstance(e, PermissionError):
        parser.refuse(DominoError("file_denied", file=path))
    if isinstance(e, IsADirectoryError):
        parser.refuse(DominoError("file_is_folder", file=path))
    parser.refuse(DominoError("file_unreadable", file=path, errno=e.errno))


def _first_non_utf8_line(f: BinaryIO) -> int | None:
    """The number of the first line of ``f`` that is not UTF-8, read piece by piece."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    number = 1
    while piece := f.readline(_CHUNK):
        if b"\0" in piece:  # no text holds a NUL (``/dev/zero`` holds nothing else)
            return number
        try:
            decoder.decode(piece)
        except UnicodeDecodeError:
            return number
        if piece.endswith(b"\n"):
            number += 1
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return number
    return None


def _answer_lines(stream: BinaryIO, lang: str) -> int:
    """Answers each line (or document) of ``stream`` as soon as it is read; never stops
    on a bad one, but for input that is no text (a NUL byte): one error, and the end.
    The exit status: 1 if any answer is an error, else 0."""
    number = 0
    documents: bool | None = None  # the input's form, set by its first non-blank line
    failed = False
    pending: bytes | None = None  # a line a cut-short document handed back, unanswered
    while line := pending or stream.readline(MAX_LINE + 1):
        pending = None
        number += 1
        if b"\0" in line:
            # No text holds a NUL: this is no file of records (``/dev/zero``, a binary
            # file), and reading on could last for ever. One answer, and stop.
            _write(error_answer(DominoError("line_not_utf8"), lang))
            return 1
        start = number
        answer: dict[str, Any] | None
        # A line that goes on past MAX_LINE: skip the rest of it, a piece at a time.
        too_long = len(line) > MAX_LINE and not line.endswith(b"\n")
        if too_long and (_skip_rest(stream) or len(line.rstrip(b"\r")) > MAX_LINE):
            answer = error_answer(DominoError("line_too_long", limit=MAX_LINE), lang)
        else:
            if number == 1 and line.startswith(codecs.BOM_UTF8):
                line = line[len(codecs.BOM_UTF8) :]
            if documents is None and line.strip():
                documents = opens_document(line)
            try:
                if documents and opens_document(line):
                    answer, read, pending = _answer_document(stream, line, start, lang)
                    number += read
                else:
                    answer = replay_line(line, lang)
            except (OSError, OutputError):
                raise
            except Exception as e:  # an engine bug: tell it, and go on with the next line
                print(f"python -m engine replay: line {start}: {e!r}"[:500], file=sys.stderr)
                code = "document_internal" if documents else "internal"
                answer = error_answer(DominoError(code, detail=type(e).__name__, line=start), lang)
        if answer is None:
            continue
        failed = failed or answer.get("ok") is not True
        if not _write(answer):
            break
    return 1 if failed else 0


def _answer_document(
    stream: BinaryIO, first: bytes, start: int, lang: str
) -> tuple[dict[str, Any], int, bytes | None]:
    """Reads the rest of the document that ``first`` (line ``start``) opens, up to the line
    that closes its last bracket, and answers it; also how many more lines it read, and
    the line that began the next record when this document stopped short (it is then
    incomplete, and that line is answered next, not swallowed). At most MAX_LINE bytes of
    it are kept: past that, the rest is read and dropped."""
    parts = [first]
    size = len(first)
    depth = open_brackets(first)
    read = 0
    while depth > 0 and size <= MAX_LINE:
        line = stream.readline(MAX_LINE + 1)
        if not line or _begins_record(line, parts[-1]):
            answer = error_answer(DominoError("document_incomplete", line=start), lang)
            return answer, read, line or None
        read += line.endswith(b"\n")
        parts.append(line)
        size += len(line)
        depth += open_brackets(line)
    if size > MAX_LINE:
        parts.clear()
        # Read on to the line that closes the last bracket, a line (or, of a line over
        # MAX_LINE, a piece: a piece may then end inside a string, and the count is a
        # guess, for input that is no pretty-printed record anyway) at a time.
        while depth > 0 and (line := stream.readline(MAX_LINE + 1)):
            read += line.endswith(b"\n")
            depth += open_brackets(line)
        error = DominoError("document_too_long", line=start, limit=MAX_LINE)
        return error_answer(error, lang), read, None
    return replay_document(b"".join(parts), lang, start), read, None


def _begins_record(line: bytes, previous: bytes) -> bool:
    """Whether ``line``, read inside a document, cannot go on with it and begins the next
    record instead: it starts at its first column with ``{`` or ``[`` and either the line
    before it ends where JSON cannot take a value next (no ``,``, ``:``, ``[`` or ``{``),
    or it is a whole JSON object by itself (a one-line record: a pretty-printer writes no
    nested object on one line at the first column)."""
    if line[:1] not in (b"{", b"["):
        return False
    if previous.rstrip()[-1:] not in (b",", b":", b"[", b"{"):
        return True
    try:
        return whole_object(line.decode("utf-8"))
    except UnicodeDecodeError:
        return False


def _skip_rest(stream: BinaryIO) -> int:
    """Reads the rest of a line, a piece at a time; how many bytes it held (its end not
    counted)."""
    skipped = 0
    while piece := stream.readline(_CHUNK):
        if piece.endswith(b"\n"):
            return skipped + len(piece.rstrip(b"\r\n"))
        skipped += len(piece)
    return skipped


def _write(answer: dict[str, Any]) -> bool:
    """Writes one answer line as UTF-8 and flushes it; False if nobody reads any more."""
    text = json.dumps(answer, ensure_ascii=False)
    try:
        data = (text + "\n").encode("utf-8")
    except UnicodeEncodeError:  # an unpaired surrogate: JSON escapes are always safe
        data = (json.dumps(answer) + "\n").encode("ascii")
    if sys.stdout is None:
        raise _output_error(None)
    out = getattr(sys.stdout, "buffer", None)
    try:
        if out is not None:
            sys.stdout.flush()
            out.write(data)
            out.flush()
        else:
            sys.stdout.write(data.decode("utf-8"))
            sys.stdout.flush()
    except BrokenPipeError:
        # The reader has gone (``| head -1``): stop quietly, and keep Python from
        # complaining when it flushes standard output on the way out.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return False
    except OSError as e:
        raise _output_error(e) from None
    return True


def _read_record(parser: _Parser, path: str) -> object:
    """The JSON record in ``path`` (``-``: standard input); a file that cannot be read is
    a usage error, a record that cannot be parsed a :class:`DominoError`, as the review
    page's (:func:`engine.core.records.read_record`: at most ``MAX_LINE`` characters, read in
    at most four bytes each)."""
    most = 4 * MAX_LINE + 1  # UTF-8 spends at most four bytes on a character
    try:
        if path == "-":
            data = sys.stdin.buffer.read(most) if sys.stdin is not None else b""
        else:
            with open(path, "rb") as f:
                data = f.read(most)
    except OSError as e:
        _file_error(parser, path, e)
    if len(data) == most:
        raise DominoError("record_too_long", limit=MAX_LINE)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        parser.refuse(DominoError("file_not_utf8", file=path, line=line))
    return read_record(text)


def _review(parser: _Parser, args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        record = review.review_record(_read_record(parser, args.file))
        state, _, count = review.load_round(record, None)
        if not 1 <= args.round <= count:
            raise DominoError("review_cli_round", round=args.round, count=count)
        if not 1 <= args.seat <= state.players:
            raise DominoError("bad_seat", seat=Seat(args.seat - 1), players=state.players)
        found = review_views.review_view(
            record, args.seat - 1, args.round - 1, lang, seed=args.seed, budget=args.budget
        )
    except DominoError as e:
        if args.json:
            _write({"ok": False, "error": e.message(lang)})
        elif sys.stderr is not None:
            print(f"python -m engine review: {e.message(lang)}", file=sys.stderr)
        return 1
    if args.json:
        _write({"ok": True, **found})
    else:
        _write_text(review_views.review_text(found, lang))
    return 0


def _write_text(text: str) -> None:
    """Writes ``text`` to standard output (quietly stopping if nobody reads it)."""
    if sys.stdout is None:
        raise _output_error(None)
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
    except OSError as e:
        raise _output_error(e) from None


if __name__ == "__main__":
    sys.exit(main())

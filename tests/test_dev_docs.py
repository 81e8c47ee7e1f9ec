"""The developer documents stay true: their examples run, their links lead somewhere.

- Every ``>>>`` example in ``dev/*.md`` and ``dev/guides/*.md`` runs as a doctest. The
  examples of a file share one namespace, in order, as a reader would type them; only
  the fenced code blocks are read, so a fence's closing line is never taken for output.
- Every relative link in ``README.md``, ``CONTRIBUTING.md``, ``CHANGELOG.md`` and
  ``dev/**/*.md`` names a file or folder of the repository (the fragment is not checked).
- ``README.md`` stays short enough to orient: at most 200 lines.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT / "dev"
README_MAX_LINES = 200

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def documents() -> list[Path]:
    docs = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md"]
    return [p for p in docs if p.is_file()] + sorted(DEV.rglob("*.md"))


def with_examples() -> list[Path]:
    paths = sorted(DEV.glob("*.md")) + sorted((DEV / "guides").glob("*.md"))
    return [p for p in paths if ">>>" in p.read_text(encoding="utf-8")]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def examples(text: str) -> str:
    """The fenced blocks of ``text`` that hold ``>>>`` lines, each ended by a blank line."""
    blocks = [b for b in FENCE.findall(text) if ">>>" in b]
    return "\n".join(block.rstrip("\n") + "\n" for block in blocks)


@pytest.mark.parametrize("path", with_examples(), ids=rel)
def test_the_examples_run(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    source = examples(path.read_text(encoding="utf-8"))
    assert source, f"{rel(path)} has >>> lines outside fenced blocks"
    parser = doctest.DocTestParser()
    test = parser.get_doctest(source, {"__name__": "__dev_docs__"}, rel(path), str(path), 0)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.IGNORE_EXCEPTION_DETAIL
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} example(s) of {rel(path)} failed (above)"


def links(text: str) -> list[str]:
    """The link targets of ``text``, outside fenced code blocks."""
    return LINK.findall(FENCE.sub("", text))


@pytest.mark.parametrize("path", documents(), ids=rel)
def test_relative_links_resolve(path: Path) -> None:
    missing = []
    for target in links(path.read_text(encoding="utf-8")):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # another site, or a heading of this page
        file = target.split("#", 1)[0]
        if not (path.parent / file).resolve().exists():
            missing.append(target)
    assert not missing, f"{rel(path)} links to files that do not exist: {missing}"


def test_the_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; at most 200 orient"


def test_the_readme_points_inside_the_repository() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in text

"""One channel for the build's problems (``hooks/kit.py``): a bad fence of every kind fails
``mkdocs build --strict``, also with ``-q`` (which hides warnings, and with them strict
mode's count), naming the file; and the hooks are a pipeline, not a web.

- For every kind of fence the hooks register, a page whose fence is malformed in all five
  languages, on a small site built in English and French: the quiet strict build exits
  non-zero with one error that names the French file (built inside the English build's
  end, by static-i18n) and the fence's problem. The same page with a good fence builds.
- A fence the source checks cannot read (``~~~`` fences) is checked when it is drawn.
- The default and the verbose strict build fail on a bad fence as the quiet one does.
- Markup the Content Security Policy refuses (``onclick=``) fails it too.
- No hook imports another hook; the plain modules the hooks share define no MkDocs event;
  every hook file is in ``mkdocs.yml``, and every fence has one hook.
- A step whose tools are missing (Node, an npm package) fails a build under CI and is
  left out of a local one, with a warning.
"""

from __future__ import annotations

import ast
import logging
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from small_site import quiet_strict_build, small_site, strict_build  # noqa: E402

from engine.lang import LANGUAGES  # noqa: E402

HOOKS = ROOT / "hooks"

TASK = """id: {id}
kind: move
plays: 1-4
hand: 2-5 4-6 0-3
goal: any
accept: 4-6@right
question: Lay a tile that matches an open end.
right: [4|6] has a 4, the value of the right end.
wrong: A tile goes only against an end of the same value.
hint: Look for a 1 or a 4 among your tiles."""


GOOD_EXAMPLE = (
    '{"id": "tile-values", "kind": "tile-value", "tile": "6-6", "value": 12}\n---\n'
    "[6|6] is worth 12."
)
GOOD_ROUND = (
    '{"preset": "block", "players": 3, "leader": 1, "hands": [["3-6", "2-4", "4-6", "0-1", '
    '"1-1"], ["1-2", "0-3", "0-4", "4-5", "1-5"], ["1-4", "6-6", "1-3", "0-2", "3-3"]], '
    '"plays": ["1-5", "1-4@left", "4-6@left", "4-5@right", "6-6@left", "2-4@right", '
    '"1-2@right", "1-3@right", "3-6@right"]}'
)
BAD_ROUND = '{"preset": "block", "players": 2, "leader": 0, "hands": [["1-4"], ["2-3"]]}'


def fence(name: str, body: str, mark: str = "```") -> str:
    return f"{mark}{name}\n{body}\n{mark}\n"


def learn(task: str = TASK, lesson_map: str = "") -> str:
    """A page of lessons: the map, then a lesson of three tasks, the first ``task``."""
    tasks = [task.format(id="t1"), TASK.format(id="t2"), TASK.format(id="t3")]
    return (
        "# Lessons\n\n"
        + fence("lesson-map", lesson_map)
        + "\n## Matching {#matching}\n\n"
        + "\n".join(fence("lesson-task", t) for t in tasks)
    )


# Each kind of fence: its page, the page with a good fence, the page with a bad one, and
# what the error must say about the bad one.
KINDS: dict[str, tuple[str, str, str, str]] = {
    "domino": (
        "block",
        fence("domino", "plays: 1-4\ncaption: [1|4] opens the line."),
        fence("domino", "plays: 1-4 5-5@left\ncaption: [5|5] cannot go on the 1."),
        "domino figure '1-4 5-5@left': cannot be read: [5|5] does not fit the left end",
    ),
    "example": (
        "block",
        fence("example", GOOD_EXAMPLE),
        fence("example", '{"id": "tile-values", "kind": "tile-value" "tile": "6-6"}\n---\n12.'),
        "worked example tile-values: cannot be read: the JSON line is not valid JSON",
    ),
    "round": (
        "block",
        fence("round", GOOD_ROUND),
        fence("round", BAD_ROUND),
        "round fence: cannot be read: Seat 1 holds 1 tile",
    ),
    "try": (
        "block",
        fence("try", "plays: 1-4\nhand: 4-4 0-1\ncaption: The open ends take a 1 and a 4."),
        fence("try", "plays: 1-4\nhand: 4-4 1-4\ncaption: The open ends take a 1 and a 4."),
        "try figure '1-4': cannot be read: [1|4] is already on the table",
    ),
    "rules-table": (
        "block",
        fence("rules-table", "preset: draw all-fives"),
        fence("rules-table", "preset: draw chess"),
        "rules-table fence: cannot be read: unknown preset 'chess'",
    ),
    "lesson-task": (
        "learn",
        learn(),
        learn(TASK.replace("goal: any", "goal: any\nmood: cheerful")),
        "task t1: cannot be read: unknown line 'mood: cheerful'",
    ),
    "lesson-map": (
        "learn",
        learn(),
        learn(lesson_map="lessons: all"),
        "bad lesson map (the lesson map takes no lines)",
    ),
    "puzzles": (
        "puzzles",
        fence("puzzles", ""),
        fence("puzzles", "players: 3"),
        "bad puzzles block (the puzzles block takes no lines):\n    players: 3",
    ),
    "review": (
        "review",
        fence("review", ""),
        fence("review", "seat: 1"),
        "bad review block (the review block takes no lines):\n    seat: 1",
    ),
    "progress": (
        "progress",
        fence("progress", ""),
        fence("progress", "players: 3"),
        "bad progress block (the progress block takes no lines):\n    players: 3",
    ),
    "practice": (
        "practice",
        fence("practice", ""),
        fence("practice", "players: 3"),
        "bad practice block (the practice block takes no lines):\n    players: 3",
    ),
    "scorepad": (
        "scorepad",
        fence("scorepad", ""),
        fence("scorepad", "players: 3"),
        "bad scorepad block (the scorepad block takes no lines):\n    players: 3",
    ),
}


def file_name(page: str, lang: str) -> str:
    return f"{page}.md" if lang == "en" else f"{page}.{lang}.md"


def in_every_language(page: str, text: str) -> dict[str, str]:
    """The same page in all five languages (so the numbers agree across them)."""
    return {file_name(page, lang): f"# Page\n\n{text}" for lang in LANGUAGES}


def site(tmp: Path, page: str, text: str) -> Path:
    """A small site of the page, with home pages (static-i18n warns of a language
    without one), built in English and French."""
    pages = {**in_every_language("index", "Home."), **in_every_language(page, text)}
    return small_site(tmp, pages, build=("en", "fr"))


def test_the_kinds_are_every_registered_fence() -> None:
    """The cases below cover every fence a hook of ``mkdocs.yml`` registers."""
    from hooks import kit

    for path in hook_files():
        __import__(f"hooks.{path.stem}")
    assert set(kit.FENCES) == set(KINDS)


@pytest.mark.site
def test_good_fences_of_every_kind_build(tmp_path: Path) -> None:
    """The good fences of every kind, on their pages, in five languages: the build passes
    (so a failing build below fails for its bad fence)."""
    pages: dict[str, str] = {}
    for page, good, _, _ in KINDS.values():
        for name, text in in_every_language(page, good).items():
            if name not in pages:
                pages[name] = text
            elif good not in pages[name]:
                pages[name] += "\n" + good
    pages.update(in_every_language("index", "Home."))
    proc = quiet_strict_build(small_site(tmp_path, pages, build=("en", "fr")))
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.site
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_bad_fence_fails_the_quiet_strict_build(tmp_path: Path, kind: str) -> None:
    page, _, bad, said = KINDS[kind]
    proc = quiet_strict_build(site(tmp_path, page, bad))
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, f"a bad {kind} fence built:\n{out}"
    assert "problem" in out and "Aborted with a BuildError" in out, out
    # One error at the end, naming every file: French (built by static-i18n inside the
    # English build's end) and English.
    assert f"  {file_name(page, 'fr')}: " in out and said in out, out
    assert f"  {file_name(page, 'en')}: " in out and out.count("Aborted") == 1, out


@pytest.mark.site
def test_a_fence_the_source_checks_cannot_read_is_checked_when_drawn(tmp_path: Path) -> None:
    """A ``~~~`` fence is drawn by superfences but not read by the checks before the
    build: it is checked when it is drawn, and its wrong number fails the build."""
    wrong = '{"id": "tile-values", "kind": "tile-value", "tile": "6-6", "value": 13}\n---\n13.'
    proc = quiet_strict_build(site(tmp_path, "block", fence("example", wrong, "~~~")))
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert "  block.fr.md: worked example tile-values: value is documented as 13" in out, out


@pytest.mark.site
@pytest.mark.parametrize("verbosity", [(), ("-v",)], ids=["default", "verbose"])
def test_a_bad_fence_fails_the_strict_build_at_any_verbosity(
    tmp_path: Path, verbosity: tuple[str, ...]
) -> None:
    page, _, bad, said = KINDS["practice"]
    proc = strict_build(site(tmp_path, page, bad), *verbosity)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert f"  {file_name(page, 'fr')}: {said}" in out, out
    assert "Aborted with a BuildError" in out and "WARNING" not in out, out


# ---------------------------------------------------------------------------------------
# A pipeline, not a web
# ---------------------------------------------------------------------------------------


def hook_files() -> list[Path]:
    """The hooks of ``mkdocs.yml``, in order."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return [ROOT / m for m in re.findall(r"^  - (hooks/\S+\.py)$", config, flags=re.M)]


def imported(path: Path) -> set[str]:
    """The modules of ``hooks`` a file imports (``hooks.kit``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "hooks":
            found |= {f"hooks.{a.name}" for a in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hooks."):
            found.add(node.module or "")
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("hooks.")}
    return found


def events(path: Path) -> set[str]:
    """The MkDocs events a file defines (``on_config`` …)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions = (n.name for n in tree.body if isinstance(n, ast.FunctionDef))
    return {name for name in functions if name.startswith("on_")}


def test_no_hook_imports_a_hook_and_the_shared_modules_are_no_hooks() -> None:
    hooks = hook_files()
    names = {f"hooks.{p.stem}" for p in hooks}
    shared = [p for p in sorted(HOOKS.glob("*.py")) if p not in hooks]
    assert hooks[0].name == "pipeline.py"
    for path in [*hooks, *shared]:
        assert not imported(path) & names, f"{path.name} imports a hook"
    for path in shared:
        assert not events(path), f"{path.name} is not in mkdocs.yml but has {events(path)}"
        assert "(a plain module, not a hook" in path.read_text(encoding="utf-8")
    for path in hooks[1:]:
        assert "MkDocs build hook" in path.read_text(encoding="utf-8").split("\n")[0], path


@pytest.mark.site
def test_markup_the_security_policy_refuses_fails_the_quiet_strict_build(tmp_path: Path) -> None:
    """An event attribute, which no hash of the policy (``hooks/csp.py``) can allow, is a
    build problem like a bad fence."""
    proc = quiet_strict_build(site(tmp_path, "block", '<button onclick="go()">Go</button>\n'))
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    said = "<button onclick=...> is refused by the Content Security Policy"
    assert f"  block.fr.md: {said}" in out and f"  block.md: {said}" in out, out


def test_a_missing_tool_fails_a_ci_build_and_is_left_out_of_a_local_one(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """``kit.tools_missing``, for the web assets and the service worker: under CI the
    build fails with the reason, locally the step is left out with a warning."""
    from mkdocs.exceptions import PluginError

    from hooks import kit

    log = logging.getLogger("mkdocs.hooks.test")
    monkeypatch.setenv("CI", "1")
    assert not kit.tools_missing("service worker", None, "online only", log)
    with pytest.raises(PluginError, match=r"^service worker: node is not on PATH$"):
        kit.tools_missing("service worker", "node is not on PATH", "online only", log)
    monkeypatch.delenv("CI")
    with caplog.at_level(logging.WARNING, logger="mkdocs.hooks.test"):
        assert kit.tools_missing("service worker", "node is not on PATH", "online only", log)
    assert caplog.messages == ["service worker left out (online only): node is not on PATH"]

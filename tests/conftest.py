"""What every test shares: the tiers, the one built site and the one Pyodide process.

Tiers. A test is in the fast tier unless it carries one of these markers (pyproject.toml
registers them):

- ``browser``: the built site in Chromium (every test below tests/browser);
- ``pyodide``: the engine in Pyodide under Node (every test that asks for ``pyodide`` or
  ``packed_stdlib``);
- ``site``: a built site (every test that asks for ``built_site``, outside tests/browser,
  and the end-to-end builds of small sites);
- ``strength``: a player's strength (the figures of scripts/bench_strength.py);
- ``slow``: the big engine checks beyond the fast tier's share: the other rule sets of a
  test of every rule set (engine_helpers.RULE_CASES), cases of tens of seconds.

Plain ``pytest`` (pyproject.toml's ``addopts``: ``-m FAST``) runs the fast tier; an
explicit ``-m`` chooses the tiers instead (``-m pyodide``; ``-m ""``: all of them); a path
or node id given on the command line without ``-m`` runs every test it names, whatever
its tier. ``scripts/test.sh`` runs the fast tier, then the others.

Fixtures:

- ``built_site``: the whole site, built once per session with ``mkdocs build --strict``
  (the hooks included: Pyodide's files, the engine's wheel), as a ``BuiltSite``; built
  again without ``--strict`` if that fails, so that the other tests can still show what
  is wrong (tests/test_site.py reports the strict build's log).
- ``pyodide``: one Pyodide under Node for the session, with the site's packed standard
  library and the repository's engine/: ``pyodide.run(code)`` runs a program in a fresh
  namespace and returns what its last expression gives, as a string.

At the end of a run, a tier whose tests were skipped is named in the last lines, with how
many did not run and why (``579 browser tests did not run: /usr/bin/chromium is missing
(apt-get install chromium)``); under CI (``CI`` set) a missing browser or Pyodide fails
instead.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
TIERS = ("browser", "pyodide", "site", "strength", "slow")
"""The markers of the tiers outside the fast one, in the order scripts/test.sh names them."""
FAST = " and ".join(f"not {tier}" for tier in TIERS)
"""The fast tier's marker expression (pyproject.toml's addopts, scripts/test.sh)."""
NODE = shutil.which("node")
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
PYODIDE_TIMEOUT = 600.0
"""Seconds a program may take in Pyodide (a loaded machine is slow; Pyodide slower)."""
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


# Not collected as modules of doctests (--doctest-modules): without packages, both
# conftest.py files would be imported as the one module "conftest". They hold none.
collect_ignore = ["conftest.py", "browser/conftest.py"]


def unavailable(reason: str) -> None:
    """Skip the test for ``reason``, or under CI (``CI`` set) fail it."""
    if os.environ.get("CI"):
        pytest.fail(f"cannot run under CI: {reason}")
    pytest.skip(reason)


# ---------------------------------------------------------------------------------------
# The tiers
# ---------------------------------------------------------------------------------------


def _chooses_marks(args: list[str]) -> bool:
    """Whether ``args`` (the command line's, or PYTEST_ADDOPTS's) hold ``-m``."""
    return any(a == "-m" or (a.startswith("-m") and not a.startswith("--")) for a in args)


def pytest_configure(config: pytest.Config) -> None:
    """A path or node id on the command line, with no ``-m`` there, runs every test it
    names: pyproject.toml's ``-m`` (the fast tier) is for a run of the whole suite."""
    given = [*config.invocation_params.args, *os.environ.get("PYTEST_ADDOPTS", "").split()]
    if config.args_source == pytest.Config.ArgsSource.ARGS and not _chooses_marks(given):
        config.option.markexpr = ""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark a test that asks for the Pyodide process or the packed standard library
    ``pyodide``, and one that asks for
    the built site ``site`` (below tests/browser, ``browser`` says it already). Runs
    before ``-m`` deselects."""
    browser_dir = HERE / "browser"
    for item in items:
        names = getattr(item, "fixturenames", ())
        if "pyodide" in names or "packed_stdlib" in names:
            item.add_marker(pytest.mark.pyodide)
        if "built_site" in names and browser_dir not in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.site)


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    return reason.removeprefix("Skipped: ")


def pytest_unconfigure(config: pytest.Config) -> None:
    """The last lines of the run: how many tests of each tier were skipped, and why."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    lines = []
    for tier in TIERS:
        skipped = [r for r in reporter.stats.get("skipped", []) if tier in r.keywords]
        reasons = Counter(_skip_reason(r) for r in skipped)
        for reason, count in reasons.most_common():
            noun = "test" if count == 1 else "tests"
            lines.append(f"{count} {tier} {noun} did not run: {reason}")
    for line in lines:
        reporter.write_line(line, yellow=True, bold=True)


# ---------------------------------------------------------------------------------------
# The built site
# ---------------------------------------------------------------------------------------


@dataclass
class BuiltSite:
    """The whole site built once: ``dir``, whether ``--strict`` passed, how long the
    strict build took and its log (stdout and stderr)."""

    dir: Path
    strict_passed: bool
    seconds: float
    log: str = field(repr=False)


def mkdocs_build(
    config_file: Path, site_dir: Path, strict: bool
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build`` of ``config_file`` into ``site_dir``, ``--strict`` or not."""
    command = [sys.executable, "-m", "mkdocs", "build", "-f", str(config_file), "-d", str(site_dir)]
    command.append("--strict" if strict else "--no-strict")
    return subprocess.run(
        command, cwd=config_file.parent, env=ENV, capture_output=True, text=True, timeout=900
    )


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The whole site, built once per session with ``mkdocs build --strict`` (again
    without it if that fails); its tests only read it (a test that changes files works
    on a copy)."""
    site_dir = tmp_path_factory.mktemp("site") / "site"
    start = time.monotonic()
    proc = mkdocs_build(ROOT / "mkdocs.yml", site_dir, strict=True)
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        shutil.rmtree(site_dir, ignore_errors=True)
        again = mkdocs_build(ROOT / "mkdocs.yml", site_dir, strict=False)
        if again.returncode != 0:
            pytest.fail(f"mkdocs build failed:\n{again.stderr[-3000:]}")
    return BuiltSite(site_dir, proc.returncode == 0, seconds, proc.stdout + proc.stderr)


# ---------------------------------------------------------------------------------------
# Pyodide
# ---------------------------------------------------------------------------------------


class Pyodide:
    """One Pyodide under Node (tests/pyodide_run.mjs --serve) for many programs."""

    def __init__(self, stdlib: Path) -> None:
        assert NODE is not None
        # Open as long as the process: what it printed, for a failure's message.
        self._log: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self._proc = subprocess.Popen(
            [NODE, str(HERE / "pyodide_run.mjs"), "--serve", str(ROOT), str(stdlib)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
            encoding="utf-8",
        )
        self._answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            self._answers.put(line)
        self._answers.put("")  # the process ended

    def log(self) -> str:
        """The end of what Node, Pyodide and the programs printed (stderr)."""
        self._log.seek(0)
        return self._log.read()[-3000:]

    def run(self, code: str, timeout: float = PYODIDE_TIMEOUT) -> str:
        """Run ``code`` in a fresh namespace; what its last expression gives, as a
        string. A Python exception there fails the test with its traceback."""
        assert self._proc.stdin is not None
        if self._proc.poll() is not None:
            pytest.fail(f"Pyodide has ended ({self._proc.returncode}):\n{self.log()}")
        self._proc.stdin.write(json.dumps(code) + "\n")
        self._proc.stdin.flush()
        try:
            line = self._answers.get(timeout=timeout)
        except queue.Empty:
            log = self.log()
            self._proc.kill()
            pytest.fail(f"Pyodide gave no answer in {timeout:.0f} s:\n{log}")
        if not line:
            pytest.fail(f"Pyodide ended ({self._proc.wait()}):\n{self.log()}")
        answer: dict[str, Any] = json.loads(line)
        if not answer["ok"]:
            pytest.fail(f"the program failed in Pyodide:\n{answer['error'][-3000:]}")
        value: str = answer["value"]
        return value

    def close(self) -> None:
        if self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._log.close()


@pytest.fixture(scope="session")
def packed_stdlib() -> Path:
    """The standard library the site gives the reader, packed with only what Pyodide's
    start and the engine's requests import (hooks/web_assets.py; cached in build/), for
    the engine as it is now (skipped without Node or Pyodide, except under CI)."""
    if NODE is None or not PYODIDE.is_file():
        unavailable("needs Node and the npm package pyodide (scripts/setup.sh installs it)")
    from hooks import web_assets

    return web_assets.engine_stdlib()


@pytest.fixture(scope="session")
def pyodide(packed_stdlib: Path) -> Iterator[Pyodide]:
    """One Pyodide under Node for the session, with the standard library the site gives
    the reader (``packed_stdlib``) and the repository's engine/."""
    process = Pyodide(packed_stdlib)
    yield process
    process.close()

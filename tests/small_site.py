"""A small site for the build's end-to-end tests: a few pages built with the real
``mkdocs.yml`` (its hooks, theme, Markdown settings and languages), and the quiet strict
build of it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def small_site(tmp: Path, pages: dict[str, str], build: tuple[str, ...]) -> Path:
    """A site of ``pages`` alone (file name → Markdown, in any language), building only
    the languages in ``build`` (the checks read every language's source whatever is
    built), with every hook of ``mkdocs.yml`` but the engine's files for the browser
    (Node and Pyodide: slow, and nothing the checks need). Its navigation is
    ``mkdocs.yml``'s, for the pages given. Returns its mkdocs.yml."""
    docs = tmp / "docs"
    docs.mkdir(parents=True)
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = re.sub(
        r"^(  - )(hooks/\S+\.py)$",
        lambda m: (
            ""
            if m.group(2).endswith("web_assets.py")
            else m.group(1) + (ROOT / m.group(2)).as_posix()
        ),
        config,
        flags=re.M,
    )
    nav = re.search(r"^nav:\n((?:  .*\n?)+)", config, flags=re.M)
    assert nav is not None
    kept = [line for line in nav.group(1).splitlines() if line.split(": ")[-1] in pages]
    config = config[: nav.start()] + "nav:\n" + "\n".join(kept) + "\n" + config[nav.end() :]
    config = re.sub(r"^extra_css:\n(?:  .*\n)+", "", config, flags=re.M)
    config = re.sub(
        r"^(\s*custom_dir:\s*)(\S+)",
        lambda m: m.group(1) + (ROOT / m.group(2)).as_posix(),
        config,
        flags=re.M,
    )
    config = config.replace("docs_dir: docs", f"docs_dir: {docs.as_posix()}")
    config = config.replace("site_dir: site", f"site_dir: {(tmp / 'site').as_posix()}")

    def locale(m: re.Match[str]) -> str:
        return m.group(0).replace("build: true", f"build: {str(m.group(1) in build).lower()}")

    config = re.sub(r"- locale: (\w+)\n(?:          .*\n)*?          build: true", locale, config)
    path = tmp / "mkdocs.yml"
    path.write_text(config, encoding="utf-8")
    return path


def strict_build(config: Path, *verbosity: str) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of a site, with ``verbosity`` (``-q``, ``-v`` or none)."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", *verbosity, "-f", str(config)],
        cwd=config.parent,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )


def quiet_strict_build(config: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict -q``: -q hides warnings, and with them strict mode's count,
    so this fails only on an error."""
    return strict_build(config, "-q")


def run_all(
    jobs: list[Callable[[], subprocess.CompletedProcess[str]]],
) -> list[subprocess.CompletedProcess[str]]:
    """Run the builds two at a time (or one per core)."""
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return list(pool.map(lambda job: job(), jobs))

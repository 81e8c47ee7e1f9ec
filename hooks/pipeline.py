"""MkDocs build hook, first in ``mkdocs.yml``: the frame every other hook works in
(``hooks/kit.py``).

- before anything else, superfences gets every hook's fences (``on_config``);
- before any page is rendered, the build's list of problems starts and every page's
  source is read, once, for the checks of the hooks after this one (``on_pre_build``);
- as each page's Markdown is read, the fences learn which page they are drawn for
  (``on_page_markdown``);
- at the end of the outer build, after static-i18n has built every language, a strict
  build with problems ends with one error naming every one, at any verbosity
  (``on_post_build``); a build stopped by something else still logs them
  (``on_build_error``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from hooks import kit


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    return kit.add_fences(config)


def on_pre_build(config: MkDocsConfig) -> None:
    if kit.outer_build(config):
        kit.start(bool(config.strict), kit.read_docs(config.docs_dir))


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    kit.track(page, markdown)
    return markdown


@event_priority(-200)  # after static-i18n's (-100), which builds the other languages
def on_post_build(config: MkDocsConfig) -> None:
    if kit.outer_build(config):
        kit.finish()


def on_build_error(error: Exception) -> None:
    kit.tell()

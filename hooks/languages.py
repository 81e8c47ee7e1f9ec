"""MkDocs build hook: each language on its own, where mkdocs-static-i18n builds every
language into one site and leaves some things shared.

- **Search**: Material's search would load one merged index for every language (mixed
  results, merged stop-word lists). As each language is built, its search settings are
  recorded (Material's lunr language and pipeline for it); after the last one, the
  merged index is rewritten as one index per language (``search/search_index.json`` for
  English, ``fr/search/search_index.json`` …), each with its language's settings, and
  every page's search points at its language's root. (``hooks/search_fold.py`` then
  folds accents in the index and the queries.)
- **Language links**: static-i18n points every page's language links (the switcher
  and the ``hreflang`` alternates) at its translations, but the home pages' at
  absolute links (``/fr/``) that break when the site is served below a path: this hook
  gives every page relative ones.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority, get_plugin_logger

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from hooks import kit
from hooks.kit import DEFAULT_LANG

log = get_plugin_logger("languages")


def on_config(config: Any) -> Any:
    i18n = kit.i18n(config)
    if i18n is not None and i18n.default_language != DEFAULT_LANG:
        log.warning(f"this hook expects {DEFAULT_LANG} as the default language at the site root")
    return config


@event_priority(-100)  # after static-i18n (50), which resets the links for each page
def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Make every language link (switcher and hreflang) point at this page's own
    translation, by a relative URL.

    static-i18n (which runs before this hook) already does so for every page but the
    home pages, which it leaves at absolute links ("/fr/") that break when the site is
    served below a path.
    """
    alternates = getattr(page.file, "alternates", None) or {}
    # static-i18n sets config.extra.alternate as an attribute, which the templates read
    # before the item of the same name.
    for alt in getattr(config.extra, "alternate", None) or []:
        target = alternates.get(alt.get("lang"))
        if target is not None:
            alt["link"] = target.url or "./"
    return context


def _language_base(base: str, lang: str) -> str:
    """The relative URL of ``lang``'s root, from a page whose site root is ``base``."""
    if lang == DEFAULT_LANG:
        return base
    return f"{base.rstrip('/')}/{lang}/"


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Point the page's search at its own language: Material loads
    ``search/search_index.json`` relative to the ``base`` of its ``__config``."""
    lang = kit.page_lang(page)

    def edit(data: dict[str, Any]) -> bool:
        data["base"] = _language_base(data["base"], lang)
        return True

    return kit.edit_config(output, edit)


# Per-language search settings, recorded while each language is built.
_search_settings: dict[str, dict[str, Any]] = {}


def _search(config: Any) -> Any:
    return config.plugins.get("material/search") or config.plugins.get("search")


def search_settings(config: Any, lang: str) -> dict[str, Any]:
    """The search settings Material would use for a site in ``lang`` alone.

    Material's translations give each language its lunr language and pipeline. A
    language without a lunr stemmer (Polish) falls back to English: then no English
    stemmer or stop-word list may touch it, so its pipeline is empty (words are only
    split, lower-cased and prefix-matched).
    """
    plugin = _search(config)
    langs = [
        code.strip()
        for code in plugin._translate(config, "search.config.lang").split(",")
        if code.strip()
    ]
    pipeline = [
        p.strip()
        for p in plugin._translate(config, "search.config.pipeline").split(",")
        if p.strip()
    ]
    if lang not in langs:
        pipeline = []
    return {
        "lang": langs or ["en"],
        "separator": plugin.config.separator,
        "pipeline": pipeline,
        "fields": plugin.config.fields,
    }


def on_env(env: Any, config: Any, files: Any) -> Any:
    # Once per language build, after static-i18n has switched the theme's language.
    i18n = kit.i18n(config)
    if i18n is not None and _search(config) is not None:
        _search_settings[i18n.current_language] = search_settings(config, i18n.current_language)
    return env


@event_priority(-200)  # after static-i18n's (-100), which builds the other languages
def on_post_build(config: Any) -> None:
    if not kit.outer_build(config):
        return  # not the end of the outer build yet
    i18n = kit.i18n(config)
    if i18n is None or _search(config) is None:
        return
    languages = [DEFAULT_LANG] + [x for x in i18n.build_languages if x != DEFAULT_LANG]
    counts = split_search_index(config.site_dir, languages)
    log.info(
        "search index entries per language: " + ", ".join(f"{k} {v}" for k, v in counts.items())
    )


def split_search_index(site_dir: str, languages: list[str]) -> dict[str, int]:
    """Rewrite the merged ``search/search_index.json`` as one index per language.

    Returns the number of entries written per language.
    """
    path = os.path.join(site_dir, "search", "search_index.json")
    with open(path, encoding="utf-8") as f:
        merged = json.load(f)
    docs: dict[str, list[dict[str, Any]]] = {lang: [] for lang in languages}
    others = [lang for lang in languages if lang != DEFAULT_LANG]
    for doc in merged["docs"]:
        lang = next((x for x in others if doc["location"].startswith(f"{x}/")), DEFAULT_LANG)
        if lang != DEFAULT_LANG:
            doc = {**doc, "location": doc["location"][len(lang) + 1 :]}
        docs[lang].append(doc)
    counts = {}
    for lang in languages:
        settings = _search_settings.get(lang, merged["config"])
        index = {"config": settings, "docs": docs[lang]}
        out = (
            path
            if lang == DEFAULT_LANG
            else os.path.join(site_dir, lang, "search", "search_index.json")
        )
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w", encoding="utf-8") as f:
            json.dump(index, f, ensure_ascii=False, separators=(",", ":"))
        counts[lang] = len(docs[lang])
    return counts

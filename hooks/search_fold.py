"""Accent-free search: "decompte" finds "décompte", "lancuch" finds "łańcuch".

Material builds its search index in the reader's browser, in a worker, from the page
language's ``search_index.json`` (``hooks/domino.py`` writes one per language). This
hook points every page (and every 404 page) at ``assets/js/search-worker.js`` instead of
Material's worker; that script runs Material's own worker (named after its ``#``) and
folds accents in the words of the index, before Material's stemmer and stop words see
them, and in every query. The text shown in the results is untouched, and a query typed
with its accents finds the same pages as before.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mkdocs.plugins import get_plugin_logger

log = get_plugin_logger("search_fold")

MATERIAL_WORKERS = "assets/javascripts/workers/"
OUR_WORKER = "assets/js/search-worker.js"

_CONFIG_SCRIPT = re.compile(
    r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL
)


def worker_url(material: str) -> str:
    """Our worker's URL for Material's worker URL (relative or absolute alike):
    ``../assets/javascripts/workers/search.X.min.js`` →
    ``../assets/js/search-worker.js#search.X.min.js``."""
    prefix, found, name = material.rpartition(MATERIAL_WORKERS)
    if not found or "/" in name:
        raise ValueError(f"not Material's search worker: {material!r}")
    return f"{prefix}{OUR_WORKER}#{name}"


def use_folding_worker(output: str) -> str:
    """``output`` (a page) with its search configured to use our worker."""

    def patch(m: re.Match[str]) -> str:
        data = json.loads(m.group(2))
        if "search" not in data:
            return m.group(0)
        data["search"] = worker_url(data["search"])
        return m.group(1) + json.dumps(data, ensure_ascii=False) + m.group(3)

    return _CONFIG_SCRIPT.sub(patch, output, count=1)


def on_post_page(output: str, page: Any, config: Any) -> str:
    return use_folding_worker(output)


def on_post_template(output: str, template_name: str, config: Any) -> str:
    if template_name.endswith(".html"):
        return use_folding_worker(output)
    return output

"""The engine's folders are its layers (dev/architecture.md): the words' tables, the core
rules, the players and their search, the site's features, the presentation. A module
imports only from its own layer or the ones below, never a private name of another
package, and no two modules define the same public name; importing a lower layer loads
nothing above it and no language's table.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from engine_helpers import ROOT

ENGINE = ROOT / "engine"
LAYERS = ("engine.lang", "engine.core", "engine.players", "engine.features", "engine.presentation")
"""The layers, lowest first; the package itself (``engine``, its public API and
``python -m engine``) stands above them all."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> int:
    for i, package in enumerate(LAYERS):
        if module == package or module.startswith(package + "."):
            return i
    assert module == "engine" or module == "engine.__main__", module
    return len(LAYERS)


def package(module: str) -> str:
    return ".".join(module.split(".")[:2])


MODULES = {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def imports(path: Path) -> list[tuple[str, str, int]]:
    """Every engine module ``path`` imports (at the top or inside a function), with the
    name taken from it (or ``""``) and the line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, "", node.lineno) for a in node.names if a.name.startswith("engine")]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine"):
            assert node.level == 0, f"{path}: a relative import"
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                # ``from engine.features import lessons`` imports the module lessons.
                if sub in MODULES:
                    found.append((sub, "", node.lineno))
                else:
                    found.append((node.module or "", a.name, node.lineno))
    return found


def test_every_module_is_in_a_layer() -> None:
    for module in MODULES:
        layer(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_only_down(module: str) -> None:
    upward = [
        f"line {line}: {target}"
        for target, _, line in imports(MODULES[module])
        if layer(target) > layer(module)
    ]
    assert upward == [], f"{module} imports from a layer above it"


def test_no_private_name_is_imported_from_another_package() -> None:
    private = [
        f"{module} line {line}: {target}.{name}"
        for module, path in MODULES.items()
        for target, name, line in imports(path)
        if (name.startswith("_") or target.rsplit(".", 1)[-1].startswith("_"))
        and package(target) != package(module)
        and name != "__version__"
    ]
    assert private == []


def test_no_two_modules_define_the_same_public_name() -> None:
    homes: dict[str, list[str]] = defaultdict(list)
    for module, path in MODULES.items():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef | ast.FunctionDef) and not node.name.startswith("_"):
                homes[node.name].append(module)
    assert {name: where for name, where in homes.items() if len(where) > 1} == {}


def test_the_check_finds_an_upward_import(tmp_path: Path) -> None:
    # The walk sees an import inside a function as well as one at the top.
    (tmp_path / "m.py").write_text(
        "def f():\n    from engine.presentation import web\n", encoding="utf-8"
    )
    found = imports(tmp_path / "m.py")
    assert [(t, n) for t, n, _ in found] == [("engine.presentation.web", "")]
    assert layer(found[0][0]) > layer("engine.core.state")


def loaded_after(statement: str) -> set[str]:
    names = "' '.join(m for m in sys.modules if m.startswith('engine'))"
    code = f"import sys\n{statement}\nprint({names})"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return set(out.split())


def test_the_core_loads_nothing_above_it_and_no_words() -> None:
    loaded = loaded_after("from engine.core.state import RoundState")
    assert "engine.core.state" in loaded
    above = {m for m in loaded if layer(m) > layer("engine.core.state") and m != "engine"}
    assert above == set()
    assert not {m for m in loaded if m.startswith("engine.lang.")}


def test_the_public_api_loads_on_first_use() -> None:
    assert "engine.presentation.description" not in loaded_after("import engine")
    loaded = loaded_after("from engine import Rules, RoundState, describe")
    assert "engine.presentation.description" in loaded
    assert not {m for m in loaded if m.startswith("engine.lang.")}


def test_the_web_entry_point_loads_no_language_before_a_request() -> None:
    loaded = loaded_after("import engine.presentation.web")
    assert not {m for m in loaded if m.startswith("engine.lang.")}


def test_the_web_entry_point_imports_a_pages_features_on_their_first_request() -> None:
    """Issue 41: a page's first answer (the try-it figure's) waits for no feature but
    its own; every other feature is imported by its first request, or by ``import_all``
    (before the browser's snapshot of the engine)."""
    features = {"engine.features.review", "engine.features.puzzles", "engine.players.solver"}
    features |= {"engine.presentation.views.practice", "engine.features.scorepad"}
    loaded = loaded_after("import engine.presentation.web")
    assert "engine.presentation.views.tryit" in loaded
    assert not features & loaded
    asked = loaded_after(
        "import json, engine.presentation.web as web\n"
        "web.call(json.dumps({'method': 'scorepad_new', 'args': {}, 'lang': 'en'}))"
    )
    assert "engine.features.scorepad" in asked and "engine.features.review" not in asked
    assert features <= loaded_after("import engine.presentation.web as web; web.import_all()")

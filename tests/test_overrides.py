"""The templates in overrides/ against the Material they were made from.

Each file of overrides/ that stands in for one of Material's templates (the same path
under Material's ``templates/``) says in its header comment what it was made from::

    Made from Material 9.8.2's partials/search.html, sha256 <64 hex digits>

(the words may wrap) or, for a template that redefines one block of another (``main.html``
and ``base.html``'s title), ``Made from Material 9.8.2's base.html, block htmltitle,
sha256 ...``: the hash is of that block alone, from ``{% block %}`` to its
``{% endblock %}``. The tests fail when the installed Material's file (or block) is no
longer the one recorded, naming the override and what to do: a new Material may have
fixed or changed what the copy still has, and the copy would keep the old version
silently.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OVERRIDES = ROOT / "overrides"
_MATERIAL = importlib.metadata.distribution("mkdocs-material")
MATERIAL = Path(str(_MATERIAL.locate_file("material/templates")))
MATERIAL_VERSION = _MATERIAL.version

MADE_FROM = re.compile(
    r"[Mm]ade\s+from\s+Material\s+(?P<version>\S+)'s\s+(?P<path>[\w./-]+?)"
    r"(?:,\s+block\s+(?P<block>\w+))?,\s+sha256\s+(?P<sha256>[0-9a-f]{64})"
)
BLOCK_TAG = re.compile(r"\{%-?\s*(?:block\s+(\w+)|endblock)\b[^%]*-?%\}")


@dataclass(frozen=True)
class Origin:
    """What one override says it was made from."""

    override: str  # its path under overrides/
    version: str
    path: str  # the original's path under Material's templates/
    block: str | None
    sha256: str

    @property
    def what(self) -> str:
        return self.path + (f", block {self.block}" if self.block else "")


def origins(overrides: Path) -> list[Origin]:
    """Every ``Made from`` line of every template under ``overrides``."""
    found = []
    for file in sorted(overrides.rglob("*.html")):
        for match in MADE_FROM.finditer(file.read_text(encoding="utf-8")):
            found.append(Origin(file.relative_to(overrides).as_posix(), **match.groupdict()))
    return found


def block_text(text: str, name: str) -> str | None:
    """The block ``name`` of a template, its tags included (blocks inside it counted)."""
    start, depth = None, 0
    for match in BLOCK_TAG.finditer(text):
        if start is None:
            if match.group(1) == name:
                start, depth = match.start(), 1
            continue
        depth += 1 if match.group(1) else -1
        if depth == 0:
            return text[start : match.end()]
    return None


def original(templates: Path, origin: Origin) -> str | None:
    """The text the origin's hash is of, in ``templates`` (``None``: no such file or block)."""
    file = templates / origin.path
    if not file.is_file():
        return None
    text = file.read_text(encoding="utf-8")
    return block_text(text, origin.block) if origin.block else text


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def problems(overrides: Path, templates: Path, version: str) -> list[str]:
    """What no longer matches between the overrides and Material's ``templates`` (of
    Material ``version``), one sentence each, saying what to do."""
    found = origins(overrides)
    told = {origin.override for origin in found}
    messages = []
    for file in sorted(overrides.rglob("*.html")):
        name = file.relative_to(overrides).as_posix()
        if (templates / name).is_file() and name not in told:
            messages.append(
                f"overrides/{name} stands in for Material's {name} but does not say what it "
                f"was made from: add \"Made from Material {version}'s <template>, sha256 "
                f'<hash>" to its header comment'
            )
    for origin in found:
        text = original(templates, origin)
        if text is None:
            messages.append(
                f"overrides/{origin.override} was made from Material {origin.version}'s "
                f"{origin.what}, which Material {version} no longer has: find where it went, "
                f"re-apply the override's changes there, and update its header"
            )
        elif (installed := sha256(text)) != origin.sha256:
            messages.append(
                f"overrides/{origin.override} was made from Material {origin.version}'s "
                f"{origin.what} (sha256 {origin.sha256[:12]}…), which Material {version} has "
                f"changed (sha256 {installed[:12]}…): re-read the diff between the two "
                f"versions' {origin.what}, re-apply the override's changes to the new one, "
                f"then write {version} and sha256 {installed} in its header"
            )
    return messages


def test_the_overrides_are_of_the_installed_materials_templates() -> None:
    found = problems(OVERRIDES, MATERIAL, MATERIAL_VERSION)
    assert not found, "\n".join(found)


def test_every_override_says_what_it_was_made_from() -> None:
    assert {(o.override, o.what) for o in origins(OVERRIDES)} == {
        ("404.html", "404.html"),
        ("main.html", "base.html, block htmltitle"),
        ("partials/alternate.html", "partials/alternate.html"),
        ("partials/search.html", "partials/search.html"),
    }


def material_copy(tmp_path: Path) -> Path:
    """The installed Material's templates that the overrides were made from, in tmp_path."""
    templates = tmp_path / "templates"
    for origin in origins(OVERRIDES):
        (templates / origin.path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(MATERIAL / origin.path, templates / origin.path)
    assert problems(OVERRIDES, templates, "9.99") == []
    return templates


def test_a_changed_partial_is_named_with_what_to_do(tmp_path: Path) -> None:
    templates = material_copy(tmp_path)
    search = templates / "partials" / "search.html"
    search.write_text(search.read_text().replace('role="search"', 'role="none"'))
    (message,) = problems(OVERRIDES, templates, "9.99")
    assert message.startswith("overrides/partials/search.html was made from Material ")
    assert "Material 9.99 has changed" in message
    assert "re-read the diff" in message and "re-apply" in message
    assert f"sha256 {sha256(search.read_text())} in its header" in message


def test_only_the_block_an_override_redefines_counts(tmp_path: Path) -> None:
    templates = material_copy(tmp_path)
    base = templates / "base.html"
    text = base.read_text()
    base.write_text(text.replace("{% block styles %}", "<!-- new -->\n{% block styles %}"))
    assert problems(OVERRIDES, templates, "9.99") == []
    base.write_text(text.replace("page.is_homepage", "page.is_index"))
    (message,) = problems(OVERRIDES, templates, "9.99")
    assert message.startswith("overrides/main.html was made from Material ")
    assert "base.html, block htmltitle (sha256" in message
    base.write_text(text.replace("block htmltitle", "block head_title"))
    (message,) = problems(OVERRIDES, templates, "9.99")
    assert "base.html, block htmltitle, which Material 9.99 no longer has" in message


def test_an_override_without_its_origin_is_named(tmp_path: Path) -> None:
    overrides = tmp_path / "overrides"
    shutil.copytree(OVERRIDES, overrides)
    alternate = overrides / "partials" / "alternate.html"
    alternate.write_text(MADE_FROM.sub("", alternate.read_text()))
    (message,) = problems(overrides, MATERIAL, MATERIAL_VERSION)
    assert message.startswith("overrides/partials/alternate.html stands in for Material's ")


def test_block_text_counts_the_blocks_inside() -> None:
    text = "a{% block outer %}b{% block inner %}c{% endblock %}d{%- endblock outer -%}e"
    assert block_text(text, "outer") == (
        "{% block outer %}b{% block inner %}c{% endblock %}d{%- endblock outer -%}"
    )
    assert block_text(text, "inner") == "{% block inner %}c{% endblock %}"
    assert block_text(text, "missing") is None

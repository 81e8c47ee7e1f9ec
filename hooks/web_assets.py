"""MkDocs build hook: the files that run the engine in the reader's browser.

After the last language is built, this hook writes into the site:

- ``assets/pyodide/VERSION/``: Pyodide's runtime from the npm package
  (``node_modules/pyodide``, pinned by package-lock.json): ``pyodide.mjs``,
  ``pyodide.asm.mjs``, ``pyodide.asm.wasm``, ``pyodide-lock.json`` (its ``info`` only:
  the engine loads no package, so the list of Pyodide's packages is left out), and
  ``python_stdlib.zip``: only the standard library that Pyodide's start and the engine
  import, compiled to ``.pyc`` inside Pyodide itself (``scripts/compile_pyc.mjs`` under
  Node: the host's CPython writes another bytecode magic number). Importing the standard
  library from source is most of a stock Pyodide start. The whole standard library is
  compiled first (cached in ``build/pyodide-stdlib/``, keyed by the Pyodide version and
  hashes of the input zip and of the compiling script); then ``scripts/pack_stdlib.mjs``
  boots Pyodide with it, starts the engine as the page's worker does, sends every kind
  of request the pages make (``scripts/stdlib_probe.py``) and keeps only the modules then
  loaded from the zip (cached in ``build/pyodide-stdlib-packed/``, keyed by the compiled
  zip, the engine's wheel and bytecode and the two scripts); the build logs the list.
  A repeat build costs a file copy.
- ``assets/engine/``: the engine as a standard pure-Python ``py3-none-any`` wheel, built
  from ``engine/`` in-process by the pinned PEP 517 backend (flit_core, from
  requirements.lock: no network, no ``pyodide build``); beside it the engine's bytecode
  for Pyodide's Python: the wheel with each ``.py`` replaced by its ``.pyc`` (sourceless,
  compiled the same way and cached in ``build/engine-pyc/``), which is what the worker
  unpacks: the engine imports without compiling, and no reader downloads its sources
  (the worker falls back to the wheel, imported from source, if the bytecode cannot be
  had); and
  ``manifest.json`` (``{"cache", "wheel", "sha256", "bytecode", "bytecode_sha256",
  "pyodide", "stdlib_sha256", "runtime_sha256"}``: the Cache Storage the worker keeps
  them in, ``kit.ENGINE_CACHE``, and, last, the hashes of Pyodide's four runtime files by
  name) that the page's worker reads to find, check and keep them.

Without Node or the npm package, a build under CI (``CI`` set) fails with the reason; a
local build logs a warning and leaves the files out (``kit.tools_missing``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit

from hooks import kit

log = logging.getLogger("mkdocs.hooks.web_assets")

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
COMPILER = ROOT / "scripts" / "compile_pyc.mjs"
PACKER = ROOT / "scripts" / "pack_stdlib.mjs"
PROBE = ROOT / "scripts" / "stdlib_probe.py"
CACHE_DIR = ROOT / "build" / "pyodide-stdlib"
PACKED_CACHE_DIR = ROOT / "build" / "pyodide-stdlib-packed"
BYTECODE_CACHE_DIR = ROOT / "build" / "engine-pyc"
LOCK_FILE = "pyodide-lock.json"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", LOCK_FILE)
STDLIB = "python_stdlib.zip"
PYODIDE_OUT = "assets/pyodide"
ENGINE_OUT = "assets/engine"
# The wheel's file times (zip entries): fixed, so the same sources give the same wheel.
SOURCE_DATE_EPOCH = "1577836800"  # 2020-01-01


@event_priority(-200)  # after static-i18n's (-100), which builds the other languages
def on_post_build(config: Any) -> None:
    if not kit.outer_build(config):
        return  # not the end of the outer build yet
    write_web_assets(Path(config.site_dir))


def write_web_assets(site_dir: Path) -> None:
    """Write Pyodide's files and the engine's wheel below ``site_dir`` (see the module)."""
    if kit.tools_missing("web assets", _missing_tools(), "the pages cannot start the engine", log):
        return
    version = pyodide_version()
    # One folder per Pyodide version: a browser never mixes cached files of two.
    out = site_dir / PYODIDE_OUT / version
    out.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        if name == LOCK_FILE:
            write_lock_file(out / name)
        else:
            shutil.copyfile(PYODIDE_DIR / name, out / name)
    engine_out = site_dir / ENGINE_OUT
    wheel, bytecode = write_engine(engine_out, version)
    stdlib = packed_stdlib(version, wheel, bytecode)
    modules = stdlib_report(stdlib)["modules"]
    log.info(
        f"standard library for the engine: {len(modules)} modules,"
        f" {stdlib.stat().st_size:,} bytes: {' '.join(modules)}"
    )
    shutil.copyfile(stdlib, out / STDLIB)
    runtime = {name: _sha256(out / name) for name in RUNTIME_FILES}
    write_manifest(engine_out, wheel, bytecode, version, _sha256(stdlib), runtime)


def write_lock_file(target: Path) -> None:
    """Pyodide's lock file with its ``info`` (the ABI Pyodide checks at its start) and no
    packages: the engine loads none, and the 119 KB list of Pyodide's would be fetched
    at every first start for nothing."""
    lock = json.loads((PYODIDE_DIR / LOCK_FILE).read_text(encoding="utf-8"))
    trimmed = {"info": lock["info"], "packages": {}}
    target.write_text(json.dumps(trimmed, indent=1) + "\n", encoding="utf-8")


def _missing_tools() -> str | None:
    if shutil.which("node") is None:
        return "Node.js (node) is not on PATH; it compiles Pyodide's standard library"
    needed = (*RUNTIME_FILES, STDLIB, "package.json")
    missing = [name for name in needed if not (PYODIDE_DIR / name).is_file()]
    if missing:
        return f"{PYODIDE_DIR} lacks {', '.join(missing)}: run scripts/setup.sh (npm ci)"
    return None


def pyodide_version() -> str:
    """The version of the npm package ``pyodide`` installed in node_modules."""
    version: str = json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    return version


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _compile(
    source: Path, name: str, cache_dir: Path, key: str, *flags: str, download: bool = False
) -> Path:
    """``source`` compiled to ``.pyc`` by ``scripts/compile_pyc.mjs`` inside Pyodide, as
    ``name`` in ``cache_dir/key/``; a cached result is reused, older entries dropped."""
    return _run_cached(COMPILER, [source], name, cache_dir, key, *flags, download=download)


def _run_cached(
    script: Path,
    inputs: list[Path],
    name: str,
    cache_dir: Path,
    key: str,
    *flags: str,
    download: bool = False,
) -> Path:
    """``node SCRIPT PYODIDE_DIR INPUTS... OUT FLAGS...`` writing ``name`` into
    ``cache_dir/key/`` (with what the script printed, as ``name.json``); a cached result
    is reused, older entries dropped. ``download``: the zip archive is one a reader
    downloads, recompressed (:func:`recompress`) before it is kept."""
    cached = cache_dir / key / name
    if cached.is_file():
        return cached
    what = inputs[0].name
    log.info(f"{script.name}: {what} in Pyodide (cached in {cache_dir})")
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache_dir, prefix="tmp") as tmp:
        target = Path(tmp) / name
        proc = subprocess.run(
            ["node", str(script), str(PYODIDE_DIR), *map(str, inputs), str(target), *flags],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if proc.returncode != 0 or not target.is_file():
            raise PluginError(f"{script.name} on {what} failed:\n{proc.stderr[-3000:]}")
        log.info(f"{script.name} on {what}: {proc.stdout.strip()[:300]}")
        target.with_name(name + ".json").write_text(proc.stdout, encoding="utf-8")
        if download:
            recompress(target)
        # One version at a time: drop older finished entries, never another build's
        # run still under way (its temporary folder).
        for old in cache_dir.iterdir():
            if old.name != key and not old.name.startswith("tmp"):
                shutil.rmtree(old, ignore_errors=True)
        cached.parent.mkdir(exist_ok=True)
        target.with_name(name + ".json").replace(cached.with_name(name + ".json"))
        target.replace(cached)
    return cached


DEFLATE = "zopfli-0.4.3-i1"
"""How the archives a reader downloads are recompressed (part of their cache keys)."""


def recompress(archive: Path) -> None:
    """Rewrite the deflated members of the zip ``archive`` with Zopfli, a slower search
    for the same deflate format (any unzip reads it): 3-6 % smaller than zlib's level 9.
    The members, their order, names, times and attributes stay as they are."""
    import zopfli.zopfli  # a build-time tool, pinned in requirements.lock

    class Zopfli:
        """A deflate "compressor" for zipfile: the whole member at once, on flush."""

        def __init__(self) -> None:
            self.parts: list[bytes] = []

        def compress(self, data: bytes) -> bytes:
            self.parts.append(data)
            return b""

        def flush(self) -> bytes:
            stream: bytes = zopfli.zopfli.compress(b"".join(self.parts), numiterations=1)
            return stream[2:-4]  # the raw deflate inside zlib's header and checksum

    plain = zipfile._get_compressor  # type: ignore[attr-defined]

    def compressor(kind: int, level: int | None = None) -> Any:
        return Zopfli() if kind == zipfile.ZIP_DEFLATED else plain(kind, level)

    packed = archive.with_name(archive.name + ".zopfli")
    zipfile._get_compressor = compressor  # type: ignore[attr-defined]
    try:
        with zipfile.ZipFile(archive) as src, zipfile.ZipFile(packed, "w") as dst:
            for info in src.infolist():
                dst.writestr(info, src.read(info), info.compress_type)
    finally:
        zipfile._get_compressor = plain  # type: ignore[attr-defined]
    with zipfile.ZipFile(archive) as before, zipfile.ZipFile(packed) as after:
        if after.testzip() is not None or any(
            after.read(info.filename) != before.read(info) for info in before.infolist()
        ):
            raise PluginError(f"recompressing {archive.name} changed its contents")
    packed.replace(archive)


def compiled_stdlib(version: str) -> Path:
    """The path of the whole ``.pyc`` standard library, compiled now or found in the
    cache."""
    source = PYODIDE_DIR / STDLIB
    key = f"{version}-{_sha256(source)[:16]}-{_sha256(COMPILER)[:8]}"
    return _compile(source, STDLIB, CACHE_DIR, key)


def packed_stdlib(version: str, wheel: Path, bytecode: Path) -> Path:
    """The standard library the engine needs (``scripts/pack_stdlib.mjs``: the modules
    that Pyodide's start and the engine's requests load), packed now or found in the
    cache."""
    full = compiled_stdlib(version)
    hashes = [_sha256(path)[:12] for path in (full, wheel, bytecode, PACKER, PROBE)]
    key = "-".join([version, *hashes, DEFLATE])
    return _run_cached(
        PACKER, [full, wheel, bytecode], STDLIB, PACKED_CACHE_DIR, key, download=True
    )


def stdlib_report(packed: Path) -> dict[str, Any]:
    """What ``scripts/pack_stdlib.mjs`` said of a packed standard library: ``modules`` (the
    names packed), ``built_in`` (those Pyodide has without a file), ``probe`` (the replies
    to its requests, per method), ``bytes``."""
    report: dict[str, Any] = json.loads(
        packed.with_name(STDLIB + ".json").read_text(encoding="utf-8")
    )
    return report


def engine_stdlib() -> Path:
    """The packed standard library for the engine as it is now (see ``packed_stdlib``):
    its wheel and bytecode built in a temporary folder (the same bytes as a build's)."""
    version = pyodide_version()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        return packed_stdlib(version, wheel, compiled_engine(wheel, version))


def compiled_engine(wheel: Path, version: str) -> Path:
    """The engine's bytecode for Pyodide: the wheel with its modules compiled, sourceless
    (``engine/*.pyc``), imported from the archive itself; compiled now or found in the
    cache."""
    key = f"{version}-{_sha256(wheel)[:16]}-{_sha256(COMPILER)[:8]}-{DEFLATE}"
    name = f"{wheel.name.split('-')[0]}-pyc-pyodide-{version}.zip"
    return _compile(wheel, name, BYTECODE_CACHE_DIR, key, "--engine", download=True)


def build_wheel(out_dir: Path) -> Path:
    """Build the engine's ``py3-none-any`` wheel into ``out_dir`` and return its path.

    The PEP 517 backend named in pyproject.toml (flit_core) runs in a child of this
    Python, from the repository's root, with fixed file times; it needs no network.
    """
    code = "import sys, flit_core.buildapi as b; print(b.build_wheel(sys.argv[1]))"
    proc = subprocess.run(
        [sys.executable, "-c", code, str(out_dir)],
        cwd=ROOT,
        env={**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if proc.returncode != 0:
        raise PluginError(f"building the engine's wheel failed:\n{proc.stderr[-3000:]}")
    return out_dir / proc.stdout.strip().splitlines()[-1]


def write_engine(out: Path, version: str) -> tuple[Path, Path]:
    """Write the engine's wheel and its bytecode for Pyodide into ``out`` (emptied
    first); return their paths."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    wheel = build_wheel(out)
    compiled = compiled_engine(wheel, version)
    bytecode = out / compiled.name
    shutil.copyfile(compiled, bytecode)
    return wheel, bytecode


def write_manifest(
    out: Path,
    wheel: Path,
    bytecode: Path,
    version: str,
    stdlib_sha256: str,
    runtime_sha256: dict[str, str] | None = None,
) -> None:
    """Write ``manifest.json`` into ``out``: the names and hashes of the engine's wheel and
    bytecode, the Pyodide version (its folder) and the hash of the standard library
    (which may change with the scripts or the engine while the version stays), and the
    hashes of Pyodide's runtime files (``runtime_sha256``, by name): the worker keeps no
    file for offline use whose bytes are not these, and in the Cache Storage ``cache``
    (:data:`hooks.kit.ENGINE_CACHE`)."""
    manifest = {
        "cache": kit.ENGINE_CACHE,
        "wheel": wheel.name,
        "sha256": _sha256(wheel),
        "bytecode": bytecode.name,
        "bytecode_sha256": _sha256(bytecode),
        "pyodide": version,
        "stdlib_sha256": stdlib_sha256,
        "runtime_sha256": runtime_sha256 or {},
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    log.info(f"engine wheel: {wheel.name}")

// Packs the reader's standard library: only the modules that Pyodide's own start and the
// engine import, found by running the engine in Pyodide itself.
//
//   node scripts/pack_stdlib.mjs PYODIDE_DIR STDLIB_ZIP WHEEL BYTECODE_ZIP OUT_ZIP
//
// Pyodide (the npm package in PYODIDE_DIR) boots under Node with STDLIB_ZIP as its
// standard library (the whole one, compiled to .pyc by compile_pyc.mjs), then does what
// the page's worker does (engine-worker.js): puts the engine's bytecode archive at
// /lib/engine.zip, imports engine.presentation.web from it (and unpacks the wheel, its
// fallback, elsewhere, so that what unpacking a wheel imports is kept too). Then scripts/stdlib_probe.py sends every
// kind of request the pages make through engine.presentation.web.call, in every language, and a
// Python error is raised into JavaScript and caught (the path a fault takes). Every
// module then in sys.modules that was loaded from the standard library's zip is kept:
// OUT_ZIP holds those entries of STDLIB_ZIP and nothing else (modules built into the
// WebAssembly or frozen in it need no file). Entries are written in name order with
// fixed times, so the same inputs give the same bytes.
//
// Prints one JSON line: {"bytes", "entries", "probe": replies per method, "modules": the
// names of the modules packed, "built_in": those every start has without a file}.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, stdlibZip, wheel, bytecode, outZip] = process.argv.slice(2);
if (!outZip) {
  console.error("usage: node pack_stdlib.mjs PYODIDE_DIR STDLIB_ZIP WHEEL BYTECODE_ZIP OUT_ZIP");
  process.exit(2);
}
const probe = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), "stdlib_probe.py"),
  "utf8",
);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + path.sep,
  stdLibURL: path.resolve(stdlibZip),
});
// As engine-worker.js starts the engine.
const bytes = (file) => new Uint8Array(fs.readFileSync(file));
pyodide.FS.writeFile("/lib/engine.zip", bytes(bytecode));
pyodide.runPython("import sys; sys.path.append('/lib/engine.zip')");
pyodide.unpackArchive(bytes(wheel), "wheel", { extractDir: "/tmp/fallback" });
pyodide.pyimport("engine.presentation.web");
// A Python error crossing into JavaScript (how an engine fault would reach the worker).
try {
  pyodide.runPython("raise RuntimeError('probe')");
} catch {
  // expected
}
pyodide.FS.writeFile("/tmp/stdlib.zip", bytes(stdlibZip));
pyodide.globals.set("PROBE", probe);

const result = pyodide.runPython(`
import json, sys, zipfile

namespace = {"__name__": "stdlib_probe"}
exec(compile(PROBE, "stdlib_probe.py", "exec"), namespace)
replies = namespace["run"]()

# Where zipimport finds the standard library, as module origins name it.
root = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
used = {}
for name, module in list(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(root):
        used[origin[len(root):]] = name
with zipfile.ZipFile("/tmp/stdlib.zip") as src, zipfile.ZipFile(
    "/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9
) as dst:
    missing = sorted(set(used) - set(src.namelist()))
    assert not missing, f"modules loaded from outside the given zip: {missing}"
    for entry in sorted(used):
        old = src.getinfo(entry)
        info = zipfile.ZipInfo(entry, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = old.external_attr
        dst.writestr(info, src.read(entry), zipfile.ZIP_DEFLATED, 9)
# Modules every start has without a file: built into the WebAssembly, or frozen in it.
frozen = {name for name, m in sys.modules.items()
          if getattr(getattr(m, "__spec__", None), "origin", None) == "frozen"}
built_in = sorted(set(sys.builtin_module_names) | frozen)
json.dumps({"entries": len(used), "probe": replies, "modules": sorted(used.values()),
            "built_in": built_in})
`);
const packed = pyodide.FS.readFile("/tmp/out.zip");
fs.writeFileSync(outZip, packed);
const out = JSON.parse(result);
process.stdout.write(JSON.stringify({ bytes: packed.length, ...out }) + "\n");

// Compiles Python sources to .pyc inside Pyodide itself, so the bytecode has the magic
// number of Pyodide's own CPython (the host's Python writes another one).
//
//   node scripts/compile_pyc.mjs PYODIDE_DIR IN_ZIP OUT_ZIP
//     The standard library: every .py that compiles is replaced by its .pyc (sourceless,
//     as zipimport reads it from /lib/pythonXY.zip); a .py that does not compile is kept
//     as source; every other file is copied as it is. Compiled as `python -OO` does
//     (optimize=2: no docstrings, no asserts), a fifth smaller.
//   node scripts/compile_pyc.mjs PYODIDE_DIR IN_ZIP OUT_ZIP --engine
//     A wheel: OUT_ZIP is the wheel without its sources, imported from the archive itself
//     at ENGINE_ARCHIVE (as engine-worker.js puts it): each .py replaced by its .pyc
//     (sourceless, pkg/mod.pyc), its other files (the .dist-info) kept; compiled without
//     docstrings (which nothing in the
//     engine reads at run time: a third smaller once compressed) but with its asserts.
//
// Bytecode is unchecked-hash .pyc: no timestamp, so the output depends only on the input,
// and Python uses it without reading or checking the source. It carries no column
// positions (PYTHONNODEBUGRANGES, as `python -X no_debug_ranges`): a traceback still
// names each line, without the ^^^ under the columns, and the bytecode is a quarter
// smaller. Prints one JSON line of counts.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, inZip, outZip, mode] = process.argv.slice(2);
if (!outZip || (mode && mode !== "--engine")) {
  console.error("usage: node compile_pyc.mjs PYODIDE_DIR IN_ZIP OUT_ZIP [--engine]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + path.sep,
  env: { PYTHONNODEBUGRANGES: "1" },
});
pyodide.FS.writeFile("/tmp/in.zip", fs.readFileSync(inZip));
// Where engine-worker.js (and pack_stdlib.mjs) put the engine's bytecode archive.
const ENGINE_ARCHIVE = "/lib/engine.zip";
pyodide.globals.set("ENGINE", mode === "--engine" ? ENGINE_ARCHIVE : null);

const counts = await pyodide.runPythonAsync(`
import ast, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

if ENGINE:
    # The archive the page's worker imports the engine from: code objects name their
    # files in it, as zipimport does.
    root = ENGINE
else:
    # The path the stdlib has in Pyodide's file system, as zipimport names its files.
    root = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
counts = {"pyc": 0, "kept_py": 0, "other": 0, "python": list(sys.version_info[:3])}
assert list(compile("x", "x", "eval").co_positions())[-1][2] is None, "column positions"


def without_docstrings(source, path):
    """The module's syntax tree with the docstring of the module, and of each class and
    function, taken out (an emptied body gets a pass); lines keep their numbers."""
    tree = ast.parse(source, path)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                first = body.pop(0)
                if not body:
                    body.append(ast.copy_location(ast.Pass(), first))
    return tree


def entry(name, data, compress_type=zipfile.ZIP_DEFLATED, attr=0o644 << 16):
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = attr
    dst.writestr(info, data, compress_type, 9 if compress_type == zipfile.ZIP_DEFLATED else None)


with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile(
    "/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9
) as dst:
    for info in src.infolist():
        data = src.read(info)
        name = info.filename
        if name.endswith(".py"):
            path = f"{root}/{name}"
            try:
                if ENGINE:
                    code = compile(without_docstrings(data, path), path, "exec", dont_inherit=True)
                else:
                    code = compile(data, path, "exec", dont_inherit=True, optimize=2)
            except SyntaxError:
                counts["kept_py"] += 1
            else:
                pyc = bytes(_code_to_hash_pyc(code, source_hash(data), False))
                entry(name + "c", pyc, attr=info.external_attr)
                counts["pyc"] += 1
                continue
        else:
            counts["other"] += 1
        entry(name, data, info.compress_type, info.external_attr)
json.dumps(counts)
`);
fs.writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
process.stdout.write(counts + "\n");

// Compiles Pyodide's standard library to .pyc inside Pyodide itself, so the bytecode has
// the magic number of Pyodide's own CPython (the host's Python writes another one).
//   node scripts/compile_stdlib.mjs PYODIDE_DIR IN_ZIP OUT_ZIP
// Every .py that compiles is replaced by its .pyc (unchecked hash: no timestamp, so the
// output depends only on the input); a .py that does not compile is kept as source;
// every other file is copied as it is. Prints one JSON line of counts.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, inZip, outZip] = process.argv.slice(2);
if (!outZip) {
  console.error("usage: node compile_stdlib.mjs PYODIDE_DIR IN_ZIP OUT_ZIP");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
pyodide.FS.writeFile("/tmp/in.zip", fs.readFileSync(inZip));

const counts = await pyodide.runPythonAsync(`
import json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

# The path the stdlib has in Pyodide's file system: code objects name their files there,
# as zipimport names them when it compiles the sources itself.
archive = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
counts = {"pyc": 0, "kept_py": 0, "other": 0, "python": list(sys.version_info[:3])}
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile(
    "/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9
) as dst:
    for info in src.infolist():
        data = src.read(info)
        name = info.filename
        if name.endswith(".py"):
            try:
                code = compile(data, f"{archive}/{name}", "exec", dont_inherit=True)
            except SyntaxError:
                counts["kept_py"] += 1
            else:
                out = zipfile.ZipInfo(name + "c", date_time=(1980, 1, 1, 0, 0, 0))
                out.external_attr = info.external_attr
                pyc = bytes(_code_to_hash_pyc(code, source_hash(data), False))
                dst.writestr(out, pyc, zipfile.ZIP_DEFLATED, 9)
                counts["pyc"] += 1
                continue
        else:
            counts["other"] += 1
        out = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        out.external_attr = info.external_attr
        dst.writestr(out, data, info.compress_type)
json.dumps(counts)
`);
fs.writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
process.stdout.write(counts + "\n");

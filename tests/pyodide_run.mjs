// Runs Python code in Pyodide (the npm package, under Node) with the repository's
// engine/ package on its path (its modules and data, as the wheel has them), and prints
// what the code returns.
//   node tests/pyodide_run.mjs REPO_ROOT [STDLIB_ZIP] < code.py
// STDLIB_ZIP: the standard library to start with (the site's, packed with only what the
// engine imports: hooks/web_assets.py), instead of the npm package's whole one.
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [root, stdlib] = process.argv.slice(2);
const pyodide = await loadPyodide(stdlib ? { stdLibURL: path.resolve(stdlib) } : {});

function copyTree(src, dst) {
  pyodide.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = `${dst}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copyTree(from, to);
    } else if (entry.name.endsWith(".py") || entry.name.endsWith(".json")) {
      pyodide.FS.writeFile(to, fs.readFileSync(from));
    }
  }
}

copyTree(path.join(root, "engine"), "/home/pyodide/engine");
const code = fs.readFileSync(0, "utf8");
const result = await pyodide.runPythonAsync(code);
process.stdout.write(String(result));

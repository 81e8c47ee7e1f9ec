// Runs Python code in Pyodide (the npm package, under Node) with the repository's
// engine/ package on its path (its modules and data, as the wheel has them), and prints
// what the code returns.
//   node tests/pyodide_run.mjs REPO_ROOT [STDLIB_ZIP] < code.py
//   node tests/pyodide_run.mjs --serve REPO_ROOT [STDLIB_ZIP]
// STDLIB_ZIP: the standard library to start with (the site's, packed with only what the
// engine imports: hooks/web_assets.py), instead of the npm package's whole one.
// --serve: one Pyodide for many programs (the tests' session: tests/conftest.py). Each
// line of stdin is a JSON string, a program; each is run in a fresh global namespace (the
// modules it imports stay loaded, as in the site's worker) and answered by one line of
// stdout, JSON: {"ok": true, "value": "<what the program returns>"} or {"ok": false,
// "error": "<the Python traceback>"}. What Python and Pyodide print goes to stderr.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { loadPyodide } from "pyodide";

const args = process.argv.slice(2);
const serving = args[0] === "--serve";
const [root, stdlib] = serving ? args.slice(1) : args;
if (serving) console.log = console.error; // stdout carries the answers alone
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

if (!serving) {
  const code = fs.readFileSync(0, "utf8");
  const result = await pyodide.runPythonAsync(code);
  process.stdout.write(String(result));
} else {
  pyodide.setStdout({ batched: (line) => process.stderr.write(`${line}\n`) });
  const makeDict = pyodide.globals.get("dict");
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const scope = makeDict();
    let answer;
    try {
      const value = await pyodide.runPythonAsync(JSON.parse(line), { globals: scope });
      answer = { ok: true, value: String(value) };
    } catch (error) {
      answer = { ok: false, error: String(error) };
    } finally {
      scope.destroy();
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
}

"""Python code run in Pyodide under Node, as the benchmarks measure it there
(``tests/pyodide_run.mjs``: the engine importable, the code's last expression a JSON
string, answered on standard output).

    from scripts.pyodide_node import run_in_pyodide
    rows = run_in_pyodide(code)          # the JSON the code's last expression gives
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def run_in_pyodide(code: str) -> Any:
    """The value of ``code``'s last expression, a JSON string, read back; a failure
    (no Node, or the code raised) stops the script with Node's last words."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node is needed for --pyodide")
    # The code goes in from a file: Node may find a pipe not ready yet (EAGAIN).
    with tempfile.TemporaryFile("w+", encoding="utf-8") as source:
        source.write(code)
        source.seek(0)
        proc = subprocess.run(
            [node, str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT)],
            stdin=source,
            capture_output=True,
            text=True,
            check=False,
        )
    if proc.returncode:
        raise SystemExit(proc.stderr[-3000:])
    return json.loads(proc.stdout)

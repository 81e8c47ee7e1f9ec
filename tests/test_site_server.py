"""scripts/site_server.py from its command line: a client that leaves mid-answer.

A browser that navigates away, or a test that ends, closes its connections while files
are still being sent; the server says so in one line and goes on serving, with no
traceback on its error stream.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVER = ROOT / "scripts" / "site_server.py"
# More than a connection holds in flight (the server's send buffer, 4 MiB at most by
# Linux's tcp_wmem, and the small window of a client that reads nothing): the server is
# still sending when the client's reset arrives.
LARGE = 8 * 1024 * 1024


def leave_mid_answer(address: tuple[str, int], path: str, gzip: bool) -> None:
    """Ask for ``path`` and close at once, with a reset (SO_LINGER 0), reading nothing."""
    with socket.create_connection(address) as client:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        accept = "Accept-Encoding: gzip\r\n" if gzip else ""
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n{accept}\r\n".encode())


def until_told(stream: IO[str]) -> list[str]:
    """The server's error lines up to its line about the client, or to the end of the stock
    report (a traceback between two lines of dashes), or to the end of the stream."""
    lines: list[str] = []
    while line := stream.readline():
        lines.append(line)
        if "closed the connection" in line or (line.startswith("-" * 40) and len(lines) > 1):
            break
    return lines


@pytest.mark.parametrize(
    ("name", "gzip"), [("large.bin", False), ("large.js", True)], ids=["as stored", "gzip"]
)
def test_a_client_that_closes_early_ends_quietly(tmp_path: Path, name: str, gzip: bool) -> None:
    (tmp_path / name).write_bytes(os.urandom(LARGE))  # random: gzip does not shrink it
    (tmp_path / "index.html").write_text("<p>still here</p>", encoding="utf-8")
    server = subprocess.Popen(
        [sys.executable, "-u", str(SERVER), str(tmp_path), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Not a timing: only a guard, so that a server that hangs fails the test, not the run.
    guard = threading.Timer(120, server.kill)
    guard.start()
    try:
        assert server.stdout is not None and server.stderr is not None
        url = server.stdout.readline().split(" at ")[1].split()[0]
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        leave_mid_answer((host, int(port)), "/" + name, gzip)
        told = until_told(server.stderr)
        with urllib.request.urlopen(url, timeout=60) as answer:
            assert answer.read() == b"<p>still here</p>"
        server.send_signal(signal.SIGINT)
        rest = server.communicate()[1]
    finally:
        guard.cancel()
        server.kill()
        server.wait()
    errors = "".join(told) + rest
    assert "Traceback" not in errors
    (line,) = errors.splitlines()
    assert re.fullmatch(
        rf"127\.0\.0\.1 closed the connection (during GET /{name} HTTP/1\.1|before a request)"
        r" \((BrokenPipeError|ConnectionResetError)\)",
        line,
    ), line

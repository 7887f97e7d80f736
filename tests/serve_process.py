"""A real ``redouble serve`` process on 127.0.0.1 for the service's tests and its load benchmark
(test support, importable by name from tests/ and bench/: tests/ is on pytest's pythonpath)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_server(args: Sequence[str], log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start ``python -m redouble serve ARGS`` on a free port, wait until /v1/health answers
    (120 s at most), yield its base URL and process, then stop it with SIGTERM (killed after
    30 s). Its stderr goes to `log`, which the caller reads for tracebacks."""
    import httpx

    port = free_port()
    command = [sys.executable, "-m", "redouble", "serve", "--port", str(port), *args]
    base = f"http://127.0.0.1:{port}"
    with (
        log.open("wb") as err,
        subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err) as proc,
    ):
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(f"{base}/v1/health", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert proc.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "the server did not start in 120 s"
                time.sleep(0.2)
            yield base, proc
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:  # pragma: no cover - a hung server
                proc.kill()
                proc.wait()

"""Processes the benchmarks run: a site to scrape and ``webdata serve``, on 127.0.0.1."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEY = "wd-benchmark-key-000000000000000000000000000000"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_up(url: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{url} exited early")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except Exception:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up")


def start_asgi(app: str, port: int) -> subprocess.Popen[bytes]:
    """Serve ``module:attr`` (importable from the repository root) with uvicorn."""
    return subprocess.Popen(
        [sys.executable, "-m", "uvicorn", app, "--port", str(port),
         "--log-level", "warning", "--no-access-log"],
        cwd=ROOT,
    )  # fmt: skip


def start_api(port: int, data_dir: str, **env: str) -> subprocess.Popen[bytes]:
    full_env = {
        **os.environ,
        "WEBDATA_PORT": str(port),
        "WEBDATA_DATA_DIR": data_dir,
        "WEBDATA_BOOTSTRAP_API_KEY": KEY,
        "WEBDATA_ALLOW_PRIVATE_NETWORKS": "true",
        "WEBDATA_LOG_LEVEL": "warning",
        **env,
    }
    return subprocess.Popen([sys.executable, "-m", "webdata.cli", "serve"], cwd=ROOT, env=full_env)

"""``webdata`` as a real child process: run the CLI, start ``serve``, wait for it, stop it."""

from __future__ import annotations

import atexit
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

WEBDATA = [sys.executable, "-m", "webdata.cli"]


def _kill_if_alive(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=10)


def run(command: str, data_dir: Path, **env: str) -> subprocess.Popen[str]:
    """``webdata <command>`` with its own data dir; ``env`` adds WEBDATA_* settings.

    A process a failed test never stopped is killed when the test run ends (no orphans).
    """
    full_env = {**os.environ, "WEBDATA_DATA_DIR": str(data_dir)}
    full_env.pop("WEBDATA_BOOTSTRAP_API_KEY", None)
    full_env.update(env)
    proc = subprocess.Popen(
        [*WEBDATA, command], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
        env=full_env,
    )  # fmt: skip
    atexit.register(_kill_if_alive, proc)
    return proc


def serve(data_dir: Path, port: int, **env: str) -> subprocess.Popen[str]:
    """``webdata serve`` on ``port`` (see :func:`run`)."""
    return run("serve", data_dir, WEBDATA_PORT=str(port), **env)


def wait_healthy(url: str, proc: subprocess.Popen[str]) -> None:
    # Generous: a new process imports everything and warms its worker pool; slow when loaded.
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert proc.poll() is None, "server exited early"
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise AssertionError("server never became healthy")


def stop(proc: subprocess.Popen[str]) -> str:
    """Stop like Ctrl-C would; returns what the server wrote on stderr."""
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    return err

"""Run an ASGI app with uvicorn on 127.0.0.1 in a background thread (real sockets, real HTTP)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@contextmanager
def serve_in_thread(app: Any, *, port: int | None = None, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``app`` until the block ends; yields its base URL (no trailing slash)."""
    port = port or free_port(host)
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", lifespan="on", access_log=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    # Generous: a loaded CI machine starts the content worker pool slowly.
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            server.should_exit = True
            thread.join(timeout=60)
            raise RuntimeError("fixture server did not start (its log is in the captured stderr)")
        time.sleep(0.01)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        # A test that starts the next server on the same store must not overlap this one.
        if thread.is_alive():
            raise RuntimeError(f"fixture server on port {port} did not stop within 60 s")

"""A tiny forward HTTP proxy on 127.0.0.1 for the tests: real sockets, its own thread and loop.

It forwards plain-HTTP requests (absolute-form request targets) and tunnels ``CONNECT``,
optionally demands Basic proxy credentials (407 otherwise, as real proxies answer), and
records every request that reached it (``seen``), so a test can tell which proxy of a pool
carried which request and with which user.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

_HOP_HEADERS = frozenset(
    {"proxy-authorization", "proxy-connection", "connection", "keep-alive", "te", "upgrade"}
)


@dataclass(frozen=True)
class Seen:
    method: str
    target: str  # "host:port" for CONNECT, the absolute URL otherwise
    user: str | None  # the proxy user that authenticated, None without credentials
    rejected: bool = False  # answered 407


class ForwardProxy:
    def __init__(self, username: str | None = None, password: str | None = None) -> None:
        self.username = username
        self.password = password
        self.seen: list[Seen] = []
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    @property
    def server_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, username: str | None = None, password: str | None = None) -> str:
        """The proxy URL, with this proxy's credentials unless others are given."""
        user = username if username is not None else self.username
        secret = password if password is not None else self.password
        if user is None:
            return self.server_url
        return f"http://{quote(user, safe='')}:{quote(secret or '', safe='')}@127.0.0.1:{self.port}"

    @property
    def passed(self) -> list[Seen]:
        """The requests it let through."""
        return [s for s in self.seen if not s.rejected]

    def start(self) -> ForwardProxy:
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        future.result(timeout=10)
        return self

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0, limit=1 << 20)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _stop(self) -> None:
        if self._server is not None:
            self._server.close()
            for writer in list(self._open):
                writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    def _user(self, header: str | None) -> str | None:
        """The authenticated user, "" when no credentials are required, None when refused."""
        if self.username is None:
            return ""
        scheme, _, token = (header or "").partition(" ")
        if scheme.lower() != "basic":
            return None
        try:
            user, _, password = base64.b64decode(token).decode().partition(":")
        except ValueError:
            return None
        return user if (user, password) == (self.username, self.password) else None

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._open.add(writer)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            request_line, *lines = head.decode("latin-1").split("\r\n")
            method, target, _ = request_line.split(" ", 2)
            headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines if line]
            auth = next((v for k, v in headers if k.lower() == "proxy-authorization"), None)
            user = self._user(auth)
            if user is None:
                self.seen.append(Seen(method, target, None, rejected=True))
                writer.write(
                    b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                    b'Proxy-Authenticate: Basic realm="tests"\r\n'
                    b"Content-Length: 0\r\nConnection: close\r\n\r\n"
                )
                await writer.drain()
                return
            self.seen.append(Seen(method, target, user or None))
            if method == "CONNECT":
                await self._tunnel(target, reader, writer)
            else:
                await self._forward(method, target, headers, reader, writer)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError):
            pass
        finally:
            self._open.discard(writer)
            with contextlib.suppress(OSError):
                writer.close()

    async def _tunnel(
        self, target: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        host, _, port = target.rpartition(":")
        try:
            up_reader, up_writer = await asyncio.open_connection(host.strip("[]"), int(port))
        except OSError:
            writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            return
        writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
        await writer.drain()
        self._open.add(up_writer)
        try:
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        finally:
            self._open.discard(up_writer)
            up_writer.close()

    async def _forward(
        self,
        method: str,
        target: str,
        headers: list[tuple[str, ...]],
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        url = urlsplit(target)
        length = int(next((v for k, v in headers if k.lower() == "content-length"), "0"))
        body = await reader.readexactly(length) if length else b""
        try:
            up_reader, up_writer = await asyncio.open_connection(url.hostname, url.port or 80)
        except OSError:
            writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            return
        path = (url.path or "/") + (f"?{url.query}" if url.query else "")
        kept = [f"{k}: {v}" for k, v in headers if k.lower() not in _HOP_HEADERS]
        up_writer.write(
            f"{method} {path} HTTP/1.1\r\n".encode("latin-1")
            + "".join(f"{line}\r\n" for line in kept).encode("latin-1")
            + b"Connection: close\r\n\r\n"
            + body
        )
        await up_writer.drain()
        await _pipe(up_reader, writer)
        up_writer.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            if writer.can_write_eof():
                writer.write_eof()


@contextlib.contextmanager
def running_proxy(
    username: str | None = None, password: str | None = None
) -> Iterator[ForwardProxy]:
    proxy = ForwardProxy(username, password).start()
    try:
        yield proxy
    finally:
        proxy.stop()

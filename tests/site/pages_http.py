"""Hostile and edge-case HTTP pages under ``/http/``: redirects, encodings, charsets, streams."""

from __future__ import annotations

import asyncio
import gzip
import zlib
from collections.abc import AsyncIterator

import brotli
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

try:
    from compression import zstd  # type: ignore[import-not-found]
except ImportError:
    from backports import zstd

FINAL_HTML = "<html><head><title>Final</title></head><body><p>You made it.</p></body></html>"
ERROR_HTML = "<html><head><title>{code}</title></head><body><h1>Error {code}</h1></body></html>"
COMPRESSED_HTML = (
    "<html><head><meta charset='utf-8'><title>Compressed</title></head><body>"
    + "".join(f"<p>Line {i}: compressed café ☕ content.</p>" for i in range(200))
    + "</body></html>"
)

# Expected texts of the charset pages: each body is ``CHARSET_PAGES[name][1]`` encoded.
LATIN1_TEXT = "Café crème brûlée, naïve façade — “quoted” for 5 €"
SJIS_TEXT = "日本語のページです。こんにちは世界～①"  # noqa: RUF001
GBK_TEXT = "中文网页，欢迎光临我们的网站。"  # noqa: RUF001
BOM_TEXT = "Ünïcödé with a byte order mark ✓"
LIE_TEXT = "Grüße aus München — 日本 “quotes”"
UNDECLARED_TEXT = (
    "Les élèves étaient très fatigués après la journée; ils ont mangé une crème brûlée. "
    "“Déjà vu” – naïve café, façade, garçon. Où est la bibliothèque? À bientôt!"  # noqa: RUF001
)
CP1251_TEXT = "Привет, мир! Это тестовая страница на русском языке."
XML_TEXT = "Ça marche très bien à Genève"


def _html(body: str, head: str = "") -> str:
    return f"<html><head>{head}<title>Charset</title></head><body><p>{body}</p></body></html>"


# name -> (Content-Type header, full document text, encoding of the bytes, prefix bytes)
CHARSET_PAGES: dict[str, tuple[str, str, str, bytes]] = {
    "latin1": ("text/html; charset=ISO-8859-1", _html(LATIN1_TEXT), "cp1252", b""),
    "sjis-meta": ("text/html", _html(SJIS_TEXT, '<meta charset="shift_jis">'), "cp932", b""),
    "gbk": ("text/html; charset=gbk", _html(GBK_TEXT), "gbk", b""),
    "utf8-bom": ("text/html; charset=iso-8859-1", _html(BOM_TEXT), "utf-8", b"\xef\xbb\xbf"),
    "utf8-lie": ("text/html; charset=iso-8859-1", _html(LIE_TEXT), "utf-8", b""),
    "cp1252-undeclared": ("text/html", _html(UNDECLARED_TEXT), "cp1252", b""),
    "cp1251-http-equiv": (
        "text/html",
        _html(
            CP1251_TEXT,
            '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">',
        ),
        "cp1251",
        b"",
    ),
    "xml-latin1": (
        "application/xml",
        f'<?xml version="1.0" encoding="ISO-8859-1"?><doc>{XML_TEXT}</doc>',
        "latin-1",
        b"",
    ),
}

HUGE_CHUNK = b"<p>" + b"x" * (64 * 1024 - 7) + b"</p>\n"


async def final(_: Request) -> Response:
    return HTMLResponse(FINAL_HTML)


def _redirect(location: str, status: int = 302, **headers: str) -> Response:
    return Response(
        f"<html><body>Moved to <a href='{location}'>{location}</a></body></html>",
        status_code=status,
        headers={"Location": location, **headers},
        media_type="text/html",
    )


async def redirect_chain(request: Request) -> Response:
    n = int(request.path_params["n"])
    return _redirect("/http/final" if n <= 1 else f"/http/redirect/{n - 1}")


async def loop_a(_: Request) -> Response:
    return _redirect("/http/loop/b")


async def loop_b(_: Request) -> Response:
    return _redirect("/http/loop/a")


async def relative_start(_: Request) -> Response:
    return _redirect("../b/step")


async def relative_step(_: Request) -> Response:
    return _redirect("final?from=rel#frag")


async def relative_final(request: Request) -> Response:
    return HTMLResponse(f"<html><body><p>relative {request.query_params.get('from')}</p></body>")


async def status_redirect(request: Request) -> Response:
    return _redirect("/http/echo-headers", int(request.path_params["code"]))


async def redirect_to(request: Request) -> Response:
    status = int(request.query_params.get("status", "302"))
    return _redirect(request.query_params["url"], status)


async def redirect_private(request: Request) -> Response:
    return _redirect(f"http://127.0.0.2:{request.url.port}/http/final")


async def redirect_no_location(_: Request) -> Response:
    return HTMLResponse("<html><body>A redirect without a Location</body></html>", 302)


async def cookie_redirect(_: Request) -> Response:
    response = _redirect("/http/echo-headers")
    response.set_cookie("session", "abc123", path="/")
    return response


async def set_cookies(_: Request) -> Response:
    response = HTMLResponse("<html><body>cookies</body></html>")
    response.set_cookie("a", "1")
    response.set_cookie("b", "2")
    return response


async def status_page(request: Request) -> Response:
    code = int(request.path_params["code"])
    return HTMLResponse(ERROR_HTML.format(code=code), status_code=code)


def _compress(data: bytes, encoding: str) -> bytes:
    if encoding == "gzip":
        return gzip.compress(data)
    if encoding == "deflate":
        return zlib.compress(data)
    if encoding == "br":
        return bytes(brotli.compress(data))
    if encoding == "zstd":
        return bytes(zstd.compress(data))
    return data


async def encoded(request: Request) -> Response:
    encoding = request.path_params["encoding"]
    body = _compress(COMPRESSED_HTML.encode(), encoding)
    headers = {} if encoding == "identity" else {"Content-Encoding": encoding}
    return Response(body, headers=headers, media_type="text/html; charset=utf-8")


async def bad_gzip(_: Request) -> Response:
    return Response(
        b"this is not gzip at all" * 10,
        headers={"Content-Encoding": "gzip"},
        media_type="text/html",
    )


class _TruncatedResponse(Response):
    """Declares 1000 bytes and sends 11, then the server drops the connection."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"text/html"), (b"content-length", b"1000")],
            }
        )
        await send({"type": "http.response.body", "body": b"<html>short", "more_body": False})


_BOMB: list[bytes] = []


def _gzip_bomb() -> bytes:
    """50 MB of zeros in about 50 KB of gzip, built once."""
    if not _BOMB:
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = bytes(1024 * 1024)
        _BOMB.append(b"".join(packer.compress(zeros) for _ in range(50)) + packer.flush())
    return _BOMB[0]


async def gzip_bomb(_: Request) -> Response:
    return Response(_gzip_bomb(), headers={"Content-Encoding": "gzip"}, media_type="text/html")


async def truncated(_: Request) -> Response:
    return _TruncatedResponse()


async def charset_page(request: Request) -> Response:
    content_type, text, encoding, prefix = CHARSET_PAGES[request.path_params["name"]]
    return Response(prefix + text.encode(encoding), headers={"Content-Type": content_type})


async def no_content_type(_: Request) -> Response:
    return Response(b"<html><body><p>No type</p></body></html>")


async def _huge_stream(total: int) -> AsyncIterator[bytes]:
    sent = 0
    while sent < total:
        chunk = HUGE_CHUNK[: total - sent]
        sent += len(chunk)
        yield chunk


async def huge(request: Request) -> Response:
    total = int(float(request.query_params.get("mb", "30")) * 1024 * 1024)
    return StreamingResponse(_huge_stream(total), media_type="text/html")


async def huge_declared(request: Request) -> Response:
    total = int(float(request.query_params.get("mb", "30")) * 1024 * 1024)
    return StreamingResponse(
        _huge_stream(total), media_type="text/html", headers={"Content-Length": str(total)}
    )


async def _endless_stream() -> AsyncIterator[bytes]:
    while True:
        yield HUGE_CHUNK
        await asyncio.sleep(0)


async def endless(_: Request) -> Response:
    return StreamingResponse(_endless_stream(), media_type="text/html")


async def _drip_stream(count: int, interval: float) -> AsyncIterator[bytes]:
    for _ in range(count):
        yield b"x"
        await asyncio.sleep(interval)


async def drip(request: Request) -> Response:
    count = int(request.query_params.get("bytes", "60"))
    interval = float(request.query_params.get("interval", "0.5"))
    return StreamingResponse(_drip_stream(count, interval), media_type="text/plain")


async def echo_headers(request: Request) -> Response:
    pairs = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in request.headers.raw]
    return JSONResponse({"method": request.method, "headers": pairs})


async def peer(request: Request) -> Response:
    client = request.client
    return JSONResponse({"port": client.port if client else None})


async def json_data(_: Request) -> Response:
    return JSONResponse({"name": "caffè", "ok": True})


async def plain_text(_: Request) -> Response:
    return Response("plain text ünïcode", media_type="text/plain; charset=utf-8")


async def binary(_: Request) -> Response:
    return Response(bytes(range(256)) * 4, media_type="application/octet-stream")


routes = [
    Route("/http/final", final),
    Route("/http/redirect/{n:int}", redirect_chain),
    Route("/http/loop/a", loop_a),
    Route("/http/loop/b", loop_b),
    Route("/http/rel/a/start", relative_start),
    Route("/http/rel/b/step", relative_step),
    Route("/http/rel/b/final", relative_final),
    Route("/http/status-redirect/{code:int}", status_redirect, methods=["GET", "POST"]),
    Route("/http/redirect-to", redirect_to),
    Route("/http/redirect-private", redirect_private),
    Route("/http/redirect-no-location", redirect_no_location),
    Route("/http/cookie-redirect", cookie_redirect),
    Route("/http/set-cookies", set_cookies),
    Route("/http/status/{code:int}", status_page),
    Route("/http/encoded/{encoding}", encoded),
    Route("/http/bad-gzip", bad_gzip),
    Route("/http/truncated", truncated),
    Route("/http/gzip-bomb", gzip_bomb),
    Route("/http/charset/{name}", charset_page),
    Route("/http/no-content-type", no_content_type),
    Route("/http/huge", huge),
    Route("/http/huge-declared", huge_declared),
    Route("/http/endless", endless),
    Route("/http/drip", drip),
    Route("/http/echo-headers", echo_headers, methods=["GET", "POST", "PUT"]),
    Route("/http/peer", peer),
    Route("/http/json", json_data),
    Route("/http/text", plain_text),
    Route("/http/binary", binary),
]

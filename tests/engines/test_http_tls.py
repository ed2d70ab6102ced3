"""TLS verification against a real HTTPS server on 127.0.0.1 with a self-signed certificate."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from webdata.engines.base import FetchRequest
from webdata.engines.errors import FetchError, TLSError
from webdata.engines.http import HttpEngine

BODY = b"<html><body><p>over tls</p></body></html>"


@pytest.fixture(scope="module")
def self_signed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is needed to make a test certificate")
    tmp = tmp_path_factory.mktemp("tls")
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


async def _answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        await reader.readuntil(b"\r\n\r\n")
        head = (
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
            f"Content-Length: {len(BODY)}\r\nConnection: close\r\n\r\n"
        )
        writer.write(head.encode() + BODY)
        await writer.drain()
    except (OSError, asyncio.IncompleteReadError, ssl.SSLError):
        pass
    finally:
        writer.close()


@pytest_asyncio.fixture(loop_scope="session")
async def https_url(self_signed: tuple[Path, Path]) -> AsyncIterator[str]:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(*self_signed)
    server = await asyncio.start_server(_answer, "127.0.0.1", 0, ssl=context)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"https://127.0.0.1:{port}/"
    finally:
        server.close()
        await server.wait_closed()


async def test_skip_tls_verification_accepts_self_signed(
    http_engine: HttpEngine, https_url: str
) -> None:
    f = await http_engine.fetch(
        FetchRequest(https_url, allow_private_networks=True, skip_tls_verification=True)
    )
    assert (f.status_code, f.body) == (200, BODY)


async def test_verification_rejects_self_signed(http_engine: HttpEngine, https_url: str) -> None:
    with pytest.raises(TLSError) as info:
        await http_engine.fetch(
            FetchRequest(https_url, allow_private_networks=True, skip_tls_verification=False)
        )
    assert info.value.code == "SCRAPE_SSL_ERROR"


async def test_plain_http_to_a_tls_port_fails_cleanly(
    http_engine: HttpEngine, https_url: str
) -> None:
    with pytest.raises(FetchError, match="closed the connection"):
        await http_engine.fetch(
            FetchRequest(
                https_url.replace("https", "http"), allow_private_networks=True, timeout_s=3
            )
        )

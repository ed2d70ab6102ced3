"""Both HTTP-level engines through a real forward proxy on 127.0.0.1 (``tests.forward_proxy``):
plain-HTTP forwarding, CONNECT tunnels to HTTPS, Basic proxy credentials, proxy failures, and
the SSRF check, which still applies to the target when the proxy is the one resolving it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio

from tests.engines import echoed, header_values
from tests.engines import test_http_tls as tls
from tests.forward_proxy import ForwardProxy, running_proxy
from tests.site.server import free_port
from webdata.engines.base import FetchRequest
from webdata.engines.enhanced import EnhancedEngine
from webdata.engines.errors import BlockedAddressError, ProxyError
from webdata.engines.http import HttpEngine
from webdata.engines.ssrf import is_forbidden_address

# The HTTPS server of the TLS tests, reused here as a tunnel target.
self_signed = tls.self_signed
https_url = tls.https_url
BODY = tls.BODY


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def engines() -> AsyncIterator[dict[str, Any]]:
    async with HttpEngine() as http, EnhancedEngine() as enhanced:
        yield {"http": http, "enhanced": enhanced}


@pytest.fixture(params=["http", "enhanced"])
def engine(request: pytest.FixtureRequest, engines: dict[str, Any]) -> Any:
    return engines[request.param]


@pytest.fixture()
def proxy() -> Iterator[ForwardProxy]:
    with running_proxy() as p:
        yield p


@pytest.fixture()
def auth_proxy() -> Iterator[ForwardProxy]:
    with running_proxy("scraper", "pa:ss w@rd") as p:
        yield p


async def test_plain_http_goes_through_the_proxy(
    engine: Any, proxy: ForwardProxy, engine_site_url: str
) -> None:
    url = f"{engine_site_url}/http/echo-headers"
    f = await engine.fetch(FetchRequest(url, allow_private_networks=True, proxy=proxy.url()))
    assert f.status_code == 200 and f.url == url
    assert [(s.method, s.target) for s in proxy.passed] == [("GET", url)]


async def test_redirect_hops_all_go_through_the_proxy(
    engine: Any, proxy: ForwardProxy, engine_site_url: str
) -> None:
    f = await engine.fetch(
        FetchRequest(
            f"{engine_site_url}/http/redirect/2", allow_private_networks=True, proxy=proxy.url()
        )
    )
    assert f.url == f"{engine_site_url}/http/final"
    assert [s.target for s in proxy.passed] == [
        f"{engine_site_url}/http/redirect/2",
        f"{engine_site_url}/http/redirect/1",
        f"{engine_site_url}/http/final",
    ]


async def test_https_is_tunnelled_with_connect(
    engine: Any, proxy: ForwardProxy, https_url: str
) -> None:
    f = await engine.fetch(FetchRequest(https_url, allow_private_networks=True, proxy=proxy.url()))
    assert (f.status_code, f.body) == (200, BODY)
    host_port = https_url.removeprefix("https://").rstrip("/")
    assert [(s.method, s.target) for s in proxy.passed] == [("CONNECT", host_port)]


async def test_proxy_credentials_plain_and_tunnelled(
    engine: Any, auth_proxy: ForwardProxy, engine_site_url: str, https_url: str
) -> None:
    url = f"{engine_site_url}/http/echo-headers"
    f = await engine.fetch(FetchRequest(url, allow_private_networks=True, proxy=auth_proxy.url()))
    assert f.status_code == 200
    # The proxy took its credentials off; the target never sees them.
    assert header_values(echoed(f.text)[1], "proxy-authorization") == []
    tls = await engine.fetch(
        FetchRequest(https_url, allow_private_networks=True, proxy=auth_proxy.url())
    )
    assert tls.body == BODY
    assert [s.user for s in auth_proxy.passed] == ["scraper", "scraper"]


async def test_callers_proxy_authorization_is_not_sent(
    engine: Any, auth_proxy: ForwardProxy, engine_site_url: str
) -> None:
    """A caller cannot authenticate to (or override) the operator's proxy."""
    forged = {"Proxy-Authorization": "Basic Zm9yZ2VkOnh4eA=="}
    f = await engine.fetch(
        FetchRequest(
            f"{engine_site_url}/http/final",
            headers=forged,
            allow_private_networks=True,
            proxy=auth_proxy.url(),
        )
    )
    assert f.status_code == 200
    assert [s.user for s in auth_proxy.passed] == ["scraper"]


@pytest.mark.parametrize("scheme", ["http", "https"])
async def test_wrong_credentials_are_a_proxy_error(
    engine: Any, auth_proxy: ForwardProxy, engine_site_url: str, https_url: str, scheme: str
) -> None:
    url = f"{engine_site_url}/http/final" if scheme == "http" else https_url
    wrong = auth_proxy.url(password="nope")
    with pytest.raises(ProxyError) as info:
        await engine.fetch(FetchRequest(url, allow_private_networks=True, proxy=wrong))
    assert (info.value.code, info.value.http_status) == ("SCRAPE_PROXY_ERROR", 502)
    assert "407" in info.value.message and "nope" not in info.value.message
    assert auth_proxy.passed == [] and auth_proxy.seen[0].rejected


async def test_proxy_down_is_a_proxy_error(engine: Any, engine_site_url: str) -> None:
    dead = f"http://user:secret@127.0.0.1:{free_port()}"
    with pytest.raises(ProxyError) as info:
        await engine.fetch(
            FetchRequest(f"{engine_site_url}/http/final", allow_private_networks=True, proxy=dead)
        )
    assert "secret" not in info.value.message and "127.0.0.1" in info.value.message


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "2130706433", "[::1]"])
async def test_private_targets_are_refused_before_the_proxy(
    engine: Any, proxy: ForwardProxy, engine_site_url: str, host: str
) -> None:
    """The proxy itself is on loopback (operator config); the target may not be."""
    port = engine_site_url.rsplit(":", 1)[1]
    with pytest.raises(BlockedAddressError):
        await engine.fetch(FetchRequest(f"http://{host}:{port}/http/final", proxy=proxy.url()))
    assert proxy.seen == []


async def test_redirect_to_private_is_refused_through_the_proxy(
    engine: Any, proxy: ForwardProxy, engine_site_url: str
) -> None:
    # The fixture site is on loopback, so let its address pass and nothing else private.
    policy_engine = type(engine)(
        is_forbidden=lambda ip: ip != "127.0.0.1" and is_forbidden_address(ip)
    )
    async with policy_engine as e:
        with pytest.raises(BlockedAddressError):
            await e.fetch(
                FetchRequest(f"{engine_site_url}/http/redirect-private", proxy=proxy.url())
            )
    assert [s.target for s in proxy.passed] == [f"{engine_site_url}/http/redirect-private"]

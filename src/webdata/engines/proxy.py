"""Outbound proxies: the configured pools, round-robin rotation, and each engine's form of one.

A proxy URL is ``scheme://[user:password@]host:port``. The pools come from settings; the
scrape layer picks one per attempt (``ProxyPools.pick``) and passes it to the engine in
``FetchRequest.proxy``. Credentials never appear in messages: use ``redact``.
"""

from __future__ import annotations

import base64
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote, urlsplit

from webdata.config import Settings

__all__ = ["ProxyMode", "ProxyPools", "ProxyURL", "parse_proxy", "redact"]

ProxyMode = Literal["basic", "enhanced"]


@dataclass(frozen=True, slots=True)
class ProxyURL:
    """A proxy split into its address and its credentials."""

    scheme: str
    host: str
    port: int
    username: str | None = None
    password: str | None = None

    @property
    def server(self) -> str:
        """``scheme://host:port`` without credentials."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"

    def basic_auth(self) -> str | None:
        """The ``Proxy-Authorization`` value, when the proxy has credentials."""
        if self.username is None:
            return None
        token = f"{self.username}:{self.password or ''}".encode()
        return "Basic " + base64.b64encode(token).decode("ascii")

    def playwright(self) -> dict[str, str]:
        """Playwright's ``proxy=`` option of a browser context."""
        out = {"server": self.server}
        if self.username is not None:
            out.update(username=self.username, password=self.password or "")
        return out


def parse_proxy(url: str) -> ProxyURL:
    """Split a proxy URL (already validated by settings); user and password are unquoted."""
    parts = urlsplit(url)
    if not parts.hostname or parts.port is None:
        raise ValueError(f"proxy {redact(url)!r} needs a host and a port")
    return ProxyURL(
        scheme=parts.scheme.lower(),
        host=parts.hostname,
        port=parts.port,
        username=unquote(parts.username) if parts.username is not None else None,
        password=unquote(parts.password) if parts.password is not None else None,
    )


def redact(url: str) -> str:
    """The proxy URL without its credentials, for messages and logs."""
    parts = urlsplit(url)
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


class _Pool:
    """One list of proxies handed out in turn (round-robin, shared by all scrapes)."""

    def __init__(self, urls: Sequence[str]) -> None:
        self.urls = tuple(urls)
        self._turn: Iterator[str] = itertools.cycle(self.urls)

    def next(self) -> str:
        return next(self._turn)


class ProxyPools:
    """The pools of the settings, and which one a request uses.

    ``basic``: the country's basic pool (with ``location.country``), else ``proxy_basic``.
    ``enhanced``: the country's enhanced pool, else ``proxy_enhanced``, else what basic uses.
    Nothing configured: None, a direct connection.
    """

    def __init__(self, settings: Settings) -> None:
        self._basic = _Pool(settings.proxy_basic)
        self._enhanced = _Pool(settings.proxy_enhanced)
        self._countries = {c: _Pool(u) for c, u in settings.proxy_countries.items() if u}
        self._enhanced_countries = {
            c: _Pool(u) for c, u in settings.proxy_enhanced_countries.items() if u
        }

    def pick(self, mode: ProxyMode, country: str | None = None) -> str | None:
        """The next proxy URL for one attempt in ``mode``, or None for a direct connection."""
        candidates: list[_Pool | None] = []
        if mode == "enhanced":
            candidates += [self._country(self._enhanced_countries, country), self._enhanced]
        candidates += [self._country(self._countries, country), self._basic]
        for pool in candidates:
            if pool is not None and pool.urls:
                return pool.next()
        return None

    @staticmethod
    def _country(pools: dict[str, _Pool], country: str | None) -> _Pool | None:
        return pools.get(country.upper()) if country else None

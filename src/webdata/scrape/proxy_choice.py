"""The ``proxy`` option: which engines and which proxy pool serve a scrape, and when ``auto``
tries a second time.

``basic``: the HTTP engine (the browser when needed) through the basic pool.
``enhanced`` (and its older name ``stealth``): the enhanced engine, Chrome's TLS and headers
(in the browser: stealth), through the enhanced pool.
``auto``: basic first; when the answer is 401, 403, 429 or an anti-bot challenge, once more
with enhanced, within what is left of the request's ``timeout``.

Whichever answer is returned says which mode produced it in ``metadata.proxyUsed``:
``basic``, or ``stealth`` for enhanced (the value Firecrawl answers and firecrawl-py accepts,
whose ``proxy_used`` is typed ``Literal["basic", "stealth"]``: "enhanced" would fail every SDK
scrape). A challenge page is never returned as content: when the last answer is still one,
the scrape returns an empty page and ``metadata.error`` names the wall.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from webdata.contract import ScrapeRequest
from webdata.engines.base import Fetched, FetchRequest
from webdata.engines.browser import PageTask
from webdata.engines.errors import FetchError
from webdata.engines.proxy import ProxyMode
from webdata.scrape.challenge import is_challenge
from webdata.scrape.context import ScrapeContext
from webdata.scrape.services import ScrapeServices

__all__ = [
    "PROXY_USED",
    "RETRY_STATUSES",
    "AttemptEngines",
    "blocked_message",
    "fetch_with_proxy",
    "plan_modes",
]

# Answers after which ``auto`` tries enhanced: unauthorised, forbidden, rate limited.
RETRY_STATUSES = frozenset({401, 403, 429})
# Kept back from a retry for the content stage, so a slow retry still leaves the first answer.
_RESERVE_S = 1.0
_RESERVE_SHARE = 0.2
# A retry with less time than this would only time out.
_MIN_RETRY_S = 0.5

# ``metadata.proxyUsed`` of each mode.
PROXY_USED: dict[ProxyMode, str] = {"basic": "basic", "enhanced": "stealth"}

_MODES: dict[str, tuple[ProxyMode, ...]] = {
    "basic": ("basic",),
    "enhanced": ("enhanced",),
    "stealth": ("enhanced",),
    "auto": ("basic", "enhanced"),
}


def plan_modes(proxy: str) -> tuple[ProxyMode, ...]:
    """The modes a request tries, in order."""
    return _MODES[proxy]


def blocked_message(wall: str) -> str:
    return f"The page was blocked by an anti-bot challenge ({wall}); its content is not returned"


class _HttpSide:
    """``fetch(req)`` of one attempt: the HTTP or the enhanced engine, through its proxy."""

    def __init__(self, engines: AttemptEngines) -> None:
        self._e = engines

    async def fetch(self, req: FetchRequest) -> Fetched:
        e = self._e
        req = e.prepare(req)
        if e.mode == "enhanced":
            return await e.services.enhanced.fetch(req, mobile=e.request.mobile)
        return await e.services.http.fetch(req)


class _BrowserSide:
    """``fetch(req, task)`` of one attempt: the browser through its proxy, stealthy when
    enhanced."""

    def __init__(self, engines: AttemptEngines) -> None:
        self._e = engines

    async def fetch(self, req: FetchRequest, task: PageTask | None = None) -> Fetched:
        e = self._e
        task = replace(task or PageTask(), stealth=e.mode == "enhanced")
        return await e.services.browser.fetch(e.prepare(req), task)


@dataclass(slots=True)
class AttemptEngines:
    """The engines as one attempt sees them: same calls as ``ScrapeServices.http`` and
    ``.browser``, with the attempt's mode, proxy and deadline applied."""

    services: ScrapeServices
    request: ScrapeRequest
    mode: ProxyMode
    proxy: str | None
    deadline: float  # time.monotonic()

    @property
    def http(self) -> _HttpSide:
        return _HttpSide(self)

    @property
    def browser(self) -> _BrowserSide:
        return _BrowserSide(self)

    def prepare(self, req: FetchRequest) -> FetchRequest:
        headers = dict(req.headers)
        caller_ua = any(k.lower() == "user-agent" for k in self.request.headers or {})
        if self.mode == "enhanced" and not caller_ua:
            # The engine's own user agent matches its TLS fingerprint and client hints; the
            # service's default (or mobile) one would contradict them.
            headers = {k: v for k, v in headers.items() if k.lower() != "user-agent"}
        timeout = max(min(req.timeout_s, self.deadline - time.monotonic()), 0.001)
        return replace(req, headers=headers, proxy=self.proxy, timeout_s=timeout)


FetchOnce = Callable[[AttemptEngines], Awaitable[Fetched]]


def _wall(fetched: Fetched) -> str | None:
    return is_challenge(fetched.status_code, fetched.headers, fetched.text)


def _retry_budget(remaining_s: float) -> float | None:
    budget = remaining_s - min(_RESERVE_S, remaining_s * _RESERVE_SHARE)
    return budget if budget >= _MIN_RETRY_S else None


async def fetch_with_proxy(
    ctx: ScrapeContext, services: ScrapeServices, fetch_once: FetchOnce
) -> Fetched:
    """Fetch in the request's proxy mode(s); sets ``ctx.proxy_used`` and ``ctx.blocked``.

    ``fetch_once`` is one attempt (engines chosen, JS shells rendered) using the engines it is
    given. A failed retry leaves the first answer, with a warning.
    """
    req = ctx.request
    country = req.location.country if req.location is not None else None
    first, *rest = plan_modes(req.proxy)

    def engines(mode: ProxyMode, budget_s: float) -> AttemptEngines:
        proxy = services.proxies.pick(mode, country)
        return AttemptEngines(services, req, mode, proxy, time.monotonic() + budget_s)

    fetched = await fetch_once(engines(first, ctx.remaining_s()))
    mode = first
    wall = _wall(fetched)
    if rest and (wall is not None or fetched.status_code in RETRY_STATUSES):
        budget = _retry_budget(ctx.remaining_s())
        reason = f"an anti-bot challenge ({wall})" if wall else f"HTTP {fetched.status_code}"
        if budget is None:
            ctx.warnings.append(f"The {first} answer was {reason}; no time was left to retry.")
        else:
            try:
                retried = await fetch_once(engines(rest[0], budget))
            except FetchError as exc:
                ctx.warnings.append(
                    f"The {first} answer was {reason}; the retry with {rest[0]} failed: "
                    f"{exc.message}"
                )
            else:
                fetched, mode = retried, rest[0]
                wall = _wall(fetched)
    ctx.proxy_used = PROXY_USED[mode]
    if wall is None:
        return fetched
    ctx.blocked = blocked_message(wall)
    # Nothing of the wall is content: no body, no capture, no action results.
    return replace(fetched, body=b"", text="", screenshot=None, actions=None)

"""Whether and how one scrape uses the cache: its key, its age window, read and store rules.

Pure: the request (and two operator switches) in, a :class:`CachePolicy` out.

* The key is the SHA-256 of the normalised URL and every request option except those listed
  in ``NOT_IN_KEY`` (options that cannot change the document). New options therefore join the
  key by default; format order does not matter.
* Sensitive options (``SENSITIVE``) carry the caller's credentials or act on the page: such a
  scrape is neither stored nor answered from the cache (its result is the caller's own).
* ``zeroDataRetention`` and ``lockdown`` (which the spec treats as zero data retention) read
  the cache but never write it; ``storeInCache: false`` only skips the write.
* ``changeTracking`` compares a fresh page with the team's history: never from the cache.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from webdata.contract import ScrapeRequest
from webdata.contract.scrape_request import DEFAULT_MAX_AGE_MS, LOCKDOWN_MAX_AGE_MS
from webdata.store.cache import AgeWindow

# Options that never change the document (limits, cache rules, labels).
NOT_IN_KEY = frozenset(
    {
        "url",
        "max_age",
        "min_age",
        "store_in_cache",
        "lockdown",
        "zero_data_retention",
        "timeout",
        "origin",
        "integration",
        "audit_metadata",
        "threat_protection",
    }
)

# Request field -> why a scrape using it stays out of the cache (README lists the same).
SENSITIVE: dict[str, str] = {
    "headers": "headers carry the caller's cookies or tokens",
    "actions": "actions change the page on the caller's behalf",
    "profile": "a profile carries the caller's logged-in browser state",
}

_DEFAULT_PORTS = {"http": 80, "https": 443}
# Ages beyond a century mean "any age" (maxAge) or "nothing is that old" (minAge).
_CENTURY_MS = 100 * 365 * 24 * 3_600_000


@lru_cache(maxsize=4096)
def normalize_url(url: str) -> str:
    """The URL as the cache sees it: scheme and host lower-cased, default port, fragment and
    empty path dropped, query parameters sorted (blank values kept)."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    netloc = host if port is None or port == _DEFAULT_PORTS.get(scheme) else f"{host}:{port}"
    query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)), doseq=True)
    return urlunsplit((scheme, netloc, parts.path or "/", query, ""))


def url_hash(url: str) -> str:
    """The hash the store keeps for a URL (never the URL itself in an index column)."""
    return hashlib.sha256(normalize_url(url).encode()).hexdigest()


def cache_key(req: ScrapeRequest) -> str:
    options = req.model_dump(mode="json", exclude=set(NOT_IN_KEY))
    options["formats"] = sorted(options["formats"], key=lambda f: str(f["type"]))
    if options.get("proxy") == "stealth":  # the SDK's older name for enhanced
        options["proxy"] = "enhanced"
    blob = json.dumps(
        {"url": normalize_url(req.url), "options": options}, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(blob.encode()).hexdigest()


def sensitive_options(req: ScrapeRequest) -> list[str]:
    """The sensitive options this request uses, by wire name."""
    used = {
        "headers": bool(req.headers),
        "actions": bool(req.actions),
        "profile": req.profile is not None,
    }
    return [name for name, on in used.items() if on]


@dataclass(frozen=True, slots=True)
class CachePolicy:
    key: str
    url_hash: str
    window: AgeWindow
    # Look for a cached document first / store the fresh one.
    read: bool
    store: bool
    # minAge or lockdown: a miss is a 404, the target is never contacted.
    cache_only: bool


def age_window(req: ScrapeRequest) -> AgeWindow:
    """``maxAge`` when sent; else none under ``minAge`` (1 accepts any age), 2 years under
    ``lockdown`` and 2 days otherwise."""
    if req.max_age is not None:
        max_ms: int | None = req.max_age
    elif req.min_age is not None:
        max_ms = None
    else:
        max_ms = LOCKDOWN_MAX_AGE_MS if req.lockdown else DEFAULT_MAX_AGE_MS
    if max_ms is not None and max_ms > _CENTURY_MS:
        max_ms = None
    # minAge 1 "accepts cached data of any age", a copy stored this very millisecond too.
    min_ms = min(req.min_age, _CENTURY_MS) if req.min_age is not None and req.min_age > 1 else None
    return AgeWindow(
        max_age=timedelta(milliseconds=max_ms) if max_ms is not None else None,
        min_age=timedelta(milliseconds=min_ms) if min_ms is not None else None,
    )


def cache_policy(req: ScrapeRequest, *, enabled: bool = True) -> CachePolicy:
    """``enabled``: whether this service has a cache (off: nothing is read or stored)."""
    window = age_window(req)
    cache_only = req.min_age is not None or req.lockdown
    usable = enabled and not sensitive_options(req) and "changeTracking" not in req.format_types
    fresh_allowed = window.max_age is None or window.max_age > timedelta(0)
    return CachePolicy(
        key=cache_key(req),
        url_hash=url_hash(req.url),
        window=window,
        read=usable and (fresh_allowed or cache_only),
        store=usable and req.store_in_cache and not req.zero_data_retention and not req.lockdown,
        cache_only=cache_only,
    )

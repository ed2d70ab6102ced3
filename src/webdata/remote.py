"""A small client for a running webdata API: ``POST /v2/scrape`` with the spec's retry guidance.

Retry guidance (spec, "Errors"): up to 5 attempts on 408, 429, 500, 502, 503, 504; wait the
``Retry-After`` value in seconds when present, otherwise min(2^attempt, 30) seconds plus random
jitter below 1 second. Connection errors are retried the same way.

It uses the standard library's HTTP client on purpose: httpx is only a development dependency,
and this runs from the installed ``webdata`` command.
"""

from __future__ import annotations

import http.client
import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import IO, Any, Final

from webdata import __version__

RETRYABLE_STATUSES: Final = frozenset({408, 429, 500, 502, 503, 504})
MAX_ATTEMPTS: Final = 5
MAX_BACKOFF: Final = 30
# A server may send any Retry-After; an hour-long wait in a CLI is a bug, not a plan.
MAX_RETRY_AFTER: Final = 60


def parse_retry_after(value: str | None) -> float | None:
    """Whole seconds from a ``Retry-After`` value, clipped to 60; None if absent or not digits."""
    if value is None:
        return None
    value = value.strip()
    # Only integer seconds: HTTP-dates, fractions and negatives fall back to the backoff.
    if not (value.isascii() and value.isdigit()):
        return None
    return float(min(int(value), MAX_RETRY_AFTER))


def backoff_seconds(attempt: int, jitter: float) -> float:
    """min(2^attempt, 30) seconds plus ``jitter`` (a draw from [0, 1))."""
    return float(min(2**attempt, MAX_BACKOFF)) + jitter


def retry_delay(
    status: int | None,
    headers: Mapping[str, str],
    attempt: int,
    *,
    jitter: float,
    max_attempts: int = MAX_ATTEMPTS,
) -> float | None:
    """Seconds to wait before trying again, or None to give up.

    ``status`` is None for a connection error; ``attempt`` is the 1-based number of the attempt
    that just failed; ``jitter`` is a draw from [0, 1).
    """
    if attempt >= max_attempts:
        return None
    if status is not None and status not in RETRYABLE_STATUSES:
        return None
    retry_after = parse_retry_after(_header(headers, "retry-after"))
    if retry_after is not None:
        return retry_after
    return backoff_seconds(attempt, jitter)


def _header(headers: Mapping[str, str], name: str) -> str | None:
    # Header names are case-insensitive; plain dicts in tests are not.
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return None


@dataclass(frozen=True)
class RetryPolicy:
    """How many attempts, and how to wait and draw jitter (injectable so tests need not wait)."""

    max_attempts: int = MAX_ATTEMPTS
    sleep: Callable[[float], None] = time.sleep
    rand: Callable[[], float] = random.random


@dataclass(frozen=True)
class RetryNotice:
    """One retry about to happen, for the caller to show."""

    next_attempt: int
    max_attempts: int
    delay: float
    reason: str

    def __str__(self) -> str:
        return (
            f"retrying in {self.delay:.1f} s ({self.reason}), "
            f"attempt {self.next_attempt}/{self.max_attempts}"
        )


class RemoteError(Exception):
    """The scrape failed: a non-retryable answer, retries used up, or an unusable API URL."""

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        code: str | None = None,
        details: Any = None,
        attempts: int = 0,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.details = details
        self.attempts = attempts

    def __str__(self) -> str:
        where = [f"HTTP {self.status}"] if self.status is not None else []
        if self.attempts > 1:
            where.append(f"gave up after {self.attempts} attempts")
        return f"{self.message} ({', '.join(where)})" if where else self.message


@dataclass(frozen=True)
class _Response:
    status: int
    headers: dict[str, str]
    body: bytes


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        # urllib would turn the POST into a bodyless GET; better to report the redirect.
        return None


_OPENER: Final = urllib.request.build_opener(_NoRedirect)


def scrape_endpoint(api_url: str) -> str:
    """``{api_url}/v2/scrape``, after checking ``api_url`` is an http(s) base URL."""
    try:
        parts = urllib.parse.urlsplit(api_url.strip())
        _ = parts.port  # raises on a malformed port
    except ValueError as exc:
        raise RemoteError(f"invalid API URL {api_url!r}: {exc}") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RemoteError(f"invalid API URL {api_url!r}: expected http(s)://host[:port]")
    return urllib.parse.urlunsplit(parts._replace(path=parts.path.rstrip("/") + "/v2/scrape"))


def _post(url: str, payload: bytes, headers: dict[str, str], timeout: float) -> _Response:
    request = urllib.request.Request(url, data=payload, headers=headers, method="POST")
    try:
        with _OPENER.open(request, timeout=timeout) as resp:
            return _Response(resp.status, _lower(resp.headers.items()), resp.read())
    except urllib.error.HTTPError as exc:  # any non-2xx answer: still a response
        with exc:
            return _Response(exc.code, _lower(exc.headers.items()), exc.read())


def _lower(headers: Iterable[tuple[str, str]]) -> dict[str, str]:
    return {name.lower(): value for name, value in headers}


def _json_object(raw: bytes) -> dict[str, Any] | None:
    try:
        parsed = json.loads(raw)
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _status_phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return f"HTTP {status}"


def _describe(exc: BaseException) -> str:
    # URLError wraps the socket error; its own str() is "<urlopen error ...>".
    reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
    return str(reason) or type(reason).__name__


def scrape_remote(
    api_url: str,
    api_key: str,
    body: dict[str, Any],
    *,
    policy: RetryPolicy | None = None,
    on_retry: Callable[[RetryNotice], None] | None = None,
    timeout: float = 90.0,
) -> dict[str, Any]:
    """POST ``body`` to ``{api_url}/v2/scrape``; returns the success response body.

    Retries as the spec recommends; raises RemoteError on failure. ``timeout`` bounds each
    attempt in seconds.
    """
    policy = policy or RetryPolicy()
    url = scrape_endpoint(api_url)
    payload = json.dumps(body).encode()
    headers = {
        "Authorization": f"Bearer {api_key}",
        "Content-Type": "application/json",
        "Accept": "application/json",
        "User-Agent": f"webdata-cli/{__version__}",
    }
    attempt = 0
    while True:
        attempt += 1
        try:
            resp = _post(url, payload, headers, timeout)
        except (OSError, http.client.HTTPException) as exc:  # refused, reset, timed out
            delay = retry_delay(
                None, {}, attempt, jitter=policy.rand(), max_attempts=policy.max_attempts
            )
            if delay is None:
                raise RemoteError(
                    f"could not reach {url}: {_describe(exc)}", attempts=attempt
                ) from exc
            reason = f"connection error: {_describe(exc)}"
        else:
            parsed = _json_object(resp.body)
            if 200 <= resp.status < 300:
                if parsed is not None and parsed.get("success") is True:
                    return parsed
                # A 2xx that is not a scrape answer (wrong URL, a proxy page): not retryable.
                raise RemoteError(
                    "unexpected response from the API (not a scrape result)",
                    status=resp.status,
                    attempts=attempt,
                )
            error = parsed.get("error") if parsed is not None else None
            message = error if isinstance(error, str) and error else _status_phrase(resp.status)
            delay = retry_delay(
                resp.status,
                resp.headers,
                attempt,
                jitter=policy.rand(),
                max_attempts=policy.max_attempts,
            )
            if delay is None:
                code = parsed.get("code") if parsed is not None else None
                raise RemoteError(
                    message,
                    status=resp.status,
                    code=code if isinstance(code, str) else None,
                    details=parsed.get("details") if parsed is not None else None,
                    attempts=attempt,
                )
            reason = f"{resp.status} {message}"
        if on_retry is not None:
            on_retry(RetryNotice(attempt + 1, policy.max_attempts, delay, reason))
        policy.sleep(delay)

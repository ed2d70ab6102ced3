"""``webdata scrape --api``: the retry decision, the client against real HTTP servers, the CLI."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.conftest import RunningApi
from tests.processes import WEBDATA
from tests.site.server import free_port, serve_in_thread
from webdata.remote import (
    MAX_ATTEMPTS,
    RemoteError,
    RetryNotice,
    RetryPolicy,
    backoff_seconds,
    parse_retry_after,
    retry_delay,
    scrape_endpoint,
    scrape_remote,
)

RETRYABLE = (408, 429, 500, 502, 503, 504)
NOT_RETRYABLE = (400, 401, 402, 403, 404, 409, 413, 415, 422)
OK_BODY = {"success": True, "data": {"markdown": "# ok", "metadata": {"statusCode": 200}}}


# --- the pure decision -----------------------------------------------------------------------


def test_backoff_doubles_from_two_and_caps_at_thirty() -> None:
    assert [backoff_seconds(a, 0.0) for a in range(1, 7)] == [2, 4, 8, 16, 30, 30]


def test_retry_delay_backs_off_then_stops_after_five_attempts() -> None:
    delays = [retry_delay(503, {}, attempt, jitter=0.0) for attempt in range(1, 7)]
    assert delays == [2, 4, 8, 16, None, None]
    assert MAX_ATTEMPTS == 5
    for status in (*RETRYABLE, None):
        assert retry_delay(status, {}, 4, jitter=0.0) is not None
        assert retry_delay(status, {"Retry-After": "1"}, 5, jitter=0.0) is None
    assert retry_delay(500, {}, 2, jitter=0.0, max_attempts=2) is None


def test_jitter_is_added_and_stays_below_one_second() -> None:
    assert retry_delay(500, {}, 3, jitter=0.25) == 8.25
    rand = RetryPolicy().rand
    for _ in range(2000):
        delay = retry_delay(502, {}, 1, jitter=rand())
        assert delay is not None and 2 <= delay < 3


def test_retry_after_is_honoured_exactly_without_jitter() -> None:
    assert retry_delay(429, {"Retry-After": "7"}, 1, jitter=0.9) == 7.0
    assert retry_delay(503, {"retry-after": " 3 "}, 4, jitter=0.9) == 3.0
    assert retry_delay(429, {"Retry-After": "0"}, 1, jitter=0.9) == 0.0


def test_absurd_or_malformed_retry_after_is_clipped_or_ignored() -> None:
    assert parse_retry_after("3600") == 60.0
    assert parse_retry_after("99999999999999999999999") == 60.0
    for bad in ("", "soon", "-1", "1.5", "Wed, 21 Oct 2015 07:28:00 GMT", "\u00b2"):
        assert parse_retry_after(bad) is None, bad
        assert retry_delay(429, {"Retry-After": bad}, 2, jitter=0.5) == 4.5
    assert parse_retry_after(None) is None


def test_non_retryable_statuses_stop_at_once() -> None:
    for status in NOT_RETRYABLE:
        assert retry_delay(status, {}, 1, jitter=0.0) is None, status
        # A Retry-After does not make a client error retryable.
        assert retry_delay(status, {"Retry-After": "1"}, 1, jitter=0.0) is None, status


def test_retry_notice_reads_well() -> None:
    notice = RetryNotice(2, 5, 2.4, "429 Rate limit exceeded")
    assert str(notice) == "retrying in 2.4 s (429 Rate limit exceeded), attempt 2/5"


def test_scrape_endpoint_checks_the_api_url() -> None:
    assert scrape_endpoint("http://127.0.0.1:3002") == "http://127.0.0.1:3002/v2/scrape"
    assert scrape_endpoint("https://h.example/base/") == "https://h.example/base/v2/scrape"
    for bad in ("127.0.0.1:3002", "ftp://h.example", "http://h.example:port", "http://"):
        with pytest.raises(RemoteError, match="invalid API URL"):
            scrape_endpoint(bad)


# --- the client over real HTTP -----------------------------------------------------------------


@dataclass
class Scripted:
    """A Starlette app answering ``/v2/scrape`` from a script of (status, body, headers)."""

    script: list[tuple[int, dict[str, Any], dict[str, str]]]
    calls: list[tuple[dict[str, str], Any]] = field(default_factory=list)

    def app(self) -> Starlette:
        async def scrape(request: Request) -> Response:
            self.calls.append((dict(request.headers), await request.json()))
            # The last entry repeats for as long as the client keeps calling.
            status, body, headers = self.script[min(len(self.calls), len(self.script)) - 1]
            return JSONResponse(body, status_code=status, headers=headers)

        return Starlette(routes=[Route("/v2/scrape", scrape, methods=["POST"])])


@contextmanager
def serving(scripted: Scripted) -> Iterator[str]:
    with serve_in_thread(scripted.app()) as url:
        yield url


class Recorder:
    """Stands in for ``time.sleep`` and for the retry display: records, never waits."""

    def __init__(self) -> None:
        self.sleeps: list[float] = []
        self.notices: list[RetryNotice] = []

    def policy(self) -> RetryPolicy:
        return RetryPolicy(sleep=self.sleeps.append, rand=lambda: 0.5)


BODY = {"url": "https://example.com/page", "formats": ["markdown"], "timeout": 30000}


def test_rate_limited_twice_then_ok_waits_the_retry_after() -> None:
    limited = (429, {"error": "Rate limit exceeded"}, {"Retry-After": "1"})
    scripted = Scripted([limited, limited, (200, OK_BODY, {})])
    rec = Recorder()
    with serving(scripted) as url:
        result = scrape_remote(
            url, "wd-key", BODY, policy=rec.policy(), on_retry=rec.notices.append
        )
    assert result == OK_BODY
    assert len(scripted.calls) == 3
    assert rec.sleeps == [1.0, 1.0]
    assert [str(n) for n in rec.notices] == [
        "retrying in 1.0 s (429 Rate limit exceeded), attempt 2/5",
        "retrying in 1.0 s (429 Rate limit exceeded), attempt 3/5",
    ]
    for headers, sent in scripted.calls:  # every attempt is the same, authenticated request
        assert headers["authorization"] == "Bearer wd-key"
        assert headers["content-type"] == "application/json"
        assert sent == BODY


def test_always_unavailable_gives_up_after_five_attempts() -> None:
    scripted = Scripted([(503, {"success": False, "error": "Service Unavailable"}, {})])
    rec = Recorder()
    with serving(scripted) as url, pytest.raises(RemoteError) as caught:
        scrape_remote(url, "wd-key", BODY, policy=rec.policy(), on_retry=rec.notices.append)
    assert len(scripted.calls) == 5
    assert rec.sleeps == [2.5, 4.5, 8.5, 16.5]  # min(2**attempt, 30) + jitter
    assert [n.next_attempt for n in rec.notices] == [2, 3, 4, 5]
    err = caught.value
    assert (err.status, err.attempts) == (503, 5)
    assert str(err) == "Service Unavailable (HTTP 503, gave up after 5 attempts)"


def test_payment_required_fails_at_once_with_the_message() -> None:
    scripted = Scripted([(402, {"error": "Payment Required: Insufficient credits"}, {})])
    rec = Recorder()
    with serving(scripted) as url, pytest.raises(RemoteError) as caught:
        scrape_remote(url, "wd-key", BODY, policy=rec.policy(), on_retry=rec.notices.append)
    assert len(scripted.calls) == 1
    assert rec.sleeps == [] and rec.notices == []
    assert caught.value.status == 402
    assert str(caught.value) == "Payment Required: Insufficient credits (HTTP 402)"


def test_error_code_and_details_are_kept() -> None:
    body = {"success": False, "error": "Forbidden", "code": "SCRAPE_PRIVATE_NETWORK_BLOCKED"}
    scripted = Scripted([(403, body, {})])
    with serving(scripted) as url, pytest.raises(RemoteError) as caught:
        scrape_remote(url, "wd-key", BODY, policy=Recorder().policy())
    assert caught.value.code == "SCRAPE_PRIVATE_NETWORK_BLOCKED"
    assert len(scripted.calls) == 1


def test_connection_refused_is_retried_then_reported() -> None:
    url = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    rec = Recorder()
    with pytest.raises(RemoteError, match="could not reach") as caught:
        scrape_remote(url, "wd-key", BODY, policy=rec.policy(), on_retry=rec.notices.append)
    assert caught.value.attempts == 5
    assert rec.sleeps == [2.5, 4.5, 8.5, 16.5]
    assert all(n.reason.startswith("connection error") for n in rec.notices)


# --- the command ---------------------------------------------------------------------------------


def run_cli(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    # Wide, so rich does not wrap the lines asserted on; no key from the outer environment.
    full_env = {k: v for k, v in os.environ.items() if k != "WEBDATA_API_KEY"}
    full_env.update(COLUMNS="200", **env)
    return subprocess.run(
        [*WEBDATA, *args], capture_output=True, text=True, timeout=60, env=full_env, check=False
    )


def test_cli_scrapes_through_the_api(api: RunningApi, site_url: str) -> None:
    out = run_cli(
        ["scrape", "--api", api.url, "--api-key", api.key, f"{site_url}/articles/tomatoes"]
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("# Growing Tomatoes on a Balcony")


def test_cli_takes_the_key_from_the_environment_and_passes_options(
    api: RunningApi, site_url: str
) -> None:
    out = run_cli(
        ["scrape", "--api", api.url, f"{site_url}/articles/tomatoes", "-f", "markdown", "-f",
         "links"],
        WEBDATA_API_KEY=api.key,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)["data"]
    assert set(data) == {"markdown", "links", "metadata"}
    assert f"{site_url}/guides/sun" in data["links"]


def test_cli_shows_retries_on_stderr() -> None:
    limited = (429, {"error": "Rate limit exceeded"}, {"Retry-After": "0"})  # no real waiting
    scripted = Scripted([limited, (200, OK_BODY, {})])
    with serving(scripted) as url:
        out = run_cli(["scrape", "--api", url, "--api-key", "k", "https://example.com/"])
    assert out.returncode == 0, out.stderr
    assert out.stdout == "# ok\n"
    assert "retrying in 0.0 s (429 Rate limit exceeded), attempt 2/5" in out.stderr
    assert len(scripted.calls) == 2


def test_cli_failure_prints_the_error_and_code_and_exits_1() -> None:
    body = {"success": False, "error": "Unauthorized: Invalid token", "code": "BAD_KEY"}
    scripted = Scripted([(401, body, {})])
    with serving(scripted) as url:
        out = run_cli(["scrape", "--api", url, "--api-key", "k", "https://example.com/"])
    assert out.returncode == 1
    assert out.stdout == ""
    assert "error: Unauthorized: Invalid token (HTTP 401) (code BAD_KEY)" in out.stderr
    assert "retrying" not in out.stderr and len(scripted.calls) == 1


def test_cli_against_the_real_api_with_a_bad_key_fails_once(api: RunningApi, site_url: str) -> None:
    out = run_cli(["scrape", "--api", api.url, "--api-key", "wd-nope", f"{site_url}/"])
    assert out.returncode == 1
    assert "Unauthorized" in out.stderr and "HTTP 401" in out.stderr
    assert "retrying" not in out.stderr


def test_cli_without_a_key_is_a_usage_error() -> None:
    out = run_cli(["scrape", "--api", "http://127.0.0.1:1", "https://example.com/"])
    assert out.returncode == 2
    assert "WEBDATA_API_KEY" in out.stderr

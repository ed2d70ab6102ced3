"""The ``profile`` option over real HTTP: browser storage kept per team and name, one saving
session at a time."""

from __future__ import annotations

import asyncio
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from firecrawl import Firecrawl

from tests.api.test_errors import assert_error
from tests.conftest import RunningApi, other_team_key
from webdata.config import Settings
from webdata.contract import ApiError, ScrapeRequest
from webdata.scrape.run import run_scrape
from webdata.scrape.services import ScrapeServices
from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import KeyStore
from webdata.store.profiles import ProfileInUseError, ProfileStore


@pytest.fixture()
def bclient(browser_api: RunningApi) -> httpx.Client:
    return browser_api.client()


def token() -> str:
    return secrets.token_hex(6)


def unique_name() -> str:
    return f"profile-{token()}"


def scrape(client: httpx.Client, body: dict) -> str:
    resp = client.post("/v2/scrape", json=body)
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    assert data["metadata"]["engine"] == "browser"
    markdown: str = data["markdown"]
    return markdown


def store_value(
    client: httpx.Client, site_url: str, name: str, value: str, *, save: bool = True
) -> None:
    body = {"url": f"{site_url}/profiles/set?v={value}", "profile": {"name": name}}
    if not save:
        body["profile"] = {"name": name, "saveChanges": False}
    assert f"profile stored {value}" in scrape(client, body)


def read_values(
    client: httpx.Client, site_url: str, name: str | None, *, save: bool = True
) -> dict[str, str]:
    """What the page sees: the server cookie, the script's cookie, the local storage value."""
    body: dict = {"url": f"{site_url}/profiles/read"}
    if name is None:
        body["waitFor"] = 1  # a browser, without a profile
    else:
        body["profile"] = {"name": name, "saveChanges": save}
    markdown = scrape(client, body)
    seen = {}
    for label in ("server cookie", "js cookie", "local storage"):
        line = next(line for line in markdown.splitlines() if line.startswith(f"{label}: "))
        seen[label] = line.split(": ", 1)[1].strip()
    return seen


def everything(value: str) -> dict[str, str]:
    return {"server cookie": value, "js cookie": value, "local storage": value}


def test_a_profile_carries_cookies_and_local_storage_to_the_next_scrape(
    bclient: httpx.Client, site_url: str
) -> None:
    value = token()
    store_value(bclient, site_url, "p1", value)
    assert read_values(bclient, site_url, "p1") == everything(value)
    # A browser without the profile starts empty.
    assert read_values(bclient, site_url, None) == everything("none")
    # The next saving scrape replaces the state.
    newer = token()
    store_value(bclient, site_url, "p1", newer)
    assert read_values(bclient, site_url, "p1") == everything(newer)


def test_another_team_never_sees_the_profile(
    browser_api: RunningApi, bclient: httpx.Client, site_url: str
) -> None:
    name = unique_name()
    mine, theirs = token(), token()
    store_value(bclient, site_url, name, mine)
    with browser_api.client(other_team_key(browser_api)) as other:
        assert read_values(other, site_url, name) == everything("none")
        store_value(other, site_url, name, theirs)
        assert read_values(other, site_url, name) == everything(theirs)
    assert read_values(bclient, site_url, name) == everything(mine)


def test_save_changes_false_loads_without_writing(bclient: httpx.Client, site_url: str) -> None:
    fresh = unique_name()
    store_value(bclient, site_url, fresh, token(), save=False)
    assert read_values(bclient, site_url, fresh, save=False) == everything("none")

    name = unique_name()
    kept = token()
    store_value(bclient, site_url, name, kept)
    store_value(bclient, site_url, name, token(), save=False)
    assert read_values(bclient, site_url, name, save=False) == everything(kept)
    assert read_values(bclient, site_url, name) == everything(kept)


def _wait_until_seen(site_url: str, mark: str) -> None:
    deadline = time.monotonic() + 30
    while not httpx.get(f"{site_url}/profiles/seen", params={"token": mark}).json()["seen"]:
        assert time.monotonic() < deadline, "the first scrape never reached the page"
        time.sleep(0.05)


def test_a_second_saving_session_gets_409_while_the_first_runs(
    bclient: httpx.Client, site_url: str
) -> None:
    name = unique_name()
    mark, slow_value = token(), token()
    slow_url = f"{site_url}/profiles/slow?ms=3000&token={mark}&v={slow_value}"
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(
            bclient.post, "/v2/scrape", json={"url": slow_url, "profile": {"name": name}}
        )
        _wait_until_seen(site_url, mark)
        started = time.monotonic()
        resp = bclient.post(
            "/v2/scrape",
            json={"url": f"{site_url}/profiles/set?v={token()}", "profile": {"name": name}},
        )
        assert time.monotonic() - started < 2.5, "the conflict waited for the first session"
        body = assert_error(resp, 409)
        assert body["error"].startswith("Conflict: ")
        assert f"profile '{name}' is in use by another saving session" in body["error"]
        assert body["code"] == "SCRAPE_PROFILE_IN_USE"
        assert set(body) == {"success", "error", "code"}
        # Reading needs no lease: not a conflict, and the first session has not saved yet.
        assert read_values(bclient, site_url, name, save=False) == everything("none")
        assert not first.done()
        done = first.result(timeout=60)
    assert done.status_code == 200, done.text
    assert read_values(bclient, site_url, name) == everything(slow_value)


def test_the_lease_is_released_after_a_timeout_and_after_an_error(
    bclient: httpx.Client, site_url: str
) -> None:
    name = unique_name()
    resp = bclient.post(
        "/v2/scrape",
        json={
            "url": f"{site_url}/profiles/slow?ms=5000&v={token()}",
            "profile": {"name": name},
            "timeout": 1000,
        },
    )
    assert_error(resp, 408, "Request Timeout")
    failed = bclient.post(
        "/v2/scrape",
        json={
            "url": f"{site_url}/profiles/set?v={token()}",
            "profile": {"name": name},
            "actions": [{"type": "click", "selector": "#not-there"}],
        },
    )
    assert assert_error(failed, 500)["code"] == "SCRAPE_ACTION_ERROR"
    # Neither failed scrape saved anything, and neither kept the lease.
    value = token()
    store_value(bclient, site_url, name, value)
    assert read_values(bclient, site_url, name) == everything(value)


@pytest.mark.parametrize(("name", "status"), [("", 400), ("x" * 129, 400), ("x" * 128, 200)])
def test_profile_name_is_1_to_128_characters(
    bclient: httpx.Client, site_url: str, name: str, status: int
) -> None:
    resp = bclient.post(
        "/v2/scrape", json={"url": f"{site_url}/profiles/read", "profile": {"name": name}}
    )
    if status == 200:
        assert resp.status_code == 200, resp.text
        return
    body = assert_error(resp, 400, "Bad Request")
    assert any(d["path"] == ["profile", "name"] for d in body["details"]), body["details"]


def test_profile_through_the_sdk(browser_api: RunningApi, site_url: str) -> None:
    sdk = Firecrawl(api_key=browser_api.key, api_url=browser_api.url, max_retries=1)
    name, value = unique_name(), token()
    stored = sdk.scrape(f"{site_url}/profiles/set?v={value}", profile={"name": name})
    assert stored.markdown and f"profile stored {value}" in stored.markdown
    doc = sdk.scrape(f"{site_url}/profiles/read", profile={"name": name, "saveChanges": False})
    assert doc.markdown and f"local storage: {value}" in doc.markdown
    assert f"server cookie: {value}" in doc.markdown


async def test_without_a_store_a_profile_is_refused_plainly(tmp_path: Path, site_url: str) -> None:
    """The one-shot CLI builds its services without a store: no silent profile-less scrape."""
    services = await ScrapeServices.start(Settings(data_dir=tmp_path), content_workers=0)
    body = {"url": f"{site_url}/profiles/read", "profile": {"name": "p1"}}
    try:
        with pytest.raises(ApiError) as info:
            await run_scrape(
                ScrapeRequest.model_validate(body, by_alias=True, by_name=False), services
            )
    finally:
        await services.close()
    assert info.value.status == 501
    assert "profile" in info.value.error and "webdata serve" in info.value.error


async def test_the_lease_is_released_when_the_scrape_is_cancelled(
    tmp_path: Path, site_url: str
) -> None:
    db_url = f"sqlite+aiosqlite:///{(tmp_path / 'webdata.db').as_posix()}"
    await migrate(db_url)
    engine = make_engine(db_url)
    sessions = make_sessionmaker(engine)
    team = await KeyStore(sessions, cache_ttl=0).create_team("cancel")
    profiles = ProfileStore(sessions)
    settings = Settings(data_dir=tmp_path, allow_private_networks=True)
    services = await ScrapeServices.start(settings, content_workers=0, profiles=profiles)
    mark = token()
    body = {
        "url": f"{site_url}/profiles/slow?ms=5000&token={mark}&v={token()}",
        "profile": {"name": "p1"},
    }
    req = ScrapeRequest.model_validate(body, by_alias=True, by_name=False)
    try:
        task = asyncio.create_task(run_scrape(req, services, team_id=team.id))
        async with httpx.AsyncClient() as http:
            for _ in range(600):
                seen = await http.get(f"{site_url}/profiles/seen", params={"token": mark})
                if seen.json()["seen"]:
                    break
                await asyncio.sleep(0.05)
        assert not task.done()
        with pytest.raises(ProfileInUseError):
            await profiles.acquire(team.id, "p1")
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await profiles.release(await profiles.acquire(team.id, "p1", keep_alive=False))
        assert await profiles.load(team.id, "p1") is None
    finally:
        await services.close()
        await engine.dispose()


def test_zero_data_retention_loads_a_profile_but_never_saves_it(
    bclient: httpx.Client, site_url: str
) -> None:
    name = f"zdr-{token()}"
    resp = bclient.post(
        "/v2/scrape",
        json={
            "url": f"{site_url}/profiles/read",
            "zeroDataRetention": True,
            "profile": {"name": name},
        },
    )
    body = assert_error(resp, 400, "Bad Request")
    assert any(d["path"] == ["profile", "saveChanges"] for d in body["details"]), body
    resp = bclient.post(
        "/v2/scrape",
        json={
            "url": f"{site_url}/profiles/read",
            "zeroDataRetention": True,
            "profile": {"name": name, "saveChanges": False},
        },
    )
    assert resp.status_code == 200, resp.text

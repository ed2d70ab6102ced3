"""The ``changeTracking`` format over real HTTP, on a fixture page the test rewrites between
scrapes; and through firecrawl-py."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api.test_cache import new_page, scrape, set_page, visits
from tests.api.test_errors import assert_error
from tests.conftest import RunningApi, other_team_key

TRACK = {"type": "changeTracking", "modes": ["git-diff"]}


def track(c: httpx.Client, url: str, **fmt: Any) -> dict[str, Any]:
    data = scrape(c, url, formats=["markdown", {**TRACK, **fmt}])
    tracking: dict[str, Any] = data["changeTracking"]
    return tracking


def test_new_same_changed_removed_and_back(client: httpx.Client, site_url: str) -> None:
    name, url = new_page(site_url)
    first = track(client, url)
    assert first == {
        "previousScrapeAt": None,
        "changeStatus": "new",
        "visibility": "visible",
        "diff": None,
    }
    same = track(client, url)
    assert same["changeStatus"] == "same" and same["diff"] is None
    assert same["previousScrapeAt"].endswith("Z")
    set_page(site_url, name, "The first version of this page.\nA new second paragraph.")
    changed = track(client, url)
    assert changed["changeStatus"] == "changed"
    assert changed["previousScrapeAt"] > same["previousScrapeAt"]
    diff = changed["diff"]
    assert "-It has two paragraphs of plain text." in diff
    assert "+A new second paragraph." in diff
    set_page(site_url, name, "Nothing here.", status=404)
    assert track(client, url)["changeStatus"] == "removed"
    set_page(site_url, name, "Back again.")
    assert track(client, url)["changeStatus"] == "new"
    # Every tracked scrape fetched the page: change tracking never answers from the cache.
    assert visits(site_url, name) == 5


def test_tags_and_teams_have_their_own_history(
    api: RunningApi, client: httpx.Client, site_url: str
) -> None:
    _, url = new_page(site_url)
    assert track(client, url)["changeStatus"] == "new"
    assert track(client, url, tag="weekly")["changeStatus"] == "new"
    assert track(client, url, tag="weekly")["changeStatus"] == "same"
    with api.client(key=other_team_key(api)) as other:
        assert track(other, url)["changeStatus"] == "new"


def test_without_git_diff_mode_there_is_no_diff(client: httpx.Client, site_url: str) -> None:
    _, url = new_page(site_url)
    data = scrape(client, url, formats=["changeTracking"])
    assert data["changeTracking"]["changeStatus"] == "new"
    assert "diff" not in data["changeTracking"]
    assert "markdown" not in data  # computed for the comparison, returned only when asked


@pytest.mark.parametrize("extra", [{"zeroDataRetention": True}, {"lockdown": True}, {"minAge": 1}])
def test_refused_where_nothing_may_be_kept_or_fetched(
    client: httpx.Client, site_url: str, extra: dict[str, Any]
) -> None:
    name, url = new_page(site_url)
    body = {"url": url, "formats": ["markdown", TRACK], **extra}
    error = assert_error(client.post("/v2/scrape", json=body), 400)
    assert error["details"][0]["path"] == ["formats", 1]
    assert next(iter(extra)) in error["details"][0]["message"]
    assert visits(site_url, name) == 0


def test_json_mode_needs_a_model(client: httpx.Client, site_url: str) -> None:
    name, url = new_page(site_url)
    fmt = {"type": "changeTracking", "modes": ["json"], "schema": {"type": "object"}}
    resp = client.post("/v2/scrape", json={"url": url, "formats": ["markdown", fmt]})
    assert assert_error(resp, 501)["code"] == "LLM_NOT_CONFIGURED"
    assert visits(site_url, name) == 0
    no_target = {"type": "changeTracking", "modes": ["json"]}
    resp = client.post("/v2/scrape", json={"url": url, "formats": ["markdown", no_target]})
    assert assert_error(resp, 400)["details"][0]["path"] == ["formats", 1]


def test_a_blocked_page_is_not_compared(client: httpx.Client, site_url: str) -> None:
    name, url = new_page(site_url)
    track(client, url)
    set_page(site_url, name, "Down for maintenance.", status=503)
    data = scrape(client, url, formats=["markdown", TRACK])
    assert data.get("changeTracking") is None
    assert "neither compared nor recorded" in data["warning"]
    set_page(
        site_url, name, "The first version of this page.\nIt has two paragraphs of plain text."
    )
    assert track(client, url)["changeStatus"] == "same"


def test_through_the_sdk(firecrawl: Any, site_url: str) -> None:
    from firecrawl.v2.types import ChangeTrackingFormat

    name, url = new_page(site_url)
    fmt = ChangeTrackingFormat(modes=["git-diff"], tag="sdk")
    first = firecrawl.scrape(url, formats=["markdown", fmt])
    assert first.change_tracking["changeStatus"] == "new"
    set_page(site_url, name, "Edited through the SDK test.")
    second = firecrawl.scrape(url, formats=["markdown", fmt])
    assert second.change_tracking["changeStatus"] == "changed"
    assert "+Edited through the SDK test." in second.change_tracking["diff"]

"""The cache key and policy: which options make another entry, which never do, what is kept."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from webdata.contract import ScrapeRequest
from webdata.scrape.cache_policy import (
    NOT_IN_KEY,
    SENSITIVE,
    cache_key,
    cache_policy,
    normalize_url,
    sensitive_options,
)

URL = "https://example.com/a/b?x=1"


def req(**options: Any) -> ScrapeRequest:
    return ScrapeRequest.model_validate({"url": URL, **options})


# Every option that changes the document, with a value other than its default.
OUTPUT_OPTIONS: list[dict[str, Any]] = [
    {"formats": ["html"]},
    {"formats": ["markdown", "links"]},
    {"formats": [{"type": "screenshot", "fullPage": True}]},
    {"onlyMainContent": False},
    {"includeTags": ["article"]},
    {"excludeTags": ["nav"]},
    {"waitFor": 500},
    {"mobile": True},
    {"skipTlsVerification": False},
    {"parsers": []},
    {"location": {"country": "DE"}},
    {"location": {"country": "US", "languages": ["fr-FR"]}},
    {"removeBase64Images": False},
    {"blockAds": False},
    {"proxy": "enhanced"},
    {"proxy": "basic"},
    {"fastMode": True},
]


@pytest.mark.parametrize("option", OUTPUT_OPTIONS, ids=lambda o: next(iter(o)))
def test_each_output_option_changes_the_key(option: dict[str, Any]) -> None:
    assert cache_key(req(**option)) != cache_key(req())


@pytest.mark.parametrize(
    "option",
    [
        {"timeout": 10_000},
        {"maxAge": 5},
        {"storeInCache": False},
        {"zeroDataRetention": True},
        {"origin": "sdk"},
        {"integration": "n8n"},
        {"auditMetadata": {"username": "ann"}},
        {"threatProtection": {"mode": "off"}},
    ],
    ids=lambda o: next(iter(o)),
)
def test_limits_and_labels_do_not(option: dict[str, Any]) -> None:
    assert cache_key(req(**option)) == cache_key(req())


def test_not_in_key_names_real_fields() -> None:
    assert set(ScrapeRequest.model_fields) >= NOT_IN_KEY
    wire = {info.alias or name for name, info in ScrapeRequest.model_fields.items()}
    assert set(SENSITIVE) <= wire


def test_format_order_and_defaults_do_not_matter() -> None:
    a = req(formats=["markdown", "links"])
    b = req(formats=["links", {"type": "markdown"}])
    assert cache_key(a) == cache_key(b)
    assert cache_key(req(onlyMainContent=True, proxy="auto")) == cache_key(req())
    assert cache_key(req(proxy="stealth")) == cache_key(req(proxy="enhanced"))


@pytest.mark.parametrize(
    ("url", "normal"),
    [
        ("HTTPS://Example.COM/a/b?x=1", "https://example.com/a/b?x=1"),
        ("https://example.com:443/a/b?x=1#part", "https://example.com/a/b?x=1"),
        ("http://example.com:8080", "http://example.com:8080/"),
        ("https://example.com/p?b=2&a=1&a=0", "https://example.com/p?a=0&a=1&b=2"),
        ("https://example.com/p?empty=&x", "https://example.com/p?empty=&x="),
        ("https://[::1]:8443/x", "https://[::1]:8443/x"),
    ],
)
def test_url_normalisation(url: str, normal: str) -> None:
    assert normalize_url(url) == normal


def test_path_case_and_trailing_slash_are_kept() -> None:
    assert normalize_url("https://e.com/A/") != normalize_url("https://e.com/a/")
    assert normalize_url("https://e.com/a/") != normalize_url("https://e.com/a")


def test_sensitive_options_neither_read_nor_store() -> None:
    actions = [{"type": "wait", "milliseconds": 10}]
    for options in (
        {"headers": {"Cookie": "a=b"}},
        {"actions": actions},
        {"profile": {"name": "me", "saveChanges": False}},
    ):
        policy = cache_policy(req(**options))
        assert sensitive_options(req(**options)) == list(options)
        assert not policy.read and not policy.store


def test_read_and_store_rules() -> None:
    plain = cache_policy(req())
    assert plain.read and plain.store and not plain.cache_only
    assert plain.window.max_age == timedelta(days=2) and plain.window.min_age is None
    assert not cache_policy(req(storeInCache=False)).store
    assert cache_policy(req(storeInCache=False)).read
    zdr = cache_policy(req(zeroDataRetention=True))
    assert zdr.read and not zdr.store
    lockdown = cache_policy(req(lockdown=True))
    assert lockdown.read and not lockdown.store and lockdown.cache_only
    assert lockdown.window.max_age == timedelta(days=730)
    fresh = cache_policy(req(maxAge=0))
    assert not fresh.read and fresh.store
    min_age = cache_policy(req(minAge=60_000))
    assert min_age.cache_only and min_age.window == type(min_age.window)(
        max_age=None, min_age=timedelta(minutes=1)
    )
    assert cache_policy(req(minAge=1)).window.min_age is None
    tracked = cache_policy(req(formats=["markdown", "changeTracking"]))
    assert not tracked.read and not tracked.store
    off = cache_policy(req(), enabled=False)
    assert not off.read and not off.store


def test_absurd_ages_do_not_overflow() -> None:
    assert cache_policy(req(maxAge=10**30)).window.max_age is None
    assert cache_policy(req(minAge=10**30)).window.min_age == timedelta(days=36_500)

"""Property tests of the request validators: what passes is well-formed, the rest fails cleanly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from webdata.contract import ScrapeRequest
from webdata.contract.urls import normalize_target_url


def parse(body: dict) -> ScrapeRequest:
    return ScrapeRequest.model_validate(body, by_alias=True, by_name=False)


@given(st.text(max_size=200))
def test_url_rule_never_crashes(text: str) -> None:
    try:
        out = normalize_target_url(text)
    except ValueError as exc:
        assert str(exc).startswith("Invalid URL")
    else:
        assert out.lower().startswith(("http://", "https://"))


hosts = st.from_regex(r"[a-z][a-z0-9-]{0,20}(\.[a-z]{2,6}){1,2}", fullmatch=True)
paths = st.from_regex(r"(/[A-Za-z0-9._~-]{0,12}){0,4}", fullmatch=True)


@given(st.sampled_from(["http", "https", "HTTP"]), hosts, paths)
def test_well_formed_urls_pass_unchanged(scheme: str, host: str, path: str) -> None:
    url = f"{scheme}://{host}{path}"
    assert parse({"url": url}).url == url


@given(st.integers())
def test_timeout_range(value: int) -> None:
    if 1000 <= value <= 300_000:
        assert parse({"url": "http://a.com", "timeout": value}).timeout == value
    else:
        with pytest.raises(ValidationError):
            parse({"url": "http://a.com", "timeout": value})


@given(st.text(max_size=4))
def test_country_pattern(country: str) -> None:
    body = {"url": "http://a.com", "location": {"country": country}}
    if len(country) == 2 and all("A" <= c <= "Z" for c in country):
        assert parse(body).location is not None
    else:
        with pytest.raises(ValidationError):
            parse(body)


@given(st.integers(min_value=-5, max_value=20_000))
def test_max_pages_range(value: int) -> None:
    body = {"url": "http://a.com", "parsers": [{"type": "pdf", "maxPages": value}]}
    if 1 <= value <= 10_000:
        assert parse(body).pdf_parser is not None
    else:
        with pytest.raises(ValidationError):
            parse(body)


@given(st.dictionaries(st.text(min_size=1, max_size=12), st.integers(), max_size=3))
def test_unknown_top_level_keys_are_rejected(extra: dict) -> None:
    known = set(ScrapeRequest.model_json_schema(by_alias=True)["properties"])
    unknown = {k: v for k, v in extra.items() if k not in known}
    if unknown:
        with pytest.raises(ValidationError) as info:
            parse({"url": "http://a.com", **unknown})
        assert {e["loc"][0] for e in info.value.errors() if e["type"] == "extra_forbidden"} == set(
            unknown
        )


def test_defaults_match_the_spec() -> None:
    req = parse({"url": "http://a.com"})
    assert [f.type for f in req.format_objects] == ["markdown"]
    assert req.only_main_content is True and req.only_clean_content is False
    assert req.effective_max_age == 172_800_000
    assert req.wait_for == 0 and req.mobile is False and req.skip_tls_verification is True
    assert req.timeout == 60_000 and req.remove_base64_images is True and req.block_ads is True
    assert req.proxy == "auto" and req.store_in_cache is True and req.lockdown is False
    assert req.redact_pii is False and req.zero_data_retention is False
    assert req.pdf_parser is not None and req.pdf_parser.mode == "auto"
    assert (
        parse({"url": "http://a.com", "lockdown": True}).effective_max_age == 2 * 365 * 86_400_000
    )


def test_string_and_object_formats_are_the_same() -> None:
    a = parse({"url": "http://a.com", "formats": ["screenshot@fullPage", "rawHtml"]})
    b = parse(
        {
            "url": "http://a.com",
            "formats": [{"type": "screenshot", "fullPage": True}, {"type": "rawHtml"}],
        }
    )
    assert a.formats == b.formats

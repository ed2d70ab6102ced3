"""URL resolution (fast paths agree with urljoin) and srcset parsing."""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit, urlunsplit

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from webdata.content.srcset import Candidate, largest, parse_srcset
from webdata.content.urls import Resolver, is_http_url

BASES = [
    "https://example.com/a/b/page.html?x=1#frag",
    "http://example.com",
    "http://user@host.example:8080/dir/",
    "HTTPS://Example.COM/Path/",
]


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize(
    "ref",
    [
        "/root", "//cdn.example.net/x", "#f", "?q=2", "rel/x", "../up", "./same", "/a/../b",
        "https://other.org/", "mailto:a@b.c", "", "   ", "/\\\\x", "http:rel", "?a/./b",
    ],
)  # fmt: skip
def test_resolve_matches_urljoin(base: str, ref: str) -> None:
    expected = urljoin(base, ref.strip()) if ref.strip() else None
    assert _norm(Resolver(base).resolve(ref)) == _norm(expected)


def _norm(url: str | None) -> str | None:
    """Drop an empty query or fragment (``page?`` is ``page``), as urlunsplit does."""
    return urlunsplit(urlsplit(url)) if url is not None else None


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(BASES),
    st.text(alphabet="ab/.?#:%-_~@=&", max_size=20),
)
def test_resolve_agrees_with_urljoin_on_generated_refs(base: str, ref: str) -> None:
    # urljoin keeps the base query for an empty one ("?", "?#x"); browsers do not.
    assume(not ref.startswith("?") or ref[1:2] not in ("", "#"))
    expected = urljoin(base, ref) if ref else None
    assert _norm(Resolver(base).resolve(ref)) == _norm(expected)


def test_resolve_strips_whitespace_and_newlines() -> None:
    assert Resolver("https://e.com/").resolve(" \n/a\tb\n ") == "https://e.com/ab"


def test_unparseable_url_resolves_to_none() -> None:
    assert Resolver("https://e.com/").resolve("http://[::1") is None
    assert Resolver("https://e.com/").resolve("//[bad") is None


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("http://a", True), ("HTTPS://a/b", True), ("https://u:p@h/x", True),
        ("http://", False), ("http:///x", False), ("https:x", False), ("ftp://a", False),
        ("mailto:x@y", False), ("//a/b", False), ("http://:80/", False),
    ],
)  # fmt: skip
def test_is_http_url(url: str, ok: bool) -> None:
    assert is_http_url(url) is ok


def test_parse_srcset() -> None:
    assert parse_srcset("a.jpg 1x, b.jpg 2x") == [
        Candidate("a.jpg", density=1.0),
        Candidate("b.jpg", density=2.0),
    ]
    assert parse_srcset(" a.jpg 100w ,b.jpg 200w") == [
        Candidate("a.jpg", width=100.0),
        Candidate("b.jpg", width=200.0),
    ]
    assert parse_srcset("a.jpg") == [Candidate("a.jpg", density=1.0)]
    # a comma inside a URL does not split it (HTML "parse a srcset attribute")
    assert parse_srcset("a.jpg,b.jpg 2x") == [Candidate("a.jpg,b.jpg", density=2.0)]
    assert parse_srcset("a.jpg, b.jpg 2x") == [
        Candidate("a.jpg", density=1.0),
        Candidate("b.jpg", density=2.0),
    ]


def test_parse_srcset_commas_inside_urls() -> None:
    value = "https://img.example/w_100,h_50/a.jpg 100w, https://img.example/w_900,h_450/a.jpg 900w"
    assert [c.url for c in parse_srcset(value)] == [
        "https://img.example/w_100,h_50/a.jpg",
        "https://img.example/w_900,h_450/a.jpg",
    ]


def test_parse_srcset_drops_invalid_candidates() -> None:
    assert parse_srcset("a.jpg 10q, b.jpg 2x, c.jpg 1x 2x, d.jpg -1w") == [
        Candidate("b.jpg", density=2.0)
    ]
    assert parse_srcset("") == [] and parse_srcset(" , ,") == []


def test_largest() -> None:
    assert largest("a 100w, b 900w, c 500w") == "b"
    assert largest("a 1x, b 3x, c 2x") == "b"
    assert largest("a 0.5x", "src") == "src"
    assert largest("a 2x", "src") == "a"
    assert largest("small 100w, big 2x", "src") == "small"  # w descriptors win
    assert largest("", "src") == "src"
    assert largest(None, "  ") is None
    assert largest("bad 1q", "src") == "src"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_parse_srcset_never_raises(value: str) -> None:
    for cand in parse_srcset(value):
        assert cand.url and not cand.url.endswith(",")

"""A page's "last updated" stamp goes; an item's own "Updated" field and prose that mentions
an update stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://docs.example.com/guides/rotating-keys"
PROSE = (
    "Rotate the signing key before it expires: create the new key, publish both for a day, "
    "then retire the old one once every client has fetched the new set. "
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<main><h1>Rotating keys</h1><p>{PROSE * 4}</p>{extra}"
        f"<h2>Clients</h2><p>{PROSE * 3}</p></main>",
        URL,
    )


def test_last_updated_stamps_go() -> None:
    for stamp in (
        "<p>Last updated on June 19, 2025</p>",
        "<div><span>Page last modified Jan 17, 2025 01:39 pm EST</span></div>",
        "<small>This page was last updated on 2026-01-26 15:45:07Z</small>",
        "<p>Last reviewed: April 2017</p>",
    ):
        md = _page(stamp)
        assert "last" not in md.lower(), stamp
        assert "Clients" in md and "Rotate the signing key" in md


def test_an_items_updated_field_and_prose_stay() -> None:
    md = _page("<p>Updated March 2</p><p>We last updated the key in 2024 after an audit.</p>")
    assert "Updated March 2" in md
    assert "We last updated the key in 2024 after an audit." in md


def test_a_stamp_without_a_date_stays() -> None:
    assert "Last updated by the platform team" in _page("<p>Last updated by the platform team</p>")

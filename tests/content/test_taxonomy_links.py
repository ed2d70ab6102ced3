"""A post's tag and category lines go; a taxonomy link inside a sentence stays."""

from __future__ import annotations

from tests.content.pages import html_markdown

PROSE = (
    "Interesting to see basically no pathfinding this year, though there were several "
    "grid problems. Part two of day nine took the longest, mostly spent on the parser."
)


def markdown(html: str) -> str:
    return html_markdown(html, "https://example.com/2025/12/post.html")


def test_tag_and_category_lines_go() -> None:
    md = markdown(
        "<html><body><article><h1>Advent of Code, week 2</h1>"
        "<div class='meta'><a href='/category/computing/'>CATEGORY_LINK</a></div>"
        f"<p>{PROSE}</p><p>More in <a href='/tags/rust/'>INLINE_TAG rust</a> posts soon, "
        "after the holidays and a long walk.</p>"
        "<div>Tags: <a href='/tags/advent/'>TAG_A</a>, <a href='/tags/rust/'>TAG_B</a></div>"
        "</article></body></html>"
    )
    assert PROSE in md and "INLINE_TAG" in md
    assert "CATEGORY_LINK" not in md and "TAG_A" not in md and "Tags:" not in md


def test_tags_of_many_cards_stay() -> None:
    cards = "".join(
        f"<div class='card'><h2><a href='/p/{i}'>Post {i} about developer tools</a></h2>"
        f"<p>{PROSE}</p><div><a href='/tag/tools/'>CARD_TAG_{i}</a></div></div>"
        for i in range(6)
    )
    md = markdown(f"<html><body><main><h1>Blog</h1>{cards}</main></body></html>")
    assert "CARD_TAG_0" in md and "CARD_TAG_5" in md


def test_tag_cloud_in_a_fieldset_goes() -> None:
    cloud = "".join(f"<a href='/tags/t{i}/'>FIELDSET_TAG_{i}</a> " for i in range(12))
    md = markdown(
        "<html><body><article><h1>Advent of Code, week 2</h1>"
        f"<p>{PROSE}</p><fieldset><legend>Tags</legend>{cloud}</fieldset>"
        "</article></body></html>"
    )
    assert PROSE in md and "FIELDSET_TAG_0" not in md


def test_a_malformed_tag_url_is_left_alone() -> None:
    md = markdown(
        "<html><body><article><h1>Post</h1>"
        f"<p>{PROSE}</p><div><a href='http://[broken/tag/x'>ODD_LINK</a></div>"
        "</article></body></html>"
    )
    assert PROSE in md and "ODD_LINK" in md

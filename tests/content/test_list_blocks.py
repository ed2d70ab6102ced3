"""The densest-block descent stops at a list of look-alike items instead of entering one."""

from __future__ import annotations

from tests.content.pages import GARDEN_TITLES, html_markdown

URL = "https://example.com/blog/"
TITLES = GARDEN_TITLES
TOPICS = ["Vegetables", "Watering", "Containers", "Planning", "Pruning", "Seeds"]
SNIPPET = "A short note on the garden, read on."


def _teaser(n: int) -> str:
    # (the titles differ in length: the first one holds the most text of the feed)
    extra = " a longer first summary of the season" if n == 0 else ""
    return (
        f"<div class='post post-{n + 1} entry'><h2><a href='/blog/{n}'>{TITLES[n]}</a></h2>"
        f"<p>{SNIPPET}{extra}</p>"
        f"<div><a href='/author/ann'>Ann Gardener</a> in "
        f"<a href='/topic/{n}'>{TOPICS[n]}</a> <a href='/topic/all'>All garden topics</a></div>"
        "</div>"
    )


def _page(body: str) -> str:
    return f"<html><head><title>Blog</title></head><body>{body}</body></html>"


def test_a_feed_of_teasers_without_semantic_markup_keeps_every_teaser() -> None:
    feed = "".join(_teaser(n) for n in range(6))
    html = _page(
        "<div class='top'><a href='/'>Home</a> <a href='/about'>About</a></div>"
        f"<div class='wrap'><div class='feed'>{feed}</div></div>"
    )
    md = html_markdown(html, URL)
    assert all(title in md for title in TITLES)


def test_an_article_beside_a_few_teaser_links_is_still_the_block() -> None:
    prose = (
        "Tomatoes need six hours of sun a day, steady watering and a deep container. "
        "Gardeners who keep a log notice patterns across seasons and learn from them. "
    ) * 4
    teasers = "".join(
        f"<div class='post'><a href='/blog/{n}'>{TITLES[n]}</a>"
        f" <span>Posted on 1{n} May 2024</span></div>"
        for n in range(3)
    )
    html = _page(
        f"<div class='wrap'><div class='post'><p>{prose}</p>"
        "<p>The end of the article. <a href='/guide'>See the guide</a></p></div>"
        f"{teasers}</div>"
    )
    md = html_markdown(html, URL)
    assert "The end of the article." in md
    assert TITLES[0] not in md

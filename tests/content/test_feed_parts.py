"""The densest-block descent stops at a feed of teasers laid out in several parts."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import GARDEN_TITLES, page_markdown
from webdata.content.feed_parts import split_feed
from webdata.content.main_content import densest_block

URL = "https://example.com/"
TITLES = GARDEN_TITLES[:5]


def _card(n: int) -> str:
    return (
        f"<div class='card'><a href='/p/{n}'><img src='/i/{n}.jpg' alt=''></a>"
        f"<a href='/tag/{n}'>#GARDEN</a>"
        f"<h2><a href='/p/{n}'>{TITLES[n]}</a></h2>"
        f"<a href='/u/{n}'>Ann Gardener</a><div>Mar 0{n + 1}, 2026 | {n + 2} min read</div></div>"
    )


def _grid(numbers: range) -> str:
    return "<div class='grid'>" + "".join(_card(n) for n in numbers) + "</div>"


def test_a_feed_in_two_grids_keeps_the_teasers_of_both() -> None:
    # two lead stories above a grid of three, no <main>, no <article>, no <h1>
    body = f"<div class='page'><div class='home'>{_grid(range(2))}{_grid(range(2, 5))}</div></div>"
    md = page_markdown(body, URL)
    assert all(title in md for title in TITLES)


def test_a_menu_of_links_beside_the_feed_is_still_left_out() -> None:
    menu = "".join(f"<a href='/c/{n}'>Seasonal produce corner {n}</a> " for n in range(3))
    body = f"<div class='page'><div class='shelf'>{menu}</div>{_grid(range(5))}</div>"
    md = page_markdown(body, URL)
    assert all(title in md for title in TITLES)
    assert "Seasonal produce corner" not in md


def test_headings_that_are_not_links_are_not_teaser_titles() -> None:
    tree = LexborHTMLParser(
        "<div id='a'><h2>Our story</h2><a href='/x'>x</a></div>"
        "<div id='b'><h2><a href='/p'>A post</a></h2></div>"
    )
    a, b = tree.css_first("#a"), tree.css_first("#b")
    assert a is not None and b is not None
    assert not split_feed(b, [(a, 10), (b, 6)])
    assert split_feed(b, [(b, 6), (b, 6)]) is False  # (itself is not a sibling)


def test_linear_in_page_size() -> None:
    # a deep descent past a teaser beside the way at every step, then two large grids
    cards = "".join(_card(n % 5) for n in range(5000))
    html = f"<div>{cards}</div><div>{cards}</div>"
    for n in range(300):
        html = f"<div><div>{html}</div><div><h3>Ads {n}</h3><a href='/{n}'>x</a></div></div>"
    body = LexborHTMLParser(f"<html><body>{html}</body></html>").body
    assert body is not None
    start = time.process_time()
    assert densest_block(body).tag == "div"
    assert time.process_time() - start < 2.0

"""The densest-block descent goes into the column holding a feed of teasers, past a
sidebar's or a footer's few sentences."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import GARDEN_TITLES, page_markdown
from webdata.content.feed_columns import feed_column
from webdata.content.main_content import densest_block

URL = "https://example.com/"
TITLES = GARDEN_TITLES
BLURB = "Garden Notes is a community of growers sharing what they learn each season."
THANKS = "Thank you to our friends at the seed library for supporting this site."


def _teaser(n: int) -> str:
    return (
        f"<div class='story'><a href='/u/{n}'>Ann Gardener</a>"
        f"<h2><a href='/p/{n}'>{TITLES[n]}</a></h2>"
        "<p>What we learned this season, step by step, with the tools and mistakes we made.</p>"
        f"<div class='tags'><a href='/t/a'>#garden</a> <a href='/t/b'>#spring</a></div></div>"
    )


def _feed() -> str:
    return "<div class='stories'>" + "".join(_teaser(n) for n in range(6)) + "</div>"


def _menu(word: str) -> str:
    entries = "".join(f"<li><a href='/{word}/{n}'>{word} {n}</a></li>" for n in range(4))
    return f"<ul>{entries}</ul>"


def _page(beside: str) -> str:
    # three columns and a footer, no <main>, no <article>, no <h1>
    left = f"<div class='left'><p>{BLURB}</p>{_menu('Topic')}</div>"
    right = f"<div class='right'>{_menu('Trending')}</div>"
    cols = f"<div class='cols'>{left}<div class='center'>{_feed()}</div>{right}{beside}</div>"
    return f"<div class='page'>{cols}</div><div class='foot'><p>{THANKS}</p>{_menu('About')}</div>"


def test_the_feed_column_is_kept_without_the_sidebars_and_footer() -> None:
    md = page_markdown(_page(""), URL)
    assert all(title in md for title in TITLES)
    assert BLURB not in md
    assert THANKS not in md


def test_a_long_paragraph_beside_the_feed_is_the_pages_own_text() -> None:
    essay = " ".join(["Tomatoes like warm soil and a long sunny season in the garden."] * 6)
    md = page_markdown(_page(f"<div class='about'><p>{essay}</p></div>"), URL)
    assert all(title in md for title in TITLES)
    assert essay in md


def test_questions_and_answers_beside_the_feed_are_the_pages_own_text() -> None:
    faq = "".join(
        f"<h3>How deep should container {n} be?</h3><p>About a forearm deep, for the roots.</p>"
        for n in range(6)
    )
    md = page_markdown(_page(f"<div class='faq'>{faq}</div>"), URL)
    assert all(title in md for title in TITLES)
    assert "How deep should container 5 be?" in md


def test_a_footer_of_link_columns_is_no_feed() -> None:
    columns = "".join(
        f"<div><h2>Section {n}</h2><ul>"
        + "".join(f"<li><span role='link'>Entry number {n}{k}</span></li>" for k in range(8))
        + "</ul></div>"
        for n in range(4)
    )
    beside = LexborHTMLParser(f"<div id='b'><p>{THANKS}</p>{_menu('Help')}</div>").css_first("#b")
    assert beside is not None
    for inner, is_feed in ((f"<div class='cols'>{columns}</div>", False), (_feed(), True)):
        column = LexborHTMLParser(f"<div id='col'>{inner}</div>").css_first("#col")
        assert column is not None
        size = len(column.text(deep=True, strip=True))
        found = feed_column(column, size, [(beside, size // 6)])
        assert (found is not None) is is_feed


def test_linear_in_page_size() -> None:
    # a feed of 2000 teasers deep inside 200 wrappers, each wrapper a candidate list parent
    stories = "".join(_teaser(n % 6) for n in range(2000))
    html = f"<div class='stories'>{stories}</div>"
    for _ in range(200):
        html = f"<div>{html}</div>"
    footer = "".join(f"<p>{THANKS}</p>{_menu('Help')}" for _ in range(200))
    tree = LexborHTMLParser(f"<html><body>{html}<div id='foot'>{footer}</div></body></html>")
    body, foot = tree.body, tree.css_first("#foot")
    assert body is not None and foot is not None
    start = time.process_time()
    block = densest_block(body)
    assert block.tag == "div" and (block.attributes.get("class") or "") == "stories"
    assert time.process_time() - start < 2.0

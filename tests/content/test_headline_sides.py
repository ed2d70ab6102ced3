"""On a page of plain ``<div>``s, the panels of links beside the text inside the headline's
block (a sidebar of questions, a contact panel) go."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import html_markdown
from webdata.content.dom import text_len
from webdata.content.headline_block import headline_block
from webdata.content.headline_sides import headline_side_removals

URL = "https://answers.example.org/q/1234/why-does-my-loop-block"
PROSE = (
    "The loop never yields to the event loop because the call inside it is synchronous; "
    "await a coroutine or run the blocking call in a thread so the other tasks can progress. "
)
SIDEBAR = (
    "<div><h4>Hot questions</h4><ul>"
    + "".join(f"<li><a href='/q/{n}'>Another asked question number {n}</a></li>" for n in range(25))
    + "</ul></div>"
)
TITLE = "<div><h1><a href='/q/1234'>Why does my loop block</a></h1></div>"
TEXT = f"<div><p>{PROSE * 8}</p></div>"


def _page(body: str) -> str:
    return f"<html><head><title>Q</title></head><body>{body}</body></html>"


def test_a_sidebar_of_links_beside_the_text_goes_on_a_page_of_plain_divs() -> None:
    html = _page(f"<div><div id='block'>{TITLE}{TEXT}{SIDEBAR}</div></div>")
    md = html_markdown(html, URL)
    assert "the other tasks can progress" in md
    assert "Why does my loop block" in md
    assert "Another asked question number 3" not in md


def test_panels_stay_on_a_page_that_marks_its_chrome_or_when_they_are_the_page() -> None:
    # a page that says what its chrome is: its unmarked panel of links is its own
    body = LexborHTMLParser(
        _page(f"<nav><a href='/'>Home</a></nav><div>{TITLE}{TEXT}{SIDEBAR}</div>")
    ).body
    assert body is not None
    block = body.css_first("div")
    assert block is not None and headline_side_removals(block) == []
    # lists of links holding more than the text: a page of links, not a sidebar
    lists = SIDEBAR * 6
    body = LexborHTMLParser(_page(f"<div>{TITLE}{TEXT}{lists}</div>")).body
    assert body is not None
    block = body.css_first("div")
    assert block is not None and headline_side_removals(block) == []
    # a feed's part (teaser titles) beside the text is not a panel of links
    feed = "".join(f"<div><h3><a href='/p/{n}'>A story number {n}</a></h3></div>" for n in range(9))
    html = _page(f"<div><div>{TITLE}{TEXT}<div>{feed}</div></div></div>")
    body = LexborHTMLParser(html).body
    assert body is not None
    block = headline_block(body, text_len(body))
    assert block is not None and headline_side_removals(block) == []


def test_a_block_of_many_sections_keeps_its_sections_of_links() -> None:
    # no part holds half of the block: its sections are the page's own body (a docs page's
    # steps, one of them a list of links to install); and a paragraph of links is the text's
    steps = "".join(f"<section><h2>Step {n}</h2><p>{PROSE}</p></section>" for n in range(6))
    links = "".join(
        f"<li><a href='/install/{n}'>Install toolkit part {n}</a></li>" for n in range(9)
    )
    see = "<p><a href='/a'>See the asyncio guide</a> and <a href='/b'>the threads guide</a>.</p>"
    for inner in (f"{steps}<section><ul>{links}</ul></section>", f"{TEXT}{see}"):
        body = LexborHTMLParser(_page(f"<div><div>{TITLE}{inner}</div></div>")).body
        assert body is not None
        block = headline_block(body, text_len(body))
        assert block is not None and headline_side_removals(block) == []


def test_many_parts_beside_the_headline_take_linear_time() -> None:
    parts = "<div><a href='/x'>link</a></div>" * 5000
    body = LexborHTMLParser(_page(f"<div>{TITLE}{TEXT * 50}{parts}</div>")).body
    assert body is not None
    block = body.css_first("div")
    assert block is not None
    start = time.perf_counter()
    headline_side_removals(block)
    assert time.perf_counter() - start < 1.0

"""Bars of links printed above and below the content (repeated_blocks.repeated_bar_removals):
every copy goes; look-alike items, footnote marks and bars side by side stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content import body_markdown
from webdata.content.repeated_blocks import repeated_bar_removals

URL = "https://forum.example.org/threads/a-noisy-fan.123/"
POST = (
    "<div class='h1a2b'><p>POST_TEXT {n} My laptop fan spins up whenever the browser is open, "
    "even on a blank tab; the vendor's tool shows nothing unusual and the temperatures "
    "stay low, so I wonder what keeps it busy all day.</p></div>"
)
POSTS = "".join(POST.format(n=n) for n in range(3))
CRUMBS = (
    "<ul class='h9f8e'><li><a href='/'>Home</a></li><li><a href='/forums/'>Forums</a></li>"
    "<li><a href='/forums/laptops/'>Laptops CRUMB_TEXT</a></li></ul>"
)
PAGER = (
    "<div class='h7c6d'><a href='?page=1'>1</a><a href='?page=2'>2</a>"
    "<a href='?page=3'>3</a><a href='?page=2'>Next PAGER_TEXT</a></div>"
)


def _thread(top: str, bottom: str) -> str:
    return f"<div class='h0000'><h1>A noisy fan</h1>{top}{POSTS}{bottom}</div>"


def test_breadcrumb_and_pager_above_and_below_the_posts_go() -> None:
    md = body_markdown(_thread(CRUMBS + PAGER, PAGER + CRUMBS), URL, only_main_content=True)
    assert "CRUMB_TEXT" not in md and "PAGER_TEXT" not in md, md
    assert md.count("POST_TEXT") == 3, md


def test_a_bar_shown_once_stays() -> None:
    html = f"<div><h1>A noisy fan</h1>{CRUMBS}{POSTS}</div>"
    tree = LexborHTMLParser(html)
    assert tree.body is not None
    assert repeated_bar_removals(tree.body, []) == []


def test_copies_side_by_side_stay() -> None:
    html = f"<div><h1>A noisy fan</h1>{POSTS}{PAGER}{PAGER}</div>"
    tree = LexborHTMLParser(html)
    assert tree.body is not None
    assert repeated_bar_removals(tree.body, []) == []


def test_tags_shared_by_look_alike_teasers_stay() -> None:
    teaser = (
        "<div class='h4444'><h3><a href='/p/{n}'>Story {n}</a></h3><p>{text}</p>"
        "<div class='h5555'><a href='/t/tools'>Tools</a><a href='/t/mobile'>Mobile</a></div>"
        "</div>"
    )
    text = "A long teaser text about what the story says, with enough words to count. " * 3
    html = "<div>" + "".join(teaser.format(n=n, text=text) for n in range(3)) + "</div>"
    tree = LexborHTMLParser(html)
    assert tree.body is not None
    assert repeated_bar_removals(tree.body, []) == []


def test_footnote_marks_repeated_stay() -> None:
    marks = "<sup><a href='#n1'>1</a>,<a href='#n2'>2</a></sup>"
    html = f"<div><p>First claim.{marks}</p>{POSTS}<p>Same sources.{marks}</p></div>"
    tree = LexborHTMLParser(html)
    assert tree.body is not None
    assert repeated_bar_removals(tree.body, []) == []


def test_large_page_is_linear() -> None:
    bars = "".join(
        f"<div><a href='/a{n}'>Alpha {n}</a><a href='/b{n}'>Beta {n}</a></div>" for n in range(800)
    )
    posts = "".join(POST.format(n=n) for n in range(400))
    html = f"<div><div class='top'>{bars}</div><section>{posts}</section><div>{bars}</div></div>"
    tree = LexborHTMLParser(html)
    assert tree.body is not None
    start = time.process_time()
    found = repeated_bar_removals(tree.body, [])
    assert time.process_time() - start < 2.0
    assert len(found) == 1600

"""A notice that spilled out of the <head> (with the <title>) into the body goes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import html_markdown
from webdata.content.head_spill import head_spill_removals

URL = "https://example.com/topic/gardens"
NOTICE = "Please turn on scripts to use our reading aids"
ITEMS = "".join(
    f"<div class='item'><a href='/n/{n}'><img src='/i/{n}.jpg' alt=''></a>"
    f"<a href='/n/{n}'>Garden story number {n}</a><p>A short note on the garden {n}.</p></div>"
    for n in range(5)
)


def _page(head_extra: str, body: str) -> str:
    title = "<title>Gardens | Local News</title>"
    return f"<html><head>{head_extra}{title}</head><body>{body}</body></html>"


def test_a_notice_spilled_from_the_head_goes_with_the_title() -> None:
    html = _page(f"<noscript>{NOTICE} <a href='/aids'>reading aids</a></noscript>", ITEMS)
    md = html_markdown(html, URL)
    assert "Garden story number 4" in md
    assert "turn on scripts" not in md
    assert "Local News" not in md


def test_a_head_that_did_not_spill_changes_nothing() -> None:
    html = _page("<noscript><style>.x{}</style></noscript>", f"<p>{NOTICE}</p>{ITEMS}")
    md = html_markdown(html, URL)
    assert "turn on scripts" in md


def test_text_before_a_stray_title_late_in_the_body_stays() -> None:
    body = LexborHTMLParser(
        f"<html><body><p>{'Long prose of the page. ' * 40}</p><title>T</title></body></html>"
    ).body
    assert body is not None
    assert head_spill_removals(body) == []


def test_linear_in_page_size() -> None:
    body = LexborHTMLParser(
        "<html><body>" + "<p>x</p>" * 100000 + "<title>T</title></body></html>"
    ).body
    assert body is not None
    start = time.process_time()
    assert head_spill_removals(body) == []
    assert time.process_time() - start < 2.0

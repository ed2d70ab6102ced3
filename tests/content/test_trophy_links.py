"""Posters' trophies (trophy_links.py): on thread pages, image links with no text leading to
a trophy's, badge's or award's page go; such links elsewhere, and links with text, stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.forum_noise import THREAD_MARK
from webdata.content.trophy_links import _SEGMENT, trophy_link_removals

PANEL = (
    "<div class='x1'><a href='/trophies/novice.36/' title='Novice'><img src='/n.svg'></a>"
    "<a href='https://board.example.org/badges/storage-expert' title='Storage Expert'>"
    "<img src='/s.svg'></a><a href='/help/trophies/'>What are trophies?</a>"
    "<a href='/threads/award-winning-lathes.12/'><img src='/t.jpg'></a></div>"
)


def scope_of(html: str, thread: bool = True) -> LexborNode:
    mark = f" {THREAD_MARK}='1'" if thread else ""
    body = LexborHTMLParser(f"<html{mark}><body><div>{html}</div></body></html>").body
    assert body is not None
    return body


def test_trophy_images_of_a_thread_go() -> None:
    found = trophy_link_removals(scope_of(PANEL))
    assert [n.attrs.get("title") for n in found] == ["Novice", "Storage Expert"]


def test_trophies_stay_off_thread_pages() -> None:
    assert trophy_link_removals(scope_of(PANEL, thread=False)) == []


def test_linear_in_page_size() -> None:
    scope = scope_of(PANEL * 4000)
    start = time.process_time()
    assert len(trophy_link_removals(scope)) == 8000
    assert time.process_time() - start < 1.0


def test_no_backtracking_on_hostile_text() -> None:
    start = time.process_time()
    _SEGMENT.search("/" + "badge" * 20000)
    _SEGMENT.search("a" * 100000)
    assert time.process_time() - start < 0.1

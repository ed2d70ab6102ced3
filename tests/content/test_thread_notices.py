"""The board's notices above a thread (thread_notices.py): a box holding an empty link that
dismisses it goes on thread pages, whatever its classes; each notice of a list on its own."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.dom import measuring, text_len
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.thread_notices import thread_notice_removals

POST = "<div class='x9'><p>" + "A post about lathes, chucks and the tooling they need. " * 20
NOTICES = (
    "<ul class='x1'>"
    "<li class='x2'><div><a href='/account/dismiss-notice?notice_id=30' title='Dismiss notice'>"
    "</a><b>NOTICE_ONE Members are reminded to never send money to buy anything.</b>"
    "<a href='/account/dismiss-notice?notice_id=30'></a></div></li>"
    "<li class='x2'><div><a href='/account/dismiss-notice?notice_id=31' title='Dismiss notice'>"
    "</a>NOTICE_TWO Several regions have held meetups already; others are planned.</div></li>"
    "</ul>"
)


def scope_of(html: str, thread: bool = True) -> LexborNode:
    mark = f" {THREAD_MARK}='1'" if thread else ""
    body = LexborHTMLParser(f"<html{mark}><body><div>{html}</div></body></html>").body
    assert body is not None
    scope = body.css_first("div")
    assert scope is not None
    return scope


def removed(html: str, thread: bool = True) -> str:
    scope = scope_of(html, thread)
    with measuring():
        found = thread_notice_removals(scope, text_len(scope))
    return " ".join(n.text(deep=True) for n in found)


def test_each_dismissible_notice_of_a_thread_goes() -> None:
    gone = removed(NOTICES + POST + "</p></div>")
    assert "NOTICE_ONE" in gone and "NOTICE_TWO" in gone
    assert "lathes" not in gone


def test_notices_stay_off_thread_pages() -> None:
    assert removed(NOTICES + POST + "</p></div>", thread=False) == ""


def test_linear_in_page_size() -> None:
    scope = scope_of(NOTICES * 4000 + POST + "</p></div>")
    start = time.process_time()
    with measuring():
        assert len(thread_notice_removals(scope, text_len(scope))) == 8000
    assert time.process_time() - start < 1.0

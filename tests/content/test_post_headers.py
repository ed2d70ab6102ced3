"""Posts' own <header>s on thread pages (post_headers.py): headers of one shape repeated on
three posts or more are the posts', not the page's: their names and dates stay; the page's
one header still goes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import THREAD_TEXTS, THREAD_URL, page_markdown, thread_posts
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.post_headers import keep_post_headers

URL, TEXTS = THREAD_URL, THREAD_TEXTS


def post(i: int, name: str, date: str, text: str) -> str:
    # posts as plain <div>s: their headers sit outside any sectioning element
    return (
        f"<div class='x1a2'><header class='x3b4'><a href='/members/{name}/'>NAME_{name}</a>"
        f" <span>DATE_{i} {date}</span></header>"
        f"<div class='x9e0'><p>{text}</p></div></div>"
    )


def thread(names: tuple[str, ...] = ("ann", "bob", "cat")) -> str:
    posts = thread_posts(post, names)
    return (
        "<header class='site'><a href='/'>SITE_HEADER Example Boards</a></header>"
        f"<div class='w1'><h1>Oil change intervals</h1><div class='xf01'>{posts}</div></div>"
    )


def test_the_posts_headers_stay_on_a_thread() -> None:
    md = page_markdown(thread(), URL)
    for kept in ("POST_ONE", "NAME_ann", "NAME_cat", "DATE_0", "DATE_2"):
        assert kept in md
    assert "SITE_HEADER" not in md


def test_headers_go_off_thread_pages() -> None:
    # one poster's posts make no thread: the headers are page landmarks as before
    md = page_markdown(thread(("ann", "ann", "ann")), URL)
    assert "POST_ONE" in md and "DATE_0" not in md


def test_two_headers_of_a_shape_still_go() -> None:
    html = "<header class='a'>ONE</header><header class='a'>TWO</header><p>x</p>"
    tree = LexborHTMLParser(f"<html {THREAD_MARK}='1'><body>{html}</body></html>")
    body = tree.body
    assert body is not None
    found = body.css("header")
    assert keep_post_headers(body, found) == found


def test_linear_on_a_big_thread() -> None:
    posts = "".join(post(i, f"u{i % 50}", "Jun 7, 2017", TEXTS[i % 3]) for i in range(4000))
    tree = LexborHTMLParser(f"<html {THREAD_MARK}='1'><body><div>{posts}</div></body></html>")
    body = tree.body
    assert body is not None
    found = body.css("header")
    start = time.process_time()
    kept = keep_post_headers(body, found)
    assert time.process_time() - start < 2.0
    assert kept == []

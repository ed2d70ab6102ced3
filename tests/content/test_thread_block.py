"""The main block of a thread page without <main>/<article> (thread_block.py): the parent of
its list of posts (sibling blocks of one shape, each with a poster's link and a date), not
the whole body with the site's prose beside the posts."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import THREAD_TEXTS, THREAD_URL, page_markdown, thread_posts
from webdata.content.dom import measuring, text_len
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.thread_block import thread_block

URL, TEXTS = THREAD_URL, THREAD_TEXTS
# The site's own prose beside the thread, in plain <div>s (no footer tag, no chrome words).
SITE_PROSE = (
    "<div class='k1'><div class='k2'>SITE_PROSE Example Media is part of Example Group, an "
    "international media group and leading digital publisher, with offices in many cities "
    "around the world. All rights reserved. Registered in England, company number 1234567, "
    "registered office at One Example Street, Example Town, with more words here.</div></div>"
)


def post(i: int, name: str, date: str, text: str) -> str:
    # class names say nothing (hashed); ids are not post ids
    return (
        f"<div class='x1a2'><div class='x3b4'><a href='/members/{name}/'>NAME_{name}</a>"
        f"<span class='x5c6'>{date}</span></div>"
        f"<div class='x9e0'><p>{text}</p></div></div>"
    )


def thread(names: tuple[str, ...] = ("ann", "bob", "cat")) -> str:
    posts = thread_posts(post, names)
    return (
        "<div class='w0'><div class='w1'><h1>Oil change intervals</h1>"
        f"<div class='xf01'>{posts}</div></div>{SITE_PROSE}"
        f"<div class='w2'>{SITE_PROSE.replace('SITE_PROSE', 'MORE_PROSE')}</div></div>"
    )


def test_a_threads_posts_are_its_main_block() -> None:
    md = page_markdown(thread(), URL)
    for kept in ("POST_ONE", "POST_TWO", "POST_THREE", "NAME_bob"):
        assert kept in md
    assert "SITE_PROSE" not in md and "MORE_PROSE" not in md


def test_without_a_thread_the_page_stays_whole() -> None:
    # one poster's posts make no thread: the site's prose is not known to be beside posts
    md = page_markdown(thread(("ann", "ann", "ann")), URL)
    assert "POST_ONE" in md and "SITE_PROSE" in md


def test_a_small_list_of_posts_is_not_the_block() -> None:
    prose = "".join(SITE_PROSE.replace("SITE_PROSE", f"PROSE_{i}") for i in range(12))
    html = thread().replace("<div class='w2'>", f"<div class='w2'>{prose}")
    tree = LexborHTMLParser(f"<html><body>{html}</body></html>")
    body = tree.body
    assert body is not None and tree.root is not None
    tree.root.attrs[THREAD_MARK] = "1"
    with measuring():
        assert thread_block(body, text_len(body)) is None


def test_linear_on_a_big_thread() -> None:
    posts = "".join(post(i, f"u{i % 50}", "Jun 7, 2017", TEXTS[i % 3]) for i in range(4000))
    tree = LexborHTMLParser(f"<html><body><div><h1>T</h1><div>{posts}</div></div></body></html>")
    body = tree.body
    assert body is not None and tree.root is not None
    tree.root.attrs[THREAD_MARK] = "1"
    start = time.process_time()
    with measuring():
        block = thread_block(body, text_len(body))
    assert time.process_time() - start < 2.0
    assert block is not None and block.tag == "div"

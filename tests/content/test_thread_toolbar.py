"""A thread's toolbars and page counter (thread_toolbar.py) go on thread pages, found by
their words, whatever their classes: "Post Reply", "Print view", "16 posts • Page 1 of 1"."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.thread_toolbar import thread_toolbar_removals

URL = "https://board.example.org/viewtopic.php?t=4242"
HEAD = '<script type="application/ld+json">{"@type": "DiscussionForumPosting"}</script>'
TEXTS = (
    "POST_ONE How often do you change the oil on a small petrol engine used daily?",
    "POST_TWO Every five thousand miles here, with the filter each second time.",
    "POST_THREE Twice a year whatever the mileage.",
)
TOOLS = (
    "<div class='x1'><a class='x2' href='posting.php?mode=reply'>Post Reply</a>"
    "<ul class='x3'><li><a href='viewtopic.php?view=print'>Print view</a></li></ul>"
    "<div class='x4'>16 posts • Page <strong>1</strong> of <strong>1</strong></div></div>"
)


def page(last: str = "") -> str:
    posts = "".join(f"<div class='x5'><p>{t}</p></div>" for t in (*TEXTS, last) if t)
    return f"<div class='x6'><h1>Oil change</h1>{TOOLS}{posts}{TOOLS}</div>"


def test_toolbars_of_a_thread_go() -> None:
    md = page_markdown(page(), URL, head=HEAD)
    for gone in ("Post Reply", "Print view", "16 posts", "Page"):
        assert gone not in md
    for kept in ("POST_ONE", "POST_TWO", "POST_THREE"):
        assert kept in md


def test_a_post_saying_locked_stays() -> None:
    md = page_markdown(page("Locked"), URL, head=HEAD)
    assert "Locked" in md


def test_toolbars_stay_off_threads() -> None:
    md = page_markdown(page(), URL)
    assert "Print view" in md


def test_linear_and_no_backtracking() -> None:
    junk = "posts • Page " * 8000 + "Print view " * 8000
    tree = LexborHTMLParser(f"<html><body><div><p>{junk}</p>{page() * 4000}</div></body></html>")
    assert tree.body is not None and tree.root is not None
    tree.root.attrs[THREAD_MARK] = "1"
    body = tree.body
    start = time.process_time()
    assert len(thread_toolbar_removals(body)) == 3 * 2 * 4000
    assert time.process_time() - start < 2.0  # linear: a quadratic pass takes minutes


def test_q_and_a_buttons_go() -> None:
    tools = (
        "<div class='x7'><a class='x8' href='/questions/ask'>Ask Question</a></div>"
        "<div class='x9'><select><option>Highest score (default)</option></select>"
        "<button class='x10' type='button'>Reset to default</button></div>"
    )
    body = f"<div class='x6'><h1>Oil change</h1>{tools}" + "".join(
        f"<div class='x5'><p>{t}</p></div>" for t in TEXTS
    )
    md = page_markdown(body + "<p>Ask a question like this one.</p></div>", URL, head=HEAD)
    for gone in ("Ask Question", "Reset to default"):
        assert gone not in md
    for kept in ("POST_ONE", "Ask a question like this one."):
        assert kept in md

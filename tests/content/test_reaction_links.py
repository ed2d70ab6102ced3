"""Lists of who reacted to a post (reaction_links.py): on a thread page, a short link to a
post's reactions or likes (``/posts/12/reactions``) goes, whatever its classes; a post's own
link to a page about reactions stays, and so does everything off thread pages."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.reaction_links import reaction_link_removals

URL = "https://board.example.org/threads/oil-change.4242/"
HEAD = '<script type="application/ld+json">{"@type": "DiscussionForumPosting"}</script>'


NAMES = ("ann, bob and cat", "dan and eve", "fay")


def post(n: int, text: str) -> str:
    return (
        f"<div class='x1'><div class='x2'><p>{text}</p></div>"
        f"<div class='x3'><span><a href='/posts/{n}/reactions'>{NAMES[n % 3]}</a></span>"
        f"</div></div>"
    )


BODY = (
    "<div class='x0'><h1>Oil change</h1>"
    + post(1, "POST_ONE How often do you change the oil on a small petrol engine?")
    + post(2, "POST_TWO Every five thousand miles, the filter each second time.")
    + post(
        3,
        "POST_THREE See <a href='/help/reactions-explained'>how reactions work</a> "
        "and <a href='https://chem.example.org/oil/reactions'>oil reactions</a> here.",
    )
    + "</div>"
)


def test_reaction_lists_go() -> None:
    md = page_markdown(BODY, URL, head=HEAD)
    for gone in NAMES:
        assert gone not in md
    for kept in ("POST_ONE", "POST_TWO", "how reactions work"):
        assert kept in md


def test_reaction_lists_stay_off_threads() -> None:
    md = page_markdown(BODY, URL)
    for kept in NAMES:
        assert kept in md


def test_linear_on_a_big_page() -> None:
    page = "".join(post(i, f"Post {i} text.") for i in range(4000))
    tree = LexborHTMLParser(f"<html><body><div>{page}</div></body></html>")
    assert tree.body is not None and tree.root is not None
    tree.root.attrs[THREAD_MARK] = "1"
    start = time.process_time()
    with measuring():  # (as in the pipeline)
        assert len(reaction_link_removals(tree.body)) == 4000
    assert time.process_time() - start < 1.0


def test_fast_on_junk() -> None:
    junk = "/reactions" * 10_000
    tree = LexborHTMLParser(f"<html><body><div><a href='{junk}x'>x</a></div></body></html>")
    assert tree.body is not None and tree.root is not None
    tree.root.attrs[THREAD_MARK] = "1"
    start = time.process_time()
    assert reaction_link_removals(tree.body) == []
    assert time.process_time() - start < 0.1

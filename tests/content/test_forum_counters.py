"""Per-post counters found by repetition (forum_counters.py): on a thread page, bare numbers in
elements of one shape repeated on the posts (votes, likes, post counts) go; the posts' own
numbers (in a table, in code) stay, and so do counters on pages that are not threads."""

from __future__ import annotations

import json

from tests.content.pages import page_markdown

URL = "https://board.example.org/t/oil-change-intervals/4242"
THREAD_LD = json.dumps(
    {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}
)
HEAD = f"<script type='application/ld+json'>{THREAD_LD}</script>"


def post(name: str, votes: int, text: str) -> str:
    return (
        f"<div class='entry'><div class='who'><a href='/people/{name}'>{name}</a></div>"
        f"<div class='tally'><span class='n'>{votes}7</span></div>"
        f"<div class='said'><p>{text}</p></div></div>"
    )


POSTS = (
    post("ann", 42, "POST_ONE How often do you change the oil in an older engine car?")
    + post("bob", 13, "POST_TWO Every five thousand miles has served me well for years.")
    + post("cat", 29, "POST_THREE Mine gets new oil twice a year, filter each time: see")
    + "<table><tr><td>Miles</td><td>Oil</td></tr>"
    + "".join(f"<tr><td><span>{n}</span></td><td>5w30</td></tr>" for n in (5000, 6000, 7000))
    + "</table>"
)


def test_bare_numbers_repeated_on_posts_go() -> None:
    md = page_markdown(f"<main><h1>Oil change intervals</h1>{POSTS}</main>", URL, head=HEAD)
    for gone in ("427", "137", "297"):
        assert gone not in md
    for kept in ("POST_ONE", "POST_TWO", "POST_THREE", "5000", "6000", "7000"):
        assert kept in md


def test_counters_stay_off_thread_pages() -> None:
    md = page_markdown(f"<main><h1>Oil change intervals</h1>{POSTS}</main>", URL)
    assert "427" in md

"""Posters' titles found by their repetition across posters (forum_titles.py): on a thread
page, a short label of one element shape shown beside the posts of two posters goes; the
posters' names, the posts' dates and a label shown beside one poster only stay."""

from __future__ import annotations

import json

from tests.content.pages import page_markdown

URL = "https://board.example.org/t/oil-change-intervals/4242"
THREAD_LD = json.dumps(
    {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}
)
HEAD = f"<script type='application/ld+json'>{THREAD_LD}</script>"


def post(name: str, title: str, date: str, text: str) -> str:
    return (
        f"<div class='entry'><div class='who'><a href='/members/{name}.7/'>NAME_{name}</a>"
        f"<span class='tier'>{title}</span><span class='when'>{date}</span></div>"
        f"<div class='said'><p>{text}</p></div></div>"
    )


POSTS = (
    post("ann", "Senior Wrencher", "Jun 7, 2017", "POST_ONE How often do you change the oil?")
    + post("bob", "Senior Wrencher", "Jun 7, 2017", "POST_TWO Every five thousand miles here.")
    + post("cat", "Starter Solo", "Jun 8, 2017", "POST_THREE Twice a year, filter each time.")
)


def test_a_title_beside_several_posters_goes() -> None:
    md = page_markdown(f"<main><h1>Oil change intervals</h1>{POSTS}</main>", URL, head=HEAD)
    assert "Senior Wrencher" not in md
    for kept in ("Starter Solo", "NAME_ann", "NAME_bob", "Jun 7, 2017", "POST_ONE", "POST_THREE"):
        assert kept in md


def test_titles_stay_off_thread_pages() -> None:
    # (no dates in the posts either: posts with dates by several posters make a thread)
    undated = POSTS.replace("Jun 7, 2017", "").replace("Jun 8, 2017", "")
    md = page_markdown(f"<main><h1>Oil change intervals</h1>{undated}</main>", URL)
    assert "Senior Wrencher" in md

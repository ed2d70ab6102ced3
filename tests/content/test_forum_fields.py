"""Posters' profile fields found by their repeated labels (forum_fields.py): on a thread page,
short description lists whose labels recur on three posts go; a post's own description list
stays, and so do the fields on pages that are not threads."""

from __future__ import annotations

import json

from tests.content.pages import page_markdown

URL = "https://board.example.org/t/oil-change-intervals/4242"
THREAD_LD = json.dumps(
    {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}
)
HEAD = f"<script type='application/ld+json'>{THREAD_LD}</script>"


def post(name: str, joined: str, text: str) -> str:
    return (
        f"<div class='entry'><div class='who'><a href='/people/{name}'>{name}</a>"
        f"<dl class='kv'><dt>JOINED_LABEL</dt><dd>{joined}</dd></dl>"
        f"<dl class='kv'><dt>Town</dt><dd>TOWN_{name}</dd></dl></div>"
        f"<div class='said'><p>{text}</p></div></div>"
    )


SPECS = "<dl><dt>SPEC_LABEL Engine</dt><dd>SPEC_VALUE 2.3 litre B230F</dd></dl>"
POSTS = (
    post("ann", "Feb 16, 2015", f"POST_ONE How often do you change the oil in mine? {SPECS}")
    + post("bob", "Mar 3, 2011", "POST_TWO Every five thousand miles has served me well.")
    + post("cat", "Jun 9, 2019", "POST_THREE Mine gets new oil twice a year, filter each time.")
)


def test_profile_fields_repeated_on_posts_go() -> None:
    md = page_markdown(f"<main><h1>Oil change intervals</h1>{POSTS}</main>", URL, head=HEAD)
    for gone in ("JOINED_LABEL", "Feb 16, 2015", "TOWN_bob"):
        assert gone not in md
    for kept in ("POST_ONE", "POST_TWO", "POST_THREE", "SPEC_LABEL", "SPEC_VALUE", "ann"):
        assert kept in md


def test_fields_stay_off_thread_pages() -> None:
    md = page_markdown(f"<main><h1>Oil change intervals</h1>{POSTS}</main>", URL)
    assert "TOWN_bob" in md

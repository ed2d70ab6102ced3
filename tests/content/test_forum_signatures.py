"""Posters' signatures found by repetition (forum_signatures.py): on a thread page, a block
ending two posts word for word goes, every copy; the posts' text stays, and so does a post
that merely says the same short thing as another."""

from __future__ import annotations

import json

from tests.content.pages import page_markdown

URL = "https://board.example.org/t/oil-change-intervals/4242"
THREAD_LD = json.dumps(
    {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}
)
HEAD = f"<script type='application/ld+json'>{THREAD_LD}</script>"
SIGNATURE = "SIG_TEXT Rig: 1998 Volvo 240 wagon, 2004 Saab 9-5 Aero, too many spare parts"


def post(name: str, text: str, *, signature: str = "") -> str:
    tail = f"<div class='tail'>{signature}</div>" if signature else ""
    return (
        f"<div class='entry'><div class='who'><a href='/people/{name}'>{name}</a></div>"
        f"<div class='said'><p>{text}</p>{tail}</div></div>"
    )


def markdown(body: str) -> str:
    return page_markdown(f"<main><h1>Oil change intervals</h1>{body}</main>", URL, head=HEAD)


def test_a_block_ending_several_posts_is_a_signature() -> None:
    md = markdown(
        post(
            "ann",
            "POST_ONE How often do you change the oil in an older engine?",
            signature=SIGNATURE,
        )
        + post("bob", "POST_TWO Every five thousand miles has served me well for years.")
        + post(
            "ann",
            "POST_THREE Thanks, five thousand it is then, with a decent filter.",
            signature=SIGNATURE,
        )
    )
    assert "SIG_TEXT" not in md
    for text in ("POST_ONE", "POST_TWO", "POST_THREE", "ann", "bob"):
        assert text in md


def test_posts_saying_the_same_thing_stay() -> None:
    same = "SAME_TEXT Thanks, that fixed it for me as well."
    md = markdown(
        post("ann", "POST_ONE My car stalls when cold; any idea what to check first?")
        + post("bob", same)
        + post("cat", same)
    )
    assert md.count("SAME_TEXT") >= 1
    assert "POST_ONE" in md

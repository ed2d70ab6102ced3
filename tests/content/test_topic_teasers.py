"""Lists of other topics on a thread page found by their shape (topic_teasers.py): three or
more sibling items, each a long title link to another page with a poster or a date, go; the
posts and a post's own list of links stay."""

from __future__ import annotations

import json
import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.topic_teasers import _TIME, topic_teaser_removals

URL = "https://board.example.org/threads/graphics-card-guide.3881239/"
THREAD_LD = json.dumps(
    {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}
)
HEAD = f"<script type='application/ld+json'>{THREAD_LD}</script>"


def topic(i: int) -> str:
    return (
        f"<div class='x7'><a href='/threads/other-topic.{i}/'>OTHER_TOPIC_{i} about power "
        f"supplies and cases</a><ul><li>Started by <a href='/members/u{i}.{i}/'>u{i}</a></li>"
        f"<li>Today at 12:3{i} PM</li><li>Replies: {i + 3}</li></ul></div>"
    )


LINKS = (
    "<ul><li><a href='https://example.com/a'>LINK_ONE the first reference about cards</a></li>"
    "<li><a href='https://example.com/b'>LINK_TWO the second reference about cards</a></li>"
    "<li><a href='https://example.com/c'>LINK_THREE the third reference about cards</a></li>"
    "</ul>"
)
BODY = (
    "<div><h1>Graphics card guide</h1>"
    f"<div class='x1'><p>POST_ONE Here is my guide to the cards of this year.</p>{LINKS}</div>"
    f"<div class='x2'><h3>Similar threads</h3>{''.join(topic(i) for i in range(4))}</div></div>"
)


def test_other_topics_go_on_a_thread_page() -> None:
    md = page_markdown(BODY, URL, head=HEAD)
    assert "POST_ONE" in md
    for kept in ("LINK_ONE", "LINK_TWO", "LINK_THREE"):
        assert kept in md
    assert "OTHER_TOPIC" not in md and "Started by" not in md


def test_other_topics_stay_off_thread_pages() -> None:
    md = page_markdown(BODY, URL)
    assert "OTHER_TOPIC_2" in md


def test_linear_on_a_big_page() -> None:
    topics = "".join(topic(i) for i in range(4000))
    tree = LexborHTMLParser(f"<html><body><div>{topics}</div></body></html>")
    assert tree.root is not None and tree.body is not None
    tree.root.attrs[THREAD_MARK] = "1"
    start = time.process_time()
    with measuring():
        assert len(topic_teaser_removals(tree.body)) == 4000
    assert time.process_time() - start < 1.0


def recent(i: int, time_of_day: str) -> str:
    # a list of today's topics: each a title link and the time of its last post
    return (
        f"<li><span class='t'><a href='/topic/{i}/'>RECENT_{i} which ferry to take to the "
        f"islands</a></span> <span class='d'>{time_of_day}</span></li>"
    )


def recent_body(times: tuple[str, ...]) -> str:
    items = "".join(recent(i, t) for i, t in enumerate(times))
    return (
        "<div><h1>Graphics card guide</h1>"
        f"<div class='x1'><p>POST_ONE Here is my guide to the cards of this year.</p>{LINKS}</div>"
        f"<div class='x2'><div>Recent conversations</div><ul>{items}</ul></div></div>"
    )


def test_topics_dated_by_a_time_of_day_go() -> None:
    md = page_markdown(recent_body(("3:06 pm", "2:57 PM", "11:42 a.m.", "9:05am")), URL, head=HEAD)
    assert "POST_ONE" in md and "LINK_TWO" in md
    assert "RECENT_" not in md


def test_a_bare_clock_without_am_or_pm_dates_nothing() -> None:
    # "3:06" alone is a score, a verse, a duration as well
    md = page_markdown(recent_body(("3:06", "2:57", "1:42", "9:05")), URL, head=HEAD)
    assert "RECENT_2" in md


def test_time_of_day_does_not_backtrack() -> None:
    junk = "1:11 " * 20000 + "12:3" * 20000 + "1:11 p." * 20000
    start = time.process_time()
    assert _TIME.search(junk) is None
    assert time.process_time() - start < 1.0

"""Readers' comments below a post go when their permalinks show them, whatever the class
names; links to comments of other pages, a list before the post's text and thread pages'
replies stay."""

from __future__ import annotations

import json
import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.comment_lists import _PERMALINK, comment_list_removals
from webdata.content.dom import text_len

URL = "https://blog.example.com/refinishing-a-dresser/"
PROSE = (
    "Strip the old paint with a citrus stripper, scrape it with a plastic putty knife, then "
    "sand with the grain before the first coat of stain goes on the raw wood. "
)
THREAD_LD = {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}


def _comments(page: str, numbers: tuple[int, ...] = (4378, 4395, 93)) -> str:
    items = "".join(
        f"<li class='x{n}'><div class='q1'><b>Reader {i}</b> says</div>"
        f"<a href='{page}#comment-{n}'>March {i + 1}, 2023 at 8:55 am</a>"
        f"<p>COMMENT_{i} This looks great, I will try the stain on my own chest.</p></li>"
        for i, n in enumerate(numbers)
    )
    return f"<div class='q7'><h2>Reader Interactions</h2><ol class='q8'>{items}</ol></div>"


def _post(after: str, *, head: str = "", before: str = "") -> str:
    return page_markdown(
        f"<main><h1>Refinishing a dresser</h1>{before}<div class='q2'><p>{PROSE * 4}</p></div>"
        f"{after}</main>",
        URL,
        head=head,
    )


def test_a_comment_list_below_the_post_goes_with_its_heading() -> None:
    md = _post(_comments(URL))
    assert "Strip the old paint" in md
    assert "COMMENT_" not in md and "Reader Interactions" not in md, md


def test_comment_links_under_a_comment_path_mark_the_list_too() -> None:
    items = "".join(
        f"<div class='c{n}'><a href='/p/refinishing/comment/{n}'>4d</a>"
        f"<p>COMMENT_{n} Great read, looking forward to the rest of the series.</p></div>"
        for n in (188654734, 188827612)
    )
    md = _post(f"<div class='q9'>{items}</div>")
    assert "Strip the old paint" in md and "COMMENT_" not in md, md


def test_links_to_comments_of_other_pages_and_a_single_comment_stay() -> None:
    recent = "".join(
        f"<p>RECENT_{n} As Ann wrote in <a href='https://blog.example.com/post-{n}/#comment-{n}'>"
        f"a comment on post {n}</a>, oak takes a dark stain well.</p>"
        for n in (11, 12, 13)
    )
    md = _post(f"<div class='q3'>{recent}</div>" + _comments(URL, (4378,)))
    assert "RECENT_11" in md and "COMMENT_0" in md


def test_a_list_before_the_post_text_stays() -> None:
    md = _post("", before=_comments(URL))
    assert "COMMENT_0" in md


def test_replies_of_a_thread_page_stay() -> None:
    head = f"<script type='application/ld+json'>{json.dumps(THREAD_LD)}</script>"
    md = _post(_comments(URL), head=head)
    assert "COMMENT_0" in md and "COMMENT_2" in md


def test_many_comment_links_in_linear_time_and_the_pattern_does_not_backtrack() -> None:
    links = "".join(f"<li><a href='{URL}#comment-{n}'>c{n}</a> text</li>" for n in range(5_000))
    html = f"<html><body><div><p>{PROSE * 400}</p><ol>{links}</ol></div></body></html>"
    scope = LexborHTMLParser(html).body
    assert scope is not None
    start = time.process_time()
    found = comment_list_removals(scope, text_len(scope))
    assert time.process_time() - start < 2
    assert len(found) == 1
    for hostile in ("/comment" * 20_000 + "x", "#" * 50_000 + "comment-", "a" * 50_000 + "#c"):
        start = time.process_time()
        _PERMALINK.fullmatch(hostile)
        assert time.process_time() - start < 2

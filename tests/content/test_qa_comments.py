"""Comments under Q&A posts found by their shape (qa_comments.py): on a thread page, a list
whose every item is a short text signed after it by a poster's link and a date goes; the
posts stay, and so does a list of links or notes that no poster signs."""

from __future__ import annotations

import json
import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.qa_comments import qa_comment_removals

URL = "https://qa.example.com/questions/1145952/dhcp-not-creating-dns-records"
QA_LD = json.dumps({"@context": "https://schema.org", "@type": "QAPage"})
HEAD = f"<script type='application/ld+json'>{QA_LD}</script>"


def comment(text: str, name: str, when: str) -> str:
    return (
        f"<li class='x1'><span>{text}</span> &ndash; <a href='/users/9/{name}'>{name}</a>"
        f" <span class='x2'>{when}</span></li>"
    )


COMMENTS = (
    "<ul class='x0'>"
    + comment("COMMENT_ONE do you really run a DC on a DHCP setup?", "djdomi", "Oct 16, 2023")
    + comment("COMMENT_TWO that setting should not be necessary here", "greg", "Oct 17, 2023")
    + "</ul>"
)
STEPS = (
    "<ol><li>STEP_ONE open the DHCP console on the server</li>"
    "<li>STEP_TWO enable dynamic updates for all clients</li></ol>"
)
BODY = (
    "<div><h1>DHCP providing IP but not creating DNS A record</h1>"
    "<div class='q'><p>POST_Q The DHCP server gives leases but no A records appear.</p>"
    f"{STEPS}{COMMENTS}</div>"
    "<div class='a'><p>POST_A Enable the option to always update DNS records.</p></div></div>"
)


def test_comments_under_a_post_go() -> None:
    md = page_markdown(BODY, URL, head=HEAD)
    for kept in ("POST_Q", "POST_A", "STEP_ONE", "STEP_TWO"):
        assert kept in md
    assert "COMMENT_ONE" not in md and "COMMENT_TWO" not in md


def test_a_list_signed_before_its_text_stays() -> None:
    # a poster's name first, then the text: posts, not comments
    body = BODY.replace(COMMENTS, "<ul>" + "".join(
        f"<li><a href='/users/9/{n}'>{n}</a> <span>Oct 1{i}, 2023</span> POST_LI_{i} says "
        "something long enough to be a post of its own.</li>"
        for i, n in enumerate(("ann", "bob"))
    ) + "</ul>")  # fmt: skip
    md = page_markdown(body, URL, head=HEAD)
    assert "POST_LI_0" in md and "POST_LI_1" in md


def test_linear_on_a_big_page() -> None:
    lists = "".join(
        f"<p>Post {i} text.</p><ul>{comment(f'Comment {i} is long enough', f'u{i}', 'Oct 1')}</ul>"
        for i in range(4000)
    )
    tree = LexborHTMLParser(f"<html><body><div>{lists}</div></body></html>")
    assert tree.root is not None and tree.body is not None
    tree.root.attrs[THREAD_MARK] = "1"
    start = time.process_time()
    with measuring():
        assert len(qa_comment_removals(tree.body)) == 4000
    assert time.process_time() - start < 1.0

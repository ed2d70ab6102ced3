"""Q&A sites' poster cards found by their text (qa_cards.py): on a thread page, the card under
a question or an answer ("answered Oct 18, 2023 at 7:58", the avatar, name and reputation)
goes, whatever its markup; the posts stay, and so does a card off thread pages."""

from __future__ import annotations

import json
import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.qa_cards import qa_card_removals

URL = "https://qa.example.com/questions/1145952/dhcp-not-creating-dns-records"
QA_LD = json.dumps({"@context": "https://schema.org", "@type": "QAPage"})
HEAD = f"<script type='application/ld+json'>{QA_LD}</script>"


def answer(text: str, verb: str, when: str, name: str) -> str:
    return (
        f"<div class='x1'><div class='x2'><p>{text}</p></div>"
        f"<div class='x3'><div class='x4'>{verb} <span>{when}</span></div>"
        f"<div class='x5'><a href='/users/7/{name}'>{name}</a> <span>2,325</span></div></div>"
        "</div>"
    )


BODY = (
    "<div><h1>DHCP providing IP but not creating DNS A record</h1>"
    + answer(
        "POST_Q The DHCP server gives leases but no A records appear.",
        "asked",
        "Oct 16, 2023 at 9:40",
        "greg",
    )
    + answer(
        "POST_A Enable the option to always update DNS records.",
        "answered",
        "Oct 18, 2023 at 7:58",
        "ace",
    )
    + answer(
        "POST_B Check the credentials the DHCP server uses.", "answered", "3 days ago", "david"
    )
    + "</div>"
)


def test_posters_cards_go_on_a_qa_page() -> None:
    md = page_markdown(BODY, URL, head=HEAD)
    for kept in ("POST_Q", "POST_A", "POST_B"):
        assert kept in md
    for gone in ("asked", "answered", "Oct 18", "2,325"):
        assert gone not in md


def test_a_post_starting_with_the_verb_stays() -> None:
    body = BODY.replace("POST_A Enable", "Answered Oct 18 in the meeting: enable")
    md = page_markdown(body, URL, head=HEAD)
    assert "in the meeting" in md


def test_linear_on_a_big_page() -> None:
    page = "".join(
        answer(f"Answer {i} text here.", "answered", "Oct 18, 2023 at 7:58", f"u{i}")
        for i in range(4000)
    )
    tree = LexborHTMLParser(f"<html><body><div>{page}</div></body></html>")
    assert tree.root is not None and tree.body is not None
    tree.root.attrs[THREAD_MARK] = "1"
    start = time.process_time()
    with measuring():  # (as in the pipeline)
        assert len(qa_card_removals(tree.body)) == 4000
    assert time.process_time() - start < 1.0

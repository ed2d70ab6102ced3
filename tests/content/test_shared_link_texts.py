"""onlyMainContent: a link standing alone whose words lead to many different pages goes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import html_markdown
from webdata.content.dom import measuring
from webdata.content.shared_link_texts import shared_link_text_removals
from webdata.content.teaser_links import page_links

URL = "https://shop.example.com/tents"


def markdown(inner: str) -> str:
    body = f"<main><h1>Camping tents</h1><p>{'Tents for every trip. ' * 20}</p>{inner}</main>"
    return html_markdown(f"<html><head><title>T</title></head><body>{body}</body></html>", URL)


def guide(i: int, link: str) -> str:
    return (
        f"<div><h3>How to choose tent number {i}</h3>"
        f"<p>Pick the size, the seasons and the weight of the tent for trip {i}.</p>"
        f"<p>{link}</p></div>"
    )


def test_the_same_call_to_action_to_different_pages_goes() -> None:
    cards = "".join(guide(i, f"<a href='/learn/guide-{i}'>Read full article</a>") for i in range(4))
    md = markdown(cards)
    assert "Read full article" not in md
    assert "How to choose tent number 3" in md
    assert "weight of the tent for trip 2" in md


def test_a_screen_reader_copy_of_the_title_inside_the_link_does_not_hide_it() -> None:
    cards = "".join(
        guide(i, f"<a href='/learn/guide-{i}'>Read full article<span>: Tent {i}</span></a>")
        for i in range(4)
    )
    assert "Read full article" not in markdown(cards)


def test_a_redirector_s_links_differ_by_their_query() -> None:
    cards = "".join(
        guide(i, f"<a href='/fwlink?linkid={i}'>Try the quickstart</a>") for i in range(3)
    )
    assert "Try the quickstart" not in markdown(cards)


def test_links_that_are_information_or_not_alone_stay() -> None:
    sentence = "".join(
        f"<p>See <a href='/tents/{i}'>the tent guide</a> before you buy tent {i}.</p>"
        for i in range(4)
    )
    cells = "".join(
        f"<tr><td>Lecture {i}</td><td><a href='/slides/{i}'>Lecture slides</a></td></tr>"
        for i in range(4)
    )
    one_word = "".join(guide(i, f"<a href='/docs/{i}'>Documentation</a>") for i in range(4))
    digits = "".join(guide(i, f"<a href='/deal/{i}'>Save 10 dollars</a>") for i in range(4, 8))
    two = "".join(guide(i, f"<a href='/more/{i}'>Lire la suite</a>") for i in range(8, 10))
    tracking = "".join(
        guide(i, f"<a href='/{('maker', 'seller')[i % 2]}/works?ref={i}'>Mountain Works</a>")
        for i in range(10, 14)
    )
    md = markdown(f"{sentence}<table>{cells}</table>{one_word}{digits}{two}{tracking}")
    assert md.count("the tent guide") == 4  # a part of a sentence
    assert md.count("Lecture slides") == 4  # each row's own link in a table
    assert md.count("Documentation") == 4  # one word may be a name
    assert md.count("Save 10 dollars") == 4  # the item's information
    assert md.count("Lire la suite") == 2  # two cards are not a list
    assert md.count("Mountain Works") == 4  # two pages, tracked from each card


def test_linear_in_the_number_of_cards() -> None:
    cards = "".join(
        guide(i, f"<a href='/learn/guide-{i}'>Read full article</a>") for i in range(4000)
    )
    body = LexborHTMLParser(f"<html><body><main>{cards}</main></body></html>").body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        found = shared_link_text_removals(page_links(body))
    assert time.perf_counter() - start < 1
    assert len(found) == 4000


def test_junk_text_is_read_quickly() -> None:
    junk = "<p><a href='/x'>" + "a1 " * 35000 + "</a></p>"
    body = LexborHTMLParser(f"<html><body><main>{junk * 3}</main></body></html>").body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        shared_link_text_removals(page_links(body))
    assert time.perf_counter() - start < 0.1

"""A grid of cards under "Explore more" after the text goes, though its titles are no links;
the same cards without such a heading, or before the text, stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import text_len
from webdata.content.invitation_cards import _INVITATION, invitation_card_removals

URL = "https://www.example.com/wellbeing/desk-setup"
PROSE = (
    "Set the chair so your feet rest flat and your knees sit a little below your hips; "
    "then bring the screen to arm's length with its top line at eye height. "
)
TOPICS = ("Standing desks", "Wrist rests", "Monitor arms", "Desk lamps")


def _cards(heading: str) -> str:
    cards = "".join(
        f"<div class='c{n}'><img src='/i/{n}.jpg' alt=''><h3>{name} explained</h3>"
        f"<div>How {name.lower()} change the way you sit through a long working day.</div>"
        f"<ul><li><a href='/wellbeing/{n}'><span>LEARN MORE</span></a></li></ul></div>"
        for n, name in enumerate(TOPICS)
    )
    return f"<section><div><h2>{heading}</h2></div><div><div>{cards}</div></div></section>"


def _page(before: str, after: str) -> str:
    text = f"<div><h1>Setting up your desk</h1><p>{PROSE * 6}</p><p>{PROSE * 5}</p></div>"
    return page_markdown(f"<div><div>{before}{text}{after}</div></div>", URL)


def test_cards_under_explore_more_after_the_text_go() -> None:
    for heading in ("Explore more", "Discover more articles", "Keep reading"):
        md = _page("", _cards(heading))
        assert "Set the chair" in md
        assert heading not in md and "Wrist rests explained" not in md


def test_cards_stay_under_another_heading_or_before_the_text() -> None:
    md = _page("", _cards("Our ergonomic range"))
    assert "Wrist rests explained" in md
    md = _page(_cards("Explore more"), "")
    assert "Wrist rests explained" in md


def test_an_invitation_over_prose_stays() -> None:
    sections = f"<section><h2>Explore more</h2><p>{PROSE}</p><p>{PROSE * 2}</p></section>"
    body = LexborHTMLParser(
        f"<html><body><div><h1>T</h1><p>{PROSE * 12}</p></div>{sections}</body></html>"
    ).body
    assert body is not None
    assert invitation_card_removals(body, text_len(body)) == []


def test_linear_time() -> None:
    assert _INVITATION.match("-" * 50_000 + "x") is None
    start = time.perf_counter()
    _INVITATION.match("explore more " + "!" * 50_000 + "x")
    assert time.perf_counter() - start < 0.5
    cards = "".join(f"<div><h3>Card {n}</h3><a href='/{n}'>more</a></div>" for n in range(3000))
    html = f"<html><body><p>{PROSE * 400}</p><div><h2>Explore more</h2>{cards}</div></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    invitation_card_removals(body, text_len(body))
    assert time.perf_counter() - start < 1.0


def test_cards_a_third_of_a_short_block_go() -> None:
    # a short story: its cards are more than 30% of the block (at most 40%)
    html = (
        f"<html><body><div><h1>T</h1><p>{PROSE * 5}</p></div>{_cards('Explore more')}</body></html>"
    )
    body = LexborHTMLParser(html).body
    assert body is not None
    total = text_len(body)
    removed = invitation_card_removals(body, total)
    assert removed and 0.3 * total < sum(text_len(n) for n in removed) <= 0.4 * total

"""Links standing alone that only invite the reader elsewhere (action_links)."""

from __future__ import annotations

import time

from tests.content import body_markdown
from webdata.content.action_links import _ACTION

URL = "https://www.example.com/products/functions"
PROSE = "<p>" + "Run event-driven code without managing servers or scaling rules. " * 5 + "</p>"


def _page(inner: str) -> str:
    return f"<main><h1>Functions</h1>{PROSE}{inner}</main>"


def test_a_lone_invitation_link_goes() -> None:
    md = body_markdown(
        _page(
            "<div class='card'><h3>Code samples gallery</h3><p>Samples for every trigger.</p>"
            "<p><a href='https://other.example.org/samples'>Browse the samples</a></p></div>"
            "<div><a href='/solutions'><span>Explore</span> <span>solutions</span></a></div>"
            "<p><a href='https://x.example.org/acct'>Follow us</a></p>"
        ),
        URL,
        only_main_content=True,
    )
    assert "Code samples gallery" in md and "Samples for every trigger" in md, md
    assert "Browse the samples" not in md, md
    assert "Explore" not in md, md
    assert "Follow us" not in md, md


def test_invitations_in_a_sentence_or_a_heading_stay() -> None:
    md = body_markdown(
        _page(
            "<p>To start, <a href='/guide'>explore the guide</a> and write your first function.</p>"
            "<h3><a href='/iceland'>Explore Iceland</a></h3>"
        ),
        URL,
        only_main_content=True,
    )
    assert "explore the guide" in md, md
    assert "Explore Iceland" in md, md


def test_other_verbs_and_long_links_stay() -> None:
    md = body_markdown(
        _page(
            "<p><a href='/sofas'>Shop sofas</a></p><p><a href='/report'>Read the report</a></p>"
            "<p><a href='/story'>Explore how a small bakery in Lyon doubled its sales in one"
            " winter season</a></p>"
        ),
        URL,
        only_main_content=True,
    )
    assert "Shop sofas" in md and "Read the report" in md, md
    assert "small bakery in Lyon" in md, md


def test_the_verb_pattern_is_linear() -> None:
    for hostile in ("go" + " " * 50_000 + "x", "explore" * 10_000, "go\t" * 20_000):
        started = time.perf_counter()
        _ACTION.match(hostile)
        _ACTION.search(hostile)
        assert time.perf_counter() - started < 0.5

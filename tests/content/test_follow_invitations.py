"""Lines inviting the reader to follow the site elsewhere go with their small box; the
same words inside a sentence of the text stay."""

from __future__ import annotations

import time

from tests.content.pages import page_markdown
from webdata.content.follow_invitations import _INVITATION

URL = "https://example.com/podcast/episode-12"
PROSE = (
    "Our guest explains how a home network should be laid out, where the router goes and "
    "why a wired backbone still beats any mesh of wireless repeaters. "
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<div class='r0'><h1>Home networks</h1><p>{PROSE * 5}</p><p>{PROSE * 4}</p>{extra}</div>",
        URL,
    )


def test_bold_invitations_go() -> None:
    md = _page(
        "<p><strong>Join our mailing list!</strong> Get a newsletter when an episode is "
        "published <a href='https://list.example.net/x'>join here</a></p>"
        "<p><strong>Help me spread the word about this podcast!</strong></p>"
    )
    assert "mailing list" not in md and "spread the word" not in md
    assert "wired backbone" in md


def test_inbox_box_goes() -> None:
    md = _page(
        "<section class='mb-6 flex'><div class='f1'><div class='t1'>Get the best of Tyre "
        "Hub, directly in your inbox.</div><a href='/newsletters'>Sign Up</a></div></section>"
    )
    assert "inbox" not in md and "Sign Up" not in md


def test_invitation_inside_a_sentence_stays() -> None:
    md = _page(
        "<p>If you liked this guide, make sure to <a href='https://social.example/x'>follow us "
        "on Instagram</a> to stay up to date with our next renovation, which starts this "
        "spring in the old barn behind the house and will take most of the year.</p>"
    )
    assert "follow us on Instagram" in md


def test_regex_is_linear_on_junk() -> None:
    start = time.perf_counter()
    for junk in ("get " + "a " * 50000, "join our " + "x " * 50000, "a" * 100000):
        _INVITATION.match(junk)
    assert time.perf_counter() - start < 1


def test_linear_on_many_invitations() -> None:
    start = time.perf_counter()
    page_markdown(
        f"<div><h1>Tyres</h1><p>{PROSE * 20}</p>"
        + "<p><strong>Join our mailing list!</strong></p><p>Some other words here.</p>" * 4000
        + "</div>",
        URL,
    )
    assert time.perf_counter() - start < 3

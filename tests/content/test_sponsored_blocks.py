"""sponsored_blocks: a section headed "Sponsored"/"Boosted" goes; the list's own items stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.sponsored_blocks import sponsored_block_removals

URL = "https://news.example.com/"


def teasers(n: int = 6) -> str:
    return "".join(
        f"<article><h2><a href='/p/{i}'>Story number {i} about writing better software</a></h2>"
        f"<p>What we learned from shipping release {i}, and what we would do differently.</p>"
        "</article>"
        for i in range(n)
    )


def sponsored(label: str) -> str:
    return (
        f"<div><div><h3><a href='/ads'>{label}</a></h3></div>"
        "<h2><a href='https://vendor.example.com/'>Vendor announces its compliance suite</a></h2>"
        "<p>The suite helps contractors of all sizes pass their audits.</p></div>"
    )


def test_a_boosted_section_goes() -> None:
    md = page_markdown(
        f"<main><h1>Latest</h1>{teasers()[:400]}{sponsored('Boosted')}{teasers()}</main>", URL
    )
    assert "compliance suite" not in md
    assert "Boosted" not in md
    assert "Story number 4" in md


def test_a_sponsored_podcast_section_goes() -> None:
    md = page_markdown(
        f"<main><h1>Podcasts</h1>{sponsored('Sponsored Podcast')}{teasers()}</main>", URL
    )
    assert "compliance suite" not in md


def test_a_partner_heading_stays() -> None:
    md = page_markdown(
        f"<main><h1>Latest</h1>{sponsored('Partner with us')}{teasers()}</main>", URL
    )
    assert "compliance suite" in md


def test_linear_on_a_big_page() -> None:
    tree = LexborHTMLParser(f"<div>{teasers(2)}{sponsored('Sponsored') * 4000}{teasers(2)}</div>")
    assert tree.body is not None
    start = time.perf_counter()
    with measuring():
        found = sponsored_block_removals(tree.body, 10**9)
    assert time.perf_counter() - start < 1
    assert len(found) == 4000

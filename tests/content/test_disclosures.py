"""A short box named a disclosure or disclaimer (an affiliate or sponsor note) goes; a long
section that happens to be named so stays."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://reviews.example.com/best/travel-insurance"
PROSE = (
    "We compared the plans of eleven carriers for travellers over sixty-five, on coverage "
    "limits, pre-existing conditions, claims handling and price for a two-week trip. "
)


def test_affiliate_disclosure_goes() -> None:
    md = page_markdown(
        f"<main><h1>Best travel insurance</h1><div class='affiliate-disclaimer'><p>We earn "
        "commissions from links on our site.</p></div>"
        f"<p>{PROSE * 4}</p></main>",
        URL,
    )
    assert "commissions" not in md and "eleven carriers" in md


def test_long_section_named_disclaimer_stays() -> None:
    md = page_markdown(
        f"<main><h1>Terms</h1><p>{PROSE}</p><section id='disclaimer'><h2>Disclaimer</h2>"
        f"<p>{PROSE * 3}</p></section></main>",
        URL,
    )
    assert "Disclaimer" in md and md.count("eleven carriers") == 4

"""A service page's grids of teasers to the firm's other pages ("Featured insights", "What's
trending with X") go; the page's own sections, case studies included, stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

PROSE = (
    "<p>From the speed of innovation to evolving threats and a dynamic regulatory landscape, "
    "technology leaders must respond to competing priorities; our team protects every layer "
    "of the organization and turns risk into an advantage.</p>"
)


def teaser(title: str) -> str:
    return (
        f"<div class='card'><span>Report</span><h3><a href='/insights/{len(title)}'>{title}</a>"
        "</h3><p>Explore how security teams are addressing the challenges of adoption.</p></div>"
    )


def test_insight_teasers_go_own_sections_stay() -> None:
    md = page_markdown(
        f"<main><h1>Cybersecurity consulting</h1>{PROSE * 4}"
        "<section><h2>Case studies</h2><p>CASE_TEXT We helped a hospital network harden its "
        "security posture before its move to the cloud.</p></section>"
        "<section><h2>Featured insights</h2>"
        + teaser("TEASER_ONE outlook for the year")
        + teaser("TEASER_TWO zero trust")
        + "</section><section><h2>What\u2019s trending with cybersecurity</h2>"
        + teaser("TEASER_THREE quantum security")
        + "</section></main>",
        "https://www.example.com/services/cybersecurity",
    )
    assert "CASE_TEXT" in md and "Case studies" in md
    for gone in ("Featured insights", "TEASER_ONE", "TEASER_TWO", "trending", "TEASER_THREE"):
        assert gone not in md, gone

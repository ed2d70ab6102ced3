"""A logo's alt ("AWS logo", "Product Logo for NordVPN") goes, the picture stays; an alt
describing a scene, or a picture that is not a logo, keeps its alt."""

from __future__ import annotations

from tests.content.pages import page_markdown

PROSE = (
    "We secure your cloud estate end to end: identity, data and workloads are assessed, "
    "hardened and watched by one team that reports to you every week. "
)


def test_logo_alts_go_other_alts_stay() -> None:
    md = page_markdown(
        f"<main><h1>Security services</h1><p>{PROSE * 3}</p>"
        "<h2>Partners</h2><img src='/l/aws.svg' alt='AWS logo'>"
        "<img src='/l/nord.png' alt='Product Logo for NordVPN'>"
        "<img src='/p/soc.jpg' alt='Analysts watching the security operations wall'>"
        f"<p>{PROSE}</p></main>",
        "https://consulting.example.com/services/security",
    )
    assert "AWS logo" not in md and "NordVPN" not in md
    assert "/l/aws.svg" in md and "/l/nord.png" in md
    assert "![Analysts watching the security operations wall]" in md

"""Share links (to social networks' share endpoints) go with their line; other links stay."""

from __future__ import annotations

from webdata.content.pipeline import ContentOptions, process_html

PROSE = (
    "Most adults can lose weight by eating fewer calories than they burn, but the details "
    "matter: fibre keeps you full, and protein protects muscle while the scale goes down."
)


def test_share_links_and_their_line_go() -> None:
    share = (
        "<div class='x'>Share: <a href='https://www.facebook.com/sharer/sharer.php?u=p'>SHARE_FB"
        "</a> <a href='https://twitter.com/intent/tweet?url=p'>SHARE_X</a> "
        "<a href='mailto:?subject=Myths'>SHARE_MAIL</a></div>"
        "<p><a href='https://www.linkedin.com/shareArticle?url=p'>SHARE_ALONE LinkedIn</a></p>"
    )
    html = (
        f"<html><body><article><h1>Myths</h1><p>{PROSE}</p>{share}<p>Read the "
        "<a href='https://www.facebook.com/niddk'>KEPT_PAGE agency page</a> for more news "
        "about research.</p></article></body></html>"
    )
    md = process_html(html, "https://example.com/myths", ContentOptions()).markdown or ""
    assert PROSE in md and "KEPT_PAGE" in md
    assert "SHARE_FB" not in md and "SHARE_X" not in md and "SHARE_MAIL" not in md
    assert "Share:" not in md and "SHARE_ALONE" not in md

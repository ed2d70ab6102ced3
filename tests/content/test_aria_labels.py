"""A container labelled for screen readers as chrome ("Filter options", "Breadcrumb") goes
whatever its class names; a labelled content section ("Related products") stays."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://store.example.com/app/252490/rust"
PROSE = (
    "The only aim in Rust is to survive: overcome struggles such as hunger, thirst and cold, "
    "build a fire, build a shelter, and kill animals for meat. "
)
FILTERS = (
    "<div class='x1 flex' aria-label='Filter options'><div class='q'><span>Review type</span>"
    "<span>All (1,337,229)</span><span>Positive (1,163,905)</span><span>Negative "
    "(173,324)</span></div><div class='q'><span>Purchase type</span><span>Steam purchasers"
    "</span><span>Other</span></div></div>"
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<div class='a0'><h1>Rust</h1><p>{PROSE * 5}</p>{extra}<p>{PROSE * 4}</p></div>",
        URL,
    )


def test_labelled_filters_go() -> None:
    md = _page(FILTERS)
    assert "Positive (1,163,905)" not in md and "Purchase type" not in md
    assert "The only aim in Rust" in md


def test_labelled_content_section_stays() -> None:
    md = _page(
        "<section class='k2' aria-label='Related products section'><h2>Serverless "
        "containers</h2><p>Run containers without managing servers, billed by the second."
        "</p></section>"
    )
    assert "billed by the second" in md

"""onlyMainContent: elements hidden by the ``hidden`` attribute that no control shows go;
tab panels, panels a button opens and a select's options stay."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://news.example.com/topic/rentals"
SENTENCE = "Rental prices rose again this winter across the valley, agents said. "
PROSE = f"<p>{SENTENCE * 10}</p>"


def markdown(body: str) -> str:
    return html_markdown(f"<html><head><title>T</title></head><body>{body}</body></html>", URL)


def test_a_hidden_build_stamp_goes() -> None:
    md = markdown(
        f"<main><h1>Rentals</h1>{PROSE}"
        "<div hidden>Fallback Presentation. Using deprecated PresentationRouter.</div></main>"
    )
    assert "Rental prices rose again" in md
    assert "PresentationRouter" not in md


def test_panels_a_click_shows_stay() -> None:
    md = markdown(
        f"<main><h1>Rentals</h1>{PROSE}"
        "<button aria-controls='more'>More</button><div id='more' hidden>OPENED_PANEL text</div>"
        "<div role='tabpanel' hidden>TAB_PANEL text</div></main>"
    )
    assert "OPENED_PANEL" in md
    assert "TAB_PANEL" in md

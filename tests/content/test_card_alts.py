"""A grid of ``<div>`` cards (picture, heading, blurb) loses its pictures' alts (stock-photo
descriptions); an article's figure without a heading beside it keeps its alt."""

from __future__ import annotations

from tests.content.pages import page_markdown

PROSE = (
    "Run event-driven code without managing servers: functions scale with demand, bill per "
    "execution and connect to queues, databases and storage through ready-made bindings. "
)


def _cards(n: int) -> str:
    return "".join(
        f"<div class='col'><div class='card'><div class='media'><img src='/c/{i}.jpg' "
        f"alt='Two colleagues smiling at a laptop {i}'></div><h3>Feature number {i}</h3>"
        f"<p>What feature {i} does for you.</p></div></div>"
        for i in range(n)
    )


def test_alts_of_a_card_grid_go_pictures_stay() -> None:
    md = page_markdown(
        f"<main><h1>Functions</h1><p>{PROSE * 3}</p><div class='row'>{_cards(3)}</div></main>",
        "https://cloud.example.com/products/functions",
    )
    assert "colleagues smiling" not in md
    assert "/c/1.jpg" in md and "Feature number 2" in md


def test_two_cards_and_a_figure_keep_their_alts() -> None:
    md = page_markdown(
        f"<main><h1>Functions</h1><p>{PROSE * 3}</p><div class='row'>{_cards(2)}</div>"
        "<figure><img src='/f/arch.png' alt='Diagram of a queue feeding three functions'>"
        f"</figure><p>{PROSE}</p></main>",
        "https://cloud.example.com/products/functions",
    )
    assert "Two colleagues smiling at a laptop 1" in md
    assert "Diagram of a queue feeding three functions" in md

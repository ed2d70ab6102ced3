"""A notice with its own close button goes with its box (whatever its class names); the
page's text, a series of closable items and a large closable panel stay."""

from __future__ import annotations

import time

from tests.content.pages import page_markdown

URL = "https://example.com/blog/winter-tyres"
PROSE = (
    "Winter tyres grip better below seven degrees because their rubber stays soft, and "
    "their deeper sipes push slush aside instead of riding on it. "
)
NOTICE = (
    "<section class='q1 flex p-4'><div class='z2'><div class='z3'>Welcome to Tyre Hub!</div>"
    "<div class='z4'>The place to compare winter tyres. <button class='z5'>Take a tour.</button>"
    "</div></div><button title='close' class='z6'><svg></svg></button></section>"
)
BAR = (
    "<div class='k1'><p class='k2'>Free fitting this week only</p>"
    "<a href='#' class='k3'>\u00d7</a></div>"
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<div class='r0'><h1>Choosing winter tyres</h1>{extra}<p>{PROSE * 5}</p>"
        f"<p>{PROSE * 4}</p></div>",
        URL,
    )


def test_notice_with_close_button_goes() -> None:
    md = _page(NOTICE)
    assert "Welcome to Tyre Hub" not in md and "Take a tour" not in md
    assert "Winter tyres grip" in md


def test_bar_closed_by_a_cross_goes() -> None:
    md = _page(BAR)
    assert "Free fitting" not in md and "Winter tyres grip" in md


def test_series_of_closable_items_stays() -> None:
    cards = "".join(
        f"<div class='c{i}'><p>Tyre model {i} keeps its grip on packed snow.</p>"
        f"<button aria-label='Close'></button></div>"
        for i in range(3)
    )
    md = _page(f"<div class='grid'>{cards}</div>")
    assert "Tyre model 1 keeps" in md


def test_toggle_labels_are_not_dismissals() -> None:
    md = _page("<p class='d'>Pressure chart: <a href='#'>hide</a></p>")
    assert "Pressure chart" in md


def test_linear_on_many_buttons() -> None:
    start = time.process_time()  # CPU, not wall time: CI machines are shared
    page_markdown(
        f"<div><h1>Tyres</h1><p>{PROSE * 20}</p>{BAR * 4000}</div>",
        URL,
    )
    assert time.process_time() - start < 6

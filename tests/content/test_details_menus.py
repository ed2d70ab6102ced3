"""A menu written as <details> (a label opening links) goes whatever its class names; a
<details> of prose (an FAQ answer) stays."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://www.example.com/scheduling"
PROSE = (
    "Build a week of shifts in minutes: the forecast suggests how many people each hour "
    "needs, and the team swaps shifts from their phones with a manager's approval. "
)
MENU = (
    "<details class='q1 list-none'><summary class='z'>Solutions</summary><div class='m'>"
    "<a href='/restaurants'>Restaurants</a> <a href='/hotels'>Hotels</a> "
    "<a href='/retail'>Retail</a> <a href='/clinics'>Clinics</a> "
    "<a href='/warehouses'>Warehouses</a> <a href='/schools'>Schools</a></div></details>"
)


def _page(extra: str) -> str:
    # an index: the block is made of links (so boilerplate's link-list rule does not look)
    items = "".join(
        f"<li><a href='/guides/{i}'>Guide {i}: planning shifts for a team of {i} people</a></li>"
        for i in range(3, 15)
    )
    return page_markdown(
        f"<div class='a0'><h1>Scheduling guides</h1><p>{PROSE}</p>{extra}<ul>{items}</ul></div>",
        URL,
    )


def test_details_menu_goes() -> None:
    md = _page(MENU)
    assert "Warehouses" not in md and "Solutions" not in md
    assert "Build a week of shifts" in md and "team of 14 people" in md


def test_details_of_prose_stays() -> None:
    md = _page(
        "<details><summary>Can staff swap shifts?</summary><p>Yes: a swap asked from the "
        "app waits for a manager's approval, see <a href='/swaps'>swaps</a>.</p></details>"
    )
    assert "waits for a manager's approval" in md

"""A link list opened by "Explore ..." / "Looking for more ...?" goes, even on a listing
page; the same heading over prose stays."""

from __future__ import annotations

import time

from tests.content.pages import page_markdown
from webdata.content.explore_links import _INVITATION

URL = "https://recipes.example.com/dinner"
CARD = (
    "<li><a href='/r/{i}'>Weeknight pasta with tomatoes and basil, number {i}</a>"
    "<p>Twenty minutes.</p></li>"
)
SIBLINGS = "".join(
    f"<li><a href='/c/{name}'>{name}</a></li>"
    for name in ("Breakfast", "Lunch", "Desserts", "Drinks", "Side dishes", "Appetizers")
)


def _page(extra: str) -> str:
    cards = "".join(CARD.format(i=i) for i in range(12))
    return page_markdown(
        f"<main><h1>Dinner recipes</h1><ul class='grid'>{cards}</ul>{extra}</main>", URL
    )


def test_explore_link_list_goes() -> None:
    md = _page(f"<div class='sib'><h3><span>Explore Recipes</span></h3><ul>{SIBLINGS}</ul></div>")
    assert "Explore Recipes" not in md and "Side dishes" not in md
    assert "basil, number 3" in md


def test_explore_heading_over_prose_stays() -> None:
    md = _page(
        "<section><h2>Explore the flavours</h2><p>Smoked paprika, cumin and a little "
        "cinnamon give these dinners their warmth; toast them first in dry oil.</p></section>"
    )
    assert "Smoked paprika" in md


def test_regex_is_linear_on_junk() -> None:
    start = time.perf_counter()
    for junk in ("explore " + "ab " * 50000, "looking for more " + "x" * 100000):
        _INVITATION.match(junk)
    assert time.perf_counter() - start < 1


def test_linear_on_many_headings() -> None:
    block = f"<div><h3>Explore Recipes</h3><ul>{SIBLINGS}</ul></div>"
    start = time.process_time()  # CPU, not wall time: CI machines are shared
    _page(block * 4000)
    assert time.process_time() - start < 10  # the whole pipeline; the rule itself is linear

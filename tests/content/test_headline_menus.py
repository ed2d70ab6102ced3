"""A tree of menu links above the headline goes, without its <nav> or class names; prose
above the headline and link trees below it stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.headline_menus import headline_menu_removals

URL = "https://shop.example.com/c/camp-stoves"


def _menu() -> str:
    groups = "".join(
        f"<li><span>Department {g} and its seasonal ranges</span><ul>"
        + "".join(f"<li><a href='/c/d{g}-{i}'>Department {g} range {i}</a></li>" for i in range(8))
        + "</ul></li>"
        for g in range(8)
    )
    return f"<div class='a1'><ul class='a2'>{groups}</ul></div>"


def _content() -> str:
    cards = "".join(
        f"<div class='c{i}'><a href='/p/{i}'>Camp stove model {i}</a><p>${40 + i}.00</p></div>"
        for i in range(6)
    )
    return (
        "<h1>Camp stoves</h1><p>Two-burner and single-burner stoves for car camping and "
        f"backpacking, fuelled by canisters or liquid fuel.</p>{cards}"
    )


def test_menu_tree_above_headline_goes() -> None:
    md = page_markdown(f"<div class='r1'>{_menu()}<div class='r2'>{_content()}</div></div>", URL)
    assert "Department 3 range 4" not in md
    assert "Department 2" not in md
    assert "Camp stove model 5" in md
    assert "liquid fuel" in md


def test_prose_above_headline_stays() -> None:
    intro = "<div class='a1'><p>" + "Our stoves are tested by staff on every trip. " * 12
    md = page_markdown(f"<div class='r1'>{intro}</p></div>{_content()}</div>", URL)
    assert "tested by staff" in md


def test_menu_tree_below_headline_stays() -> None:
    md = page_markdown(f"<div class='r1'>{_content()}{_menu()}</div>", URL)
    assert "Department 3 range 4" in md


def test_linear_on_many_siblings() -> None:
    before = "<div><a href='/x'>x</a> y</div>" * 20000
    html = f"<html><body><div>{before}<div><div><h1>T</h1></div></div></div></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.process_time()
    with measuring():
        assert headline_menu_removals(body) == []
    assert time.process_time() - start < 2

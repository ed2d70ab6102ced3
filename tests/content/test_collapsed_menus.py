"""collapsed_menus: a closed <details> link menu goes whatever its size; prose stays."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.collapsed_menus import collapsed_menu_removals
from webdata.content.dom import measuring

URL = "https://code.example.com/trending"


def picker(n: int, *, opened: bool = False) -> str:
    links = "".join(f"<a href='/trending/lang{i}'>Language number {i}</a>" for i in range(n))
    return f"<details{' open' if opened else ''}><summary>Language: Any</summary>{links}</details>"


def rows() -> str:
    return "".join(
        f"<article><h2><a href='/r/{i}'>owner{i} / project{i}</a></h2>"
        f"<p>A small tool number {i} that does one thing well for everyone.</p></article>"
        for i in range(5)
    )


def test_a_big_closed_picker_goes() -> None:
    # the picker is larger than the list it filters: details_menus (small ones) spares it
    md = page_markdown(f"<div><h1>Trending</h1>{picker(60)}{rows()}</div>", URL)
    assert "Language number 7" not in md
    assert "owner3 / project3" in md


def test_an_open_menu_and_a_closed_answer_stay() -> None:
    answer = (
        "<details><summary>How do I install it?</summary><p>Download the archive, unpack "
        "it and run the installer; see <a href='/a'>a</a> <a href='/b'>b</a> <a href='/c'>c"
        "</a> <a href='/d'>d</a> <a href='/e'>e</a> for the details of each platform and "
        "the options it takes.</p></details>"
    )
    md = page_markdown(
        f"<div><h1>Trending</h1>{picker(60, opened=True)}{answer}{rows()}</div>", URL
    )
    assert "Language number 7" in md
    assert "Download the archive" in md


def test_linear_on_a_big_page() -> None:
    tree = LexborHTMLParser(f"<div>{picker(10) * 4000}</div>")
    assert tree.body is not None
    start = time.perf_counter()
    with measuring():
        found = collapsed_menu_removals(tree.body)
    assert time.perf_counter() - start < 1
    assert len(found) == 4000

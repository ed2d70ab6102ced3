"""A catalogue's facet panel goes by its checkboxes, whatever its class names; checkboxes
that are no panel's (a grid's "Compare" boxes, a task list's ticks) leave their text."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring, text_len
from webdata.content.facet_panels import facet_panel_removals

URL = "https://shop.example.com/c/kettles"


def _group(title: str, values: list[str], kind: str = "checkbox") -> str:
    items = "".join(
        f"<li><div class='q7'><label><input type='{kind}'><span>{v} ({i + 3})</span>"
        "</label></div></li>"
        for i, v in enumerate(values)
    )
    return (
        f"<dl class='z1'><dt class='z2'>{title}</dt><dd><ul>{items}</ul>"
        "<span>Show more</span></dd></dl>"
    )


def _cards(extra: str = "") -> str:
    return "".join(
        f"<div class='k3'><img src='/k{i}.jpg' alt=''><a href='/p/kettle-{i}'>Steel kettle "
        f"model {i} with a whistle and a wide spout for camping stoves</a><p>${20 + i}.99</p>"
        f"{extra}</div>"
        for i in range(8)
    )


def _page(panel: str, grid: str) -> str:
    prose = (
        "<p>Our kettles boil water quickly on gas, induction and camping stoves, and each comes "
        "with a two year warranty and free returns within thirty days of delivery.</p>"
    )
    return f"<main><h1>Kettles</h1>{prose}<div class='x9'>{panel}</div><div>{grid}</div></main>"


def test_facet_panel_goes_with_its_titles() -> None:
    panel = _group("Brand Family", ["Acme", "Globex", "Initech", "Umbrella"]) + _group(
        "Capacity Range", ["1 litre", "1.5 litres", "2 litres", "3 litres"], "radio"
    )
    md = page_markdown(_page(panel, _cards()), URL)
    assert "Brand Family" not in md
    assert "Capacity Range" not in md
    assert "Show more" not in md
    assert "Steel kettle model 5" in md
    assert "two year warranty" in md


def test_few_options_stay() -> None:
    panel = _group("Brand Family", ["Acme", "Globex", "Initech"])
    md = page_markdown(_page(panel, _cards()), URL)
    assert "Brand Family" in md


def test_compare_boxes_leave_the_grid() -> None:
    compare = "<label><input type='checkbox'> Compare</label>"
    md = page_markdown(_page("", _cards(compare)), URL)
    assert "Steel kettle model 5" in md
    assert "$25.99" in md


def test_task_list_stays() -> None:
    items = "".join(
        f"<li><input type='checkbox' disabled> Step {i}: descale</li>" for i in range(10)
    )
    md = page_markdown(
        "<main><h1>Setup</h1><p>Follow these steps to set the kettle up before its first "
        f"use, in order.</p><h2>Checklist Heading</h2><ul>{items}</ul></main>",
        URL,
    )
    assert "Checklist Heading" in md
    assert "Step 7: descale" in md


def test_linear_on_many_nested_options() -> None:
    # options each nested one level deeper than the last: the climb is bounded
    nested = "<div><label><input type='checkbox'>x</label>" * 3000 + "</div>" * 3000
    flat = _group("Brand Family", [f"Brand {i}" for i in range(20000)])
    for html in (nested, flat):
        body = LexborHTMLParser(f"<html><body><main>{html}</main></body></html>").body
        assert body is not None
        start = time.process_time()
        with measuring():
            facet_panel_removals(body, text_len(body) * 4)
        assert time.process_time() - start < 2

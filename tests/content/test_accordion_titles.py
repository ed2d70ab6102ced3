"""An accordion section's title (a button opening a panel of prose) stays with its panel."""

from __future__ import annotations

import time

from tests.content.pages import html_markdown

URL = "https://shop.example.com/c/stoves"
INTRO = "".join(
    f"<p>Paragraph {i} of the category: camp stoves differ in fuel, weight and burners, and"
    " the right one depends on how far you carry it and how many you cook for.</p>"
    for i in range(6)
)
ANSWER = (
    "Canister stoves are light and simple; liquid-fuel stoves work in the cold and at altitude;"
    " wood stoves need no fuel at all but are slow to boil water."
)


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def section(i: int, panel: str) -> str:
    return (
        f"<div class='acc'><h3><button aria-expanded='false' aria-controls='p{i}'>"
        f"How to choose a stove, part {i}</button></h3>"
        f"<div class='acc-content'><div id='p{i}'>{panel}</div></div></div>"
    )


def page(sections: str) -> str:
    return f"<html><body><main><h1>Camp stoves</h1>{INTRO}{sections}</main></body></html>"


def test_accordion_title_stays() -> None:
    md = markdown(page(section(1, f"<p>{ANSWER}</p>")))
    assert "How to choose a stove, part 1" in md
    assert "Canister stoves are light" in md


def test_filter_button_still_goes() -> None:
    options = "".join(f"<li><a href='/c/stoves?fuel={f}'>{f}</a></li>" for f in "ABCDEFGH")
    md = markdown(page(section(1, f"<ul>{options}</ul>")))
    assert "How to choose a stove" not in md


def test_many_sections_stay_fast() -> None:
    html = page("".join(section(i, f"<p>{ANSWER}</p>") for i in range(4000)))
    start = time.process_time()
    markdown(html)
    assert time.process_time() - start < 10  # the whole pipeline; the rule itself is linear

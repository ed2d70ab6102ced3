"""onlyMainContent: the site's name set as a linked <h1> above the page's own headline goes."""

from __future__ import annotations

import time

import pytest

from tests.content.pages import html_markdown
from webdata.content.site_headlines import _FRONT_PATH

URL = "https://notes.example.org/2026/01/day-7"
PROSE = "<p>" + "The seventh puzzle asks for a beam split across a grid of mirrors. " * 8 + "</p>"


def markdown(main: str) -> str:
    return html_markdown(f"<html><body><main>{main}</main></body></html>", URL)


@pytest.mark.parametrize("href", ["/", "https://notes.example.org/", "../index.html", "./"])
def test_a_linked_site_name_above_the_headline_goes(href: str) -> None:
    md = markdown(f'<h1><a href="{href}">A Gardener\'s Notes</a></h1><h1>Day 7</h1>{PROSE}')
    assert "Gardener" not in md
    assert "# Day 7" in md and "seventh puzzle" in md


def test_a_lone_linked_headline_stays() -> None:
    md = markdown(f'<h1><a href="/">Day 7</a></h1>{PROSE}')
    assert "Day 7" in md


def test_linked_teaser_headlines_stay() -> None:
    teasers = "".join(
        f'<h1><a href="/2026/01/day-{i}">Day {i} of the puzzles</a></h1>{PROSE}' for i in range(3)
    )
    md = markdown(teasers)
    assert "Day 0 of the puzzles" in md and "Day 2 of the puzzles" in md


def test_a_site_name_below_the_headline_stays() -> None:
    md = markdown(f'<h1>Day 7</h1>{PROSE}<h1><a href="/">Back to the front page</a></h1>')
    assert "Day 7" in md


def test_linear_in_page_size() -> None:
    html = '<h1><a href="/">Site</a></h1>' + "<h1>Part</h1><p>Words here.</p>" * 5000
    start = time.process_time()
    markdown(html)
    assert time.process_time() - start < 2


def test_front_path_does_not_backtrack() -> None:
    start = time.process_time()
    assert _FRONT_PATH.match("/a" * 20000 + "/index.htmx") is None
    assert _FRONT_PATH.match("../" * 20000 + "x") is None
    assert time.process_time() - start < 2

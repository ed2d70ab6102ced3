"""A column of captioned page facts ("Published" with its date, "Reviewed", "Version",
"Written for") goes; a recipe's captioned durations and a lone dated heading stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.page_facts import _DATE, page_fact_removals

URL = "https://www.example.org/guidance/backing-up-your-data"
PROSE = (
    "Backups are the one defence that still works after everything else has failed, so "
    "keep a copy of your important files somewhere apart from the computer itself. "
)
FACTS = (
    "<div class='q1'><div class='q2'><h4 class='x'>Published</h4>"
    "<time datetime='2018-11-15T12:00:00Z'>15 November 2018</time></div>"
    "<div class='q2'><h4 class='x'>Reviewed</h4>"
    "<time datetime='2020-10-08T12:00:00Z'>8 October 2020</time></div>"
    "<div class='q2'><h4 class='x'>Version</h4> 1.0</div>"
    "<div class='q2'><h4 class='x'>Written for</h4><div><a href='/small'>Small "
    "organisations</a> <a href='/self'>Self employed</a></div></div></div>"
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<div class='r0'><h1>Backing up your data</h1><p>{PROSE * 5}</p>"
        f"<p>{PROSE * 4}</p>{extra}</div>",
        URL,
    )


def test_facts_panel_goes() -> None:
    md = _page(FACTS)
    assert "Published" not in md and "Reviewed" not in md and "Written for" not in md
    assert "Version" not in md
    assert md.count("Backups are") == 9


def test_recipe_durations_stay() -> None:
    times = "".join(
        f"<div class='t'><h4>{name}</h4><time datetime='PT{m}M'>{m} minutes</time></div>"
        for name, m in (("Prep time", 15), ("Cook time", 30), ("Total time", 45))
    )
    md = _page(f"<div class='rc'>{times}</div>")
    assert "Prep time" in md and "Cook time" in md


def test_two_facts_stay() -> None:
    # (one dated caption and one more: too little to say it is a panel of the page's facts)
    two = FACTS.replace("<div class='q2'><h4 class='x'>Version</h4> 1.0</div>", "").replace(
        "<div class='q2'><h4 class='x'>Written for</h4><div><a href='/small'>Small "
        "organisations</a> <a href='/self'>Self employed</a></div></div>",
        "",
    )
    md = _page(two)
    assert "Published" in md


def test_linear_on_a_hostile_page() -> None:
    fact = "<div><h4>Published</h4><time datetime='2020-01-01'>1 Jan</time></div>"
    nested = "<div>" * 2000 + fact * 3 + "</div>" * 2000
    html = f"<body><div><p>{PROSE * 50}</p>{fact * 5000}{nested}</div></body>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        page_fact_removals(body, 10**6)
    assert time.perf_counter() - start < 2.0
    start = time.perf_counter()
    _DATE.match("1" * 100_000)
    assert time.perf_counter() - start < 0.1

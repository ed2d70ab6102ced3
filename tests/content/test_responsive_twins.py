"""Near copies of a block laid out for another screen width (responsive_twins): which stay."""

from __future__ import annotations

import time

import pytest
from selectolax.lexbor import LexborHTMLParser

from tests.content import body_markdown
from webdata.content.responsive_twins import responsive_twin_removals

URL = "https://www.example.com/services/payroll"
INTRO = "<h1>Payroll services</h1><p>" + "We run payroll for firms of every size. " * 6 + "</p>"
SUMMARY = (
    "Pay every employee on time in all fifty states, with taxes filed for you and "
    "year-end forms sent without a single extra step"
)


def _card(classes: str, title: str, as_link: bool) -> str:
    """One plan card; ``as_link``: the other layout's copy, title and summary in one link."""
    if as_link:
        return f"<a class='{classes}' href='/plans/x'>{title} {SUMMARY}</a>"
    return f"<div class='{classes}'><h3>{title}</h3><p>{SUMMARY}. Learn more</p></div>"


def _page(first: str, second: str) -> str:
    return f"<main>{INTRO}<div class='grid'>{first}{second}</div></main>"


@pytest.mark.parametrize(
    ("first", "second", "copies"),
    [
        ("card card--mobile", "card card--desktop", 1),
        ("hide-for-mobile", "compare-mobile-view", 1),  # a copy beside a block hidden on phones
        ("quotes tablet", "quotes-two tablet", 2),  # a site naming every block "tablet" shows both
        ("card", "card-link", 2),  # no width class: both stay
    ],
)
def test_which_near_copies_stay(first: str, second: str, copies: int) -> None:
    md = body_markdown(
        _page(_card(first, "CORE_PLAN", False), _card(second, "CORE_PLAN", True)),
        URL,
        only_main_content=True,
    )
    assert md.count("CORE_PLAN") == copies, md
    assert "Learn more" in md, md  # the first copy is the one that stays


def test_different_cards_of_two_layouts_both_stay() -> None:
    other = _card("card card--desktop", "TEAM_PLAN", True).replace(
        SUMMARY, "Hire and onboard contractors abroad, contracts, invoices and local rules handled"
    )
    md = body_markdown(
        _page(_card("card card--mobile", "CORE_PLAN", False), other),
        URL,
        only_main_content=True,
    )
    assert "CORE_PLAN" in md and "TEAM_PLAN" in md, md


def test_copies_holding_code_stay() -> None:
    code = "<pre><code>pay --all</code></pre>"
    first = f"<div class='step--mobile'><p>{SUMMARY}</p>{code}</div>"
    second = f"<div class='step--desktop'><p>{SUMMARY} now</p>{code}</div>"
    md = body_markdown(_page(first, second), URL, only_main_content=True)
    assert md.count("pay --all") == 2, md


def test_many_siblings_and_long_classes_finish_fast() -> None:
    cards = "".join(
        _card(
            f"card card--{'mobile' if n % 2 else 'desktop'} {'x-' * 200}", f"P{n // 2}", bool(n % 2)
        )
        for n in range(3_000)
    )
    tree = LexborHTMLParser(f"<div>{cards}</div>")
    assert tree.body is not None
    started = time.perf_counter()
    gone = responsive_twin_removals(tree.body, [])
    assert len(gone) == 1_500
    assert time.perf_counter() - started < 5.0
    hostile = LexborHTMLParser(
        f"<div><div class='{'mobile-' * 10_000}'>{'a' * 50_000}</div><p>{'b ' * 25_000}</p></div>"
    )
    assert hostile.body is not None
    started = time.perf_counter()
    responsive_twin_removals(hostile.body, [])
    assert time.perf_counter() - started < 1.0

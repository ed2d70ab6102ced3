"""Copies of a block shown twice (repeated_blocks): which copies stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content import body_markdown
from webdata.content.repeated_blocks import repeated_block_removals

URL = "https://docs.example.com/quickstart"
STEP = (
    "<p>STEP_TEXT After a few moments you receive an SMS from your new number on the virtual "
    "phone; open the message log to see its delivery status and price.</p>"
)


def _tab(name: str, command: str) -> str:
    return (
        f"<div role='tabpanel' aria-labelledby='{name}'><ol><li><p>Run the sender:</p>"
        f"<pre><code>{command}</code></pre></li><li>{STEP}</li></ol></div>"
    )


def test_steps_repeated_in_each_language_tab_stay() -> None:
    md = body_markdown(
        "<main><h1>Send an SMS</h1><div role='tablist'><button>Python</button>"
        "<button>Node.js</button></div>"
        f"{_tab('py', 'python send_sms.py')}{_tab('js', 'node send_sms.js')}</main>",
        URL,
        only_main_content=True,
    )
    assert md.count("STEP_TEXT") == 2, md


def test_a_block_repeated_in_tabs_without_code_appears_once() -> None:
    panel = f"<div role='tabpanel'>{STEP}</div>"
    md = body_markdown(
        f"<main><h1>Phone</h1><p>{'Our plans and prices for every country. ' * 4}</p>"
        f"{panel}{panel}</main>",
        URL,
        only_main_content=True,
    )
    assert md.count("STEP_TEXT") == 1, md


TEASER = (
    "<p>TEASER_TEXT Companies are most exposed while they move to new systems; learn "
    "how to secure the core.</p>"
)  # shorter than MIN_CHARS, longer than RESPONSIVE_MIN_CHARS
PAGE_TEXT = "<p>" + "Our security services for every step of a migration. " * 6 + "</p>"
SERVICE_URL = "https://www.example.com/services/security"


def _two_copies(first_classes: str, second_classes: str) -> str:
    return (
        f"<main><h1>Security</h1>{PAGE_TEXT}<div class='grid'>"
        f"<div class='{first_classes}'><div class='card'>{TEASER}</div></div>"
        f"<div class='{second_classes}'><div class='card'>{TEASER}</div></div>"
        "</div></main>"
    )


def test_mobile_and_desktop_copies_of_a_short_block_appear_once() -> None:
    for first, second in (
        ("d-none d-md-block", "d-md-none"),  # Bootstrap 4/5
        ("hidden lg:block", "lg:hidden"),  # Tailwind
        ("hidden-xs", "visible-xs"),  # Bootstrap 3
        ("show-for-small-only", "hide-for-small-only"),  # Foundation
        ("tile", "card card--desktop"),  # a BEM variant
        ("_hidden-lt-md_x1", "_hidden-gt-md_x1"),  # CSS modules
    ):
        md = body_markdown(_two_copies(first, second), SERVICE_URL, only_main_content=True)
        assert md.count("TEASER_TEXT") == 1, (first, second, md)


def test_short_copies_without_a_width_class_stay() -> None:
    md = body_markdown(_two_copies("col", "col"), SERVICE_URL, only_main_content=True)
    assert md.count("TEASER_TEXT") == 2, md


def test_short_copies_in_hidden_panels_stay() -> None:
    # (always hidden: a closed tab or accordion, not a copy for another screen width)
    html = _two_copies("panel", "panel hidden d-none").replace(
        "class='panel hidden d-none'", "class='panel hidden d-none' hidden style='display:none'"
    )
    tree = LexborHTMLParser(html)
    assert tree.body is not None
    assert repeated_block_removals(tree.body, []) == []
    shown = LexborHTMLParser(_two_copies("panel d-none d-md-block", "panel d-md-none"))
    assert shown.body is not None
    assert len(repeated_block_removals(shown.body, [])) == 1


def test_layout_utilities_at_a_breakpoint_are_not_a_width_copy() -> None:
    md = body_markdown(
        _two_copies("md:grid md:grid-cols-2 d-md-flex", "lg:flex-row sm:gap-4"),
        SERVICE_URL,
        only_main_content=True,
    )
    assert md.count("TEASER_TEXT") == 2, md


def test_width_classes_are_read_in_linear_time() -> None:
    from webdata.content.repeated_blocks import width_only_classes

    hostile = " ".join(["md:" + "-" * 5_000 + "x", "d-" + "md-" * 5_000, "_-" * 5_000] * 20)
    started = time.perf_counter()
    assert not width_only_classes(hostile)
    assert time.perf_counter() - started < 0.5
    # many copies, each deep in its own branch of width classes
    branch = "".join("<div class='d-none d-md-block'>" for _ in range(40))
    close = "</div>" * 40
    copies = "".join(
        f"{branch}{TEASER.replace('TEASER_TEXT', f'T{n % 50}')}{close}" for n in range(2_000)
    )
    tree = LexborHTMLParser(f"<div>{copies}</div>")
    assert tree.body is not None
    started = time.perf_counter()
    gone = repeated_block_removals(tree.body, [])
    assert len(gone) == 2_000 - 50
    assert time.perf_counter() - started < 5.0

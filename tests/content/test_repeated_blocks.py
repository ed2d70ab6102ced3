"""Copies of a block shown twice (repeated_blocks): which copies stay."""

from __future__ import annotations

from tests.content import body_markdown

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

"""Machine-readable timestamps written as text (machine_dates.py): an element whose whole
text is an ISO 8601 timestamp ("2021-04-08T04:06:17.467Z+00:00") goes, whatever its class;
readers' dates, timestamps in sentences, code and tables stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.machine_dates import machine_date_removals

URL = "https://qa.example.org/questions/12/waiting-for-tasks"


def comment(text: str, stamp: str) -> str:
    return (
        f"<div class='c1'><div class='c2'>{text}</div>"
        f"<time class='c3'>{stamp}</time><span>Apr 8, 2021</span></div>"
    )


BODY = (
    "<main><h1>Waiting for tasks</h1><p>QUESTION How do I wait for all the tasks to finish "
    "before the loop closes, without blocking the thread?</p>"
    + comment("COMMENT_ONE Use gather on the list of tasks.", "2021-04-08T04:06:17.467Z+00:00")
    + comment("COMMENT_TWO Or a task group on newer versions.", "2021-12-06T21:39:10Z")
    + "<p>The log said 2021-04-08T04:06:17Z when it stopped.</p>"
    + "<pre><code>2022-01-01T00:00:00Z</code></pre>"
    + "<table><tr><th>When</th></tr><tr><td>2023-05-05T10:00:00Z</td></tr></table>"
    + "</main>"
)


def test_timestamps_for_machines_go() -> None:
    md = page_markdown(BODY, URL)
    for kept in ("COMMENT_ONE", "COMMENT_TWO", "Apr 8, 2021", "stopped"):
        assert kept in md
    assert "2021-04-08T04:06:17.467Z" not in md
    assert "2021-12-06T21:39:10Z" not in md


def test_timestamps_in_text_code_and_tables_stay() -> None:
    md = page_markdown(BODY, URL)
    for kept in ("2021-04-08T04:06:17Z when", "2022-01-01T00:00:00Z", "2023-05-05T10:00:00Z"):
        assert kept in md


def test_fast_on_junk() -> None:
    junk = "2021-04-08T04:06:17" + "9" * 100_000
    tree = LexborHTMLParser(f"<html><body><div><span>{junk}</span></div></body></html>")
    assert tree.body is not None
    start = time.process_time()
    assert machine_date_removals(tree.body) == []
    assert time.process_time() - start < 0.1


def test_linear_on_a_big_page() -> None:
    page = "".join(
        comment(f"Comment {i}.", f"2021-04-{1 + i % 28:02d}T04:{i % 60:02d}:17Z")
        for i in range(4000)
    )
    tree = LexborHTMLParser(f"<html><body><div>{page}</div></body></html>")
    assert tree.body is not None
    start = time.process_time()
    with measuring():  # (as in the pipeline)
        assert len(machine_date_removals(tree.body)) == 4000
    assert time.process_time() - start < 1.0

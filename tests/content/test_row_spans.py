"""Cells covered by ``rowspan`` are written out before markdown (see ``row_spans.py``)."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from webdata.content.markdown import html_to_markdown
from webdata.content.row_spans import fill_row_spans

HEAD = "<table><tr><th>A</th><th>B</th><th>C</th></tr>"


def rows(html: str) -> list[str]:
    return [line for line in html_to_markdown(html).split("\n") if line.startswith("|")]


def test_a_cell_spanning_rows_and_columns_covers_all_its_columns() -> None:
    html = HEAD + "<tr><td rowspan=2 colspan=2>x</td><td>1</td></tr><tr><td>2</td></tr></table>"
    assert rows(html)[2:] == ["| x | | 1 |", "|  |  | 2 |"]


def test_a_short_row_does_not_carry_the_span_further() -> None:
    html = (
        HEAD + "<tr><td>1</td><td>a</td><td rowspan=2>x</td></tr><tr><td>2</td></tr>"
        "<tr><td>3</td><td>b</td><td>c</td></tr></table>"
    )
    assert rows(html)[2:] == ["| 1 | a | x |", "| 2 |  |  |", "| 3 | b | c |"]


def test_rowspan_zero_spans_to_the_end_of_its_row_group() -> None:
    html = (
        HEAD + "<tr><td rowspan=0>x</td><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr>"
        "<tr><td>e</td><td>f</td></tr></table>"
    )
    assert rows(html)[2:] == ["| x | a | b |", "|  | c | d |", "|  | e | f |"]


def test_spans_stop_at_the_row_group_and_nested_tables_are_done_too() -> None:
    tree = LexborHTMLParser(
        "<table><thead><tr><th rowspan=3>h</th><th>i</th></tr></thead>"
        "<tbody><tr><td>1</td><td><table><tr><td rowspan=2>n</td><td>o</td></tr>"
        "<tr><td>p</td></tr></table></td></tr></tbody></table>"
    )
    assert tree.body is not None
    fill_row_spans(tree.body)
    out = tree.body.html or ""
    assert "rowspan" not in out
    assert "<tbody><tr><td>1</td>" in out  # the head's span did not reach the body
    assert "<tr><td></td><td>p</td></tr>" in out

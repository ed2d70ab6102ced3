"""The nesting pre-pass: its depth model, the flattening, and that real pages pass untouched."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.nesting import MAX_DEPTH, limit_nesting, nesting_depth
from webdata.content.parse import parse_html
from webdata.content.pipeline import FLATTENED_WARNING, ContentOptions, process_html

GOLDEN = Path(__file__).parent / "golden"


def tree_depth(html: str) -> int:
    """How deep lexbor nests elements under <body> (iterative: the trees may be deep)."""
    body = LexborHTMLParser(html).body
    assert body is not None
    deepest = 0
    todo: list[tuple[LexborNode, int]] = [(body, 0)]
    while todo:
        node, depth = todo.pop()
        deepest = max(deepest, depth)
        child = node.child
        while child is not None:
            if child.tag and not child.tag.startswith("-"):
                todo.append((child, depth + 1))
            child = child.next
    return deepest


# -- the depth model ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("html", "depth"),
    [
        ("<div>" * 40, 40),
        ("<div>" + "<br><img src=x><hr><input>" * 50 + "</div>", 1),
        ("<div>x</div>" * 500, 1),
        ("<!--" + "<div>" * 500 + "-->", 0),
        ("<!-->" + "<div>" * 3, 3),  # "<!-->" is a whole (empty) comment
        ("<script>" + "<div>" * 500 + "</script>", 0),
        ("<textarea>" + "<div>" * 500 + "</textarea>", 0),
        ("<p>x" * 10_000, 0),  # each <p> closes the one before
        ("<ul>" + "<li>x" * 10_000 + "</ul>", 2),
        ("<dl>" + "<dt>a<dd>b" * 1_000 + "</dl>", 2),
        ("<select>" + "<option>x" * 1_000 + "</select>", 2),
        ("<table>" + "<tr><td>a<td>b" * 1_000 + "</table>", 2),
        ("<svg>" + "<path d='m0 0'/>" * 1_000 + "</svg>", 1),
        ("<noscript>" + "<div>" * 30, 31),  # lexbor parses with scripting off
    ],
)
def test_depth_of_common_shapes(html: str, depth: int) -> None:
    assert nesting_depth(html) == depth


@pytest.mark.parametrize(
    "unit",
    [
        "<div>",
        "<div/>",  # "/>" means nothing on an HTML element
        "<div></span>",  # a stray end tag closes nothing
        "<span><div></span>",  # </span> cannot close past a <div>
        "<div><object></div>",  # nor </div> past an <object>
        "<div title='</div>'>",  # an end tag inside an attribute value is text
        "<b><div></b>",  # the adoption agency keeps the <div>
        "<li><section>",  # a new <li> does not close past a <section>
        "<rt>",  # without <ruby>, <rt> nests
        "<optgroup>",  # outside <select>, so does <optgroup>
        "<svg><g>",
        "<svg><foreignObject><div/>",  # HTML again inside <foreignObject>
    ],
)
def test_tricks_do_not_hide_nesting(unit: str) -> None:
    html = unit * 2_000
    assert nesting_depth(html) >= 2_000
    flat = limit_nesting(html)
    assert flat.flattened > 0
    assert tree_depth(flat.html) <= 2 * MAX_DEPTH + 8


def test_reopened_formatting_counts() -> None:
    # Each unclosed <font> (distinct attributes) is reopened in every later paragraph.
    html = "".join(f"<p><font color=c{i}>x</p>" for i in range(1_000))
    assert nesting_depth(html) >= 1_000
    assert tree_depth(limit_nesting(html).html) <= 2 * MAX_DEPTH + 8


# -- flattening --------------------------------------------------------------------------------


def test_flattening_keeps_the_text_and_parses_fast() -> None:
    html = "".join(f"<div>word{i} " for i in range(100_000)) + "<p>the bottom</p>"
    started = time.perf_counter()
    flat = limit_nesting(html)
    tree = LexborHTMLParser(flat.html)
    assert time.perf_counter() - started < 3  # unguarded: about 20 s
    assert flat.depth == 100_000 and flat.flattened == 100_000 - MAX_DEPTH
    words = (tree.body.text() if tree.body is not None else "").split()
    assert [w for w in words if w.startswith("word")] == [f"word{i}" for i in range(100_000)]
    assert words[-2:] == ["the", "bottom"]
    assert tree_depth(flat.html) <= MAX_DEPTH + 2


def test_end_tags_of_removed_elements_go_too() -> None:
    html = "<div>" * 600 + "deep" + "</div>" * 600 + "<p>after</p>"
    flat = limit_nesting(html, max_depth=100)
    assert flat.html.count("<div>") == 100 and flat.html.count("</div>") == 100
    paragraph = LexborHTMLParser(flat.html).css_first("p")
    assert paragraph is not None and paragraph.text() == "after"


def test_pages_too_short_to_nest_past_the_cap_are_not_scanned() -> None:
    assert limit_nesting("<a>" * 99, max_depth=100).html == "<a>" * 99
    assert limit_nesting("<i>" * 101, max_depth=100).flattened == 1


# -- real pages pass untouched -----------------------------------------------------------------


def test_golden_pages_are_returned_as_they_are() -> None:
    pages = [p.read_text() for p in sorted(GOLDEN.glob("*.html"))]
    assert pages
    big = "".join(pages)  # about 200 KB of varied markup, scanned (not below the size floor)
    for html in [*pages, big]:
        result = limit_nesting(html)
        assert result.html is html
        assert result.flattened == 0


def test_parse_html_caps_size_then_depth() -> None:
    tree = parse_html("<p>" + "a" * 100 + "</p>", max_chars=20)
    assert tree.body is not None and tree.body.text() == "a" * 17
    deep = parse_html("<div>" * 50_000 + "x")
    assert deep.body is not None and deep.body.text().strip() == "x"


# -- in the content pipeline -------------------------------------------------------------------


def test_pipeline_flattens_and_says_so() -> None:
    html = "<main>" + "<div>" * 50_000 + "<p>Deep paragraph text.</p></main>"
    result = process_html(html, "https://example.com/", ContentOptions())
    assert result.markdown is not None and "Deep paragraph text." in result.markdown
    assert result.warning is not None and FLATTENED_WARNING in result.warning


def test_pipeline_output_unchanged_on_normal_pages() -> None:
    html = (GOLDEN / "article_page.html").read_text() * 3
    result = process_html(html, "https://example.com/", ContentOptions())
    assert result.warning is None or FLATTENED_WARNING not in result.warning

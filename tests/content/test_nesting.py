"""The nesting pre-pass: its depth model, the flattening, and that real pages pass untouched."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.nesting import (
    _FORMATTING,
    _LOWER,
    _QUICK_TAGS,
    MAX_DEPTH,
    MAX_FORMATTING,
    _Exceeded,
    _Model,
    limit_nesting,
    nesting_depth,
)
from webdata.content.parse import parse_html
from webdata.content.pipeline import (
    FLATTENED_WARNING,
    FORMATTING_WARNING,
    ContentOptions,
    process_html,
)

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
    assert limit_nesting("<q>" * 101, max_depth=100).flattened == 1


# -- real pages pass untouched -----------------------------------------------------------------


def test_golden_pages_are_returned_as_they_are() -> None:
    pages = [p.read_text() for p in sorted(GOLDEN.glob("*.html"))]
    assert pages
    big = "".join(pages)  # about 200 KB of varied markup, scanned (not below the size floor)
    for html in [*pages, big]:
        result = limit_nesting(html)
        assert result.html is html
        assert result.flattened == 0


def test_tag_name_caches_stay_small() -> None:
    # Long made-up tag names are read, not remembered from page to page.
    html = "".join(f"<x{i}{'y' * 100} id=a></x{i}{'y' * 100}>" for i in range(5_000))
    assert limit_nesting(html).html is html
    for cache in (_LOWER, _QUICK_TAGS):
        assert len(cache) <= 4_096 and all(len(name) <= 64 for name in cache)


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


# -- reopened formatting elements ---------------------------------------------------------------

# Unclosed formatting elements with distinct attributes (the parser's "Noah's Ark" keeps only 3
# identical ones) are cloned again in every later paragraph or block: quadratic unguarded
# (20,000 paragraphs: 5 million nodes, about 45 s of content stage under the depth cap alone).
REOPENED = {
    "paragraphs": lambda n: "".join(f"<p><font color=c{i}>x</p>" for i in range(n)),
    "unclosed paragraphs": lambda n: "".join(f"<p><b id=b{i}>x" for i in range(n)),
    "divs": lambda n: "".join(f"<div><font color=c{i}>x</div>" for i in range(n)),
    "list items": lambda n: "<ul>" + "".join(f"<li><i id=i{i}>x" for i in range(n)),
    "headings": lambda n: "".join(f"<p><font face=f{i}>x<h1>y</h1>" for i in range(n)),
    "three a paragraph": lambda n: "".join(
        f"<p><b id=a{i}><i id=b{i}><u id=c{i}>x</p>" for i in range(n // 3)
    ),
    "many open, then paragraphs": lambda n: (
        "".join(f"<p><font color=c{i}>x</p>" for i in range(MAX_FORMATTING)) + "<p>x" * n
    ),
    "identical": lambda n: "<p><font color=c1>x</p>" * n,
}


def node_count(html: str) -> int:
    return sum(1 for _ in LexborHTMLParser(html).root.traverse(include_text=True))


@pytest.mark.parametrize("name", sorted(REOPENED))
def test_reopened_formatting_grows_linearly(name: str) -> None:
    make = REOPENED[name]
    for size in (1_000, 20_000):
        html = make(size)
        quarter = node_count(limit_nesting(make(size // 4)).html)
        full = node_count(limit_nesting(html).html)
        # Four times the page, at most about four times the nodes (quadratic: 16 times; under
        # the depth cap alone, about 7 times from 250 paragraphs to 1,000).
        assert full < 5 * quarter, f"{name}: {quarter:,} -> {full:,} nodes"
        # And at most about one reopened element a tag (the depth cap alone: 5 million nodes).
        assert full < 4 * html.count("<") + 5_000, f"{name}: {full:,} nodes"


def test_reopened_formatting_through_the_pipeline() -> None:
    html = REOPENED["paragraphs"](20_000)  # 530 KB
    nodes = node_count(limit_nesting(html).html)
    assert nodes < 4 * html.count("<") + 5_000, nodes  # the depth cap alone: 5,127,363

    def cpu_s(page: str) -> float:
        start = time.thread_time()  # CPU time: other processes' work does not count
        result = process_html(page, "https://example.com/", ContentOptions())
        assert result.markdown is not None
        assert result.markdown.split() == ["x"] * page.count(">x<")  # the text is kept
        assert result.warning is not None and FORMATTING_WARNING in result.warning
        return time.thread_time() - start

    elapsed = cpu_s(html)  # about 0.6 s here; unguarded, 45 s
    if elapsed >= 4:
        # A slow or busy machine: then the shape decides (quadratic would be 16 times).
        quarter = min(cpu_s(REOPENED["paragraphs"](5_000)) for _ in range(2))
        assert min(elapsed, cpu_s(html)) < 8 * quarter, f"{elapsed:.2f}s vs {quarter:.2f}s"


def test_too_many_formatting_elements_are_dropped_with_their_end_tags() -> None:
    html = "".join(f"<b id=b{i}>" for i in range(100)) + "deep" + "</b>" * 100 + "<p>after</p>"
    result = limit_nesting(html)
    assert result.formatting == 100 - MAX_FORMATTING and result.flattened == 0
    assert result.html.count("<b id=") == MAX_FORMATTING
    assert result.html.count("</b>") == MAX_FORMATTING
    tree = LexborHTMLParser(result.html)
    paragraph = tree.css_first("p")
    assert paragraph is not None and paragraph.text() == "after"
    assert paragraph.parent is not None and paragraph.parent.tag == "body"  # nothing reopened
    # A link is never what goes: only one <a> is ever open.
    links = "".join(f"<i id=i{i}>" for i in range(100)) + '<a href="/x">link</a>'
    assert '<a href="/x">link</a>' in limit_nesting(links).html


def test_a_few_unclosed_formatting_elements_are_left_alone() -> None:
    pages = "".join(p.read_text() for p in sorted(GOLDEN.glob("*.html")))
    # Sloppy but real: bold and italics left open in the first paragraphs, and a long page
    # after them (every block that closes later reopens them).
    head = pages.replace("<p>", "<p><b class=open>", 2).replace("<p>", "<p><i class=open>", 1)
    sloppy = head + pages * 10
    assert sloppy.count("class=open>") == 3 and len(sloppy) > 60_000
    result = limit_nesting(sloppy)
    assert result.html is sloppy
    assert result.formatting == 0 and result.flattened == 0
    processed = process_html(sloppy, "https://example.com/", ContentOptions())
    assert processed.warning is None or FORMATTING_WARNING not in processed.warning


@pytest.mark.parametrize("name", sorted(REOPENED))
def test_the_model_counts_its_formatting_elements(name: str) -> None:
    pages = [REOPENED[name](2_000), *(p.read_text() for p in sorted(GOLDEN.glob("*.html")))]
    for html in pages:
        for exact in (False, True):
            model = _Model(MAX_DEPTH)
            try:
                model.exact(html) if exact else model.quick(html)
            except _Exceeded:
                continue
            assert model.formatting == sum(tag in _FORMATTING for tag in model.stack)

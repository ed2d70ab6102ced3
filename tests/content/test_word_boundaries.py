"""Words that a browser shows apart stay apart in the markdown, and words split by inline
formatting stay whole (``markdown_prepass``: adjacent inline boxes, table rows alone)."""

from __future__ import annotations

import pytest

from tests.content import body_markdown
from webdata.content.markdown import html_to_markdown

URL = "https://example.com/page"


def md(body: str) -> str:
    return body_markdown(body, URL, only_main_content=False)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # label / value boxes (product details, price lines)
        (
            '<p><span class="label">Publisher</span><span class="value">Houghton</span></p>',
            "Publisher Houghton",
        ),
        ("<div><span>SKU: NKZ5M2K2</span><span>MFR: 2020</span></div>", "SKU: NKZ5M2K2 MFR: 2020"),
        (
            '<div><span class="meta">2026</span><span class="meta">1h 56m</span>'
            '<span class="meta">R</span></div>',
            "2026 1h 56m R",
        ),
        # boxes several levels deep, with the comments a framework leaves between them
        (
            '<div><span class="name"><!--F#1--><span>Publisher</span><!--F/--></span>'
            '<span class="value"><!--F#2--><span>Houghton Mifflin</span><!--F/--></span></div>',
            "Publisher Houghton Mifflin",
        ),
        (
            '<p><time datetime="2024-04-02">April 2, 2024</time><span>1 yr</span></p>',
            "April 2, 2024 1 yr",
        ),
        # the CSS sets them apart; the converter has no CSS
        (
            '<div><span style="display:block">Alpha</span><span style="display:block">Beta</span>'
            "</div>",
            "Alpha Beta",
        ),
        (
            '<p><span style="display:inline-block">Alpha</span><span>Beta</span></p>',
            "Alpha Beta",
        ),
    ],
)
def test_adjacent_inline_boxes_are_separate_words(body: str, expected: str) -> None:
    assert md(body) == expected


def test_adjacent_links_are_separate_words() -> None:
    out = md(
        '<div><a class="tag" href="/c/ml">Machine Learning</a>'
        '<a class="tag" href="/c/tools">Developer Tools</a></div>'
    )
    assert out == (
        "[Machine Learning](https://example.com/c/ml) [Developer Tools](https://example.com/c/tools)"
    )


def test_link_then_box_and_box_inside_link() -> None:
    out = md('<p><span>We designed the</span><a href="/w"><span>Wordrunner</span></a></p>')
    assert out == "We designed the [Wordrunner](https://example.com/w)"
    out = md('<p><a href="/p"><span class="brand">Coleman</span><span>Camp Stove</span></a></p>')
    assert out == "[Coleman Camp Stove](https://example.com/p)"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("<p><b>foo</b>bar un<i>believ</i>able</p>", "**foo**bar un*believ*able"),
        (
            "<p><b>LC_</b><i>foo</i> and <strong>Bold</strong><em>Italic</em></p>",
            "**LC\\_***foo* and **Bold***Italic*",
        ),
        ("<p>a <span>b</span><span>c</span> d</p>", "a bc d"),  # one letter a box
        ('<p><span class="dropcap">P</span><span>acking list</span></p>', "Packing list"),
        ("<p><span>4</span><span>2</span> answers</p>", "42 answers"),
        (
            '<p>Java<a href="/s">Script</a> and <a href="/j">Java</a>Script</p>',
            "Java[Script](https://example.com/s) and [Java](https://example.com/j)Script",
        ),
        ("<p>Price: <span>$</span><span>12</span>.<span>99</span></p>", "Price: $12.99"),
        ("<pre><span>foo</span><span>bar</span></pre>", "```\nfoobar\n```"),
        ("<p>Run <code><span>foo</span><span>bar</span></code></p>", "Run `foobar`"),
    ],
)
def test_words_split_by_inline_markup_stay_whole(body: str, expected: str) -> None:
    assert md(body) == expected


def test_table_row_alone_keeps_its_cells_apart() -> None:
    # the main block can be a row (or row group) of a layout table
    assert (
        html_to_markdown("<tr><td>Alpha</td><td>Beta</td></tr>")
        == "| Alpha | Beta |\n| --- | --- |"
    )
    out = html_to_markdown(
        "<tbody><tr><th>Name</th><th>Price</th></tr><tr><td>Tee</td><td>12</td></tr></tbody>"
    )
    assert out.splitlines() == ["| Name | Price |", "| --- | --- |", "| Tee | 12 |"]

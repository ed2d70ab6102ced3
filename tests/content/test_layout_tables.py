"""Tables used for layout (a forum post's row of poster and text, a note box) are written as
paragraphs, not as a markdown table with ``<br>`` for every line break; data tables stay
tables, and the cleaned HTML keeps the table as it came."""

from __future__ import annotations

from tests.content.pages import page_markdown
from webdata.content.pipeline import ContentOptions, process_html

URL = "https://forum.example.com/showthread.php?t=186269"
POST = (
    "I have tested a new graphics card and when I play a movie at the usual 23.976 rate "
    "every player shows a wrong rate of 23.951.<br><br>I also tried a custom resolution from "
    "the control panel, as one does with other cards, but nothing changes.<br><br>"
    "Has somebody had this issue?"
)
POST_TABLE = (
    "<table id='post2017066'><tr><td>30th March 2025, 16:26</td><td>#1</td></tr>"
    f"<tr><td><a href='/member.php?u=1'>microfast</a><br>Join Date: 2010</td><td>{POST}</td></tr>"
    "</table>"
)
DATA_TABLE = (
    "<table><tr><td><code>string</code></td><td>accepts any text without a slash</td></tr>"
    "<tr><td><code>int</code></td><td>accepts positive integers</td></tr>"
    "<tr><td><code>path</code></td><td>like string but also accepts slashes</td></tr></table>"
)


def test_post_laid_out_in_a_table_reads_as_paragraphs() -> None:
    md = page_markdown(f"<main><h1>Wrong refresh rate</h1>{POST_TABLE}</main>", URL)
    assert "<br>" not in md and "| ---" not in md
    assert "\n\nHas somebody had this issue?" in md
    assert "microfast" in md


def test_data_table_stays_a_table() -> None:
    md = page_markdown(f"<main><h1>Converters</h1><p>Converter types:</p>{DATA_TABLE}</main>", URL)
    assert "| `int` | accepts positive integers |" in md


def test_presentation_table_unwrapped_and_html_output_untouched() -> None:
    html = (
        "<html><body><main><h1>Note</h1><table role='presentation'><tr><td>Note</td>"
        "<td>The main branch is not special.<br>It is like any other branch.</td></tr></table>"
        "</main></body></html>"
    )
    result = process_html(html, URL, ContentOptions(want_markdown=True, want_html=True))
    assert result.markdown is not None and "<br>" not in result.markdown
    assert result.html is not None and "<table" in result.html


def test_short_post_in_a_table_with_a_post_id_reads_as_paragraphs() -> None:
    table = (
        "<table id='post2017176'><tr><td>2nd April 2025, 13:59</td><td>#2</td></tr>"
        "<tr><td><a href='/member.php?u=2'>GeoffreyA</a><br>Location: South Africa</td>"
        "<td><div id='post_message_2017176'>Hi,<br><br>Does disabling hardware decoding do "
        "anything?</div></td></tr></table>"
    )
    md = page_markdown(f"<main><h1>Wrong refresh rate</h1>{POST_TABLE}{table}</main>", URL)
    assert "<br>" not in md and "| ---" not in md
    assert "\n\nDoes disabling hardware decoding do anything?" in md


def test_layout_table_around_a_data_table_unwrapped_data_table_kept() -> None:
    prose = "An old site lays its page out in a table, text in the right cell. " * 4
    data = "<table><tr><th>Size</th><th>Price</th></tr><tr><td>Small</td><td>$4</td></tr></table>"
    md = page_markdown(
        "<main><h1>Prices</h1><table><tr><td><a href='/a'>Home</a><br><a href='/b'>Shop</a>"
        f"</td><td>{prose}{data}</td></tr></table></main>",
        URL,
    )
    assert "| Size | Price |" in md and "| Small | $4 |" in md
    assert f"{prose.strip()}\n" in md  # the prose is a paragraph, not a table cell

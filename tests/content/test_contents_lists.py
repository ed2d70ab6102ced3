"""A table of contents (links to the page's own headings) goes; a jump bar that says more stays."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import html_markdown
from webdata.content.contents_lists import contents_removals
from webdata.content.dom import text_len

URL = "https://example.com/guide"
PROSE = (
    "Sand the old finish with coarse paper first, then with fine paper, following the grain. "
    "Wipe the dust with a damp cloth and let the wood dry for a day before the first coat."
)


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def page(jumps: str) -> str:
    sections = "".join(
        f"<h2 id='{slug}'>{title}</h2><p>{title.upper()}_TEXT {PROSE}</p>"
        for slug, title in (("supplies", "Supplies"), ("sanding", "Sanding"), ("finish", "Finish"))
    )
    return (
        "<html><body><article><h1>Refinishing furniture</h1>"
        f"<p>{PROSE}</p>{jumps}{sections}</article></body></html>"
    )


def test_table_of_contents_is_removed_with_its_title() -> None:
    toc = (
        "<div class='box'><p>TOC_TITLE Contents</p><ul>"
        "<li><a href='#supplies'>Supplies</a></li><li><a href='#sanding'>Sanding</a></li>"
        f"<li><a href='{URL}#finish'>Finish</a></li></ul></div>"
    )
    md = markdown(page(toc))
    assert "TOC_TITLE" not in md and "](#" not in md and "guide#finish" not in md
    assert md.count("Supplies") == 1 and "SUPPLIES_TEXT" in md and "FINISH_TEXT" in md


def test_jump_bar_saying_more_than_the_headings_is_not_a_table_of_contents() -> None:
    bar = (
        "<ul><li><a href='#supplies'>JUMP_A cheap tools that last</a></li>"
        "<li><a href='#sanding'>JUMP_B a smooth surface in an hour</a></li>"
        "<li><a href='#finish'>JUMP_C a finish that resists water</a></li></ul>"
    )
    article = LexborHTMLParser(page(bar)).css_first("article")
    assert article is not None
    assert contents_removals(article, text_len(article)) == []

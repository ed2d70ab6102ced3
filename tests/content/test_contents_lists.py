"""A table of contents (links to the page's own headings) goes; a jump bar that says more stays."""

from __future__ import annotations

import time

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


def test_table_of_contents_whose_headings_get_their_ids_from_a_script_is_removed() -> None:
    toc = (
        "<div><p>TOC_TITLE Contents</p><ul>"
        "<li><a href='#tab1'>Supplies</a></li><li><a href='#tab2'>Sanding</a></li>"
        f"<li><a href='{URL}#tab3'>Finish</a></li></ul></div>"
    )
    md = markdown(page(toc).replace(" id='supplies'", "").replace(" id='sanding'", ""))
    assert "TOC_TITLE" not in md and "#tab" not in md
    assert md.count("Supplies") == 1 and "SUPPLIES_TEXT" in md and "FINISH_TEXT" in md


def test_a_contents_link_may_say_the_start_of_a_long_heading() -> None:
    headings = "".join(
        f"<h2>{title} and the tools it takes</h2><p>{PROSE}</p>"
        for title in ("Sanding by hand", "Staining the wood", "Sealing the finish")
    )
    toc = (
        "<ul><li><a href='#a'>Sanding by hand</a></li><li><a href='#b'>Staining the wood</a>"
        "</li><li><a href='#c'>Sealing the finish</a></li></ul>"
    )
    html = f"<html><body><article><h1>Refinishing</h1><p>{PROSE}</p>{toc}{headings}</article>"
    article = LexborHTMLParser(html).css_first("article")
    assert article is not None
    assert [n.tag for n in contents_removals(article, text_len(article))] == ["ul"]


def test_permalink_headings_are_not_a_table_of_contents() -> None:
    # each heading links to itself: the links are the headings, not a list repeating them
    sections = "".join(
        f"<div><h3><a href='#s{i}'>Section {word}</a></h3></div>"
        for i, word in enumerate(("one", "two", "three", "four"))
    )
    html = f"<html><body><article><h1>Notes</h1><p>{PROSE}</p><div>{sections}</div></article>"
    article = LexborHTMLParser(html).css_first("article")
    assert article is not None
    assert contents_removals(article, text_len(article)) == []


def test_linear_on_many_links_and_long_headings() -> None:
    heading = (
        "<h2>" + "word " * 5000 + "</h2>" + "".join(f"<h3>part {i} x</h3>" for i in range(3000))
    )
    links = "<ul>" + "<li><a href='#x'>part 1 x</a></li>" * 5000 + "</ul>"
    html = f"<html><body><article><p>{PROSE * 40}</p>{links}{heading}</article></body></html>"
    article = LexborHTMLParser(html).css_first("article")
    assert article is not None
    start = time.process_time()  # CPU, not wall time: CI machines are shared
    contents_removals(article, text_len(article))
    assert time.process_time() - start < 5

"""onlyMainContent on wiki pages: the sections stay, the editing chrome goes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import html_markdown
from webdata.content.dom import measuring
from webdata.content.wiki_chrome import _RETRIEVED, _TAGLINE, print_footer_removals

URL = "https://wiki.example.org/wiki/List_of_languages"


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def section(letter: str) -> str:
    items = "".join(
        f"<li><a href='/wiki/{letter}{i}'>{letter}-language {i}</a></li>" for i in range(6)
    )
    return (
        f"<div class='mw-heading'><h2 id='{letter}'>{letter}</h2><span class='mw-editsection'>"
        f"<span>[</span><a href='/w/index.php?action=edit&section={letter}'>edit</a>"
        f"<span>]</span></span></div><ul>{items}</ul>"
    )


def test_edit_links_and_the_category_box_go() -> None:
    body = (
        "<h1>List of languages</h1><p>This is an alphabetical list of programming languages"
        " that have been described in the literature.</p>"
        + "".join(section(c) for c in "ABCD")
        + "<div id='catlinks'><div><a href='/wiki/Help:Category'>Categories</a>: <ul>"
        "<li><a href='/wiki/Category:Lists'>Lists of programming languages</a></li>"
        "<li><a href='/wiki/Category:Programming'>Computer programming</a></li></ul></div></div>"
    )
    md = markdown(f"<html><body><main>{body}</main></body></html>")
    assert "C-language 4" in md
    assert "[edit]" not in md
    assert "edit" not in md.replace("action=edit", "")
    assert "Computer programming" not in md


def test_a_sentence_about_categories_stays() -> None:
    body = (
        "<h1>Taxonomy</h1><p>Categories: the shop sorts its range into many of them, and this"
        " page explains how the sorting works in detail for each season.</p>"
    )
    assert "the shop sorts its range" in markdown(f"<html><body><main>{body}</main></body></html>")


def test_jump_links_go() -> None:
    body = (
        "<a class='mw-jump-link' href='#column-one'>Jump to navigation</a>"
        "<a class='mw-jump-link' href='#searchInput'>Jump to: search</a>"
        "<h1>Performance Optimization</h1><p>How to find the slow queries of a database, what"
        " to log and which settings to tune first, with links to the longer guides.</p>"
        "<p>You can jump to the <a href='#tools'>list of tools</a> at the end.</p>"
    )
    md = markdown(f"<html><body><main>{body}</main></body></html>")
    assert "Jump to" not in md and "navigation" not in md
    assert "the slow queries" in md and "list of tools" in md


PERMALINK = "https://wiki.example.org/index.php?title=Tuning&amp;oldid=4242"
TUNING = (
    "<h1 class='x1'>Tuning</h1><div class='x2'>From Example Wiki</div>"
    + "<p class='x3'>Raise the shared buffers to a quarter of the memory, then measure again "
    "before changing anything else on the server.</p>" * 4
)
FOOTER = f"<div class='x4'>Retrieved from \"<a dir='ltr' href='{PERMALINK}'>{PERMALINK}</a>\"</div>"


def test_print_footer_and_tagline_go_in_any_markup() -> None:
    md = markdown(f"<html><body><main>{TUNING}{FOOTER}</main></body></html>")
    assert "Raise the shared buffers" in md
    assert "Retrieved from" not in md and "oldid" not in md
    assert "From Example Wiki" not in md


def test_tagline_stays_without_a_print_footer() -> None:
    md = markdown(f"<html><body><main>{TUNING}</main></body></html>")
    assert "From Example Wiki" in md


def test_a_cited_retrieval_stays() -> None:
    cite = (
        "<p>Smith, J. (2020). Tuning databases. Retrieved from "
        "<a href='https://example.org/tuning'>https://example.org/tuning</a></p>"
    )
    md = markdown(f"<html><body><main>{TUNING}{cite}</main></body></html>")
    assert "Retrieved from" in md and "From Example Wiki" in md


def test_print_footer_regexes_on_hostile_input() -> None:
    start = time.perf_counter()
    _RETRIEVED.match("retrieved from " + '"' * 100_000 + "x y")
    _RETRIEVED.match("retrieved from " + "a" * 100_000 + " ")
    _TAGLINE.match("from " + "a " * 50_000 + "!")
    _TAGLINE.match("from " + "a-" * 50_000 + "!")
    assert time.perf_counter() - start < 0.2


def test_print_footer_linear_on_big_pages() -> None:
    html = f"<html><body><main>{TUNING * 2000}{FOOTER}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        found = print_footer_removals(body)
    assert len(found) == 2
    assert time.perf_counter() - start < 1

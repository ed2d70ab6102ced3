"""Documentation pages are marked from what docs sites share (a docs generator, an APIReference,
a docs address with code blocks, pager links or a tree of sibling pages); on them a block of
links inside the text (the module's functions, its subpages) stays, while a table of contents
and the manual's previous / next links still go, and such a block goes on other pages."""

from __future__ import annotations

import json
import re
import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.boilerplate import _PAGER_WORDS
from webdata.content.docs_pages import _FURNITURE, _GENERATORS, DOCS_MARK, mark_docs_page

DOCS_URL = "https://example.org/docs/widgets/frobnicate"
BLOG_URL = "https://example.org/blog/my-widgets"
PROSE = (
    "<p>PROSE_ONE The frobnicate call takes a widget and returns it turned inside out, keeping "
    "its handles and its labels; it never blocks and it may be called from any thread.</p>"
    "<p>PROSE_TWO A widget already frobnicated is returned as it is, and a widget that cannot "
    "be turned raises an error naming the handle that held it in place.</p>"
)
FUNCTIONS = (
    "<h2>Functions</h2><ul>"
    + "".join(
        f"<li><a href='/docs/widgets/{n}'>FUNC_{n}()</a></li>" for n in ("spin", "fold", "twist")
    )
    + "</ul>"
)
CODE = "<pre><code>frobnicate(w)</code></pre><pre><code>frobnicate(w, deep=True)</code></pre>"


def marked(html: str, url: str = DOCS_URL) -> bool:
    tree = LexborHTMLParser(html)
    mark_docs_page(tree, {}, url)
    return tree.root is not None and DOCS_MARK in tree.root.attrs


def test_a_docs_generator_marks_the_page() -> None:
    head = "<head><meta name='generator' content='Sphinx 7.2.6'></head>"
    assert marked(f"<html>{head}<body><p>x</p></body></html>", BLOG_URL)
    head = "<head><meta name='generator' content='WordPress 6.5'></head>"
    assert not marked(f"<html>{head}<body><p>x</p></body></html>", BLOG_URL)


def test_a_docs_address_with_code_blocks_or_a_sibling_tree_marks_the_page() -> None:
    assert marked(f"<html><body><main>{CODE}</main></body></html>")
    tree = "".join(f"<a href='/docs/widgets/page{i}'>Page {i}</a>" for i in range(12))
    assert marked(f"<html><body><nav>{tree}</nav><main><p>x</p></main></body></html>")
    assert marked(f"<html><body><main>{CODE}</main></body></html>", "https://docs.example.org/x")


def test_the_sibling_tree_is_matched_whatever_the_case_of_its_folder() -> None:
    tree = "".join(f"<a href='/en-GB/docs/widgets/p{i}'>Page {i}</a>" for i in range(12))
    html = f"<html><body><nav>{tree}</nav><main><p>x</p></main></body></html>"
    assert marked(html, "https://example.org/en-GB/docs/widgets/frobnicate")


def test_no_mark_without_a_docs_address_or_without_furniture() -> None:
    assert not marked(f"<html><body><main>{CODE}</main></body></html>", BLOG_URL)
    assert not marked("<html><body><main><p>x</p></main></body></html>")
    tree = "".join(f"<a href='/shop/item{i}'>Item {i}</a>" for i in range(12))
    assert not marked(f"<html><body><nav>{tree}</nav><main><p>x</p></main></body></html>")


def test_body_furniture_marks_a_docs_address_without_its_head() -> None:
    edit = "<a href='https://git.example.org/widgets/edit'>Edit this page</a>"
    assert marked(f"<html><body><main><p>x</p>{edit}</main></body></html>")
    contents = "<aside><h2>On this page</h2><a href='#a'>A</a></aside>"
    assert marked(f"<html><body>{contents}<main><p>x</p></main></body></html>")
    edit = "<a href='/widgets/edit'>Edit your widget</a>"
    assert not marked(f"<html><body><main><p>x</p>{edit}</main></body></html>")


def test_body_furniture_marks_only_at_a_docs_address() -> None:
    contents = "<aside><h2>In this article</h2><a href='#a'>A</a></aside>"
    vote = "<div><h3>Was this page helpful?</h3><button>Yes</button><button>No</button></div>"
    html = f"<html><body>{contents}<main><p>x</p>{vote}</main></body></html>"
    assert marked(html, "https://learn.example.org/en-gb/widgets/overview")
    assert not marked(html, BLOG_URL)
    vote = "<div><h3>Was this article helpful?</h3><button>Yes</button></div>"
    assert not marked(f"<html><body><main><p>x</p>{vote}</main></body></html>")


def test_many_code_blocks_and_a_sibling_tree_mark_a_page_at_any_address() -> None:
    url = "https://example.org/wiki/Widgets"
    tree = "".join(f"<a href='/wiki/Page_{i}'>Page {i}</a>" for i in range(12))
    many = "<pre><code>frobnicate(w)</code></pre>" * 10
    assert marked(f"<html><body><nav>{tree}</nav><main>{many}</main></body></html>", url)
    assert not marked(f"<html><body><nav>{tree}</nav><main>{CODE * 2}</main></body></html>", url)
    assert not marked(f"<html><body><main>{many}</main></body></html>", url)


def test_an_api_reference_in_json_ld_marks_the_page() -> None:
    ld = json.dumps({"@context": "https://schema.org", "@type": "APIReference", "name": "x"})
    head = f"<script type='application/ld+json'>{ld}</script>"
    body = f"<main><h1>Frobnicate</h1>{PROSE}{FUNCTIONS}{PROSE}</main>"
    assert "FUNC_fold" in page_markdown(body, BLOG_URL, head=head)
    assert "FUNC_fold" not in page_markdown(body, BLOG_URL)


def test_a_link_list_in_the_text_stays_on_a_docs_page_only() -> None:
    body = f"<main><h1>Frobnicate</h1>{PROSE}{CODE}{FUNCTIONS}{PROSE}</main>"
    assert "FUNC_fold" in page_markdown(body, DOCS_URL)
    assert "FUNC_fold" not in page_markdown(body, BLOG_URL)


def test_the_pager_and_the_toc_still_go_on_a_docs_page() -> None:
    pager = (
        "<ul><li>Previous: <a href='/docs/widgets/spin'>PAGER_Spinning widgets</a></li>"
        "<li>Next: <a href='/docs/widgets/fold'>PAGER_Folding widgets</a></li></ul>"
    )
    toc = "<ul>" + "".join(f"<li><a href='#s{i}'>JUMP_{i} section</a></li>" for i in range(3))
    body = f"<main><h1>Frobnicate</h1>{pager}{toc}</ul>{PROSE}{CODE}{FUNCTIONS}{PROSE}</main>"
    md = page_markdown(body, DOCS_URL)
    assert "FUNC_fold" in md
    assert "PAGER_" not in md and "JUMP_1" not in md


def test_linear_time_on_a_large_docs_page() -> None:
    tree = "".join(f"<a href='/docs/widgets/page{i}'>Page {i}</a>" for i in range(3000))
    sections = "".join(f"<h2>Part {i}</h2>{PROSE}{CODE}{FUNCTIONS}" for i in range(300))
    furniture = "<p>Edit this page</p><h2>On this page</h2>" * 1000
    html = f"<nav>{tree}</nav><main><h1>Frobnicate</h1>{sections}{furniture}</main>"
    start = time.process_time()
    md = page_markdown(html, DOCS_URL)
    assert time.process_time() - start < 2.0
    assert "FUNC_fold" in md


def test_the_patterns_do_not_backtrack() -> None:
    for pattern, hostile in (
        (_GENERATORS, "sphin" * 20000 + "x"),
        (_PAGER_WORDS, "previous " * 20000 + "x"),
        *((rx, "edit this page on git" * 5000 + "x") for rx in _FURNITURE),
        *((rx, "did this page help " * 5000) for rx in _FURNITURE),
    ):
        start = time.process_time()
        assert isinstance(pattern, re.Pattern)
        pattern.search(hostile)
        assert time.process_time() - start < 0.5

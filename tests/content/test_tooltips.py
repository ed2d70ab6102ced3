"""Tooltips (role=tooltip, a <tool-tip> custom element on a product page) go."""

from __future__ import annotations

import time

import pytest
from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.tooltips import tooltip_removals

URL = "https://shop.example.com/products/open-back-headphones"
HEAD = '<meta property="og:type" content="product">'
TEXT = "Open-back planar magnetic headphones with a wide soundstage and low distortion. " * 4
TIP = "Open-back designs are often higher-performance but have poor noise isolation."


def test_custom_tooltip_removed_on_product_page() -> None:
    body = (
        f"<main><h1>Open-back headphones</h1><p>{TEXT}</p>"
        f"<h4 class='x1'>Cup style <tool-tip class='x2'><span>More information</span>"
        f"<div class='x3'>{TIP}</div></tool-tip></h4><p>Open-Back</p></main>"
    )
    md = page_markdown(body, URL, head=HEAD)
    assert "poor noise isolation" not in md and "More information" not in md
    assert "Cup style" in md and "planar magnetic" in md


def test_role_tooltip_removed() -> None:
    body = (
        f"<main><h1>Guide</h1><p>{TEXT}</p><p class='x1'>Theme "
        "<span role='tooltip'>Change the appearance settings of this page</span></p>"
        f"<p>{TEXT}</p></main>"
    )
    md = page_markdown(body, "https://example.com/guide")
    assert "appearance settings" not in md


def test_long_tooltip_kept() -> None:
    body = f"<main><h1>Guide</h1><p>{TEXT}</p><div role='tooltip'>{TEXT * 3}</div></main>"
    md = page_markdown(body, "https://example.com/guide")
    assert md.count("planar magnetic") > 4


def test_linear_on_big_pages() -> None:
    tips = f"<p>Spec <tool-tip><span>More information</span>{TIP}</tool-tip></p>" * 4000
    html = f"<html {PRODUCT_MARK}=''><body><main><h1>Phones</h1>{tips}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    assert len(tooltip_removals(body)) == 4000
    assert time.perf_counter() - start < 1


ARTICLE_URL = "https://blog.example.com/seo-trends"
PROSE = "Short answers rose in every market we measured this year, and so did questions. " * 4


def test_a_glossary_bubble_beside_its_term_goes() -> None:
    body = (
        f"<main><h1>SEO trends</h1><p>{PROSE}</p><p>Video results grew fastest of any "
        '<span class="term"><dfn aria-labelledby="tip-1">search engine</dfn>'
        '<span class="bubble" id="tip-1"><strong>Search Engine</strong><br>GLOSSARY_TEXT A '
        "search engine is a website through which users search.</span></span> result type."
        "</p></main>"
    )
    md = page_markdown(body, ARTICLE_URL)
    assert "GLOSSARY_TEXT" not in md
    assert "fastest of any *search engine* result type" in md


def test_a_section_a_term_names_far_away_stays() -> None:
    body = (
        f"<main><h1>SEO trends</h1><p>We define a <dfn aria-describedby='def-1'>snippet</dfn>"
        f" below.</p><p>{PROSE}</p><div><div><p id='def-1'>DEFINITION_TEXT A snippet is the"
        " short text shown under a result.</p></div></div></main>"
    )
    md = page_markdown(body, ARTICLE_URL)
    assert "DEFINITION_TEXT" in md


@pytest.mark.parametrize(
    "term",
    [
        pytest.param(
            "<p>A <dfn aria-labelledby='t{i}'>term</dfn><span id='t{i}'>Its meaning.</span></p>",
            id="bubbles-named-by-id",
        ),
        pytest.param(
            "<p>A <dfn aria-labelledby='x{i}'>term</dfn><span>Term: its meaning.</span></p>",
            id="dangling-terms",
        ),
    ],
)
def test_glossary_bubbles_linear_in_page_size(term: str) -> None:
    html = "<main>" + "".join(term.format(i=i) for i in range(5000)) + "</main>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.process_time()
    assert len(tooltip_removals(body)) == 5000
    assert time.process_time() - start < 2


def test_a_glossary_bubble_its_term_names_by_a_missing_id_goes_when_it_repeats_the_term() -> None:
    body = (
        f"<main><h1>SEO trends</h1><p>{PROSE}</p><p>Video results grew fastest of any "
        '<span><dfn aria-labelledby="tip-1">search engine</dfn>'
        '<span id="h9f2c"><strong>Search Engine</strong><br>GLOSSARY_TEXT A '
        "search engine is a website through which users search.</span></span> result type."
        '</p><p>Then <dfn aria-labelledby="tip-2">reach</dfn> <span>KEPT_TEXT grew too.</span>'
        "</p></main>"
    )
    md = page_markdown(body, ARTICLE_URL)
    assert "GLOSSARY_TEXT" not in md
    assert "fastest of any *search engine* result type" in md
    assert "KEPT_TEXT" in md  # (the next element does not repeat the term: no bubble)

"""A page landmark (header, footer, nav, aside) holding the page's headline and most of its
text is its content, not chrome: it stays, while the chrome inside it and a site header
beside the headline still go."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring, text_len
from webdata.content.landmark_content import keep_landmark_content

URL = "https://news.example.com/stories/benchmark"
TEXT = "The new method explains how a model reaches each answer, layer by layer. " * 12
MENU = '<nav><a href="/">Home</a> <a href="/stories">Stories</a> <a href="/about">About</a></nav>'


def test_header_holding_the_article_kept() -> None:
    html = (
        f'<div class="page"><header class="top">{MENU}<h1>A benchmark-leading method</h1>'
        f"<p>{TEXT}</p></header><footer><p>Copyright 2025 Example Inc.</p></footer></div>"
    )
    md = page_markdown(html, URL)
    assert "A benchmark-leading method" in md and "layer by layer" in md
    assert "Stories" not in md and "Copyright" not in md


def test_site_header_still_removed() -> None:
    html = (
        f'<div class="page"><header class="top"><a href="/">Example News</a>{MENU}</header>'
        f"<h1>A benchmark-leading method</h1><p>{TEXT}</p></div>"
    )
    md = page_markdown(html, URL)
    assert "layer by layer" in md and "Example News" not in md


def _kept(html: str, selector: str) -> bool:
    body = LexborHTMLParser(html).body
    assert body is not None
    node = body.css_first(selector)
    assert node is not None
    with measuring():
        return keep_landmark_content(body, text_len(body), [node]) == []


def test_needs_headline_and_most_text_not_links() -> None:
    assert _kept(f"<body><footer><h1>T</h1><p>{TEXT}</p></footer><p>x</p></body>", "footer")
    assert not _kept(f"<body><footer><p>{TEXT}</p></footer><p>x</p></body>", "footer")
    assert not _kept(f"<body><footer><h1>T</h1></footer><p>{TEXT}</p></body>", "footer")
    links = f'<a href="/a">{TEXT}</a>'
    assert not _kept(f"<body><footer><h1>T</h1>{links}</footer></body>", "footer")
    dialog = f'<div role="dialog"><h1>T</h1><p>{TEXT}</p></div>'
    assert not _kept(f"<body>{dialog}</body>", "[role=dialog]")


def test_linear_on_big_pages() -> None:
    item = f"<aside><p>{TEXT}</p></aside>"
    html = f"<html><body><h1>T</h1>{item * 4000}</body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        found = body.css("aside")
        assert len(keep_landmark_content(body, text_len(body), found)) == 4000
    assert time.perf_counter() - start < 1

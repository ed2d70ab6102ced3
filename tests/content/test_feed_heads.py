"""The first teasers of an archive, in a section of their own under a "Latest news" heading
right below the page's headline, stay when more of the same teasers follow; a grid of
look-alike teasers closing an article still goes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring, text_len
from webdata.content.feed_heads import keep_feed_heads

URL = "https://news.example.com/topic/headphones"
BLURB = "A short summary of the story, long enough to read as a teaser of its own page here."
TEXT = "The new method explains how a model reaches each answer, layer by layer. " * 12


def _teaser(n: int) -> str:
    return (
        f'<article class="river-item"><a href="/s/{n}"><img src="/i/{n}.jpg" alt=""></a>'
        f'<h2><a href="/s/{n}">Story number {n} about new headphones</a></h2>'
        f"<p>{BLURB}</p></article>"
    )


def _archive(first: str) -> str:
    head = "".join(_teaser(n) for n in range(1, 4))
    rest = "".join(_teaser(n) for n in range(4, 12))
    return (
        f'<main><div class="col"><h1>Headphones</h1>'
        f'<section class="col-main"><div class="block-header"><h2>{first}</h2></div>'
        f"{head}</section></div>"
        f'<div class="col"><section class="col-main">{rest}</section></div></main>'
    )


def test_first_section_of_the_feed_kept() -> None:
    md = page_markdown(_archive("Latest News"), URL)
    for n in (1, 2, 3, 4, 11):
        assert f"Story number {n} about" in md


def test_related_grid_after_an_article_still_goes() -> None:
    grid = "".join(_teaser(n) for n in range(1, 4))
    html = (
        f"<main><article><h1>A new method</h1><p>{TEXT}</p></article>"
        f'<section class="more"><h2>Latest News</h2>{grid}</section></main>'
    )
    md = page_markdown(html, URL)
    assert "layer by layer" in md and "Story number 1" not in md


def _kept(html: str, selector: str, more: str = "") -> bool:
    body = LexborHTMLParser(html).body
    assert body is not None
    node = body.css_first(selector)
    assert node is not None
    found = [node, *(body.css(more) if more else [])]
    with measuring():
        return node.mem_id not in {n.mem_id for n in keep_feed_heads(body, text_len(body), found)}


def test_needs_look_alikes_that_follow_and_stay() -> None:
    head = f'<section id="head">{"".join(_teaser(n) for n in range(1, 4))}</section>'
    rest = "".join(_teaser(n) for n in range(4, 12))
    assert _kept(f"<h1>Headphones</h1>{head}<div>{rest}</div>", "#head")
    # the look-alikes come before it, not after
    assert not _kept(f"<h1>Headphones</h1><div>{rest}</div>{head}", "#head")
    # the look-alikes that follow are removed too
    assert not _kept(f"<h1>Headphones</h1>{head}<div id='rest'>{rest}</div>", "#head", "#rest")
    # fewer follow than it holds
    few = "".join(_teaser(n) for n in range(4, 6))
    big = f'<section id="head">{"".join(_teaser(n) for n in range(1, 7))}</section>'
    assert not _kept(f"<h1>Headphones</h1>{big}<div>{few}<p>{TEXT}</p></div>", "#head")
    # not right under the headline
    assert not _kept(f"<h1>Headphones</h1><p>{TEXT}</p>{head}<div>{rest}</div>", "#head")


def test_linear_on_big_pages() -> None:
    head = f'<section id="head">{"".join(_teaser(n) for n in range(1, 4))}</section>'
    boxes = "".join(f'<div class="box"><p>{BLURB}</p></div>' for _ in range(3000))
    rest = "".join(_teaser(n) for n in range(4, 3000))
    html = f"<html><body><h1>T</h1>{head}{boxes}<div>{rest}</div></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.process_time()
    with measuring():
        found = [body.css_first("#head"), *body.css("div.box")]
        kept = keep_feed_heads(body, text_len(body), [n for n in found if n is not None])
        assert len(kept) == 3000
    assert time.process_time() - start < 2

"""A product page's list of legal notes (caveats, trademarks, test conditions) goes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.fine_print import fine_print_removals

URL = "https://shop.example.com/smartphones/galaxy-phone"
HEAD = '<meta property="og:type" content="product">'
TEXT = "A titanium phone with a bright display, a long-lasting battery and a fast camera. " * 4
NOTES = (
    "Results may vary depending on shooting conditions and moving subjects.",
    "Earbuds and watch sold separately.",
    "Gemini is a trademark of Google LLC.",
    "Compared to previous models.",
    "Color availability may vary by country or carrier.",
)
FEATURES = ("Titanium frame", "Bright display", "Long-lasting battery", "Fast camera")


def _body(notes: tuple[str, ...]) -> str:
    items = "".join(f"<li><span>{n}</span></li>" for n in notes)
    return f"<main><h1>Galaxy phone</h1><p>{TEXT}</p><ol class='x1'>{items}</ol></main>"


def test_legal_notes_removed() -> None:
    md = page_markdown(_body(NOTES), URL, head=HEAD)
    assert "trademark of Google" not in md and "sold separately" not in md
    assert "titanium phone" in md


def test_feature_list_kept() -> None:
    md = page_markdown(_body(FEATURES), URL, head=HEAD)
    assert "Long-lasting battery" in md


def test_notes_kept_off_product_pages() -> None:
    md = page_markdown(_body(NOTES), "https://example.com/blog/phones")
    assert "trademark of Google" in md


def test_linear_on_big_pages() -> None:
    items = "".join(f"<li>{NOTES[i % len(NOTES)]} {i}</li>" for i in range(4000))
    main = f"<main><h1>Phone</h1><ol>{items}</ol></main>"
    html = f"<html {PRODUCT_MARK}=''><body>{main}</body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    fine_print_removals(body)
    assert time.perf_counter() - start < 1

"""A product's size chart (a "Size guide" block holding a table of measurements) stays on
product pages although the shop rules remove "Size guide" blocks; a guide without a table
still goes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.dom import measuring
from webdata.content.size_charts import _LABEL, keep_size_charts

URL = "https://shop.example.com/products/percale-sheets"
HEAD = '<meta property="og:type" content="product">'
TEXT = "Crisp, cool percale woven from long-staple cotton, washed for a soft matte finish. " * 10
ROWS = "".join(
    f"<tr><td>{size}</td><td>{w}x90</td><td>{w - 25}x75x16</td></tr>"
    for size, w in (("Twin", 64), ("Full", 90), ("Queen", 92), ("King", 106))
)
CHART = (
    "<section><h2>Size Guide</h2><p>Fitted sheets fit mattresses up to 16 inches deep.</p>"
    f"<table><tr><th></th><th>Duvet cover</th><th>Fitted sheet</th></tr>{ROWS}</table></section>"
)
GUIDE = "<section><h2>Size Guide</h2><p>Not sure? Read our guide to every bed size.</p></section>"


def test_size_chart_kept() -> None:
    md = page_markdown(f"<main><h1>Percale Sheets</h1><p>{TEXT}</p>{CHART}</main>", URL, head=HEAD)
    assert "64x90" in md and "Fitted sheets fit mattresses" in md


def test_the_controls_of_a_kept_chart_go() -> None:
    controls = (
        "<div class='toggle'><button>In</button><button>Toggle</button><button>CM</button></div>"
        "<p>Questions? <a href='/pages/contact'>Chat with an expert.</a></p>"
    )
    chart = CHART.replace("</table>", f"</table>{controls}")
    md = page_markdown(f"<main><h1>Percale Sheets</h1><p>{TEXT}</p>{chart}</main>", URL, head=HEAD)
    assert "64x90" in md and "Fitted sheets fit mattresses" in md
    assert "Toggle" not in md and "Chat with an expert" not in md


def test_guide_without_chart_removed() -> None:
    md = page_markdown(f"<main><h1>Percale Sheets</h1><p>{TEXT}</p>{GUIDE}</main>", URL, head=HEAD)
    assert "every bed size" not in md


def _kept(html: str) -> bool:
    body = LexborHTMLParser(html).body
    assert body is not None
    block = body.css_first("section")
    assert block is not None
    with measuring():
        return keep_size_charts(body, [block]) == []


def test_only_on_product_pages() -> None:
    assert not _kept(f"<html><body>{CHART}</body></html>")
    assert _kept(f"<html {PRODUCT_MARK}=''><body>{CHART}</body></html>")


def test_regex_on_hostile_input() -> None:
    start = time.perf_counter()
    _LABEL.match("size " * 20000 + "!")
    _LABEL.match("-" * 100_000 + "x")
    assert time.perf_counter() - start < 0.1


def test_linear_on_big_pages() -> None:
    html = f"<html {PRODUCT_MARK}=''><body><main><h1>S</h1>{CHART * 4000}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        assert keep_size_charts(body, body.css("section")) == []
    assert time.perf_counter() - start < 1

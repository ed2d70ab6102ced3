"""A product page's table of supported languages (a row per language, check marks per kind
of support) goes with its caption; other tables, and the same table off product pages, stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.dom import measuring
from webdata.content.language_tables import _MARKS, _WORD, language_table_removals

URL = "https://store.example.com/app/skyward-racers"
HEAD = '<meta property="og:type" content="product">'
TEXT = "Race gliders through storm fronts and canyons, and build your own tracks to share. " * 4
ROWS = [
    ("English", "\u2714", "\u2714", "\u2714"),
    ("French", "\u2714", "", "\u2714"),
    ("Spanish - Spain", "\u2714", "\u2714", ""),
    ("Simplified Chinese", "\u2714", "", "\u2714"),
    ("Portuguese - Brazil", "\u2714", "", "\u2714"),
]


def _table(rows: list[tuple[str, str, str, str]]) -> str:
    body = "".join(
        "<tr>" + "".join(f"<td><span>{cell}</span></td>" for cell in row) + "</tr>" for row in rows
    )
    return (
        "<div class='z1'><b>Languages:</b><table><tr><th></th><th>Interface</th>"
        f"<th>Full Audio</th><th>Subtitles</th></tr>{body}</table>"
        "<a href='#all'>See all 5 supported languages</a></div>"
    )


def test_language_table_removed() -> None:
    body = f"<main><h1>Skyward Racers</h1><p>{TEXT}</p>{_table(ROWS)}</main>"
    md = page_markdown(body, URL, head=HEAD)
    assert "storm fronts" in md
    assert "Full Audio" not in md and "Portuguese" not in md and "Languages" not in md


def test_table_of_other_things_kept() -> None:
    rows = [(f"Model {n}", "\u2714", "", "\u2714") for n in range(5)]
    body = f"<main><h1>Skyward Racers</h1><p>{TEXT}</p>{_table(rows)}</main>"
    md = page_markdown(body, URL, head=HEAD)
    assert "Model 3" in md


def _removed(html: str) -> int:
    body = LexborHTMLParser(html).body
    assert body is not None
    with measuring():
        return len(language_table_removals(body))


def test_only_on_product_pages() -> None:
    main = f"<main><h1>Skyward Racers</h1><p>{TEXT}</p>{_table(ROWS)}</main>"
    assert _removed(f"<html><body>{main}</body></html>") == 0
    assert _removed(f"<html {PRODUCT_MARK}=''><body>{main}</body></html>") == 1


def test_regexes_on_hostile_input() -> None:
    junk = ("\u2714 x - " * 20000)[:100_000] + "a"
    start = time.perf_counter()
    _MARKS.match(junk)
    _WORD.findall(junk)
    assert time.perf_counter() - start < 0.1


def test_linear_on_big_pages() -> None:
    # the smallest table that goes, 4000 times (a language and one cell of marks per row)
    rows = "".join(f"<tr><td>{lang}</td><td>\u2714</td></tr>" for lang in ("English", "French"))
    tables = f"<table>{rows * 2}</table>" * 4000
    html = f"<html {PRODUCT_MARK}=''><body><main><h1>S</h1>{tables}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        assert len(language_table_removals(body)) == 4000
    assert time.perf_counter() - start < 1

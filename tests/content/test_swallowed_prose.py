"""A related-links box left unclosed swallows the article's paragraphs after it: the box goes,
its paragraphs stay."""

from __future__ import annotations

import time

from tests.content.pages import page_markdown

URL = "https://example.com/guides/bikes"
LEAD = (
    "Chains wear faster than most riders think, and a worn chain wears the cassette with it. "
    "Checking it every few weeks with a simple gauge costs nothing and saves a lot later. "
) * 8
PARAGRAPHS = [
    "Brake pads: replace them when the groove is gone; worn pads score the rim or the rotor "
    "and turn a cheap fix into an expensive one, so a monthly look is well worth it.",
    "Tyres: pressure drops a little every week, and a soft tyre pinches on the first pothole; "
    "a floor pump with a gauge is the one tool every household with bikes should own.",
    "Cables: a frayed end or a sticky lever means the cable should be changed before it "
    "snaps, which always happens far from home and usually in the rain, never in the garage.",
]


def _page(paragraphs: list[str]) -> str:
    links = "".join(
        f"<div class='rel-link'><a href='/g/{n}'>Guide number {n}</a></div>" for n in range(4)
    )
    body = "".join(f"<p>{text}</p>" for text in paragraphs)
    return (
        f"<html><body><main><h1>Keeping a bike running</h1><p>{LEAD}</p>"
        f"<div class='related-articles-wrapper'><div class='related-links'>"
        f"<div>More on bikes</div>{links}</div><div class='text'>{body}</div></div>"
        f"</main></body></html>"
    )


def test_paragraphs_swallowed_by_a_related_box_stay() -> None:
    md = page_markdown(_page(PARAGRAPHS), URL)
    for text in PARAGRAPHS:
        assert text[:40] in md
    assert "Guide number 2" not in md  # the box itself still goes
    assert "More on bikes" not in md


def test_a_related_box_with_one_paragraph_still_goes() -> None:
    md = page_markdown(_page(PARAGRAPHS[:1]), URL)
    assert PARAGRAPHS[0][:40] not in md
    assert "Guide number 2" not in md


def test_linear_in_paragraph_count() -> None:
    from selectolax.lexbor import LexborHTMLParser

    from webdata.content.dom import text_len
    from webdata.content.main_content import _swallowed_prose

    runs = "".join(f"<div><p>{text}</p><p>{text}</p></div>" for text in PARAGRAPHS * 5000)
    box = LexborHTMLParser(f"<div class='related'>{runs}</div>").css_first("div.related")
    assert box is not None
    started = time.process_time()
    assert not _swallowed_prose(box, text_len(box))  # many runs of two: cards, not prose
    assert time.process_time() - started < 2.0

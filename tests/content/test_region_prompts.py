"""Region prompts under meaningless class names go with their list of places; a sentence of
the text that mentions the reader's country stays."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://shop.example.com/products/staple-tee"
PROSE = (
    "The staple tee is cut from a mid-weight combed cotton that holds its shape wash after "
    "wash, with a ribbed neck and a straight hem that sits at the hip. "
)
PROMPT = (
    "<div class='x81 fixed'><div class='p0'><h3 class='t1'>Region Check.</h3>"
    "<p class='t2'>Please confirm your country or region to ensure you're browsing the "
    "correct site.</p><ul class='u3'><li><a href='/us'>United States/Canada</a></li>"
    "<li><a href='/uk'>United Kingdom</a></li><li><a href='/eu'>Mainland Europe</a></li>"
    "<li><a href='/au'>Australia</a></li></ul></div></div>"
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<div class='r0'><h1>Staple tee</h1><p>{PROSE * 5}</p><p>{PROSE * 4}</p></div>{extra}",
        URL,
    )


def test_region_prompt_goes() -> None:
    md = _page(PROMPT)
    assert "Region Check" not in md and "confirm your country" not in md
    assert "Mainland Europe" not in md and "staple tee is cut" in md


def test_sentence_about_the_readers_country_stays() -> None:
    md = _page(
        "<p>Shipping times depend on your country: orders to Europe take about a week, "
        "and you can change your region at checkout if you move.</p>"
    )
    assert "change your region at checkout" in md

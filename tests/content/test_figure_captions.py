"""On an article, a picture's caption goes and the picture stays; a figcaption outside a
picture's figure (a quote's attribution) and captions on other pages stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://news.example.com/2025/history-of-coffee"
ARTICLE_HEAD = "<meta property='og:type' content='article'>"
PROSE = (
    "Coffee spread from the Ethiopian highlands to Yemen, where Sufi monasteries brewed it to "
    "stay awake through night prayers, and from there to Mecca and Constantinople. "
)
BODY = (
    f"<main><h1>History of coffee</h1><p>{PROSE * 3}</p>"
    "<figure><img src='/i/beans.jpg' alt=''><figcaption>Coffee beans after roasting."
    "</figcaption></figure>"
    "<div class='quote'><blockquote>Coffee is a language in itself.</blockquote>"
    "<figcaption>Jackie Chan, actor</figcaption></div>"
    f"<p>{PROSE}</p></main>"
)


def test_picture_caption_of_an_article_goes() -> None:
    md = page_markdown(BODY, URL, head=ARTICLE_HEAD)
    assert "after roasting" not in md and "/i/beans.jpg" in md
    assert "Jackie Chan, actor" in md


def test_captions_off_articles_stay() -> None:
    md = page_markdown(BODY, URL)
    assert "Coffee beans after roasting." in md

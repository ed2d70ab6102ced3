"""onlyMainContent: page chrome goes, the main block stays, never an empty result."""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from webdata.content.dom import text_len
from webdata.content.main_content import WARNING, boilerplate_token, semantic_block
from webdata.content.pipeline import ContentOptions, process_html

URL = "https://example.com/articles/1"
PROSE = (
    "Tomatoes need six hours of sun a day, steady watering and a deep container. "
    "Gardeners who keep a log notice patterns across seasons and learn from them."
)


def markdown(html: str, **options: object) -> str:
    result = process_html(html, URL, ContentOptions(**options))  # type: ignore[arg-type]
    assert result.markdown is not None
    return result.markdown


def page(inner: str) -> str:
    return f"<html><head><title>T</title></head><body>{inner}</body></html>"


ARTICLE_PAGE = page(
    "<a class='skip-link' href='#main'>Skip to content</a>"
    "<header class='site-header'><a href='/'>SITE_HOME</a></header>"
    "<nav><ul><li><a href='/a'>NAV_A</a></li><li><a href='/b'>NAV_B</a></li></ul></nav>"
    "<div class='cookie-banner'>COOKIE_TEXT we use cookies <button>OK</button></div>"
    "<main id='main'><article><header><h1>The Title</h1><p>By Jane</p></header>"
    f"<div class='share-buttons'><a href='https://x.com/share'>SHARE_X</a></div><p>{PROSE}</p>"
    f"<aside class='pullquote'>ASIDE_TEXT</aside><p>{PROSE}</p>"
    "<footer><a href='/notes/garden'>garden</a></footer></article></main>"
    "<aside class='sidebar'><a href='/other'>SIDEBAR_LINK</a></aside>"
    "<div role='dialog' aria-modal='true'>MODAL_TEXT</div>"
    "<ins class='adsbygoogle' data-ad-slot='1'>AD_TEXT</ins>"
    "<footer class='site-footer'>FOOTER_TEXT</footer>"
)


def test_article_page_keeps_only_the_article() -> None:
    md = markdown(ARTICLE_PAGE)
    assert md.startswith("# The Title")
    assert PROSE in md and "By Jane" in md
    for chrome in (
        "SITE_HOME", "NAV_A", "COOKIE_TEXT", "SHARE_X", "ASIDE_TEXT", "SIDEBAR_LINK",
        "MODAL_TEXT", "AD_TEXT", "FOOTER_TEXT", "Skip to content",
    ):  # fmt: skip
        assert chrome not in md, chrome


def test_article_footer_inside_the_article_is_kept() -> None:
    assert "[garden](https://example.com/notes/garden)" in markdown(ARTICLE_PAGE)


def test_only_main_content_false_keeps_everything_but_junk() -> None:
    md = markdown(ARTICLE_PAGE, only_main_content=False)
    for text in ("SITE_HOME", "NAV_A", "COOKIE_TEXT", "FOOTER_TEXT", "The Title", PROSE):
        assert text in md


@pytest.mark.parametrize(
    "chrome",
    [
        "<header>CHROME</header>",
        "<footer>CHROME</footer>",
        "<nav>CHROME</nav>",
        "<aside>CHROME</aside>",
        "<div role='navigation'>CHROME</div>",
        "<div role='banner'>CHROME</div>",
        "<div role='contentinfo'>CHROME</div>",
        "<div role='complementary'>CHROME</div>",
        "<div role='dialog'>CHROME</div>",
        "<div role='alertdialog'>CHROME</div>",
        "<dialog open>CHROME</dialog>",
        "<div class='cookie-consent'>CHROME</div>",
        "<div id='gdpr-notice'>CHROME</div>",
        "<div class='social-share'>CHROME</div>",
        "<div class='shareButtons'>CHROME</div>",
        "<div class='modal'>CHROME</div>",
        "<div class='popup-overlay'>CHROME</div>",
        "<div id='sidebar'>CHROME</div>",
        "<div class='breadcrumbs'>CHROME</div>",
        "<div class='newsletter-signup'>CHROME</div>",
        "<div class='ad-container'>CHROME</div>",
        "<div id='div-gpt-ad-123'>CHROME</div>",
        "<a href='#content'>Skip to main content CHROME</a>",
        "<div class='site-header'>CHROME</div>",
        "<div class='menu'>CHROME</div>",
    ],
)
def test_each_kind_of_chrome_is_removed_from_a_page_without_semantic_tags(chrome: str) -> None:
    md = markdown(page(f"{chrome}<div class='content'><h1>Title</h1><p>{PROSE}</p></div>"))
    assert "CHROME" not in md
    assert PROSE in md


@pytest.mark.parametrize(
    "wrapper",
    [
        "<div class='has-header'>{}</div>",
        "<div id='main-nav-wrapper'>{}</div>",
        "<div class='with-sidebar'>{}</div>",
        "<div class='share-price'>{}</div>",
        "<div class='post-header'>{}</div>",
        "<div class='menu'>{}</div>",  # a menu-named wrapper around the whole page
    ],
)
def test_wrappers_named_like_chrome_are_not_removed(wrapper: str) -> None:
    inner = f"<h1>Title</h1><p>{PROSE}</p><p>{PROSE}</p>"
    md = markdown(page(wrapper.format(inner)))
    assert "# Title" in md and PROSE in md


def test_body_class_does_not_matter() -> None:
    html = f"<html><body class='has-header cookie-page'><p>{PROSE}</p></body></html>"
    assert PROSE in markdown(html)


def test_page_without_semantic_tags_keeps_its_text_block() -> None:
    html = page(
        "<div class='top'><a href='/1'>one</a> <a href='/2'>two</a></div>"
        f"<div class='wrap'><div class='content'><p>{PROSE}</p><p>Second paragraph.</p></div>"
        "<div class='links'><a href='/x'>related link</a></div></div>"
    )
    md = markdown(html)
    assert PROSE in md and "Second paragraph." in md
    assert "related link" not in md and "one" not in md.split()


def test_densest_block_never_drops_the_headline() -> None:
    html = page(
        f"<div class='hero'><h1>Headline</h1></div><div class='body'><p>{PROSE}</p></div>"
        "<div><a href='/x'>a link list</a></div>"
    )
    md = markdown(html)
    assert md.startswith("# Headline") and PROSE in md


def test_headline_just_outside_main_is_kept() -> None:
    html = page(f"<div class='hero'><h1>Headline</h1></div><main><p>{PROSE}</p></main>")
    md = markdown(html)
    assert md.startswith("# Headline") and PROSE in md


def test_role_main_and_article_body_are_main_blocks() -> None:
    html = page(f"<div>OUTSIDE text here</div><div role='main'><h1>T</h1><p>{PROSE}</p></div>")
    assert "OUTSIDE" not in markdown(html)
    html = page(
        f"<div>OUTSIDE text here</div><div itemprop='articleBody'><h1>T</h1><p>{PROSE}</p></div>"
    )
    assert "OUTSIDE" not in markdown(html)


def test_several_articles_are_all_kept() -> None:
    html = page(f"<article><h2>A</h2><p>{PROSE}</p></article><article><h2>B</h2><p>{PROSE}</p>")
    md = markdown(html)
    assert "## A" in md and "## B" in md


def test_tiny_main_with_the_text_elsewhere_is_not_trusted() -> None:
    html = page(f"<main><p>hi</p></main><div><p>{PROSE}</p><p>{PROSE}</p></div>")
    assert PROSE in markdown(html)


def test_page_that_is_only_navigation_falls_back_with_a_warning() -> None:
    html = page("<nav><a href='/a'>Alpha</a> <a href='/b'>Beta</a></nav>")
    result = process_html(html, URL, ContentOptions())
    assert result.markdown == "[Alpha](https://example.com/a) [Beta](https://example.com/b)"
    assert result.warning == WARNING


def test_main_that_is_only_chrome_falls_back_with_a_warning() -> None:
    html = page("<main><nav><a href='/a'>Alpha</a></nav></main>")
    result = process_html(html, URL, ContentOptions())
    assert result.markdown == "[Alpha](https://example.com/a)"
    assert result.warning == WARNING


def test_a_chrome_named_block_holding_all_the_text_is_kept() -> None:
    html = page("<main><div class='cookie-banner'>We use cookies</div></main>")
    result = process_html(html, URL, ContentOptions())
    assert result.markdown == "We use cookies" and result.warning is None


def test_empty_page_gives_empty_markdown_without_warning() -> None:
    result = process_html("<html><body></body></html>", URL, ContentOptions())
    assert result.markdown == "" and result.warning is None


@pytest.mark.parametrize(
    ("token", "chrome"),
    [
        ("cookie-banner", True),
        ("site-header", True),
        ("main-nav", True),
        ("share-buttons", True),
        ("socialLinks", True),
        ("ad", True),
        ("ads-slot", True),
        ("skip-to-content", True),
        ("has-header", False),
        ("share-price", False),
        ("post-header", False),
        ("menu-item", False),
        ("language-python", False),
        ("download", False),
        ("headline", False),
        ("country-selector", True),
        ("currencySwitcher", True),
        ("country", False),
        ("region-name", False),
        ("toc", True),
        ("toc-list", True),
        ("hide-from-toc", False),
        ("no-toc", False),
        ("toc-backref", False),
        ("sidebar-no-toc", True),
    ],
)
def test_boilerplate_tokens(token: str, chrome: bool) -> None:
    assert boilerplate_token(token) is chrome


def test_headings_kept_out_of_the_toc_or_linking_back_to_it_stay() -> None:
    sections = "".join(
        f"<h2 class='hide-from-toc'>Section heading {i}</h2><p>{PROSE}</p>"
        f"<h3><a class='toc-backref' href='#top'>Backref heading {i}</a></h3><p>{PROSE}</p>"
        for i in range(3)
    )
    toc = "".join(f"<li><a href='#s{i}'>Jump {i}</a></li>" for i in range(3))
    md = markdown(page(f"<main><h1>Guide</h1><ul class='toc'>{toc}</ul>{sections}</main>"))
    assert "Section heading 2" in md and "Backref heading 2" in md
    assert "Jump 1" not in md


def test_scoped_header_words_are_not_chrome_inside_the_main_block() -> None:
    assert boilerplate_token("header", scoped=True) is False
    assert boilerplate_token("cookie-header", scoped=True) is True


def test_small_main_holding_the_headline_is_trusted() -> None:
    links = "".join(
        f"<li><a href='/c{i}'>Category number {i} of the shop</a></li>" for i in range(60)
    )
    md = markdown(
        page(f"<div class='mega'><ul>{links}</ul></div><main><h1>Item</h1><p>{PROSE}</p></main>")
    )
    assert md.startswith("# Item")
    assert "Category number" not in md


def test_a_country_picker_in_the_main_block_goes() -> None:
    countries = "".join(f"<li><a href='/{c}/'>{c}land</a></li>" for c in ("Ab", "Cd", "Ef"))
    html = page(
        f"<main><h1>Gadgets</h1><p>{PROSE}</p>"
        f"<ul class='country-selector'>{countries}</ul><p>{PROSE}</p></main>"
    )
    md = markdown(html)
    assert "Tomatoes need six hours" in md
    assert "Cdland" not in md


def test_a_role_banner_inside_the_main_block_is_content_the_page_one_goes() -> None:
    html = page(
        "<div role='banner'><a href='/'>SITE_BANNER</a></div>"
        f"<main><h1>Case</h1><p>{PROSE}</p>"
        "<section><div role='banner'><h6>HERO_TEXT Built with an array of magnets.</h6></div>"
        "</section></main>"
    )
    md = markdown(html)
    assert "HERO_TEXT" in md and "SITE_BANNER" not in md


def test_a_grid_of_teaser_articles_is_not_the_main_block() -> None:
    teaser = (
        "<article><h3><a href='/blog/{n}'>Other post {n}</a></h3><p>TEASER_{n} A short excerpt "
        "of another post of the blog, a sentence or two to tempt the reader.</p></article>"
    )
    grid = "".join(teaser.replace("{n}", str(n)) for n in range(3))
    html = page(f"<div><h1>Tomatoes</h1><div><p>{PROSE}</p></div><div>{grid}</div></div>")
    body = LexborHTMLParser(html).body
    assert body is not None
    assert semantic_block(body, text_len(body)) is None  # related posts, not the page's text
    posts = grid.replace("<h3><a href='/blog/", "<h3>Reply by <a href='/u/")  # not titles
    body = LexborHTMLParser(page(f"<div><h1>Thread</h1><div>{posts}</div></div>")).body
    assert body is not None
    block = semantic_block(body, text_len(body))
    assert block is not None and "TEASER_2" in block.text()


def test_a_page_builder_widget_panel_of_prose_is_content() -> None:
    panels = "".join(
        f"<div class='so-panel widget widget_text'><p>PANEL_{n} {PROSE * 7}</p></div>"
        for n in range(4)
    )
    side = "<div class='widget'><a href='/a'>WIDGET_LINK one</a> <a href='/b'>two</a></div>"
    md = markdown(page(f"<main><h1>Negotiate</h1>{panels}{side}</main>"))
    assert all(f"PANEL_{n}" in md for n in range(4))  # each a fourth of the text: kept
    assert "WIDGET_LINK" not in md  # a sidebar's widget still goes


def test_a_page_builder_panel_of_one_paragraph_is_content() -> None:
    # a page builder puts each section of an article in its own panel, some a paragraph long
    panels = "".join(
        f"<div class='so-panel widget widget_text'><p>PANEL_{n} {PROSE * 7}</p></div>"
        for n in range(4)
    )
    short = f"<div class='so-panel widget widget_text'><p>SHORT_PANEL {PROSE * 3}</p></div>"
    md = markdown(page(f"<main><h1>Negotiate</h1>{panels}{short}</main>"))
    assert "SHORT_PANEL" in md


def test_a_docs_section_named_after_its_heading_is_content() -> None:
    # documentation generators id a section after its heading: "Cookies" gives id=cookies
    body = "".join(f"<p>Paragraph {i} of the guide about handling requests.</p>" for i in range(4))
    html = page(
        f"<main><h1>Requests guide</h1>{body}"
        "<section id='cookies'><h2>Cookies<a class='headerlink' href='#cookies'>¶</a></h2>"
        "<p>Send cookies with the cookies argument of the request.</p></section>"
        "<div id='cookie-consent'><p>We use cookies. Accept?</p></div></main>"
    )
    md = markdown(html)
    assert "Send cookies with the cookies argument" in md
    assert "We use cookies" not in md  # a banner's id is no heading's


def test_a_header_beside_the_headline_of_a_section_is_the_sites() -> None:
    html = page(
        "<main><section class='app-layout'>"
        "<header><a href='/gifts'>GIFT_CARDS</a><div>Ask our experts 555-0100</div>"
        "<a href='/cart'>My Cart</a></header>"
        f"<h1>Mirrorless cameras</h1><p>{PROSE}</p><p>{PROSE}</p>"
        "</section></main>"
    )
    out = markdown(html, only_main_content=True)
    assert "Mirrorless cameras" in out and "Tomatoes" in out
    assert "GIFT_CARDS" not in out and "experts" not in out


def test_a_header_holding_the_headline_of_a_section_stays() -> None:
    html = page(
        f"<main><article><header><h1>The Title</h1><p>BYLINE_KEPT</p></header>"
        f"<p>{PROSE}</p><p>{PROSE}</p></article></main>"
    )
    assert "BYLINE_KEPT" in markdown(html, only_main_content=True)

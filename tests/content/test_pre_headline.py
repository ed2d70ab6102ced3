"""onlyMainContent: the few lines above the main block's headline (kicker, date, promo bar,
site banner) go; much text above it is content and stays."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://news.example.com/story"
PROSE = (
    "<p>" + "The council met on Tuesday to discuss the new budget for the harbour. " * 12 + "</p>"
)


def markdown(body: str) -> str:
    return html_markdown(f"<html><head><title>T</title></head><body>{body}</body></html>", URL)


def test_a_kicker_and_a_promo_bar_above_the_headline_go() -> None:
    md = markdown(
        "<main><div><span>Opinion</span></div><div><p>Storewide sale: use code SAVE12</p></div>"
        f"<div><h1>Harbour budget approved</h1><p>March 3, 2026</p></div>{PROSE}</main>"
    )
    assert "Harbour budget approved" in md
    assert "council met on Tuesday" in md
    assert "Opinion" not in md
    assert "SAVE12" not in md


def test_much_text_above_the_headline_stays() -> None:
    intro = "<p>" + "A long question about the harbour and its budget, asked twice. " * 12 + "</p>"
    md = markdown(f"<main>{intro}<h1>Harbour budget approved</h1>{PROSE}</main>")
    assert "A long question about the harbour" in md


def test_a_promo_box_beside_the_site_menu_above_the_headline_goes() -> None:
    menu = (
        "<ul>"
        + "".join(f'<li><a href="/s{i}">Section number {i}</a></li>' for i in range(30))
        + "</ul>"
    )
    promo = (
        "<div><h2>Limited time</h2><h2>Tired of budgets that never add up?</h2>"
        "<p>Personal coaching built for your town. Join thousands of readers.</p></div>"
    )
    md = markdown(
        f"<div>{menu}</div><div>{promo}</div><div><h1>Harbour budget approved</h1>{PROSE * 3}</div>"
    )
    assert "Limited time" not in md
    assert "Personal coaching" not in md
    assert "council met on Tuesday" in md


def test_a_long_list_of_links_above_a_headline_at_its_foot_stays() -> None:
    items = "".join(f'<li><a href="/p{i}">Product number {i}</a> fine oak</li>' for i in range(40))
    md = markdown(f"<main><ul>{items}</ul><h1>Oak chess pieces</h1><p>Some words.</p></main>")
    assert "Product number 39" in md


PRODUCT_URL = "https://shop.example.com/p/laptops/workstation-16"
PRODUCT_HEAD = '<meta property="og:type" content="product">'
SPECS = "<p>" + "A mobile workstation with a sixteen inch screen and a quiet fan. " * 10 + "</p>"


def product_markdown(above: str) -> str:
    return html_markdown(
        f"<html><head><title>T</title>{PRODUCT_HEAD}</head><body><main><div>"
        f"<span>Laptops</span>{above}<h1>Workstation Sixteen</h1></div>{SPECS}</main>"
        "</body></html>",
        PRODUCT_URL,
    )


def test_a_products_tagline_above_its_name_stays() -> None:
    md = product_markdown("<div class='headline'>Break New Ground: Power On the Go</div>")
    assert "Break New Ground: Power On the Go" in md
    assert "Workstation Sixteen" in md
    assert "Laptops" not in md  # (the category label above it still goes)


def test_a_promo_or_a_rating_above_a_products_name_goes() -> None:
    for above in (
        "<div>Save 20% with code SPRING on all laptops</div>",
        "<div>Rated 4 of 5 stars by our customers</div>",
        "<div><a href='/brands/maker'>Visit the maker's own store</a></div>",
    ):
        md = product_markdown(above)
        assert "SPRING" not in md and "Rated 4" not in md and "own store" not in md


def test_a_tagline_above_an_articles_headline_goes() -> None:
    md = markdown(
        "<main><div><div>A quiet vote about the harbour</div><h1>Harbour budget approved</h1>"
        f"</div>{PROSE}</main>"
    )
    assert "A quiet vote" not in md


def test_tagline_words_on_a_long_line() -> None:
    import time

    from webdata.content.pre_headline import _WORD

    start = time.process_time()
    assert len(_WORD.findall("word " * 50_000)) == 50_000
    assert len(_WORD.findall("_9" * 50_000)) == 0
    assert time.process_time() - start < 1


def test_linear_on_many_lines_above_a_products_name() -> None:
    import time

    from selectolax.lexbor import LexborHTMLParser

    from webdata.content.commerce_noise import PRODUCT_MARK
    from webdata.content.dom import measuring
    from webdata.content.pre_headline import pre_headline_removals

    lines = "<div>Go on the road with power</div>" * 20_000
    html = (
        f"<html {PRODUCT_MARK}=''><body><main>{lines}<h1>Sixteen</h1>{SPECS}</main></body></html>"
    )
    body = LexborHTMLParser(html).body
    assert body is not None
    scope = body.css_first("main")
    assert scope is not None
    start = time.process_time()
    with measuring():
        pre_headline_removals(scope, 10**9)
    assert time.process_time() - start < 2

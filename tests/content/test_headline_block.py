"""Without ``<main>``/``<article>``, the block around the ``<h1>`` is the main block: the
removals inside it are scoped as inside a ``<main>`` (a post's panels and tables stay)."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser, LexborNode

from tests.content.pages import html_markdown
from webdata.content.dom import text_len
from webdata.content.headline_block import headline_block

URL = "https://example.com/guides/salary"
PROSE = (
    "Negotiating a salary feels awkward, yet most employers expect it and plan for it. "
    "Prepare figures from several sources, name a range and explain the value you bring. "
)
MENU = "".join(f"<li><a href='/s/{n}'>Section number {n}</a></li>" for n in range(12))
CHROME_TOP = f"<header><nav><ul>{MENU}</ul></nav></header>"
CHROME_END = f"<footer><ul>{MENU}</ul><p>Copyright Example Media</p></footer>"
CONTENT = f"<div id='content'><h1>Title</h1><p>{PROSE * 8}</p></div>"


def _page(body: str) -> str:
    return f"<html><head><title>Guide</title></head><body>{body}</body></html>"


def _body(html: str) -> tuple[LexborNode, int]:
    body = LexborHTMLParser(html).body
    assert body is not None
    return body, text_len(body)


def _chosen_id(html: str) -> str | None:
    """The id of the block ``headline_block`` chooses in ``html``'s body, or None."""
    block = headline_block(*_body(html))
    return None if block is None else block.attributes.get("id")


def test_prose_panels_named_widget_stay_around_the_headline() -> None:
    # a page builder's panels of prose, each named "widget": page chrome at page level
    panels = "".join(
        f"<div class='so-panel widget widget_text'><h2>Step {n}</h2><p>{PROSE * 3}</p></div>"
        for n in range(4)
    )
    html = _page(
        f"{CHROME_TOP}<div class='site'><div class='top-photo'>"
        "<div class='title'><h1>Why negotiate your salary</h1></div>"
        f"<div class='panels'>{panels}</div></div></div>{CHROME_END}"
    )
    md = html_markdown(html, URL)
    assert "Step 0" in md and "Step 3" in md
    assert "Section number 3" not in md


def test_a_link_dense_table_named_like_a_header_stays_on_a_list_page() -> None:
    rows = "".join(
        f"<tr><td><a href='/w/{n}'>Laureate number {n}</a></td>"
        f"<td><a href='/c/{n}'>Country {n}</a></td><td>{1900 + n}</td></tr>"
        for n in range(40)
    )
    html = _page(
        f"{CHROME_TOP}<div class='page'><div class='content'>"
        "<div class='heading'><h1>List of laureates</h1></div>"
        f"<div class='text'><p>{PROSE}</p>"
        f"<table class='wikitable sticky-header'>{rows}</table></div></div></div>"
        f"{CHROME_END}"
    )
    md = html_markdown(html, URL)
    assert "Laureate number 39" in md
    assert "Section number 3" not in md


def test_the_block_is_the_lowest_holding_the_headline_and_the_text() -> None:
    body, size = _body(
        _page(
            f"{CHROME_TOP}<div id='wrap'><div id='content'><h1>Title</h1>"
            f"<div id='text'><p>{PROSE * 8}</p></div></div><div>{MENU}</div></div>"
            f"{CHROME_END}"
        )
    )
    block = headline_block(body, size)
    assert block is not None and block.attributes.get("id") == "content"


def test_a_wrapper_with_the_site_header_before_the_headline_is_no_block() -> None:
    # the larger part beside the headline's comes before it: the site's header, not text
    header = f"<div id='top'><p>{PROSE * 3}</p></div>"
    body, size = _body(
        _page(f"<form id='form'>{header}<div id='pane'><h1>Title</h1><p>{PROSE}</p></div></form>")
    )
    assert headline_block(body, size) is None


def test_no_block_without_a_headline_or_when_the_text_is_spread() -> None:
    body, size = _body(_page(f"<div><div><p>{PROSE * 4}</p></div></div>"))
    assert headline_block(body, size) is None
    # the headline's part holds most of the text but not nearly all: a page wrapper
    body, size = _body(
        _page(
            f"<div id='a'><h1>Title</h1><p>{PROSE * 3}</p></div>"
            f"<div id='b'><p>{PROSE * 2}</p></div>"
        )
    )
    assert headline_block(body, size) is None


def test_prose_after_the_block_keeps_the_descent_above_it() -> None:
    # a sentence after the headline's block is the page's text too; links after it are not
    text = CONTENT
    body, size = _body(_page(f"<div id='wrap'>{text}<p>A closing sentence.</p></div>"))
    assert headline_block(body, size) is None
    assert _chosen_id(_page(f"<div id='wrap'>{text}<div>{MENU}</div></div>")) == "content"


def test_a_stray_line_after_a_long_block_does_not_keep_the_descent_above_it() -> None:
    text = f"<div id='content'><h1>Title</h1><p>{PROSE * 40}</p></div>"
    assert _chosen_id(_page(f"<div id='wrap'>{text}<p>Search</p></div>")) == "content"


def test_linear_in_page_size() -> None:
    parts = "".join(f"<div><p>{PROSE}</p><a href='/x'>x</a></div>" for _ in range(4000))
    nested = "<div>" * 200 + "<h1>Title</h1>" + "</div>" * 200
    body, size = _body(_page(f"<div id='main'>{nested}<div>{parts}</div></div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 1.0


# A site of plain <div>s: a mega menu holding more text than the page, a footer of links.
MEGA_MENU = "".join(
    f"<div><h3>Group {g}</h3><ul>"
    + "".join(f"<li><a href='/g{g}/{n}'>Product family number {n}</a></li>" for n in range(12))
    + "</ul></div>"
    for g in range(6)
)
DIV_TOP = f"<div id='top'><a href='/'>Example</a>{MEGA_MENU}</div>"
DIV_END = f"<div id='end'><ul>{MENU}</ul><p>Copyright Example Media</p></div>"
DIV_TEXT = f"<div id='content'><h1>Title</h1><p>{PROSE * 4}</p></div>"


def test_blocks_of_links_beside_the_headline_are_chrome_on_a_page_of_plain_divs() -> None:
    html = _page(f"<form id='form'>{DIV_TOP}{DIV_TEXT}{DIV_END}</form>")
    assert _chosen_id(html) == "content"
    md = html_markdown(html, URL)
    assert "most employers expect it" in md
    assert "Product family number 3" not in md


def test_blocks_of_links_are_not_chrome_on_a_page_that_marks_its_chrome() -> None:
    # the page says what its chrome is: an unmarked block of links may be its own
    body, size = _body(_page(f"<nav>{MENU}</nav><form>{DIV_TOP}{DIV_TEXT}{DIV_END}</form>"))
    assert headline_block(body, size) is None


def test_a_part_of_a_feed_beside_the_headline_is_not_chrome() -> None:
    # teaser titles (headings that are links, or inside one) make a feed, not a menu
    for teaser in (
        "<div><h2><a href='/p/{n}'>A story about number {n}</a></h2><a href='/t'>tag</a></div>",
        "<a href='/p/{n}'><h2>A story about number {n}</h2><span>more</span></a>",
    ):
        teasers = "".join(teaser.format(n=n) for n in range(30))
        body, size = _body(_page(f"<div id='feed'>{teasers}</div>{DIV_TEXT}"))
        assert headline_block(body, size) is None


def test_a_mega_menu_with_a_few_promo_tiles_beside_the_headline_is_chrome() -> None:
    # a promo tile (a heading inside a link) or two among the menu's many column labels
    tiles = "".join(f"<a href='/promo/{n}'><h3>New season {n}</h3></a>" for n in range(2))
    html = _page(f"<div id='wrap'><div id='top'>{MEGA_MENU}{tiles}</div>{DIV_TEXT}</div>")
    assert _chosen_id(html) == "content"
    md = html_markdown(html, URL)
    assert "most employers expect it" in md
    assert "Product family number 3" not in md


def test_a_feed_with_a_plain_section_heading_is_still_a_feed() -> None:
    # "Latest" over its teasers: most of its headings are still teaser titles
    teasers = "".join(
        f"<div><h3><a href='/p/{n}'>A story about number {n}</a></h3></div>" for n in range(30)
    )
    body, size = _body(_page(f"<div id='feed'><h2>Latest</h2>{teasers}</div>{DIV_TEXT}"))
    assert headline_block(body, size) is None


def test_many_headings_and_links_beside_the_headline_take_linear_time() -> None:
    labels = "".join(
        f"<h5>Label {n}</h5><a href='/{n}'><h4>x</h4>link {n}</a>" for n in range(3000)
    )
    body, size = _body(_page(f"<div><div>{labels}</div>{DIV_TEXT}</div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 1.0


def test_linear_on_a_page_of_plain_divs() -> None:
    # many blocks of links beside the headline's, each with headings inside links
    part = "".join(f"<a href='/{n}'><h4>x</h4>link {n}</a>" for n in range(20))
    parts = "".join(f"<div>{part}</div>" for _ in range(400))
    nested = "<div>" * 200 + DIV_TEXT + "</div>" * 200
    body, size = _body(_page(f"<div>{parts}{nested}{parts}</div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 1.0


# A plain <div> footer: short columns of links with a copyright and an address line.
MIXED_FOOTER = (
    "<div id='end'><p>Example Media, 12 Harbour Road, Bristol. Call us on 0100 200 300.</p>"
    "<p><a href='/about'>About us</a> <a href='/contact'>Contact</a> "
    "<a href='/privacy'>Privacy policy</a> <a href='/terms'>Terms of use</a></p>"
    "<p><a href='/jobs'>Careers</a> <a href='/press'>Press</a> <a href='/help'>Help</a></p>"
    "<p>Copyright 2026 Example Media. All rights reserved.</p></div>"
)


def test_a_footer_mixing_text_and_links_is_chrome_on_a_page_of_plain_divs() -> None:
    text = CONTENT
    html = _page(f"<div id='wrap'>{text}{MIXED_FOOTER}</div>")
    assert _chosen_id(html) == "content"
    md = html_markdown(html, URL)
    assert "most employers expect it" in md
    assert "Harbour Road" not in md and "All rights reserved" not in md


def test_text_with_few_links_after_the_block_still_keeps_the_descent_above_it() -> None:
    text = CONTENT
    # the page's own note, one link in a sentence: text that goes on after the block (more
    # than a tenth of the text: a shorter division is the unmarked footer's)
    note = (
        f"<div><p>{PROSE * 2}This guide was updated in March after readers wrote in with their "
        "experience of asking for a raise; see <a href='/p'>our method</a> for details.</p></div>"
    )
    body, size = _body(_page(f"<div id='wrap'>{text}{note}</div>"))
    assert headline_block(body, size) is None


def test_a_page_that_marks_its_chrome_keeps_a_mixed_part_as_its_text() -> None:
    # the page says what its chrome is: an unmarked part after the block is its own
    text = CONTENT
    body, size = _body(_page(f"<nav>{MENU}</nav><div id='wrap'>{text}{MIXED_FOOTER}</div>"))
    assert headline_block(body, size) is None


def test_many_mixed_parts_after_the_block_take_linear_time() -> None:
    text = CONTENT
    nested = "<div>" * 200 + text + "</div>" * 200
    parts = MIXED_FOOTER * 4000
    body, size = _body(_page(f"<div id='wrap'>{nested}{parts}</div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 1.0


COOKIE_NOTICE = (
    "<div><p>We use cookies to give you the most relevant experience and to measure "
    "our traffic. By clicking Accept, you consent to the use of all the cookies.</p>"
    "<button>Accept</button><button>Reject</button></div>"
)
SIGN_UP = (
    "<div><h3>Get our weekly letter</h3><p>Fresh advice on pay and careers, every Monday "
    "morning, straight to your inbox.</p><input type='text' placeholder='Your email'>"
    "<button>Sign up</button></div>"
)


def test_a_notice_or_a_sign_up_after_the_block_does_not_stop_the_descent() -> None:
    # on a page of plain <div>s: the chrome rules take them, they are not text going on
    text = CONTENT
    for after in (COOKIE_NOTICE, SIGN_UP):
        html = _page(f"<div id='wrap'>{text}{after}</div>")
        assert _chosen_id(html) == "content"
        md = html_markdown(html, URL)
        assert "most employers expect it" in md
        assert "consent to the use" not in md and "weekly letter" not in md


def test_a_notice_beside_the_page_own_closing_text_still_keeps_the_descent_above_it() -> None:
    text = CONTENT
    closing = f"<div><p>{PROSE}</p></div>"
    body, size = _body(_page(f"<div id='wrap'>{text}{closing}{COOKIE_NOTICE}</div>"))
    assert headline_block(body, size) is None
    # a page that marks its chrome: its unmarked notice is not judged here
    body, size = _body(_page(f"<nav>{MENU}</nav><div id='wrap'>{text}{COOKIE_NOTICE}</div>"))
    assert headline_block(body, size) is None


def test_many_notices_after_the_block_take_linear_time() -> None:
    text = CONTENT
    notices = (COOKIE_NOTICE + SIGN_UP + "<div><p>A closing line of text.</p></div>") * 2000
    body, size = _body(_page(f"<div id='wrap'>{text}{notices}</div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 2.0


def test_chrome_the_rules_take_beside_the_block_is_not_text_it_lacks() -> None:
    # a notice and a sign-up box together hold more than a seventh of the text beside the
    # headline's part: still not text the block would leave out, on a page of plain <div>s
    text = CONTENT
    html = _page(f"<div id='wrap'>{COOKIE_NOTICE}{text}{SIGN_UP}</div>")
    assert _chosen_id(html) == "content"
    # the page's own text beside the headline's part still keeps the descent above it
    closing = f"<div><p>{PROSE * 2}</p></div>"
    body, size = _body(_page(f"<div id='wrap'>{COOKIE_NOTICE}{text}{closing}</div>"))
    assert headline_block(body, size) is None


def test_notices_beside_every_level_of_a_deep_chain_take_bounded_time() -> None:
    text = CONTENT
    filler = "<div><p>Some words here.</p></div>" * 2000
    nested = text
    for _ in range(300):
        nested = f"<div>{COOKIE_NOTICE}{nested}{SIGN_UP}</div>"
    body, size = _body(_page(f"<div id='wrap'>{nested}{filler}</div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 2.0


# A plain <div> footer without links: the site's tagline and its offices' addresses.
ADDRESS_FOOTER = (
    "<div><p>Example Media: guides to work and pay.</p>"
    "<div><p>United Kingdom</p><p>12 Harbour Road, Bristol BS1 4AA</p></div>"
    "<div><p>Ireland</p><p>3 Quay Street, Galway H91 X2Y3</p></div></div>"
)


def test_a_short_division_of_text_after_the_block_is_the_unmarked_footer() -> None:
    # on a page of plain <div>s, at most a tenth of the text in divisions after the block
    text = f"<div id='content'><h1>Title</h1><p>{PROSE * 12}</p></div>"
    html = _page(f"<div id='wrap'>{text}{ADDRESS_FOOTER}</div>")
    assert _chosen_id(html) == "content"
    md = html_markdown(html, URL)
    assert "most employers expect it" in md
    assert "Harbour Road" not in md and "Quay Street" not in md


def test_text_after_the_block_still_goes_on_when_a_paragraph_or_long() -> None:
    text = f"<div id='content'><h1>Title</h1><p>{PROSE * 12}</p></div>"
    # the block's closing paragraph, beside it: the page's own text
    closing = "<p>Good luck with your next review, and tell us how it went.</p>"
    body, size = _body(_page(f"<div id='wrap'>{text}{closing}</div>"))
    assert headline_block(body, size) is None
    # a division holding more than a tenth of the text: a section of the page's
    body, size = _body(_page(f"<div id='wrap'>{text}<div><p>{PROSE * 2}</p></div></div>"))
    assert headline_block(body, size) is None
    # a page that marks its chrome: its unmarked division is its own
    body, size = _body(_page(f"<nav>{MENU}</nav><div id='wrap'>{text}{ADDRESS_FOOTER}</div>"))
    assert headline_block(body, size) is None


def test_many_short_divisions_after_the_block_take_linear_time() -> None:
    nested = "<div>" * 200 + f"<div><h1>Title</h1><p>{PROSE * 400}</p></div>" + "</div>" * 200
    parts = "<div><p>x</p></div>" * 3000 + "<p>A closing line.</p>" * 3000
    body, size = _body(_page(f"<div id='wrap'>{nested}{parts}</div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 1.0


# A list of the site's other pages under a heading that names it.
ALSO_SEE = (
    "<div><h2>Also see</h2>"
    + "".join(
        f"<div><a href='/guides/{n}'><h3>Guide number {n}</h3></a><p>Published in spring</p></div>"
        for n in range(3)
    )
    + "</div>"
)


def test_a_footer_or_a_named_list_after_the_block_is_not_text_it_lacks() -> None:
    # on a page of plain <div>s, the block holds less than 85% of the text beside them
    text = f"<div id='content'><h1>Title</h1><p>{PROSE * 3}</p></div>"
    for after in (MIXED_FOOTER, ALSO_SEE):
        html = _page(f"<div id='wrap'>{text}{after}</div>")
        body, size = _body(html)
        assert text_len(body.css_first("#content")) < 0.85 * size
        assert _chosen_id(html) == "content"
    # a longer part after the block is the page's own (a guide's list of its chapters)
    html = _page(f"<div id='wrap'>{text}<div>{MIXED_FOOTER * 4}</div></div>")
    assert _chosen_id(html) != "content"


def test_many_labelled_parts_after_the_block_take_linear_time() -> None:
    nested = "<div>" * 200 + f"<div><h1>Title</h1><p>{PROSE * 400}</p></div>" + "</div>" * 200
    parts = "<div><h2>See also</h2><a href='/x'>x</a> y</div>" * 3000
    body, size = _body(_page(f"<div id='wrap'>{nested}{parts}</div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 1.0


def _modal(attrs: str = "") -> str:
    return (
        f"<div role='dialog' {attrs}><h3>Discuss your idea with us</h3>"
        f"<p>{PROSE * 2}</p><button>Send</button></div>"
    )


def test_a_modal_dialog_nested_in_the_unmarked_footer_is_not_text_going_on() -> None:
    # on a page of plain <div>s: a contact form kept in the footer until opened
    for modal in (_modal(), _modal("aria-modal='true'"), _modal("hidden").replace("div", "dialog")):
        footer = f"<div><p>Call us on 555 0100</p>{modal}</div>"
        html = _page(f"<div id='wrap'>{CONTENT}{footer}</div>")
        assert _chosen_id(html) == "content"


def test_a_non_modal_dialog_after_the_block_is_the_page_text() -> None:
    # a panel that says it is not modal (a shop's policies beside its product) is text
    panel = _modal("aria-modal='false'")
    footer = f"<div><p>Call us on 555 0100</p>{panel}</div>"
    body, size = _body(_page(f"<div id='wrap'>{CONTENT}{footer}</div>"))
    assert headline_block(body, size) is None
    # a page that marks its chrome: its parts after the block are not judged so
    footer = f"<div><p>Call us on 555 0100</p>{_modal()}</div>"
    body, size = _body(_page(f"<nav>{MENU}</nav><div id='wrap'>{CONTENT}{footer}</div>"))
    assert headline_block(body, size) is None


def test_many_nested_dialogs_after_the_block_take_linear_time() -> None:
    nested = "<div role='dialog'>" * 500 + "<p>x</p>" + "</div>" * 500
    parts = f"<div>{nested}</div>" + f"<div><p>y</p>{_modal()}</div>" * 2000
    body, size = _body(_page(f"<div id='wrap'>{CONTENT}{parts}</div>"))
    start = time.perf_counter()
    headline_block(body, size)
    assert time.perf_counter() - start < 2.0

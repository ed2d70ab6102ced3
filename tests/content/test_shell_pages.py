"""A JavaScript app's shell (an empty mount point, a small block hidden for search engines,
the footer) has no main content: the output is empty, not the hidden heading."""

from __future__ import annotations

import time

from tests.content.pages import page_markdown
from webdata.content.pipeline import ContentOptions, process_html
from webdata.content.shell_pages import _COPYRIGHT, SHELL_WARNING

URL = "https://shop.example.com/item/1005010537563439.html"
HIDDEN = (
    "<div style='display:none;'><h1>SHELL_TITLE Shop</h1>"
    "<ul><li><a href='#search-key' accesskey='h'>I'm shopping for...</a></li></ul></div>"
)
FOOTER = (
    "<footer><div class='site-footer'><dl><dt><h5>Help</h5></dt><dd><a href='/help'>Help "
    "Center</a>, <a href='/returns'>Return policy</a>, <a href='/report'>Disputes</a></dd>"
    "</dl></div></footer>"
)
TEXT = (
    "<p>VISIBLE_TEXT A relaxed shirt cut from washed European linen, with a soft collar and "
    "mother-of-pearl buttons; it works tucked or untucked.</p>"
)


def test_a_shell_whose_only_text_is_hidden_gives_no_markdown() -> None:
    md = page_markdown(f"{HIDDEN}<div id='root'></div>{FOOTER}", URL)
    assert "SHELL_TITLE" not in md and "shopping for" not in md
    html = f"<html><body>{HIDDEN}<div id='root'></div>{FOOTER}</body></html>"
    assert process_html(html, URL, ContentOptions()).warning == SHELL_WARNING


def test_hidden_blocks_beside_visible_text_or_large_ones_stay() -> None:
    md = page_markdown(f"{HIDDEN}<main><h1>Linen Shirt</h1>{TEXT}</main>{FOOTER}", URL)
    assert "VISIBLE_TEXT" in md
    # a whole article hidden until a script shows it is still the page's text
    hidden_article = f"<div style='display:none'><h1>Linen Shirt</h1>{TEXT * 3}</div>"
    assert "VISIBLE_TEXT" in page_markdown(f"{hidden_article}{FOOTER}", URL)


# The same shell on a site of plain <div>s with hashed class names: the footer's columns of
# links and its copyright line are all that shows.
PLAIN_FOOTER = (
    "<div class='f3a9c1'><div class='k81b2e'><h5>Help</h5><a href='/help'>Help Center</a>, "
    "<a href='/returns'>Return policy</a>, <a href='/report'>Disputes and reports</a>, "
    "<a href='/ipr'>Report an infringement</a></div><div class='k81b2e'><h5>Group</h5>"
    "<a href='/about'>About the group</a>, <a href='/press'>Press room</a>, "
    "<a href='/careers'>Careers</a>, <a href='/investors'>Investor relations</a></div>"
    "<div class='k81b2e'><a href='/fr'>Français</a>, <a href='/de'>Deutsch</a>, "
    "<a href='/es'>Español</a>, <a href='/it'>Italiano</a>, <a href='/nl'>Nederlands</a>, "
    "<a href='/pl'>Polski</a>, <a href='/pt'>Português</a>, <a href='/tr'>Türkçe</a></div>"
    "<div class='q02d7f'><a href='/privacy'>Privacy policy</a> - <a href='/terms'>Terms of "
    "use</a> - <a href='/sitemap'>Sitemap</a> © 2010-2025 Shop.example.com. All rights "
    "reserved.</div></div>"
)


def test_a_shell_of_plain_divs_showing_only_its_footer_gives_no_markdown() -> None:
    html = f"<html><body>{HIDDEN}<div id='h7c2'></div>{PLAIN_FOOTER}</body></html>"
    result = process_html(html, URL, ContentOptions())
    assert result.markdown is not None
    assert "Help Center" not in result.markdown and "rights" not in result.markdown
    assert result.warning == SHELL_WARNING


def test_a_visible_headline_or_text_beside_the_plain_footer_stays() -> None:
    # the headline shows: a page of links with its footer, not a shell
    shown = page_markdown(f"<div><h1>SHOWN_TITLE Shop</h1></div>{PLAIN_FOOTER}", URL)
    assert "SHOWN_TITLE" in shown
    # the headline is hidden but the page shows its text: that text is the content
    prose = page_markdown(f"{HIDDEN}<div>{TEXT}</div>{PLAIN_FOOTER}", URL)
    assert "VISIBLE_TEXT" in prose
    # a hidden headline over a footer without a copyright line: not read as the chrome
    unsigned = PLAIN_FOOTER.replace("©", "").replace("All rights reserved.", "")
    assert "Help Center" in page_markdown(f"{HIDDEN}<div></div>{unsigned}", URL)


def test_the_copyright_pattern_is_linear_on_hostile_text() -> None:
    hostile = "(c)" + " " * 50_000 + "all " * 12_500 + "all" + " " * 50_000
    start = time.process_time()  # CPU, not wall time: CI machines are shared
    assert _COPYRIGHT.search(hostile) is None
    assert time.process_time() - start < 1

"""A JavaScript app's shell (an empty mount point, a small block hidden for search engines,
the footer) has no main content: the output is empty, not the hidden heading."""

from __future__ import annotations

from tests.content.pages import page_markdown
from webdata.content.pipeline import ContentOptions, process_html
from webdata.content.shell_pages import SHELL_WARNING

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

"""``<iframe .../>`` and the other tags HTML does not close by "/>" no longer take the rest of
the page: the nesting pre-pass (run before every parse) gives them their end tag."""

from __future__ import annotations

import pytest

from webdata.content.nesting import limit_nesting
from webdata.content.parse import parse_html
from webdata.content.pipeline import ContentOptions, process_html

URL = "https://example.com/post"
WHOLE_PAGE = ContentOptions(only_main_content=False)
# Each of these, written "<name/>", takes what follows: as text (the first eight) or, for
# <noscript> and <template>, as children that the content stage then removes.
SWALLOWING = [
    "iframe", "script", "style", "textarea", "title", "xmp", "noembed", "noframes",
    "noscript", "template",
]  # fmt: skip
FILLER = "<p>" + "Filler paragraph text. " * 40 + "</p>"  # past the pre-pass's size floor


def markdown(html: str, options: ContentOptions = WHOLE_PAGE) -> str:
    result = process_html(html, URL, options)
    assert result.markdown is not None
    return result.markdown


@pytest.mark.parametrize("name", SWALLOWING)
@pytest.mark.parametrize("filler", ["", FILLER], ids=["short", "long"])
def test_self_closed_tag_keeps_the_rest_of_the_page(name: str, filler: str) -> None:
    html = (
        f"<html><body>{filler}<p>Before the tag.</p><{name} src='https://x.test/a' />"
        "<h2>After heading</h2><p>After the <b>tag</b>.</p></body></html>"
    )
    out = markdown(html)
    assert "Before the tag." in out
    assert "## After heading" in out
    assert "After the **tag**." in out
    assert "&lt;" not in out and "<p>" not in out  # not shown as markup text either


@pytest.mark.parametrize("filler", ["", FILLER], ids=["short", "long"])
def test_self_closed_iframe_before_a_later_iframe(filler: str) -> None:
    # Swallowed up to the next </iframe> only: the content between was lost.
    html = (
        f"<body>{filler}<iframe src='https://x.test/a'/><p>Between the frames.</p>"
        "<iframe src='https://x.test/b'></iframe><p>After both.</p></body>"
    )
    out = markdown(html)
    assert "Between the frames." in out and "After both." in out


def test_tracking_iframe_in_noscript_with_main_content() -> None:
    # The shape of a real page (WCXB 0041): a tag manager's invisible iframe written "/>".
    html = (
        "<html><head><title>T</title></head><body><main><article><h1>Real title</h1>"
        + FILLER
        + "</article></main><noscript><iframe src='https://gtm.test/ns.html' height='0'"
        " width='0' style='display: none;' /></noscript><footer>Footer</footer>"
        '<script type=\'application/ld+json\'>{"@type": "Article", "headline": "H"}'
        "</script></body></html>"
    )
    result = process_html(html, URL, ContentOptions(only_main_content=True))
    assert result.markdown is not None and "Filler paragraph text." in result.markdown
    tree = parse_html(html)
    assert tree.css_first("footer") is not None
    assert tree.css_first("script[type='application/ld+json']") is not None


def test_parse_html_closes_them_too() -> None:
    tree = parse_html("<p>one</p><textarea name=q /><div id=after>two</div>")
    after = tree.css_first("#after")
    assert after is not None and after.text() == "two"
    textarea = tree.css_first("textarea")
    assert textarea is not None and textarea.text() == ""


def test_deep_page_is_flattened_and_closed() -> None:
    html = "<div>" * 2_000 + "<iframe src=x.html /><p>Deep after the frame.</p>"
    result = process_html(html, URL, WHOLE_PAGE)
    assert result.markdown is not None and "Deep after the frame." in result.markdown
    assert limit_nesting(html).self_closed == 1


@pytest.mark.parametrize(
    "html",
    [
        # in a script's text, as a string: not a tag
        "<script>var t = $('<textarea />').html(x).text();</script><p>Kept</p>",
        # SVG and MathML do close by "/>"
        "<svg><title/><style/><script href='a.js'/><rect/></svg><p>Kept</p>",
        "<math><mi/><annotation/></math><p>Kept</p>",
        # in a comment
        "<!-- <iframe src=x /> --><p>Kept</p>",
        # closed right after anyway
        "<script async src='https://x.test/a.js' /></script><p>Kept</p>",
        "<textarea rows=6 /></textarea><p>Kept</p>",
        "<noscript/> </noscript><p>Kept</p>",
        # an unquoted value takes the "/": not self-closing for the tokenizer either
        "<iframe src=https://x.test/a/></iframe><p>Kept</p>",
    ],
)
def test_left_alone(html: str) -> None:
    for page in (html, FILLER + html):
        result = limit_nesting(page)
        assert result.html == page
        assert result.self_closed == 0


def test_only_one_end_tag_per_self_closed_tag() -> None:
    html = FILLER + "<iframe src=a /><p>x</p><IFRAME SRC='b'/><p>y</p><Script src=c /><p>z</p>"
    result = limit_nesting(html)
    assert result.self_closed == 3
    assert result.html == html.replace("<iframe src=a />", "<iframe src=a /></iframe>").replace(
        "<IFRAME SRC='b'/>", "<IFRAME SRC='b'/></iframe>"
    ).replace("<Script src=c />", "<Script src=c /></script>")

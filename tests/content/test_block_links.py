"""Links around blocks: pushed down into their blocks so the converter keeps their pictures."""

from __future__ import annotations

from webdata.content.block_links import push_down_block_links
from webdata.content.markdown import html_to_markdown

CARD = (
    '<a href="https://e.com/p"><div><img src="https://e.com/i.png" alt="Tent"></div>'
    "<h3>Choosing a tent</h3><p>Size and <b>weight</b>.</p></a>"
)


def test_a_card_keeps_its_picture_and_its_heading() -> None:
    assert html_to_markdown(CARD) == (
        "[![Tent](https://e.com/i.png)](https://e.com/p)\n\n"
        "### [Choosing a tent](https://e.com/p)\n\nSize and **weight**."
    )


def test_only_the_first_picture_and_the_first_text_are_linked() -> None:
    html = (
        '<a href="u"><div><img src="1"></div><div><img src="2"></div>'
        "<p><span>Title</span> more</p><p>plain</p></a>"
    )
    assert push_down_block_links(html) == (
        '<div><a href="u"><img src="1"></a></div><div><img src="2"></div>'
        '<p><a href="u"><span>Title</span> more</a></p><p>plain</p>'
    )


def test_tags_closed_before_the_copy_stay_outside_it() -> None:
    html = '<a href="u"><span><div>x</div></span> <!-- c > d --> tail <img src="1"></a>'
    assert push_down_block_links(html) == (
        '<span><div><a href="u">x</a></div></span> <!-- c > d --> tail '
        '<a href="u"><img src="1"></a>'
    )


def test_links_left_as_they_are() -> None:
    for html in (
        '<a href="u"><b>x<div><img src="1"></div></b></a>',  # a block inside an inline element
        '<a href="u"><div>no picture</div></a>',  # flattened, it loses nothing
        '<a href="u"><img src="1"> inline only</a>',
        '<a="" href="u"><div><img src="1"></div></a>',  # an element named 'a=""', not a link
    ):
        assert push_down_block_links(html) == html

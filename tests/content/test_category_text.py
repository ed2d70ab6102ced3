"""onlyMainContent on category pages whose description is written after the ``<main>`` grid."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/c/gas-grills"
GUIDE = (
    "<div class='seo-copy'><h2>Why choose a gas grill?</h2>"
    "<p>A gas grill lights at the push of a button and holds a steady heat, so weeknight "
    "cooking takes minutes instead of the half hour that charcoal needs to settle down.</p>"
    "<p>Look at the number of burners and the size of the cooking grate first: three burners "
    "feed a family of four, and a side burner keeps a sauce warm while the meat rests.</p>"
    "<ul><li>Propane works all year outdoors and does not freeze.</li>"
    "<li>Stainless grates last longer than enamelled ones.</li></ul></div>"
)


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def grid() -> str:
    cards = "".join(
        f"<li><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''>Grill model {i} three burners</a>"
        f"<span>${300 + i}</span></li>"
        for i in range(12)
    )
    return f"<h1>Gas grills</h1><ul class='grid'>{cards}</ul>"


def test_the_description_after_a_grid_main_is_taken_in() -> None:
    html = (
        "<html><body><header><a href='/'>HOME</a></header>"
        f"<div class='wrapper'><main>{grid()}</main></div>{GUIDE}"
        "<footer><p>(c) 2026 Example shop. All rights reserved.</p></footer></body></html>"
    )
    md = markdown(html)
    assert "Grill model 7 three burners" in md
    assert "Why choose a gas grill?" in md
    assert "Propane works all year" in md
    assert md.index("Grill model 7") < md.index("Why choose")
    assert "All rights reserved" not in md


def test_prose_after_an_article_main_stays_out() -> None:
    article = (
        "<h1>How to season a grill</h1>"
        + "<p>Oil the grates, heat the grill for twenty minutes and let it cool again.</p>" * 8
    )
    html = f"<html><body><main>{article}</main>{GUIDE}</body></html>"
    md = markdown(html)
    assert "Oil the grates" in md
    assert "Why choose a gas grill?" not in md


def test_link_lists_after_the_grid_are_not_taken_in() -> None:
    links = "".join(
        f"<li><a href='/c/{i}'>Category number {i} of the shop</a></li>" for i in range(20)
    )
    html = f"<html><body><main>{grid()}</main><div><ul>{links}</ul></div>{GUIDE}</body></html>"
    md = markdown(html)
    assert "Category number 3" not in md
    assert "Why choose a gas grill?" not in md


def test_nothing_is_moved_when_the_page_has_two_mains() -> None:
    # which <main> is the page's is not known before the main block is chosen
    html = (
        f"<html><body><main>{grid()}</main>{GUIDE}"
        f"<main><h2>Also on sale</h2>{grid()}</main></body></html>"
    )
    md = markdown(html)
    assert md.count("Why choose a gas grill?") <= 1

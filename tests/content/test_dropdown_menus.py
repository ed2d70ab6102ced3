"""onlyMainContent: dropdown menus of links go, a dropdown panel of prose stays."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://example.com/page"
PROSE = (
    "The program runs for three months with weekly live sessions, readings and a final"
    " project that each participant presents to the group and to invited guests."
)


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def page(inner: str) -> str:
    return f"<html><head><title>T</title></head><body><main>{inner}</main></body></html>"


def test_a_dropdown_of_links_goes() -> None:
    # an index (made mostly of links, so its link lists are kept as items): each teaser's
    # "..." menu and the page's language picker are dropdowns
    teasers = "".join(
        f"<div class='story'><h2><a href='/p/{i}'>How the team rebuilt its release train {i}</a>"
        f"</h2><div id='story-dropdown-{i}' class='more-card'><a href='/why'>Why this story?"
        "</a><a href='/prefs'>Manage preferences</a></div></div>"
        for i in range(5)
    )
    languages = "".join(f"<li><a href='/{c}/'>Language {c}</a></li>" for c in "abcde")
    md = markdown(
        page(f"<h1>Stories</h1><div class='vector-dropdown'><ul>{languages}</ul></div>{teasers}")
    )
    assert "How the team rebuilt its release train 4" in md
    assert "Language c" not in md
    assert "Manage preferences" not in md


def test_a_dropdown_panel_of_prose_stays() -> None:
    panels = "".join(
        f"<div class='accordion-item'><h3>Question {i}?</h3>"
        f"<div class='accordion-item__dropdown'><p>Answer {i}. {PROSE} <a href='/faq'>FAQ</a></p>"
        "</div></div>"
        for i in range(3)
    )
    md = markdown(page(f"<h1>Program</h1><p>{PROSE}</p>{panels}"))
    assert md.count("weekly live sessions") == 4

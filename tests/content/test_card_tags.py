"""Topic-link rows of list items are item content, not link lists (menus)."""

from __future__ import annotations

import time

from tests.content.pages import html_markdown

URL = "https://apps.example.com/leaderboard"
INTRO = "".join(
    f"<p>Paragraph {i} of the introduction: these are the launches of the day, ranked by the"
    " votes of the community, with a short note on what each of them does.</p>"
    for i in range(6)
)
TOPICS = ("Productivity", "Developer Tools", "Design", "Marketing", "Writing")


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def item(i: int) -> str:
    tags = " • ".join(
        f"<a href='/topics/{t.lower().replace(' ', '-')}'>{t}</a>"
        for t in (TOPICS[i % 5], TOPICS[(i + 1) % 5], TOPICS[(i + 2) % 5])
    )
    return (
        f"<section class='item'><a href='/products/app-{i}'>App number {i}</a>"
        f"<p class='tagline'>A short tagline saying what app {i} does for you</p>"
        f"<div class='chips'>{tags}</div></section>"
    )


def page(items: int) -> str:
    return (
        f"<html><body><main><h1>Top launches today</h1>{INTRO}"
        f"<div class='list'>{''.join(item(i) for i in range(items))}</div></main></body></html>"
    )


def test_item_topic_rows_stay() -> None:
    md = markdown(page(5))
    assert "A short tagline saying what app 2 does" in md
    assert "Developer Tools" in md and "Marketing" in md


def test_menu_of_topics_still_goes() -> None:
    menu = "".join(f"<a href='/topics/{t.lower().replace(' ', '-')}'>{t}</a>" for t in TOPICS)
    md = markdown(
        f"<html><body><main><h1>Top launches today</h1>{INTRO}"
        f"<div class='chips'>{menu}</div></main></body></html>"
    )
    assert "Paragraph 3 of the introduction" in md
    assert "Developer Tools" not in md


def test_many_items_stay_fast() -> None:
    html = page(4000)
    start = time.process_time()
    markdown(html)
    assert time.process_time() - start < 10  # the whole pipeline; the rule itself is linear

"""onlyMainContent on index pages that render their lead stories twice in different markup."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://news.example.com/"
TITLES = [f"Story number {i} about a new build tool" for i in range(5)]


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def carousel(titles: list[str]) -> str:
    slides = "".join(
        f"<div class='slide'><a href='/s/{i}'><img src='/i/{i}.png' alt=''></a>"
        f"<h2><a href='/s/{i}'>{t}</a></h2><p>by Author {i}</p><p>Mar 0{i + 1}, 2026 | 4 min</p>"
        "</div>"
        for i, t in enumerate(titles)
    )
    return f"<div class='wide'>{slides}</div>"


def feed(titles: list[str]) -> str:
    items = "".join(
        f"<li><h3><a href='/s/{i}'>{t}</a></h3><span>Author {i} wrote it</span></li>"
        for i, t in enumerate(titles)
    )
    return f"<ul class='narrow'>{items}</ul>"


def test_the_second_rendering_of_a_list_of_teasers_goes() -> None:
    lists = carousel(TITLES) + feed(TITLES)
    html = f"<html><body><main><h1>Top stories</h1>{lists}</main></body></html>"
    md = markdown(html)
    assert md.count("Story number 3 about a new build tool") == 1
    assert "Author 3 wrote it" not in md
    assert "by Author 3" in md


def test_two_lists_sharing_some_stories_both_stay() -> None:
    html = (
        f"<html><body><main><h1>Top stories</h1>{carousel(TITLES)}"
        f"{feed([*TITLES[:3], 'Another story on the same day'])}</main></body></html>"
    )
    md = markdown(html)
    assert "Author 1 wrote it" in md
    assert "Another story on the same day" in md

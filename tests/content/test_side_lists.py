"""onlyMainContent on indexes of teasers: the tag clouds and menus beside them go."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://blog.example.com/"
TAGS = ["cloud", "security", "data", "gaming", "finance", "startups", "science", "media"]


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def page(inner: str) -> str:
    return f"<html><head><title>T</title></head><body><main>{inner}</main></body></html>"


def teaser(i: int, tags: str = "") -> str:
    return (
        f"<div><h2><a href='/p/{i}'>Why engineers rewrite their build systems, part {i}</a></h2>"
        f"<p>Notes from the team number {i}.</p>{tags}</div>"
    )


def cloud(prefix: str) -> str:
    return "<div>" + "".join(f"<a href='/{prefix}/{t}'>{t}</a> " for t in TAGS) + "</div>"


def test_a_tag_cloud_beside_the_teasers_goes() -> None:
    teasers = "".join(teaser(i) for i in range(6))
    md = markdown(page(f"<h1>Engineering blog</h1>{teasers}{cloud('c')}"))
    assert "Why engineers rewrite their build systems, part 5" in md
    assert "Notes from the team number 2" in md
    assert "startups" not in md


def test_a_teasers_own_tags_and_a_directory_of_short_links_stay() -> None:
    own = "".join(teaser(i, cloud(f"t{i}")) for i in range(4))
    assert "startups" in markdown(page(f"<h1>Engineering blog</h1>{own}"))
    directory = "".join(f"<li><a href='/d/{i}'>Shop {i}</a></li>" for i in range(30))
    md = markdown(page(f"<h1>Directory</h1><ul>{directory}</ul>{cloud('c')}"))
    assert "Shop 29" in md
    assert "startups" in md  # no teasers here: the lists may be the content

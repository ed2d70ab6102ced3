"""onlyMainContent on indexes: the "read more" link of each teaser goes, in any words."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://reviews.example.com/apps"


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def page(inner: str) -> str:
    body = f"<main><h1>Reviews</h1>{inner}</main>"
    return f"<html><head><title>T</title></head><body>{body}</body></html>"


def review(i: int, cta: str, cta_href: str | None = None) -> str:
    href = f"/reviews/app-{i}"
    return (
        f"<div class='result'><h2><a href='{href}'>Weather radar app number {i}</a></h2>"
        f"<p>The app shows rain where you are, hour by hour, with alerts for storms {i}.</p>"
        f"<a href='{cta_href or href}'>{cta}</a></div>"
    )


def test_the_same_short_link_to_each_teasers_target_goes() -> None:
    md = markdown(page("".join(review(i, "Read entire review") for i in range(4))))
    assert "Weather radar app number 3" in md
    assert "alerts for storms 2" in md
    assert "Read entire review" not in md


def test_short_links_elsewhere_or_with_numbers_or_on_few_cards_stay() -> None:
    others = "".join(review(i, "Weather apps", "/category/weather") for i in range(4))
    prices = "".join(review(i, "Save $10") for i in range(4, 8))
    few = "".join(review(i, "Lire la suite") for i in range(8, 10))
    md = markdown(page(f"<div>{others}</div><div>{prices}</div><div>{few}</div>"))
    assert "Weather apps" in md  # a link to another page (the category)
    assert "Save $10" in md  # the item's information
    assert "Lire la suite" in md  # two cards are not a list

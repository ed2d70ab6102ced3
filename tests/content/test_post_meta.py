"""A post's author and date elements go; a list's per-item dates and authors, a quote's
author and a long author box stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://blog.example.com/2025/hr-planning-for-events"
PROSE = (
    "Temporary teams need the same onboarding as permanent staff, compressed into a day: "
    "who to call, where the radios are, what to do when the doors open late. "
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<main><h1>HR planning for events</h1>{extra}<p>{PROSE * 4}</p>"
        f"<h2>Volunteers</h2><p>{PROSE * 3}</p></main>",
        URL,
    )


def test_author_name_and_post_date_go() -> None:
    md = _page(
        "<div class='post-info'><span class='post-author-name'>Chirag Bhardwaj</span>"
        "<span class='wp-block-post-date'>June 13, 2024</span></div>"
    )
    assert "Chirag" not in md and "June 13" not in md
    assert "Temporary teams" in md and "Volunteers" in md


def test_quote_author_and_list_dates_stay() -> None:
    quote = (
        "<blockquote><p>Plan twice.</p><strong class='quote-author'>Ada Smith</strong></blockquote>"
    )
    items = "".join(
        f"<li><a href='/p/{i}'>Staffing story number {i}</a>"
        f"<span class='post-date'>May {i}, 2024</span></li>"
        for i in range(1, 5)
    )
    md = _page(f"{quote}<ul>{items}</ul>")
    assert "Ada Smith" in md and "May 3, 2024" in md


def test_author_box_with_a_bio_stays() -> None:
    bio = "Ada has run the front of house of concert halls for twenty years. " * 3
    md = _page(f"<div class='entry-author'><p>{bio}</p></div>")
    assert "concert halls" in md


def test_author_box_of_an_article_goes() -> None:
    bio = "Ada has run the front of house of concert halls for twenty years. " * 3
    md = page_markdown(
        f"<main><h1>HR planning for events</h1><p>{PROSE * 6}</p>"
        f"<div class='the-author'><img src='/ada.jpg' alt=''><p><strong>Ada Smith</strong>"
        f" is our events editor. {bio}</p></div></main>",
        URL,
        head="<meta property='og:type' content='article'>",
    )
    assert "Ada Smith" not in md and "concert halls" not in md
    assert "Temporary teams" in md


def test_written_by_and_glued_author_box_names_go() -> None:
    md = _page(
        "<div class='written-by'>Written by Chirag Bhardwaj</div>"
        "<div class='blog-bottom-authorbox'>Tuhin Bhatt, co-founder</div>"
    )
    assert "Chirag" not in md and "Tuhin" not in md
    assert "Temporary teams" in md


def test_post_meta_line_goes() -> None:
    md = _page("<div class='stories-post_meta-wrapper'><span>Dec 18, 2025</span> 6 min read</div>")
    assert "Dec 18" not in md and "min read" not in md
    assert "Temporary teams" in md

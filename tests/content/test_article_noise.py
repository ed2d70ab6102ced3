"""On article pages (JSON-LD Article, og:type article) a long list of links to the site's other
posts after the story goes, even when it is larger than the common rules allow; the story's
own links stay, and so does such a list on a page that is not an article, or one that is
most of the article (a roundup of links)."""

from __future__ import annotations

import json

from tests.content.pages import page_markdown

URL = "https://blog.example.com/posts/cleaning-costs-in-san-diego"
ARTICLE_LD = {"@context": "https://schema.org", "@type": "BlogPosting", "headline": "Costs"}
STORY = (
    "<h1>Cleaning costs in San Diego</h1>"
    "<p>STORY_ONE Most homes in the city pay a little more than the national average for a "
    "standard visit, and the price grows with the number of rooms and bathrooms.</p>"
    "<p>STORY_TWO A deep clean or a move-out clean costs more again, because it takes longer "
    "and reaches the inside of the oven and the cupboards; see <a href='/guide'>our guide</a>."
    "</p>"
)
CITIES = ("Albuquerque", "Boston", "Chicago", "Denver", "Houston")
RELATED = (
    "<div class='row'>"
    + "".join(
        f"<p><a href='/posts/costs-in-{c.lower()}'><strong>RELATED Average costs for cleaning "
        f"services in {c}</strong></a></p>"
        for c in CITIES
    )
    + "</div>"
)


def page(body: str, *, article: bool = True) -> str:
    head = (
        f"<script type='application/ld+json'>{json.dumps(ARTICLE_LD)}</script>" if article else ""
    )
    return page_markdown(f"<main>{body}</main>", URL, head=head)


def test_related_list_after_the_story_goes() -> None:
    md = page(STORY + RELATED)
    assert "STORY_ONE" in md and "STORY_TWO" in md and "our guide" in md
    assert "RELATED" not in md


def test_og_type_article_marks_the_page() -> None:
    head = "<meta property='og:type' content='article'>"
    md = page_markdown(f"<main>{STORY}{RELATED}</main>", URL, head=head)
    assert "STORY_ONE" in md and "RELATED" not in md


def test_list_stays_on_pages_that_are_not_articles() -> None:
    md = page(STORY + RELATED, article=False)
    assert "RELATED" in md


def test_list_that_is_most_of_the_article_stays() -> None:
    # a roundup: a short introduction, then the links it is about
    md = page("<h1>Links of the week</h1><p>INTRO Our picks this week.</p>" + RELATED)
    assert "INTRO" in md and "RELATED" in md


def teaser(n: int) -> str:
    return (
        f"<article><img src='/t{n}.jpg' alt=''><h3>TEASER_{n} Another guide on the desk</h3>"
        f"<div>Short summary of the other guide, number {n}, in a line.</div>"
        f"<a href='/guides/{n}'>Learn more</a></article>"
    )


def test_related_grid_of_teasers_after_the_text_goes_on_any_page() -> None:
    grid = "<section class='related-pages'><h2>Explore more</h2>" + "".join(
        teaser(n) for n in range(4)
    )
    more = "<p>STORY_THREE Keep the chair at a height where the feet rest flat on the floor.</p>"
    md = page(STORY + more + grid + "</section>", article=False)
    assert "STORY_ONE" in md and "STORY_TWO" in md
    assert "TEASER_" not in md and "Explore more" not in md


def test_related_sections_of_prose_stay() -> None:
    # named "related" but made of long sections: the page's own text
    long = "".join(
        f"<h3>SECTION_{n}</h3><p>{'A long paragraph about the related topic. ' * 12}</p>"
        for n in range(3)
    )
    md = page(STORY * 3 + f"<div class='related-topics'>{long}</div>", article=False)
    assert "SECTION_0" in md

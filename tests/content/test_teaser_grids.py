"""After an article, a grid of teasers to the site's other posts (a title linked to another
page of the site and a summary, on each of several cards) goes whatever its class names say;
cards linking to other sites stay, and so does such a grid on a page that is not an article
or whose block is made of teasers (a listing)."""

from __future__ import annotations

import json
import time

from tests.content.pages import page_markdown

URL = "https://www.blog.example.com/posts/smart-thermostats"
ARTICLE_LD = {"@context": "https://schema.org", "@type": "BlogPosting", "headline": "T"}
STORY = "<h1>Do smart thermostats save money?</h1>" + "".join(
    f"<p>STORY_{i} A thermostat that learns when the house is empty lowers the heating while "
    "nobody is home and warms it again before anyone returns, which saves a tenth of the bill "
    "in a cold winter according to the utility's own measurements.</p>"
    for i in range(4)
)
TOPICS = ("heat pumps", "duct cleaning", "air filters", "insulation")


def grid(href: str = "/posts/{slug}") -> str:
    cards = "".join(
        f"<div class='x1'><h3 class='x2'><a href='{href.format(slug=t.replace(' ', '-'))}'>"
        f"TEASER What to know about {t}</a></h3><p class='x3'>A short summary of the post on "
        f"{t} and why it matters.</p></div>"
        for t in TOPICS
    )
    return f"<div class='x4'><h2>From our archive</h2><div class='x5'>{cards}</div></div>"


def page(body: str, *, article: bool = True) -> str:
    head = (
        f"<script type='application/ld+json'>{json.dumps(ARTICLE_LD)}</script>" if article else ""
    )
    return page_markdown(f"<div class='q'>{body}</div>", URL, head=head)


def test_teaser_grid_after_article_goes() -> None:
    md = page(STORY + grid())
    assert "TEASER" not in md and "From our archive" not in md
    assert "STORY_3" in md


def test_teasers_on_the_same_host_go() -> None:
    md = page(STORY + grid("https://blog.example.com/posts/{slug}"))
    assert "TEASER" not in md


def test_cards_linking_to_other_sites_stay() -> None:
    md = page(STORY + grid("https://shop.example.net/item/{slug}"))
    assert "TEASER What to know about insulation" in md


def test_not_on_pages_that_are_not_articles() -> None:
    md = page(STORY + grid(), article=False)
    assert "TEASER What to know about insulation" in md


def test_grid_before_the_story_ends_stays() -> None:
    md = page(STORY[:200] + grid() + STORY[200:])
    assert "TEASER What to know about insulation" in md


def test_listing_of_teasers_stays() -> None:
    md = page("<h1>All posts</h1><p>Our posts.</p>" + grid() * 6)
    assert "TEASER What to know about insulation" in md


def test_linear_on_many_cards() -> None:
    card = (
        "<div><h3><a href='/p/x'>TEASER a title long enough</a></h3>"
        "<p>A summary line of the card, long enough to count.</p></div>"
    )
    body = STORY * 50 + "<div>" + card * 6000 + "</div>" + "<div><div><p>x</p></div></div>" * 3000
    start = time.process_time()  # CPU, not wall time: CI machines are shared
    page(body)
    assert time.process_time() - start < 10  # the whole pipeline; the rule itself is linear

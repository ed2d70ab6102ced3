"""onlyMainContent on blog and news indexes: the dates stamped on each teaser go."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://news.example.com/topic/economy"


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def page(inner: str) -> str:
    return f"<html><head><title>T</title></head><body>{inner}</body></html>"


EXCERPT = (
    "A long summary of the story that tells the reader what happened this week, who said"
    " what about it and why it matters to the markets and to the people who follow them."
)


def teaser(i: int, date: str) -> str:
    # an index of teasers with excerpts: far from made of links
    return (
        f"<article class='card'><a href='/news/{i}'><h2>Central bank holds rates story {i}</h2>"
        f"</a><p>{EXCERPT}</p><footer class='card-footer'><div class='date'>"
        f"<span>{date}</span></div></footer></article>"
    )


def test_dates_alone_on_the_teasers_of_an_index_go() -> None:
    dates = ["6 Mar 2026", "Mar 7", "4 years ago", "2025-12-09"]
    teasers = "".join(teaser(i, dates[i % 4]) for i in range(8))
    md = markdown(page(f"<main><h1>Economy</h1><div class='feed'>{teasers}</div></main>"))
    assert "Central bank holds rates story 5" in md
    assert "who said what about it" in md
    for date in dates:
        assert date not in md


def test_a_date_that_links_to_the_teaser_goes_a_permalink_of_its_own_stays() -> None:
    def item(i: int, date_href: str) -> str:
        return (
            f"<div class='story'><div class='meta'><a href='/u/{i}'>Writer {i}</a></div>"
            f"<div><a href='{date_href}'><time>Mar {i + 1}</time></a></div>"
            f"<h2><a href='/post/{i}'>How we rebuilt the search index {i}</a></h2>"
            f"<p>{EXCERPT}</p></div>"
        )

    same = "".join(item(i, f"/post/{i}") for i in range(4))
    own = "".join(item(i, f"/post/{i}#comment-{i}") for i in range(4, 8))
    md = markdown(page(f"<main><h1>Latest</h1><div>{same}</div><div>{own}</div></main>"))
    assert "How we rebuilt the search index 2" in md
    assert "Mar 3" not in md  # the teaser's own target: its meta
    assert "Mar 6" in md  # a link to something else


def test_a_date_that_is_part_of_a_line_stays() -> None:
    # "By Jane Doe • Dec. 4, 2025" and "12/09/2025 | Source": a field of the item
    items = "".join(
        f"<li class='item'><h3><a href='/n/{i}'>Snowflake deepens partnerships {i}</a></h3>"
        f"<p>{EXCERPT}</p><span class='label'>By <a href='/e/{i}'>Jane Doe</a> •</span>"
        f"<span class='label'>Dec. {i + 1}, 2025</span>"
        f"<div><time>12/0{i + 1}/2025</time> | <em>Source {i}</em></div></li>"
        for i in range(4)
    )
    md = markdown(page(f"<main><h1>Cloud</h1><ul class='feed'>{items}</ul></main>"))
    assert "Dec. 3, 2025" in md
    assert "12/03/2025" in md


def test_dates_of_an_article_and_of_few_cards_stay() -> None:
    body = "".join(f"<p>Paragraph {i} of the report. {EXCERPT}</p>" for i in range(4))
    cards = "".join(teaser(i, f"Feb {i + 1}, 2026") for i in range(2))
    md = markdown(
        page(f"<main><h1>Report</h1><div><span>Jan 5, 2026</span></div>{body}{cards}</main>")
    )
    assert "Jan 5, 2026" in md
    assert "Feb 2, 2026" in md  # two teasers are not a list

"""Synthetic pages through the content pipeline, for the rule modules' tests."""

from __future__ import annotations

from collections.abc import Callable

from webdata.content.pipeline import ContentOptions, process_html


def html_markdown(html: str, url: str) -> str:
    """The ``onlyMainContent`` markdown of the document ``html``."""
    md = process_html(html, url, ContentOptions()).markdown
    assert md is not None
    return md


def page_markdown(body: str, url: str, *, head: str = "") -> str:
    """The ``onlyMainContent`` markdown of a page made of ``head`` and ``body``."""
    return html_markdown(
        f"<html><head><title>T</title>{head}</head><body>{body}</body></html>", url
    )


# Titles of a garden blog's posts: the teaser and feed rules' tests build their lists of them.
GARDEN_TITLES = (
    "Planting tomatoes in spring",
    "Watering schedules that work",
    "Choosing a deep container",
    "Keeping a garden log",
    "Pruning without fear",
    "Saving seeds for next year",
)

# A thread of three posts by three posters: the forum rules' tests build its markup.
THREAD_URL = "https://board.example.org/t/oil-change-intervals/4242"
THREAD_TEXTS = (
    "POST_ONE How often do you change the oil on a small petrol engine used daily?",
    "POST_TWO Every five thousand miles here, with the filter each second time.",
    "POST_THREE Twice a year whatever the mileage, and the filter each time too.",
)


def thread_posts(
    post: Callable[[int, str, str, str], str], names: tuple[str, ...] = ("ann", "bob", "cat")
) -> str:
    """The thread's posts, each made by ``post(i, name, date, text)``."""
    dates = ("Jun 7, 2017", "Jun 7, 2017", "Jun 8, 2017")
    return "".join(
        post(i, n, d, t) for i, (n, d, t) in enumerate(zip(names, dates, THREAD_TEXTS, strict=True))
    )

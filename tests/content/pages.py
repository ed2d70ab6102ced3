"""Synthetic pages through the content pipeline, for the rule modules' tests."""

from __future__ import annotations

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


# A thread of three posts by three posters: the forum rules' tests build its markup.
THREAD_URL = "https://board.example.org/t/oil-change-intervals/4242"
THREAD_TEXTS = (
    "POST_ONE How often do you change the oil on a small petrol engine used daily?",
    "POST_TWO Every five thousand miles here, with the filter each second time.",
    "POST_THREE Twice a year whatever the mileage, and the filter each time too.",
)

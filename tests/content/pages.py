"""Synthetic pages through the content pipeline, for the rule modules' tests."""

from __future__ import annotations

from webdata.content.pipeline import ContentOptions, process_html


def page_markdown(body: str, url: str, *, head: str = "") -> str:
    """The ``onlyMainContent`` markdown of a page made of ``head`` and ``body``."""
    md = process_html(
        f"<html><head><title>T</title>{head}</head><body>{body}</body></html>",
        url,
        ContentOptions(),
    ).markdown
    assert md is not None
    return md

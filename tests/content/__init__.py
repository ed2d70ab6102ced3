"""Tests of the content pipeline (src/webdata/content), and the helpers they share."""

from __future__ import annotations

from webdata.content.pipeline import ContentOptions, process_html


def body_markdown(body: str, url: str, *, only_main_content: bool) -> str:
    """The markdown of a page whose ``<body>`` holds ``body`` (and whose title is "T")."""
    html = f"<html><head><title>T</title></head><body>{body}</body></html>"
    result = process_html(html, url, ContentOptions(only_main_content=only_main_content))
    assert result.markdown is not None
    return result.markdown

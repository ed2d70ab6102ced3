"""Non-HTML textual bodies and the removal of base64 images from markdown."""

from __future__ import annotations

import json

import pytest

from webdata.content.base64_images import PLACEHOLDER, remove_base64_images
from webdata.content.pipeline import process_text


def test_json_is_pretty_printed_in_a_json_fence() -> None:
    out = process_text('{"name":"tomato","tags":["a","b"],"é":1}', "application/json")
    assert out == (
        '```json\n{\n  "name": "tomato",\n  "tags": [\n    "a",\n    "b"\n  ],\n  "é": 1\n}\n```'
    )


@pytest.mark.parametrize(
    "content_type",
    [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON",
        "application/ld+json",
        "application/vnd.api+json",
        "text/json",
    ],
)
def test_json_types(content_type: str) -> None:
    assert process_text("[1]", content_type).startswith("```json\n")


def test_invalid_json_is_fenced_as_is() -> None:
    assert process_text("{not json", "application/json") == "```json\n{not json\n```"


def test_json_with_backticks_gets_a_longer_fence() -> None:
    out = process_text('{"code": "```py```"}', "application/json")
    assert out.startswith("````json\n") and out.endswith("\n````")
    assert json.loads(out.split("\n", 1)[1].rsplit("\n", 1)[0]) == {"code": "```py```"}


@pytest.mark.parametrize(
    "content_type", ["text/plain", "text/markdown", "text/csv", "text/plain; charset=utf-8", ""]
)
def test_other_text_passes_through_unchanged(content_type: str) -> None:
    text = "a,b\n1,2\n\n\n  # not touched  \n"
    assert process_text(text, content_type) == text


def test_base64_image_keeps_its_alt_text() -> None:
    md = "Before ![a dot](data:image/png;base64,iVBORw0KGgo=) after"
    assert remove_base64_images(md) == f"Before ![a dot]({PLACEHOLDER}) after"
    assert PLACEHOLDER == "<Base64-Image-Removed>"


@pytest.mark.parametrize(
    ("md", "expected"),
    [
        ("![x](<data:image/svg+xml;utf8,\\<svg a='1'\\>\\</svg\\>>)", f"![x]({PLACEHOLDER})"),
        ("![y](<data:image/png;base64,AA AA(1)>)", f"![y]({PLACEHOLDER})"),
        ("![z](data:image/png;base64,AA(1)B)", f"![z]({PLACEHOLDER})"),
        ('![x](data:image/gif;base64,R0lG "title")', f"![x]({PLACEHOLDER})"),
        ("![](data:image/png;base64,AAAA)", f"![]({PLACEHOLDER})"),
        ("![a \\] b](data:image/png;base64,AA)", f"![a \\] b]({PLACEHOLDER})"),
        (
            "![1](data:image/png;base64,A) and ![2](DATA:image/png;base64,B)",
            f"![1]({PLACEHOLDER}) and ![2]({PLACEHOLDER})",
        ),
    ],
)
def test_base64_image_forms(md: str, expected: str) -> None:
    assert remove_base64_images(md) == expected


def test_converter_output_for_data_uris_is_cleaned() -> None:
    from webdata.content.markdown import html_to_markdown

    md = html_to_markdown(
        "<img src=\"data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'></svg>\" "
        "alt='svg'> <img src='data:image/png;base64,AA AA(1)' alt='png'>"
    )
    assert remove_base64_images(md) == f"![svg]({PLACEHOLDER}) ![png]({PLACEHOLDER})"


def test_other_images_and_links_are_untouched() -> None:
    md = "![ok](https://e.com/a.png) [link](data:text/plain,hi) `data:image/png;base64,x`"
    assert remove_base64_images(md) == md

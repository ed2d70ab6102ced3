"""PDF blocks: the spec's fields, types, normalised boxes, and spans that index the markdown."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

import pytest

from tests.documents import pdf_samples as samples
from webdata.documents.pdf import PdfOptions, PdfResult, parse_pdf

PAGE_KEYS = {"pageNumber", "width", "height", "status", "items"}
ITEM_KEYS = {
    "id",
    "type",
    "label",
    "bbox",
    "content",
    "markdownSpan",
    "readingOrder",
    "source",
    "confidence",
}
TYPES = {
    "title",
    "section_header",
    "text",
    "table",
    "formula",
    "figure",
    "caption",
    "page_number",
    "page_header",
    "page_footer",
}


def parse(data: bytes, **options: object) -> PdfResult:
    return parse_pdf(data, PdfOptions(want_blocks=True, **options))  # type: ignore[arg-type]


def items(result: PdfResult) -> list[dict[str, Any]]:
    return [item for page in result.blocks or [] for item in page["items"]]


def by_content(result: PdfResult, content: str) -> dict[str, Any]:
    return next(item for item in items(result) if item["content"] == content)


CASES = {
    "article": (samples.article_pdf, {}),
    "two_column": (samples.two_column_pdf, {}),
    "multipage_markers": (samples.multipage_pdf, {"page_markers": True}),
    "multipage_plain": (samples.multipage_pdf, {}),
    "multipage_furniture": (samples.multipage_pdf, {"keep_furniture": True}),
    "lists": (samples.nested_list_pdf, {}),
    "mixed_scan": (lambda: samples.scanned_pdf(text_pages=(2,)), {"page_markers": True}),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_block_fields_follow_the_spec(case: str) -> None:
    make, options = CASES[case]
    result = parse(make(), **options)
    assert result.blocks is not None
    assert [p["pageNumber"] for p in result.blocks] == list(range(1, result.num_pages + 1))
    for page in result.blocks:
        assert set(page) == PAGE_KEYS
        assert (page["width"], page["height"]) == (612.0, 792.0)  # letter, in points
        assert page["status"] in {"ok", "partial", "failed"}
        for index, item in enumerate(page["items"]):
            assert set(item) == ITEM_KEYS
            assert item["id"] == f"p{page['pageNumber']}.b{index}"
            assert item["readingOrder"] == index
            assert item["type"] in TYPES
            assert item["source"] == "native_text"
            assert item["confidence"] == {"layout": None, "ocr": None}
            assert isinstance(item["content"], str) and item["content"]
            x0, y0, x1, y1 = item["bbox"]
            assert 0.0 <= x0 <= x1 <= 1.0
            assert 0.0 <= y0 <= y1 <= 1.0


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_span_indexes_the_markdown(case: str) -> None:
    make, options = CASES[case]
    result = parse(make(), **options)
    spans = []
    for item in items(result):
        span = item["markdownSpan"]
        furniture = item["type"] in {"page_header", "page_footer", "page_number"}
        if furniture and not options.get("keep_furniture"):
            assert span is None  # left out of the markdown
            continue
        assert span is not None, item
        start, end = span
        assert result.markdown[start:end] == item["content"]
        spans.append((start, end))
    assert spans == sorted(spans)
    assert all(a[1] <= b[0] for a, b in pairwise(spans))  # no overlap
    # The blocks account for all of the markdown but blank lines and page markers.
    rest, last = [], 0
    for start, end in spans:
        rest.append(result.markdown[last:start])
        last = end
    rest.append(result.markdown[last:])
    assert re.fullmatch(r"(\s|---|<!-- page \d+ -->)*", "".join(rest))


def test_block_types_and_labels() -> None:
    result = parse(samples.article_pdf())
    title = by_content(result, "# Quarterly Report")
    assert (title["type"], title["label"]) == ("title", "title")
    assert by_content(result, "## Revenue")["type"] == "section_header"
    assert by_content(result, "### Key points")["type"] == "section_header"
    assert by_content(result, samples.REVENUE)["type"] == "text"
    item = by_content(result, "- Sales rose in the north")
    assert (item["type"], item["label"]) == ("text", "list_item")
    table = next(i for i in items(result) if i["type"] == "table")
    assert table["content"].startswith("| Region | Units | Revenue |")
    assert [i["type"] for i in items(result)].count("title") == 1


def test_bbox_is_normalised_with_y_from_the_top() -> None:
    result = parse(samples.two_column_pdf())
    title = by_content(result, "# Two Column Study")
    left = by_content(result, samples.LEFT_TEXT)
    right = by_content(result, samples.RIGHT_TEXT)
    # The title's baseline is 72 pt below the top edge; 20 pt type.
    assert title["bbox"][0] == pytest.approx(72 / 612, abs=0.005)
    assert title["bbox"][1] == pytest.approx((72 - 20) / 792, abs=0.02)
    assert title["bbox"][3] < left["bbox"][1]  # below the title means a larger y
    assert left["bbox"][2] < 0.5 < right["bbox"][0]  # the columns, left and right
    assert left["bbox"][1] == pytest.approx(right["bbox"][1], abs=0.005)


def test_repeated_header_and_page_numbers_are_typed() -> None:
    result = parse(samples.multipage_pdf(3))
    for page in result.blocks or []:
        kinds = [(i["type"], i["content"]) for i in page["items"]]
        n = page["pageNumber"]
        assert kinds[0] == ("page_header", samples.HEADER)
        assert kinds[-1] == ("page_number", f"Page {n} of 3")
        assert kinds[1] == ("section_header", f"# Chapter {n}")


def test_chapter_headings_are_not_a_title() -> None:
    result = parse(samples.multipage_pdf(2))
    assert "title" not in {i["type"] for i in items(result)}


def test_blocks_and_pages_only_when_asked() -> None:
    result = parse_pdf(samples.article_pdf(), PdfOptions())
    assert result.blocks is None
    assert result.pages is None

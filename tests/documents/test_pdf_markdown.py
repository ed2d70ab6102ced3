"""PDF to markdown: reading order, headings, lists, tables, pages, page markers."""

from __future__ import annotations

import pytest

from tests.documents import pdf_samples as samples
from webdata.documents.pdf import PdfOptions, PdfResult, is_pdf, parse_pdf


def parse(data: bytes, **options: object) -> PdfResult:
    return parse_pdf(data, PdfOptions(**options))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def article() -> PdfResult:
    return parse(samples.article_pdf())


def test_is_pdf_by_magic_bytes_or_content_type() -> None:
    data = samples.article_pdf()
    assert is_pdf(data)
    assert is_pdf(b"\x00junk before the header\n" + data)
    assert not is_pdf(b" " * 1024 + data)  # readers only look at the first 1024 bytes
    assert is_pdf(b"", "application/pdf; charset=binary")
    assert is_pdf(b"", "Application/PDF")
    assert not is_pdf(b"<html><body>hello</body></html>", "text/html")
    assert not is_pdf(b"")


def test_headings_are_ranked_by_font_size(article: PdfResult) -> None:
    lines = article.markdown.split("\n")
    assert "# Quarterly Report" in lines  # 24 pt
    assert "## Revenue" in lines  # 16 pt
    assert "### Details by region" in lines  # 13 pt
    assert sum(line.startswith("#") for line in lines) == 4


def test_short_bold_line_at_body_size_is_a_heading(article: PdfResult) -> None:
    assert "### Key points" in article.markdown.split("\n")


def test_wrapped_lines_make_one_paragraph(article: PdfResult) -> None:
    paragraphs = article.markdown.split("\n\n")
    assert samples.REVENUE in paragraphs
    assert samples.INTRO in paragraphs
    assert samples.CLOSING in paragraphs


def test_bullet_and_numbered_lists(article: PdfResult) -> None:
    bullets = "\n".join(f"- {t}" for t in samples.BULLETS)
    steps = "\n".join(f"{i}. {t}" for i, t in enumerate(samples.STEPS, 1))
    paragraphs = article.markdown.split("\n\n")
    assert bullets in paragraphs
    assert steps in paragraphs


def test_simple_table_becomes_gfm(article: PdfResult) -> None:
    table = "\n".join(
        [
            "| Region | Units | Revenue |",
            "| --- | --- | --- |",
            "| North | 120 | 4,500 |",
            "| South | 80 | 3,100 |",
            "| West | 95 | 3,900 |",
        ]
    )
    assert table in article.markdown.split("\n\n")
    separators = [ln for ln in article.markdown.split("\n") if ln.startswith("| --- |")]
    assert len(separators) == 1  # lists and paragraphs are not tables


def test_article_reading_order(article: PdfResult) -> None:
    md = article.markdown
    marks = [
        "# Quarterly Report",
        samples.INTRO,
        "## Revenue",
        samples.REVENUE,
        "### Details by region",
        "### Key points",
        "- Sales rose",
        "The steps were:",
        "1. Collect",
        "| Region |",
        samples.CLOSING,
    ]
    positions = [md.index(m) for m in marks]
    assert positions == sorted(positions)
    assert md.endswith(samples.CLOSING)


def test_two_columns_read_left_column_first() -> None:
    result = parse(samples.two_column_pdf())
    assert result.markdown == "\n\n".join(
        [
            "# Two Column Study",
            "A full width introduction line sits above both of the columns.",
            samples.LEFT_TEXT,
            samples.RIGHT_TEXT,
            "A closing line runs across the full width after both columns end.",
        ]
    )


def test_hyphenation_is_undone_only_before_lowercase() -> None:
    result = parse(samples.hyphenated_pdf())
    assert result.markdown == (
        "The parser joins a hyphenated word and keeps a Well-Known compound intact."
    )


def test_nested_list_and_wrapped_item() -> None:
    result = parse(samples.nested_list_pdf())
    assert result.markdown == (
        "- Fruit\n  - Apples\n  - Pears that are ripe and ready to eat\n- Vegetables\n\n"
        "After the list comes a plain paragraph."
    )


def chapter(n: int, pages: int = 4) -> str:
    body = f"This is the body of chapter {n}. " + "It has a few sentences of text. " * 6
    return f"# Chapter {n}\n\n{body.strip()}"


def test_running_header_and_page_numbers_are_left_out() -> None:
    result = parse(samples.multipage_pdf(4))
    assert result.markdown == "\n\n".join(chapter(n) for n in range(1, 5))
    assert samples.HEADER not in result.markdown
    assert "Page 1 of" not in result.markdown


def test_keep_furniture_keeps_header_and_footer() -> None:
    result = parse(samples.multipage_pdf(2), keep_furniture=True)
    first_page = f"{samples.HEADER}\n\n{chapter(1)}\n\nPage 1 of 2"
    assert result.markdown.startswith(first_page + "\n\n")
    assert result.markdown.count(samples.HEADER) == 2


def test_page_markers_exact_format() -> None:
    result = parse(samples.multipage_pdf(3), page_markers=True)
    assert result.markdown == (
        chapter(1)
        + "\n\n---\n\n<!-- page 2 -->\n\n"
        + chapter(2)
        + "\n\n---\n\n<!-- page 3 -->\n\n"
        + chapter(3)
    )


def test_page_markers_for_pages_without_text_keep_numbering() -> None:
    result = parse(samples.scanned_pdf(text_pages=(2,)), page_markers=True)
    text = "Page 2 has a real text layer with words on it."
    assert result.markdown == (
        f"\n\n---\n\n<!-- page 2 -->\n\n{text}\n\n---\n\n<!-- page 3 -->\n\n"
    )


def test_pages_field() -> None:
    result = parse(samples.multipage_pdf(3), want_pages=True, page_markers=True)
    assert result.pages == [{"pageNumber": n, "markdown": chapter(n)} for n in (1, 2, 3)]
    assert parse(samples.multipage_pdf(3)).pages is None


def test_max_pages_caps_num_pages_not_total_pages() -> None:
    result = parse(samples.multipage_pdf(4), max_pages=2, want_pages=True, want_blocks=True)
    assert (result.num_pages, result.total_pages) == (2, 4)
    assert result.markdown == f"{chapter(1)}\n\n{chapter(2)}"
    assert [p["pageNumber"] for p in result.pages or []] == [1, 2]
    assert [p["pageNumber"] for p in result.blocks or []] == [1, 2]
    assert result.warnings == []


def test_max_pages_above_page_count_parses_all() -> None:
    result = parse(samples.multipage_pdf(2), max_pages=50)
    assert (result.num_pages, result.total_pages) == (2, 2)


def test_invalid_max_pages() -> None:
    with pytest.raises(ValueError):
        parse(samples.multipage_pdf(2), max_pages=0)


def test_rotated_page_reads_upright() -> None:
    result = parse(samples.rotated_pdf(), want_blocks=True)
    assert result.markdown == (
        "First line of the rotated page.\n\nSecond paragraph of the rotated page."
    )
    page = (result.blocks or [])[0]
    assert (page["width"], page["height"]) == (612.0, 792.0)  # as displayed
    x0, y0, _, _ = page["items"][0]["bbox"]
    assert x0 == pytest.approx(72 / 612, abs=0.01)
    assert y0 == pytest.approx((100 - 12) / 792, abs=0.02)

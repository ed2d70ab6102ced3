"""PDFs that are encrypted, damaged, scanned, blank or slow: errors, warnings, partial results."""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.documents import pdf_samples as samples
from webdata.documents import pdf as pdf_module
from webdata.documents import pdf_extract
from webdata.documents.pdf import (
    PdfCorruptError,
    PdfEmptyError,
    PdfEncryptedError,
    PdfError,
    PdfOptions,
    PdfResult,
    is_pdf,
    parse_pdf,
)


def parse(data: bytes, **options: object) -> PdfResult:
    return parse_pdf(data, PdfOptions(**options))  # type: ignore[arg-type]


def test_password_protected_pdf_is_an_encrypted_error() -> None:
    data = samples.encrypted_pdf("secret")
    assert is_pdf(data)
    with pytest.raises(PdfEncryptedError) as caught:
        parse(data)
    assert caught.value.kind == "encrypted"
    assert isinstance(caught.value, PdfError)
    assert "encrypted" in str(caught.value)


def test_owner_password_only_pdf_is_read() -> None:
    # Encrypted, but with an empty user password: every reader opens it without asking.
    result = parse(samples.encrypted_pdf(""))
    assert result.markdown == "Confidential numbers live on this page."


def test_random_bytes_are_not_a_pdf() -> None:
    data = random.Random(7).randbytes(4096)
    assert not is_pdf(data)
    with pytest.raises(PdfCorruptError, match="not a PDF") as caught:
        parse(data)
    assert caught.value.kind == "corrupt"


def test_random_bytes_behind_a_pdf_header_are_corrupt() -> None:
    data = b"%PDF-1.7\n" + random.Random(8).randbytes(4096)
    assert is_pdf(data)
    with pytest.raises(PdfCorruptError):
        parse(data)


def test_empty_input() -> None:
    with pytest.raises(PdfEmptyError) as caught:
        parse(b"")
    assert caught.value.kind == "empty"


def test_truncated_before_the_catalog_is_corrupt() -> None:
    data = samples.multipage_pdf(4)
    catalog = data.index(b"/Type /Catalog")
    with pytest.raises(PdfCorruptError):
        parse(data[: catalog - 200])


def test_truncated_file_returns_what_was_read_with_a_warning() -> None:
    data = samples.multipage_pdf(4)
    cut = data.rindex(b"stream", 0, data.rindex(b"endstream")) - 50  # inside the last page
    result = parse(data[:cut], page_markers=True)
    assert any("truncated" in w for w in result.warnings)
    assert result.total_pages == 4
    assert "# Chapter 1" in result.markdown
    assert "# Chapter 3" in result.markdown
    assert "Chapter 4" not in result.markdown


def test_truncated_in_the_cross_reference_table() -> None:
    data = samples.article_pdf()
    result = parse(data[: data.rindex(b"trailer")])
    assert any("truncated" in w for w in result.warnings)
    assert result.markdown.startswith("# Quarterly Report")


@pytest.mark.parametrize("fraction", [0.3, 0.5, 0.7, 0.9, 0.99])
def test_any_cut_gives_a_result_or_a_pdf_error(fraction: float) -> None:
    data = samples.article_pdf()
    try:
        result = parse(data[: int(len(data) * fraction)], want_blocks=True)
    except PdfError:
        return
    assert result.warnings


def test_scanned_pdf_warns_and_lists_pages_for_ocr() -> None:
    result = parse(samples.scanned_pdf(), want_blocks=True)
    assert result.pages_without_text == [1, 2, 3]
    assert result.markdown == ""
    assert (result.num_pages, result.total_pages) == (3, 3)
    [warning] = result.warnings
    assert "scanned" in warning
    assert '"mode": "ocr"' in warning
    assert [p["status"] for p in result.blocks or []] == ["failed"] * 3


def test_scanned_pages_among_text_pages() -> None:
    result = parse(samples.scanned_pdf(text_pages=(2,)), want_blocks=True)
    assert result.pages_without_text == [1, 3]
    assert result.markdown == "Page 2 has a real text layer with words on it."
    [warning] = result.warnings
    assert "pages 1, 3" in warning
    assert [p["status"] for p in result.blocks or []] == ["failed", "ok", "failed"]


def test_blank_page_needs_no_ocr_but_is_reported() -> None:
    result = parse(samples.blank_pdf())
    assert result.pages_without_text == []
    assert result.markdown == ""
    assert result.warnings == ["the PDF has no text on the pages parsed"]


@pytest.fixture
def slow_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock that moves one second each time it is read."""
    ticks = iter(range(1000))
    monkeypatch.setattr(pdf_module, "_clock", lambda: float(next(ticks)))
    yield


@pytest.mark.usefixtures("slow_clock")
def test_time_budget_stops_at_a_page_and_names_it() -> None:
    # Read at the start (0), then before pages 1 (1 s), 2 (2 s) and 3 (3 s > 2.5 s).
    result = parse(samples.multipage_pdf(4), time_budget_s=2.5, want_blocks=True, want_pages=True)
    assert (result.num_pages, result.total_pages) == (2, 4)
    assert "# Chapter 2" in result.markdown
    assert "Chapter 3" not in result.markdown
    assert [w for w in result.warnings if "budget" in w] == [
        "the time budget of 2.5s ran out at page 3 of 4: returned pages 1-2"
    ]
    pages = result.blocks or []
    assert [(p["pageNumber"], p["status"]) for p in pages] == [(1, "ok"), (2, "ok"), (3, "failed")]
    assert pages[2]["items"] == []
    assert (pages[2]["width"], pages[2]["height"]) == (612.0, 792.0)
    assert [p["pageNumber"] for p in result.pages or []] == [1, 2]


@pytest.mark.usefixtures("slow_clock")
def test_time_budget_spent_before_the_first_page() -> None:
    result = parse(samples.multipage_pdf(2), time_budget_s=0.5)
    assert (result.num_pages, result.total_pages) == (0, 2)
    assert result.markdown == ""
    assert result.warnings == ["the time budget of 0.5s ran out before page 1"]


def test_generous_time_budget_changes_nothing() -> None:
    assert parse(samples.multipage_pdf(3), time_budget_s=600) == parse(samples.multipage_pdf(3))


def test_parallel_parses_match_sequential_ones() -> None:
    docs = [samples.article_pdf(), samples.multipage_pdf(5), samples.two_column_pdf()] * 4
    expected = [parse(d, want_blocks=True) for d in docs]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda d: parse(d, want_blocks=True), docs))
    assert got == expected


def test_page_over_the_character_cap_is_partial(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf_extract, "MAX_CHARS_PER_PAGE", 40)
    result = parse(samples.multipage_pdf(1), want_blocks=True, keep_furniture=True)
    assert [p["status"] for p in result.blocks or []] == ["partial"]
    assert any("only those were read" in w for w in result.warnings)
    assert len(result.markdown) < 60

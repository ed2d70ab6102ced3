"""PDFs and office files over real HTTP: scraped from the fixture site and uploaded to
``/v2/parse``, with the pdf parser's options, OCR of a scanned page, and the errors."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from tests.api.test_errors import assert_error
from tests.documents import pdf_samples
from tests.site.pages_documents import SCAN_LINES, report_docx


def scrape(client: httpx.Client, url: str, **body: Any) -> dict[str, Any]:
    resp = client.post("/v2/scrape", json={"url": url, "maxAge": 0, **body})
    assert resp.status_code == 200, resp.text
    return dict(resp.json()["data"])


def test_a_pdf_becomes_markdown_billed_per_page(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, f"{site_url}/documents/files/report.pdf")
    meta = data["metadata"]
    assert (meta["numPages"], meta["totalPages"], meta["creditsUsed"]) == (4, 4, 4)
    assert meta["contentType"] == "application/pdf"
    markdown = data["markdown"]
    assert [m.group(1) for m in re.finditer(r"Chapter (\d)", markdown)][:4] == ["1", "2", "3", "4"]
    assert pdf_samples.HEADER not in markdown  # running header: furniture, not content
    assert "pages" not in data and "blocks" not in data


def test_parser_options(client: httpx.Client, site_url: str) -> None:
    parser = {"type": "pdf", "maxPages": 2, "pages": True, "blocks": True, "pageMarkers": True}
    data = scrape(client, f"{site_url}/documents/files/report.pdf", parsers=[parser])
    meta = data["metadata"]
    assert (meta["numPages"], meta["totalPages"], meta["creditsUsed"]) == (2, 4, 2)
    assert "\n\n---\n\n<!-- page 2 -->\n\n" in data["markdown"]
    assert "<!-- page 1 -->" not in data["markdown"]
    assert [p["pageNumber"] for p in data["pages"]] == [1, 2]
    markdown = data["markdown"]
    for page in data["blocks"]:
        for block in page["items"]:
            assert re.fullmatch(rf"p{page['pageNumber']}\.b\d+", block["id"])
            if block["markdownSpan"] is not None:
                start, end = block["markdownSpan"]
                assert markdown[start:end] == block["content"]


def test_a_pdf_served_as_octet_stream_is_still_a_pdf(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, f"{site_url}/documents/files/download")
    assert pdf_samples.INTRO.split(".")[0] in data["markdown"]
    assert data["metadata"]["numPages"] == 1


def test_auto_mode_reads_the_scanned_page(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/documents/files/scan.pdf"
    fast = scrape(client, url, parsers=[{"type": "pdf", "mode": "fast"}])
    assert SCAN_LINES[1] not in fast["markdown"]
    assert "OCR" in fast.get("warning", "") or "ocr" in fast.get("warning", "")
    auto = scrape(client, url, parsers=[{"type": "pdf", "mode": "auto", "blocks": True}])
    assert "real text layer" in auto["markdown"]
    for line in SCAN_LINES:
        assert line in auto["markdown"]
    page2 = auto["blocks"][1]
    assert page2["status"] == "ok"
    assert {b["source"] for b in page2["items"]} == {"full_page"}
    assert all(b["confidence"]["ocr"] > 0.5 for b in page2["items"])


def test_encrypted_pdf_is_a_clear_422(client: httpx.Client, site_url: str) -> None:
    resp = client.post("/v2/scrape", json={"url": f"{site_url}/documents/files/locked.pdf"})
    body = assert_error(resp, 422)
    assert body["code"] == "SCRAPE_PDF_ENCRYPTED" and "encrypted" in body["error"]


def test_parsers_empty_still_returns_the_file(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, f"{site_url}/documents/files/article.pdf", parsers=[])
    assert data["markdown"].startswith("JVBERi0")  # base64 of %PDF-
    assert data["metadata"]["creditsUsed"] == 1


def test_a_docx_becomes_markdown(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, f"{site_url}/documents/files/report.docx")
    markdown = data["markdown"]
    assert markdown.startswith("# Garden report")
    assert "- Water daily" in markdown and "| Beans | 12 |" in markdown
    assert data["metadata"]["title"] == "Garden report"


def test_uploads_through_parse_and_the_sdk(client: httpx.Client, firecrawl: Any) -> None:
    options = {"parsers": [{"type": "pdf", "pageMarkers": True}]}
    resp = client.post(
        "/v2/parse",
        data={"options": json.dumps(options)},
        files={"file": ("report.pdf", pdf_samples.multipage_pdf(3), "application/pdf")},
    )
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    assert data["metadata"]["numPages"] == 3 and "<!-- page 3 -->" in data["markdown"]
    doc = firecrawl.parse(report_docx(), filename="garden.docx")
    assert doc.markdown.startswith("# Garden report")
    formats = {f.format: f for f in firecrawl.get_parse_formats()}
    assert formats["pdf"].available and formats["docx"].available

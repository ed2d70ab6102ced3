"""``redactPII`` over real HTTP and through firecrawl-py, on the fixture site's contact page and
PDF statement (``tests/site/pages_pii.py``): every text output, every option, the cache."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from firecrawl import Firecrawl
from firecrawl.v2.methods.scrape import scrape as sdk_scrape
from firecrawl.v2.types import RedactPIIOptions, ScrapeOptions

from tests.site.pages_pii import CARD, EMAIL, IBAN, NAME, PDF_PAGES, PHONE, PII, PIXEL, TOKEN


def scrape(client: httpx.Client, url: str, **options: Any) -> dict[str, Any]:
    resp = client.post("/v2/scrape", json={"url": url, "maxAge": 0, **options})
    assert resp.status_code == 200, resp.text
    return dict(resp.json()["data"])


def leaks(text: str) -> list[str]:
    return [value for value in PII if value in text]


def test_without_redaction_the_page_holds_every_value(client: httpx.Client, site_url: str) -> None:
    # The control: the assertions below would pass trivially on a page without PII.
    data = scrape(client, f"{site_url}/pii/contact")
    assert leaks(data["markdown"]) == list(PII)


def test_true_redacts_the_markdown_with_tags(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, f"{site_url}/pii/contact", redactPII=True)
    markdown = data["markdown"]
    assert leaks(markdown) == []
    for tag in ("<EMAIL>", "<PHONE>", "<FINANCIAL>", "<SECRET>", "<PERSON>", "<LOCATION>"):
        assert tag in markdown, tag
    # What is not personal stays: the title, the reserved domain, years and hours.
    assert "# Contact our legal team" in markdown
    assert "example.com" in markdown and "since 1998" in markdown
    # Links keep their syntax: an autolink of an address is text now, a tel: link a link.
    assert "Write to <<EMAIL>>" in markdown and "[<PHONE>](tel:<PHONE>)" in markdown
    assert 'retainer.pdf?token=<SECRET> "retainer")' in markdown
    assert "warning" not in data


def test_inline_images_survive(client: httpx.Client, site_url: str) -> None:
    options = {"redactPII": {"mode": "aggressive"}, "removeBase64Images": False}
    data = scrape(client, f"{site_url}/pii/contact", **options)
    assert f"data:image/png;base64,{PIXEL})" in data["markdown"]
    assert leaks(data["markdown"]) == []


def test_html_links_and_images_are_redacted(client: httpx.Client, site_url: str) -> None:
    data = scrape(
        client,
        f"{site_url}/pii/contact",
        formats=["markdown", "html", "links", "rawHtml"],
        redactPII=True,
    )
    assert leaks(data["html"]) == []
    assert "&lt;EMAIL&gt;" in data["html"] and 'href="mailto:&lt;EMAIL&gt;"' in data["html"]
    assert "<h1>Contact our legal team</h1>" in data["html"]
    assert "https://files.northwind-legal.com/retainer.pdf?token=<SECRET>" in data["links"]
    assert not [link for link in data["links"] if leaks(link)]
    # The page as received is the page as received, and the answer says so.
    assert EMAIL in data["rawHtml"]
    assert "redactPII does not apply to rawHtml" in data["warning"]


def test_entities_mode_and_mask(client: httpx.Client, site_url: str) -> None:
    options = {"mode": "fast", "entities": ["EMAIL"], "replaceStyle": "mask"}
    markdown = scrape(client, f"{site_url}/pii/contact", redactPII=options)["markdown"]
    assert EMAIL not in markdown
    assert "*****.*****@*********-*****.***" in markdown  # same length, same separators
    assert PHONE in markdown and CARD in markdown and NAME in markdown


def test_remove_style(client: httpx.Client, site_url: str) -> None:
    options = {"mode": "fast", "replaceStyle": "remove"}
    markdown = scrape(client, f"{site_url}/pii/contact", redactPII=options)["markdown"]
    assert EMAIL not in markdown and CARD not in markdown and IBAN not in markdown
    assert "<EMAIL>" not in markdown and "[](tel:) during office hours" in markdown
    assert NAME in markdown  # fast mode has no names


@pytest.mark.parametrize(
    "value",
    [{"mode": "careful"}, {"entities": ["SSN"]}, {"replaceStyle": "hash"}, [1], {"x": 1}],
)
def test_bad_options_are_400_with_details(
    client: httpx.Client, site_url: str, value: object
) -> None:
    resp = client.post("/v2/scrape", json={"url": f"{site_url}/pii/contact", "redactPII": value})
    assert resp.status_code == 400, resp.text
    body = resp.json()
    assert body["success"] is False and body["details"]
    assert any("redactPII" in str(d.get("path") or d.get("loc")) for d in body["details"])


def test_the_cache_keeps_redacted_and_plain_copies_apart(
    client: httpx.Client, site_url: str
) -> None:
    url = f"{site_url}/pii/contact?cache-test=1"
    plain = client.post("/v2/scrape", json={"url": url}).json()["data"]
    redacted = client.post("/v2/scrape", json={"url": url, "redactPII": True}).json()["data"]
    assert EMAIL in plain["markdown"] and EMAIL not in redacted["markdown"]
    again = client.post("/v2/scrape", json={"url": url, "redactPII": True}).json()["data"]
    assert again["metadata"]["cacheState"] == "hit" and EMAIL not in again["markdown"]


def test_pdf_pages_and_blocks(client: httpx.Client, site_url: str) -> None:
    data = scrape(
        client,
        f"{site_url}/pii/statement.pdf",
        parsers=[{"type": "pdf", "pages": True, "blocks": True}],
        redactPII={"mode": "aggressive"},  # a bare name has no cue for the accurate mode
    )
    markdown = data["markdown"]
    assert leaks(markdown) == [] and "<EMAIL>" in markdown and "<FINANCIAL>" in markdown
    assert [leaks(page["markdown"]) for page in data["pages"]] == [[], []]
    assert "<PHONE>" in data["pages"][0]["markdown"]
    items = [item for page in data["blocks"] for item in page["items"]]
    assert items and all(leaks(item["content"]) == [] for item in items)
    spans = [item["markdownSpan"] for item in items if item["markdownSpan"] is not None]
    assert spans, "the spans point into the redacted markdown again"
    for item in items:
        if item["markdownSpan"] is not None:
            start, end = item["markdownSpan"]
            assert markdown[start:end] == item["content"]
    assert PDF_PAGES[1].split(" with ")[0] in markdown  # "Payments were made"


def test_through_the_sdk(firecrawl: Firecrawl, site_url: str) -> None:
    """firecrawl-py 4.55 sends ``redactPII`` from ``ScrapeOptions`` (its ``scrape()`` keyword
    list lacks it): serialised by the SDK itself, ``replace_style`` becoming ``replaceStyle``."""
    http = firecrawl._v2_client.http_client
    options = ScrapeOptions(formats=["markdown"], redact_pii=True)
    doc = sdk_scrape(http, f"{site_url}/pii/contact", options)
    assert doc.markdown is not None and leaks(doc.markdown) == []
    pii = RedactPIIOptions(mode="fast", entities=["SECRET"], replace_style="mask")
    options = ScrapeOptions(formats=["markdown", "links"], redact_pii=pii, max_age=0)
    doc = sdk_scrape(http, f"{site_url}/pii/contact", options)
    assert doc.markdown is not None
    assert TOKEN not in doc.markdown and f"token={'*' * len(TOKEN)}" in doc.markdown
    assert EMAIL in doc.markdown  # only secrets were asked for
    assert doc.links and not [link for link in doc.links if TOKEN in link]


def test_a_missing_ner_model_leaves_the_heuristics_working(
    tmp_path_factory: pytest.TempPathFactory, site_url: str
) -> None:
    from tests.conftest import start_api
    from webdata.extract.pii import get_ner_backend

    for api in start_api(tmp_path_factory.mktemp("pii"), pii_spacy_model="no_such_pipeline"):
        assert get_ner_backend() is None
        with api.client() as c:
            markdown = scrape(c, f"{site_url}/pii/contact", redactPII=True)["markdown"]
        assert leaks(markdown) == [] and "<PERSON>" in markdown

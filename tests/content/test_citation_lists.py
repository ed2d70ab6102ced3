"""The citation list closing an article goes; a "Sources" label high in the text and the
same list on a page not marked as an article stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://health.example.org/blog/weight-loss-medications"
ARTICLE_HEAD = "<meta property='og:type' content='article'>"
PROSE = (
    "Medications for obesity work best alongside changes to diet and activity, and most "
    "people regain weight within a year of stopping them without such support. "
)
CITATIONS = (
    "<div class='citations'><div class='citation-title'>Citations</div><ol>"
    "<li>Smith A. A review of weight regain. J Obes. 2024;12:80-95.</li>"
    "<li>Jones B. Calcium and abdominal fat. Obesity. 2023;31:1-9.</li></ol></div>"
)


def _page(extra: str, head: str = ARTICLE_HEAD) -> str:
    return page_markdown(
        f"<main><h1>Weight loss medications</h1><p>{PROSE * 6}</p>{extra}</main>", URL, head=head
    )


def test_citations_closing_an_article_go() -> None:
    md = _page(CITATIONS)
    assert "Citations" not in md and "weight regain" not in md
    assert "Medications for obesity" in md


def test_references_heading_and_its_list_go() -> None:
    md = _page(
        "<h5>References</h5><ul><li><a href='https://x.example/a'>Staffing study</a></li>"
        "</ul><p>Closing words of the editors.</p>"
    )
    assert "References" not in md and "Staffing study" not in md


def test_citations_on_an_unmarked_page_stay() -> None:
    md = _page(CITATIONS, head="")
    assert "weight regain" in md

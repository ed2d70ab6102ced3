"""Calls to action inside the main block go: on an article, a section opened by a pitch
heading ("Ready to get started?"); anywhere, a lead form built of ``<div>``s. The text beside
them, a heading that only looks like one and a service page's own closing band stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://agency.example.com/blog/machine-learning-in-ecommerce"
ARTICLE_HEAD = "<meta property='og:type' content='article'>"
PROSE = (
    "Recommendation models rank the catalogue for each visitor from what similar shoppers "
    "bought, and demand forecasts keep the warehouse stocked before the season turns. "
)
PITCH = (
    "<section><h2>Ready to get started? Talk to our team</h2>"
    "<p>Schedule a free estimate with us today.</p></section>"
)


def _page(extra: str, head: str = ARTICLE_HEAD) -> str:
    return page_markdown(
        f"<main><h1>Machine learning in e-commerce</h1><p>{PROSE * 4}</p>{extra}"
        f"<h2>Fraud detection</h2><p>{PROSE * 3}</p></main>",
        URL,
        head=head,
    )


def test_pitch_heading_section_of_an_article_goes() -> None:
    md = _page(PITCH)
    assert "Ready to get started" not in md and "free estimate" not in md
    assert "Fraud detection" in md


def test_pitch_band_of_a_service_page_stays() -> None:
    md = _page(PITCH, head="")
    assert "Ready to get started" in md and "free estimate" in md


def test_free_download_pitch_goes_on_an_unmarked_page_too() -> None:
    pitch = "<div><h3>Get the FREE eBook!</h3><p>Our guide to the admissions season.</p></div>"
    md = _page(pitch, head="")
    assert "FREE eBook" not in md and "admissions season" not in md
    assert "Fraud detection" in md


def test_named_cta_box_of_an_article_goes() -> None:
    box = "<div class='blog-cta'><p>Looking for junk removal that doesn't stink?</p></div>"
    md = _page(box)
    assert "junk removal" not in md and "Fraud detection" in md
    assert "junk removal" in _page(box, head="")  # not on a page not marked as an article


def test_a_question_heading_of_the_text_stays() -> None:
    md = _page("<h2>What should I say when negotiating?</h2><p>Ask for the range first.</p>")
    assert "What should I say when negotiating?" in md


def test_formless_lead_form_goes_with_its_box() -> None:
    md = _page(
        "<div class='form_wrapper'><div class='form_heading'>Get a Free Consultation</div>"
        "<div><input type='text' name='name'><label>Full Name</label></div>"
        "<div><input type='email' name='mail'><label>Email Address</label></div>"
        "<div><textarea name='msg'></textarea></div>"
        "<ul><li>In just 2 mins you will get a response</li></ul></div>",
        head="",
    )
    assert "Free Consultation" not in md and "2 mins" not in md
    assert "Fraud detection" in md

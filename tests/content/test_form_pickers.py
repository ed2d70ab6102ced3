"""A contact form is small by its own text, not by its pickers' options: a quote-request form
with a list of every country goes like any small form; the page's text stays."""

from __future__ import annotations

from tests.content.pages import page_markdown

COUNTRIES = "".join(
    f"<option value='c{i}'>Country number {i} of the world list</option>" for i in range(120)
)
PROSE = (
    "<p>We deliver, install and service commercial fitness equipment for film shoots, "
    "corporate events and temporary gyms, and our team stays until every machine runs.</p>"
)


def test_contact_form_with_a_country_list_goes() -> None:
    md = page_markdown(
        f"<main><h1>Short-term fitness rentals</h1>{PROSE * 6}"
        "<div><h2>Build your custom gym today</h2><form action='/contact' method='post'>"
        "<label>Name</label><input name='name'><label>Email</label><input type='email'>"
        f"<label>Country</label><select name='country'>{COUNTRIES}</select>"
        "<button>Send</button></form></div></main>",
        "https://www.example.com/services/short-term-fitness-rentals/",
    )
    assert "Country number" not in md
    assert "our team stays until every machine runs" in md

"""A sign-up box whose address field is a text input named for an e-mail goes with its title
and blurb; a contact form with many fields, and a box beside a price, stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://www.example.org/news/smart-home-security"
PROSE = (
    "Smart locks, cameras and thermostats all talk to the internet now, and every one of "
    "them is a door that needs a good lock and a firmware that gets updates. "
)
SIGNUP = (
    "<div class='c7'><div class='d1'><h2 class='q'>GET THE NEWSLETTER</h2>"
    "<p class='w'>Stay up to date on the latest news and podcasts with our weekly "
    "letter.</p></div><div class='f9'><input class='i' type='text' placeholder='Email' "
    "name='signup_field'><a class='b' href='#'>Subscribe</a></div></div>"
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<div class='r0'><h1>Smart home security</h1><p>{PROSE * 5}</p>{extra}"
        f"<p>{PROSE * 4}</p></div>",
        URL,
    )


def test_signup_box_goes() -> None:
    md = _page(SIGNUP)
    assert "GET THE NEWSLETTER" not in md and "Stay up to date" not in md
    assert md.count("Smart locks") == 9


def test_box_beside_a_price_stays() -> None:
    md = _page(SIGNUP.replace("weekly letter.", "weekly letter, $5 a month."))
    assert "GET THE NEWSLETTER" in md


def test_contact_form_with_many_fields_keeps_its_title() -> None:
    fields = "".join(
        f"<input type='text' name='{n}' placeholder='{n}'>"
        for n in ("name", "email", "phone", "company")
    )
    md = _page(
        f"<div class='k'><h2>Talk to our security team</h2><div class='g'>{fields}</div></div>"
    )
    assert "Talk to our security team" in md

"""Cookie notices under meaningless class names go with their buttons and preference centre;
a sentence about cookies in the text, and a page about cookies, stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://shop.example.com/guides/winter-tyres"
PROSE = (
    "Winter tyres grip better below seven degrees because their rubber stays soft, and "
    "their deeper sipes push slush aside instead of riding on it. "
)
BANNER = (
    "<div class='x9f2 flex px-4'><div class='a1b2'><p class='q7'>Acme uses cookies to "
    "enhance site functionality and personalise ads. By using our site, you agree to our "
    "cookie use.</p><a class='zz1' href='/privacy'>Details</a> "
    "<a class='zz2' href='#'>Accept All</a></div></div>"
)
CENTRE = (
    "<div class='k3'><h4>Your Privacy</h4><p>Our platform uses several types of cookies. "
    "Below you can manage your preferences.</p>"
    "<h5>Technical Cookies</h5><p>These cookies are essential to provide the service.</p>"
    "<h5>Analytical Cookies</h5><p>These cookies count visits to improve the pages.</p>"
    "<p>By clicking \u201cAccept all\u201d you consent to the use of all cookies.</p></div>"
)


def _page(extra: str, h1: str = "Choosing winter tyres") -> str:
    return page_markdown(
        f"<div class='r0'><h1>{h1}</h1><p>{PROSE * 5}</p><p>{PROSE * 4}</p></div>{extra}",
        URL,
    )


def test_banner_goes() -> None:
    md = _page(BANNER)
    assert "uses cookies" not in md and "Accept All" not in md and "Details" not in md
    assert "Winter tyres grip" in md


def test_preference_centre_goes() -> None:
    md = _page(CENTRE)
    assert "Your Privacy" not in md and "Analytical" not in md and "essential" not in md
    assert "Winter tyres grip" in md


def test_sentence_about_cookies_stays() -> None:
    md = _page("<p>Apps that use cookies must ask first under the PECR rules in the UK.</p>")
    assert "Apps that use cookies" in md


def test_cookie_policy_page_stays() -> None:
    # (inside the page's text: a short division after it, on a page that marks none of its
    # chrome, is its unmarked footer whatever it says)
    md = page_markdown(
        f"<div class='r0'><h1>Cookie policy</h1><p>{PROSE * 5}</p>{BANNER}<p>{PROSE * 4}</p></div>",
        URL,
    )
    assert "uses cookies" in md

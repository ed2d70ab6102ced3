"""onlyMainContent on listings: the site's menu (short links, one of them home) goes; the
items and a directory of other sites stay."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://electricians.example.com/coupons/"
MENU = (
    "<div><div>MENU</div><ul><li><a href='https://electricians.example.com/'>Home</a></li>"
    "<li><a href='https://electricians.example.com/services/'>Services</a></li>"
    "<li><a href='https://electricians.example.com/about/'>About Us</a></li>"
    "<li><a href='https://electricians.example.com/careers/'>Careers</a></li>"
    "<li><a href='https://electricians.example.com/contact/'>Contact</a></li></ul></div>"
)


def markdown(body: str) -> str:
    return html_markdown(f"<html><head><title>T</title></head><body>{body}</body></html>", URL)


def items() -> str:
    return "".join(
        f"<li><a href='/coupons/{i}/'>Coupon {i}: ten percent off any panel upgrade</a>"
        f"<p>Valid on work booked before June, number {i}.</p></li>"
        for i in range(8)
    )


def test_the_sites_menu_below_a_listing_goes() -> None:
    md = markdown(f"<div><h1>Coupons</h1><ul>{items()}</ul>{MENU}</div>")
    assert "Coupon 7: ten percent off any panel upgrade" in md
    assert "Careers" not in md


def test_a_directory_of_other_sites_stays() -> None:
    sites = "".join(
        f"<li><a href='https://shop{i}.example.org/'>Shop {i}</a></li>" for i in range(6)
    )
    md = markdown(f"<div><h1>Coupons</h1><ul>{items()}</ul><ul>{sites}</ul></div>")
    assert "Shop 5" in md

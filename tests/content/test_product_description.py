"""A product's description in a drawer labelled "Description" stays on a product page even
when the head gives no words of it; other dialogs, copies and non-product pages are as before."""

from __future__ import annotations

from tests.content.test_commerce_noise import DIALOG_CHROME, OTHER_DIALOGS, SPECS, page

PROSE = (
    "DRAWER_TEXT The Arrival T-Shirt is your admission to a new, purposeful approach to "
    "training, with sweat-wicking fabric and a lightweight material that moves with you. "
)
DRAWER = (
    "<div role='dialog' aria-modal='false' class='sheet'><aside class='sheet-aside'>"
    f"<h5>Description</h5><p>{PROSE * 2}</p><ul><li>DRAWER_FEATURE Slim fit</li>"
    "<li>Crew neck</li></ul></aside></div>"
)
OG_PRODUCT = "<meta property='og:type' content='product'>"


def _page(head: str, *, drawer: str = DRAWER, shown: str = "") -> str:
    body = (
        "<main><div class='product'><h1>Arrival T-Shirt</h1><p class='price'>$22</p>"
        f"{shown}{SPECS}{drawer}{OTHER_DIALOGS}</div></main>"
    )
    return page(body, head=head)


def test_a_drawer_labelled_description_stays_on_a_product_page() -> None:
    md = _page(OG_PRODUCT)
    assert "DRAWER_TEXT" in md and "DRAWER_FEATURE" in md
    assert not any(text in md for text in DIALOG_CHROME)


def test_other_labels_copies_and_other_pages_keep_the_drawer_out() -> None:
    size_guide = DRAWER.replace("<h5>Description</h5>", "<h5>Size Guide</h5>")
    assert "DRAWER_TEXT" not in _page(OG_PRODUCT, drawer=size_guide)
    # the same prose shown on the page: the drawer is a copy
    md = _page(OG_PRODUCT, shown=f"<p>{PROSE}</p>")
    assert md.count("DRAWER_TEXT") == 1
    # not a product page: a dialog is a dialog
    assert "DRAWER_TEXT" not in _page("<meta property='og:type' content='article'>")

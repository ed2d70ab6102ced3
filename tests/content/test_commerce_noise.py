"""Shop furniture around a product (reviews, shipping boxes, payment badges, tooltips...) on
product pages only, recognised by their own signals; the product itself always stays."""

from __future__ import annotations

import json

import pytest

from tests.content.pages import page_markdown
from webdata.content.pipeline import ContentOptions, process_html

URL = "https://shop.example.com/products/linen-shirt"
DESCRIPTION = (
    "DESCRIPTION_TEXT A relaxed shirt cut from washed European linen, with a soft collar, "
    "mother-of-pearl buttons and a curved hem that works tucked or untucked. "
)
SPECS = (
    "<table class='specs'><tr><th>Fabric</th><td>SPEC_LINEN 100% linen</td></tr>"
    "<tr><th>Fit</th><td>Relaxed</td></tr></table>"
)
PRODUCT_JSON_LD = {"@context": "https://schema.org", "@type": "Product", "name": "Linen Shirt"}
CHROME = (
    "<div class='product-reviews'><h2>Reviews</h2><p>REVIEW_TEXT Based on 407 reviews, 81% "
    "would recommend this.</p><p>Lovely shirt, runs small.</p></div>"
    "<div class='shipping-info'>SHIPPING_TEXT Free standard delivery on orders over $75.</div>"
    "<p class='klarna-placement'>KLARNA_TEXT Pay in 4 interest-free payments of $22.</p>"
    "<span class='tool-tip'>TOOLTIP_TEXT Thread count is the number of threads per inch.</span>"
    "<div class='area-legal'>LEGAL_TEXT Linen Co. and the Linen Co. logo are trademarks of "
    "their owners; use of the care app is subject to its terms.</div>"
)


def page(body: str, *, head: str = "") -> str:
    return page_markdown(body, URL, head=head)


def product_body(extra: str = CHROME) -> str:
    return (
        "<main><div class='product'><h1>Linen Shirt</h1><p class='price'>PRICE_TEXT $88</p>"
        f"<p>{DESCRIPTION * 3}</p><ul><li>FEATURE_TEXT Garment dyed</li></ul>{SPECS}"
        f"{extra}</div></main>"
    )


def json_ld(*objects: object) -> str:
    return "".join(
        f"<script type='application/ld+json'>{json.dumps(obj)}</script>" for obj in objects
    )


KEPT = ("Linen Shirt", "PRICE_TEXT", "DESCRIPTION_TEXT", "FEATURE_TEXT", "SPEC_LINEN")
DROPPED = ("REVIEW_TEXT", "SHIPPING_TEXT", "KLARNA_TEXT", "TOOLTIP_TEXT", "LEGAL_TEXT")


def test_og_product_page_drops_reviews_shipping_payment_badges_and_tooltips() -> None:
    md = page(product_body(), head="<meta property='og:type' content='product'>")
    assert all(text in md for text in KEPT)
    assert not any(text in md for text in DROPPED)


def test_json_ld_product_is_a_product_page_whatever_og_type_says() -> None:
    head = "<meta property='og:type' content='article'>" + json_ld(PRODUCT_JSON_LD)
    md = page(product_body(), head=head)
    assert all(text in md for text in KEPT)
    assert not any(text in md for text in DROPPED)


def test_microdata_product_is_a_product_page() -> None:
    body = product_body().replace(
        "<div class='product'>",
        "<div class='product' itemscope itemtype='https://schema.org/Product'>",
    )
    md = page(body)
    assert all(text in md for text in KEPT)
    assert not any(text in md for text in DROPPED)


def test_pages_that_are_not_product_pages_keep_their_reviews_and_faq() -> None:
    body = (
        "<main><article><h1>Our ten favourite linen shirts</h1>"
        f"<p>{DESCRIPTION * 3}</p>{CHROME}"
        "<div class='faq'><h2>FAQ</h2><p>FAQ_TEXT How should linen be washed?</p></div>"
        "</article></main>"
    )
    for head in (
        "",
        "<meta property='og:type' content='article'>",
        # a review article describes a product in its JSON-LD too
        json_ld({"@type": "Article", "headline": "Shirts"}, PRODUCT_JSON_LD),
        # a category page lists many products
        json_ld(*[PRODUCT_JSON_LD] * 6),
        "<meta property='og:type' content='product.group'>",
    ):
        md = page(body, head=head)
        assert all(text in md for text in (*DROPPED, "FAQ_TEXT")), head


def test_course_sold_as_a_product_keeps_its_testimonials() -> None:
    head = "<meta property='og:type' content='product'>" + json_ld(
        {"@type": "Course", "name": "Linen care"}
    )
    md = page(product_body(), head=head)
    assert "REVIEW_TEXT" in md


def test_marked_wrappers_of_the_product_or_of_most_of_the_block_stay() -> None:
    # WooCommerce marks the product's own wrapper ``shipping-taxable``; a reviews container
    # holding most of the block is not furniture beside the product.
    body = (
        "<main><div class='product type-product shipping-taxable'><h1>Linen Shirt</h1>"
        f"<p>{DESCRIPTION * 3}</p></div>"
        f"<div class='review-content'><p>BIG_REVIEW {DESCRIPTION * 12}</p></div></main>"
    )
    md = page(body, head="<meta property='og:type' content='product'>")
    assert "DESCRIPTION_TEXT" in md and "BIG_REVIEW" in md


def test_the_mark_is_not_in_the_html_output() -> None:
    result = process_html(
        "<html><head><meta property='og:type' content='product'></head>"
        f"<body>{product_body()}</body></html>",
        URL,
        ContentOptions(want_html=True),
    )
    assert result.html is not None and "data-webdata" not in result.html


LD_DESCRIPTION = (
    "A relaxed shirt cut from washed European linen, with a soft collar and a curved hem."
)
DRAWER = (
    "<div role='dialog' aria-modal='true' class='sheet'><aside class='sheet-aside'>"
    f"<h2>Description</h2><p>DRAWER_TEXT {LD_DESCRIPTION}</p>"
    "<ul><li>DRAWER_FEATURE Garment dyed</li></ul></aside></div>"
)
OTHER_DIALOGS = (
    "<div role='dialog' class='cookie-banner'><p>COOKIE_TEXT We use cookies to improve "
    "your experience on our site.</p></div>"
    "<div class='size-guide-modal'><p>SIZE_MODAL_TEXT S fits chest 36-38 inches.</p></div>"
    "<dialog class='cart-drawer'><p>CART_TEXT Your bag is empty. Free shipping over $75."
    "</p></dialog>"
    "<div aria-modal='true' class='login'><p>LOGIN_TEXT Sign in to your account to save "
    "your favourites.</p></div>"
)
DIALOG_CHROME = ("COOKIE_TEXT", "SIZE_MODAL_TEXT", "CART_TEXT", "LOGIN_TEXT")


def drawer_page(head: str, *, visible_description: bool = False) -> str:
    shown = f"<p>{LD_DESCRIPTION}</p>" if visible_description else ""
    body = (
        "<main><div class='product'><h1>Linen Shirt</h1><p class='price'>PRICE_TEXT $88</p>"
        f"{shown}{SPECS}{DRAWER}{OTHER_DIALOGS}</div></main>"
    )
    return page(body, head=head)


def test_a_drawer_holding_the_json_ld_description_stays_other_dialogs_go() -> None:
    head = json_ld({**PRODUCT_JSON_LD, "description": f"<p>{LD_DESCRIPTION}</p>"})
    md = drawer_page(head)
    assert "DRAWER_TEXT" in md and "DRAWER_FEATURE" in md
    assert all(text in md for text in ("Linen Shirt", "PRICE_TEXT", "SPEC_LINEN"))
    assert not any(text in md for text in DIALOG_CHROME)


def test_the_drawer_goes_without_a_description_or_when_the_description_is_shown_too() -> None:
    # no description in the JSON-LD: nothing says the dialog holds the product's text
    assert "DRAWER_TEXT" not in drawer_page(json_ld(PRODUCT_JSON_LD))
    # the description shown on the page as well: the drawer is a copy (a quick view)
    head = json_ld({**PRODUCT_JSON_LD, "description": LD_DESCRIPTION})
    md = drawer_page(head, visible_description=True)
    assert "DRAWER_TEXT" not in md and LD_DESCRIPTION in md
    # not a product page (an article describing a product): dialogs are dialogs
    head = json_ld(
        {"@type": "Article", "headline": "Shirts"}, {**PRODUCT_JSON_LD, "description": "x"}
    )
    assert "DRAWER_TEXT" not in drawer_page(head)


FIELD_ROWS = (
    "<dt>SKU:</dt><dd>5001</dd><dt>short_description:</dt><dd>FIELD_TEXT Regular fit</dd>"
    "<dt>retail_price_tier1:</dt><dd>$20.00_1-9 items</dd>"
    "<dt>cat_thumb_Bone:</dt><dd>https://cdn.example.com/5001_bone.jpg</dd>"
    "<dt>cat_thumb_Mushroom:</dt><dd>https://cdn.example.com/5001_mushroom.jpg</dd>"
)
SPEC_LIST = (
    "<dl class='specs'><dt>Fit</dt><dd>SPEC_FIT Regular</dd><dt>Fabric</dt>"
    "<dd>Cotton</dd><dt>Care</dt><dd>Machine wash cold</dd></dl>"
)


def test_a_short_line_shown_twice_keeps_one_copy_on_product_pages() -> None:
    # the desktop and the mobile gallery each carry the same caption (under 150 characters)
    model = (
        "<div class='caption'><p>MODEL_LINE Garment-dyed in small batches in Porto; each "
        "shirt varies slightly in shade.</p></div>"
    )
    body = product_body(model + model)
    md = page(body, head="<meta property='og:type' content='product'>")
    assert md.count("MODEL_LINE") == 1
    assert page(body).count("MODEL_LINE") == 2  # other pages: short repeats stay


def test_a_shop_line_split_over_inline_elements_goes() -> None:
    lines = (
        "<div><span>Arrives by</span><b>Tomorrow</b></div>"
        "<div>Sold and shipped by<a href='/store'>LinenCo.com</a></div>"
    )
    md = page(product_body(lines), head="<meta property='og:type' content='product'>")
    assert "Tomorrow" not in md and "LinenCo.com" not in md
    assert "DESCRIPTION_TEXT" in md


def test_note_marks_of_marketing_copy_go_on_product_pages_powers_stay() -> None:
    copy = (
        "<p>MARKETING_TEXT Rated #1 in camera quality<sup>37</sup>, with up to 31 hours of "
        "video<sup>3,4</sup>. Folds to a 0.5 m<sup>2</sup> square and 2 ft<sup>3</sup> of "
        "space; rated for 10<sup>6</sup> cycles.</p>"
    )
    md = page(product_body(copy), head="<meta property='og:type' content='product'>")
    assert "MARKETING_TEXT" in md and "quality," in md and "video." in md
    assert "m<sup>2</sup>" in md and "ft<sup>3</sup>" in md and "10<sup>6</sup>" in md
    md = page(product_body(copy))
    assert "<sup>37</sup>" in md and "<sup>3,4</sup>" in md


def test_a_bare_reviews_heading_of_the_press_quotes_stays() -> None:
    press = "<div><h2>Reviews</h2><p>PRESS_QUOTE A graceful volume. -- The Times</p></div>"
    md = page(product_body(press), head="<meta property='og:type' content='product'>")
    assert "PRESS_QUOTE" in md


def test_the_review_heading_pattern_does_not_backtrack_on_hostile_text() -> None:
    import time

    from webdata.content.commerce_noise import _REVIEW_HEADING

    for text in (
        "be the first to review " + "x " * 50_000 + "!",
        "testimonials" + "," * 100_000 + "x",
        "no reviews yet" + " ." * 50_000 + "x",
        "customer " * 20_000 + "testimonials x",
    ):
        start = time.process_time()
        _REVIEW_HEADING.match(text)
        assert time.process_time() - start < 0.5


def test_the_shop_phrase_pattern_does_not_backtrack_on_hostile_text() -> None:
    import time

    from webdata.content.commerce_noise import _SHOP_PHRASE

    for text in (
        "free " * 20_000 + "shipping x",
        "free " + "9" * 100_000 + "-day returns x",
        "free standard " * 10_000 + "x",
    ):
        start = time.process_time()
        _SHOP_PHRASE.match(text)
        assert time.process_time() - start < 0.5


PRODUCT_HEAD = "<meta property='og:type' content='product'>"


def product_page_only(
    case_id: str, extra: str, *, gone: tuple[str, ...], kept: tuple[str, ...], stay: tuple[str, ...]
) -> object:
    """A case of shop furniture that goes on product pages only: on ``product_body(extra)``
    with the og:type=product head every ``gone`` text goes and every ``kept`` text stays;
    without the head every ``stay`` text stays."""
    return pytest.param(extra, gone, kept, stay, id=case_id)


PRODUCT_PAGE_ONLY = [
    product_page_only(
        "accordion-panels-labelled-as-shop-policies",
        "<div class='accordion'>"
        "<button aria-controls='p1'>Dimensions &amp; Materials</button>"
        "<div id='p1'><p>DIMENSIONS_TEXT 60 x 40 cm, stainless steel.</p></div>"
        "<button aria-controls='p2'>Shipping, Returns &amp; Warranty</button>"
        "<div id='p2'><p>POLICY_TEXT Free standard shipping on orders over $125.</p></div>"
        "<details><summary>Size guide</summary><p>SIZE_GUIDE_TEXT S fits 36-38.</p></details>"
        "</div>",
        gone=("POLICY_TEXT", "SIZE_GUIDE_TEXT"),
        kept=("DIMENSIONS_TEXT", "DESCRIPTION_TEXT"),
        # the same accordion on a page that is not a product page stays whole
        stay=("POLICY_TEXT", "SIZE_GUIDE_TEXT"),
    ),
    product_page_only(
        "shop-lines-without-a-marking-class",
        "<div><span>4.1</span> <span>Based on 4071 reviews</span></div>"
        "<p>82% of customers would recommend this</p>"
        "<div><span>In 53+ people's carts</span></div>"
        "<p>or 4 interest-free payments of $22.47 with Klarna</p>"
        "<p>Members earn 179 points on this purchase</p>"
        "<p>FEATURE_RECOMMEND We recommend washing it cold, inside out.</p>",
        gone=("4071", "82%", "53+", "22.47", "179"),
        kept=("FEATURE_RECOMMEND", "DESCRIPTION_TEXT"),
        stay=("4071", "82%", "53+", "22.47", "179"),
    ),
    product_page_only(
        "list-of-internal-field-names",
        # large: the generic rule keeps large hidden blocks (a hidden tab can be the content)
        f"<dl class='product-info hide'>{FIELD_ROWS * 20}</dl>{SPEC_LIST}",
        gone=("FIELD_TEXT", "cat_thumb"),
        kept=(*KEPT, "SPEC_FIT"),
        stay=("FIELD_TEXT",),
    ),
    product_page_only(
        "alt-text-of-product-photos",
        "<img src='/shirt-front.jpg' alt='PHOTO_ALT Model standing by a window in a blue shirt'>"
        "<img src='/shirt-back.jpg' alt='PHOTO_ALT Back view, sleeves rolled up'>",
        gone=("PHOTO_ALT",),
        kept=("/shirt-front.jpg", "DESCRIPTION_TEXT"),
        stay=("PHOTO_ALT",),  # not marked as a product page: the alts say something
    ),
    product_page_only(
        "fulfilment-lines",
        "<ul><li>Order today to get by <b>Mar 17-27</b></li>"
        "<li>Returns &amp; exchanges accepted within 14 days</li>"
        "<li>Cost to ship: <b>USD 14.40</b></li><li>Ships from: <b>Portugal</b></li></ul>"
        "<div><span>Est. delivery</span> <span>Wed, Apr 22 - Fri, May 15</span></div>"
        "<p>Sold and shipped by Linen Co.</p><p>$9 Flat Rate | Free Shipping $150+</p>"
        "<p>FEATURE_SHIP Each shirt ships folded in a recycled paper sleeve.</p>",
        gone=("Mar 17-27", "14 days", "14.40", "Portugal", "Apr 22", "Sold and", "Flat Rate"),
        kept=("FEATURE_SHIP", "DESCRIPTION_TEXT"),
        stay=("Mar 17-27", "14 days", "14.40", "Portugal", "Apr 22", "Sold and", "Flat Rate"),
    ),
    product_page_only(
        "variant-picker-captions",
        "<div class='variant'><p><strong>Select a size</strong></p><p>Size Guide</p>"
        "<p>Choose your colour:</p></div>"
        "<p>FEATURE_SIZE Select the size you wear in other linen shirts.</p>",
        gone=("Select a size", "Size Guide", "Choose your colour"),
        kept=("FEATURE_SIZE",),
        stay=("Select a size", "Size Guide", "Choose your colour"),
    ),
    product_page_only(
        "blocks-of-other-offers",
        "<section><h3>Others Like You Also Bought:</h3><ul>"
        "<li><a href='/p/belt'>OFFER_BELT Belt</a> in tan full-grain leather, brass buckle</li>"
        "<li><a href='/p/scarf'>OFFER_SCARF Scarf</a> in washed linen, frayed edges</li></ul>"
        "</section>"
        "<div><h2>More seller options (2)</h2><p>OFFER_SELLER Starting from $86.99</p></div>",
        gone=("OFFER_BELT", "OFFER_SCARF", "OFFER_SELLER"),
        kept=("DESCRIPTION_TEXT", "SPEC_LINEN"),
        stay=("OFFER_BELT", "OFFER_SELLER"),
    ),
    product_page_only(
        "buy-box",
        # the purchase column (price, fulfilment choices, protection plans) beside the product
        "<div class='flex buy-box-column'><p>BUYBOX_PRICE Current price is USD $88.00</p>"
        "<p>How do you want your item? Pickup or delivery to 95829</p>"
        "<p>Linen Co. Protection Plan, 2 years</p></div>"
        "<div id='buybox'><p>BUYBOX_ID Add a gift note at checkout</p></div>",
        gone=("BUYBOX_PRICE", "BUYBOX_ID"),
        kept=KEPT,
        stay=("BUYBOX_PRICE", "BUYBOX_ID"),
    ),
    product_page_only(
        "stock-levels-and-checkout-notes",
        "<p>Low in stock, only 1 left</p>"
        "<p>Shipping calculated at checkout.</p>"
        "<a href='/products/linen-shirt'>View full details</a>"
        "<p>FEATURE_STOCK Only 100% flax grown in Normandy is left to ret in the fields.</p>",
        gone=("only 1 left", "calculated at checkout", "View full details"),
        kept=("FEATURE_STOCK", "DESCRIPTION_TEXT"),
        stay=("only 1 left", "calculated at checkout", "View full details"),
    ),
    product_page_only(
        "sticky-purchase-bar-repeating-the-name",
        "<div class='sticky-product-actions'><p>Linen Shirt</p><p>STICKY_PRICE $88</p></div>"
        "<div class='sticky-notes'><p>STICKY_OTHER Washed twice before it is sewn.</p></div>",
        gone=("STICKY_PRICE",),
        kept=("STICKY_OTHER", *KEPT),
        stay=("STICKY_PRICE",),
    ),
    product_page_only(
        "shop-heading-split-over-inline-elements-opens-its-block",
        "<div class='slider'><h2>Choose your <em>add-ons</em></h2>"
        "<div><h3>Solar Roof</h3><p>ADDON_TEXT Upgrade and add a detachable solar panel.</p>"
        "</div></div>",
        gone=("ADDON_TEXT",),
        kept=("DESCRIPTION_TEXT",),
        stay=("ADDON_TEXT",),
    ),
    product_page_only(
        "size-guide-opened-by-its-heading",
        "<div id='fit'><h2>Know your size</h2><div><p>SIZE_ROW XS 118ml, made for espresso</p>"
        "<p>S 177ml, made for flat white</p></div></div>",
        gone=("SIZE_ROW",),
        kept=KEPT,
        stay=("SIZE_ROW",),
    ),
    product_page_only(
        "sku-categories-and-tags-line",
        "<div class='product_meta'><span>SKU: LS-01</span> <span>Category: "
        "<a href='/c/shirts'>META_CATEGORY Shirts</a></span> <span>Tag: "
        "<a href='/t/linen'>linen</a></span></div>",
        gone=("META_CATEGORY",),
        kept=KEPT,
        stay=("META_CATEGORY",),
    ),
    product_page_only(
        "shop-promises-review-digests-and-notices",
        "<p>Free Shipping on Domestic Orders $75+</p><p>Customers say it fits true to size</p>"
        "<div><span>Generated by AI</span></div><a href='/report'>Report this item to Linen Co</a>"
        "<p>California Residents: Prop 65 WARNING</p><p>Duties and Taxes Paid</p>"
        "<p>FEATURE_FREE Free of dyes and finishes; customers choose it for sensitive skin.</p>",
        gone=(
            "Domestic Orders",
            "true to size",
            "Generated by AI",
            "Report this",
            "Prop 65",
            "Duties",
        ),
        kept=("FEATURE_FREE", "DESCRIPTION_TEXT"),
        stay=("Domestic Orders", "true to size", "Generated by AI", "Report this", "Prop 65"),
    ),
    product_page_only(
        "small-live-regions-but-not-the-price",
        "<div role='region' aria-live='polite'><span>LIVE_GALLERY Image 1 of Linen Shirt, "
        "1 of 11</span></div><div aria-live='assertive'>LIVE_COLOUR Black</div>"
        "<div aria-live='polite' id='price-main'>LIVE_PRICE $88.00</div>",
        gone=("LIVE_GALLERY", "LIVE_COLOUR"),
        kept=("LIVE_PRICE", *KEPT),
        stay=("LIVE_GALLERY",),
    ),
    product_page_only(
        "models-size-line",
        "<p class='gallery-model-tag'>Abeiku wears size LRG and is 6' / 183cm tall</p>"
        "<p>Model's height: 185 cm, chest 96 cm</p>"
        "<p>FEATURE_MODEL Model number LS-01; wear it tucked or untucked.</p>",
        gone=("Abeiku", "185 cm"),
        kept=("FEATURE_MODEL", "DESCRIPTION_TEXT"),
        stay=("Abeiku", "185 cm"),
    ),
    product_page_only(
        "marketplace-seller-box",
        "<div><h2>Meet your seller</h2><p>SELLER_TEXT Paul, owner of PotteryParkStore. This "
        "seller usually responds within a few hours.</p></div>"
        "<div><h2>Shop policies for PotteryParkStore</h2><p>POLICY_SHOP Returns accepted "
        "within 14 days of delivery.</p></div>",
        gone=("SELLER_TEXT", "POLICY_SHOP"),
        kept=KEPT,
        stay=("SELLER_TEXT", "POLICY_SHOP"),
    ),
    product_page_only(
        "urgency-timers",
        "<p>Your offer is reserved for the next:</p><p>Sale ends in 02:13:55</p>"
        "<p>FEATURE_OFFER We offer free repairs for the life of the shirt.</p>",
        gone=("reserved for", "Sale ends"),
        kept=("FEATURE_OFFER", "DESCRIPTION_TEXT"),
        stay=("reserved for", "Sale ends"),
    ),
    product_page_only(
        "reviews-block-told-by-its-heading",
        # the theme's class names say nothing (hashed); the heading says what the block is
        "<div class='x1f3a'><h2>Customer reviews (12)</h2><div class='x9b2c'>"
        "<p>REVIEW_ITEM Lovely shirt, runs small. Verified buyer, 3 days ago</p></div></div>"
        "<div class='x7d1e'><h3>Review summary</h3><p>REVIEW_DIGEST Soft, breathable</p></div>",
        gone=("REVIEW_ITEM", "REVIEW_DIGEST"),
        kept=KEPT,
        stay=("REVIEW_ITEM", "REVIEW_DIGEST"),
    ),
    product_page_only(
        "bundle-promotions",
        "<p><span>Buy a Case, Get a Free Screen Protector</span></p>"
        "<div>Free gift with purchase over $50</div>"
        "<p>FEATURE_CASE Buy a case to protect your phone, made of full-grain leather.</p>",
        gone=("Screen Protector", "Free gift"),
        kept=("FEATURE_CASE", *KEPT),
        stay=("Screen Protector", "Free gift"),
    ),
    product_page_only(
        "testimonials-and-a-not-yet-reviewed-block",
        # hashed class names: the headings say what the blocks are
        "<div class='h1a2b'><h2>User testimonials</h2><h5>Such joy!</h5>"
        "<p>TESTIMONIAL_TEXT My kids watch the feed every day. Josh</p></div>"
        "<div class='h3c4d'><h2>Be the first to review this item</h2><p>UNREVIEWED_TEXT This "
        "is a unique item. Owned by Paul | Ukraine | 5.0 Smooth shipping, speedy replies.</p>"
        "</div>"
        "<div><h2>Testimonial-grade stitching</h2><p>FEATURE_STITCH Double-stitched seams.</p>"
        "</div>",
        gone=("TESTIMONIAL_TEXT", "UNREVIEWED_TEXT"),
        kept=("FEATURE_STITCH", *KEPT),
        stay=("TESTIMONIAL_TEXT", "UNREVIEWED_TEXT"),
    ),
    product_page_only(
        "bare-free-shipping-and-returns-promises",
        "<ul><li>Free shipping</li><li><img src='/r.svg' alt=''>Free 90-day returns</li></ul>"
        "<p>Free returns</p>"
        "<p>FEATURE_SHIP Free shipping boxes are made of recycled card, and the shirt ships "
        "folded in tissue.</p>",
        gone=("Free shipping\n", "90-day", "Free returns"),
        kept=("FEATURE_SHIP", *KEPT),
        stay=("90-day", "Free returns"),
    ),
]


@pytest.mark.parametrize(("extra", "gone", "kept", "stay"), PRODUCT_PAGE_ONLY)
def test_shop_furniture_goes_on_product_pages_only(
    extra: str, gone: tuple[str, ...], kept: tuple[str, ...], stay: tuple[str, ...]
) -> None:
    md = page(product_body(extra), head=PRODUCT_HEAD)
    assert [text for text in gone if text in md] == []
    assert [text for text in kept if text not in md] == []
    md = page(product_body(extra))
    assert [text for text in stay if text not in md] == []

"""Lines of the shop's widgets around a product, found by their text.

``commerce_noise`` removes the shop's furniture by class words and by a list of lines
(review counts, delivery estimates, stock levels...). Themes that name their widgets freely
keep more of them; these are found by their whole text instead, on a product page
(:func:`commerce_noise.is_product_page`) only, as small elements (at most
:data:`_MAX_CHARS` characters) whose text is nothing but one of:

* rating summaries: "4.6 stars on 82 reviews", "5 out of 5 stars", "4.4/5 Stars", "Course
  rating", "No ratings or reviews yet";
* carousels' captions and placeholders: "Recently viewed", "Frequently purchased with",
  "Loading recommendations";
* urgency timers: "05 Minutes 00 Seconds";
* delivery options with their times ("Standard Delivery (4-7 Working Days)", "Express
  Delivery Available") and the loyalty points a purchase earns ("Purchasing this product
  earns 176XP");
* the fulfilment chooser and its notes: "How do you want your item?", "Only one option can
  be selected at a time", "This item is gift eligible", "Price when purchased online", a
  membership's trial ("Try 30 days for just $1! Choose annual plan at checkout."), "You can
  only make an offer when buying a single item";
* trust badges and the marketplace's seller box: "Purchase protection", "Money back
  guarantee", "1.1k sales", "10 years on <marketplace>", "This seller usually responds within
  a few hours", "Listed on Nov 29, 2025", "9 favorites";
* the shop's fields under the buy button ("SKU: AU4 Category: Cups Tag: cups"), a currency
  prompt ("You are now shopping in the currency AUD"), protection plans, a wishlist's
  sign-in prompt ("Sign in to add this item to your wishlist, follow it, or mark it as
  ignored");
* a size picker's prompt: "Not your size?";
* screen readers' copies of the price's labels, shown to no one ("Current price is $179.00",
  "Sale price", "Regular price"; their class hides them, and a theme's own class says
  nothing);
* a dispatch countdown: "In stock and shipping now", "Order within 1 day 10 hours to have it
  shipped tomorrow".

The product's name, description and specifications say none of these as their whole text.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import keyword_hits, widest_matching

_MAX_CHARS = 120
_WORDS = (
    "star", "rating", "recently", "frequently", "loading", "minutes", "seconds", "how do you",
    "one option", "eligible", "purchased online", "try ",
    "make an offer", "protection", "guarantee", "sales",
    "years on", "responds", "listed on", "favorites", "your size", "sku",
    "currency", "wish", "favourites", "registry", "delivery", "shipping", "earn", "gets",
    "price", "in stock", "order within",
)  # fmt: skip
_NUMBER = r"\d[\d,.]*+"
_LINE = re.compile(
    r"^\W*+(?:"  # (possessive: a long run of punctuation is not given back)
    # rating summaries
    rf"{_NUMBER}\s*(?:/\s*5|out\s+of\s+5)?\s*stars?(?:\s+(?:on|from|based\s+on)\s+"
    rf"{_NUMBER}\s+(?:customer\s+)?(?:reviews?|ratings?))?|"
    rf"(?:{_NUMBER}\s+out\s+of\s+5\s+stars?|rated\s+{_NUMBER}\s+out\s+of\s+5)\W*"
    rf"(?:{_NUMBER}\s+(?:reviews?|ratings?))?|"
    r"(?:course|product|customer|overall|average)\s+ratings?|"
    r"no\s+(?:ratings?\s+or\s+reviews?|reviews?\s+or\s+ratings?|ratings?)\s+yet|"
    # carousels' captions and placeholders
    r"recently\s+viewed(?:\s+(?:products|items))?|"
    r"frequently\s+(?:purchased|bought)\s+(?:with|together)|"
    r"loading\s+(?:recommendations|recommended\s+products)|"
    # urgency timers ("05: Minutes 00 Seconds", "2 days 03 hours 10 minutes")
    r"(?:\d{1,2}\W{0,12}(?:days?|hours?|hrs?|minutes?|mins?|seconds?|secs?)\W{0,12}){2,4}|"
    # delivery options with their times ("Standard Delivery (4-7 Working Days)")
    r"(?:standard|express|next[\s-]day|same[\s-]day|economy|priority|premium|tracked)\s+"
    r"(?:delivery|shipping)\W{0,3}(?:\d{1,2}(?:\s*[-\u2013]\s*\d{1,2})?\s+(?:working\s+|business\s+)?"
    r"days?\W{0,3}|available)|"
    # loyalty points earned by the purchase
    r"(?:[^.]{0,60}\brewards?\b[^.]{0,40})?(?:purchasing|buying)\s+this\s+(?:product|item)\s+"
    r"(?:earns|will\s+earn|gets)\b.{0,30}|"
    # the fulfilment chooser and its notes
    r"how\s+do\s+you\s+want\s+your\s+(?:item|order)|"
    r"only\s+one\s+option\s+can\s+be\s+selected\s+at\s+a\s+time|"
    r"this\s+item\s+is\s+(?:gift|return|free\s+shipping)\s+eligible|"
    r"price\s+when\s+purchased\s+online|"
    # a membership's trial, a marketplace's offer note
    r"try\s+\d+\s+days\s+for\s+(?:just\s+|only\s+)?(?:free|[$\u00a3\u20ac]\s?\d[\d,.]*+)[^.]{0,10}"
    r"(?:\W+choose\b[^.]{0,50})?|you\s+can\s+only\s+make\s+an\s+offer\b[^.]{0,60}|"
    # trust badges and the marketplace's seller box
    r"(?:\w+\s+)?(?:purchase|buyer)\s+protection|(?:\w+\s+)?money[\s-]back\s+guarantee|"
    r"(?:\w+\s+)?protection\s+plans?(?:\s+by\s+\w+)?|"
    rf"{_NUMBER}k?\s+sales|\d+\s+years?\s+on\s+\w+|"
    r"(?:this\s+)?seller\s+usually\s+responds\b.{0,40}|"
    r"listed\s+on\s+\w+\s+\d{1,2},?\s+\d{4}|\d[\d,]*\s+favou?rites|"
    # the shop's fields under the buy button ("SKU: AU4 Category: Cups Tag: cups")
    r"sku\s*:\s*\S{1,40}\s+categor(?:y|ies)\s*:[^:]{1,60}(?:tags?\s*:[^:]{1,60})?|"
    # a wishlist's sign-in prompt ("Sign in to add this item to your wishlist, follow it...")
    r"(?:(?:sign|log)\s+in\s+)?to\s+(?:add|save)\s+(?:this\s+(?:item|product)\s+)?to\s+your\s+"
    r"(?:wish\s?list|favou?rites|registry)\b[^.]{0,60}|"
    # a currency prompt
    r"you\s+are\s+(?:now\s+)?shopping\s+in\s+(?:the\s+)?currency\s+\w{3}|"
    # a size picker's prompt
    r"not\s+your\s+size\??|"
    # screen readers' copies of the price's labels ("Current price is $179.00", "Sale price")
    r"(?:current|original|regular|sale|list)\s+price(?:\s+(?:is|was)\b(?:\W{0,3}"
    rf"[$\u00a3\u20ac]?\s?{_NUMBER}(?:\s?[$\u00a3\u20ac])?)?)?|"
    # a dispatch countdown ("In stock and shipping now. Order within 1 day 10 hours to have
    # it shipped tomorrow.")
    r"in\s+stock\s+(?:and|&)\s+(?:shipping|ships|ready\s+to\s+ship)(?:\s+(?:now|today))?"
    r"(?:\W+order\s+within\b[^.]{1,40}?\bto\s+(?:have\s+it\s+)?(?:shipped|dispatched|"
    r"delivered)\b[^.]{0,30})?|"
    r"order\s+within\b[^.]{1,40}?\bto\s+(?:have\s+it\s+)?(?:shipped|dispatched|delivered)"
    r"\b[^.]{0,30}"
    r")\W*$",
    re.IGNORECASE,
)


def shop_widget_removals(scope: LexborNode) -> list[LexborNode]:
    """Small elements under ``scope`` on a product page holding only a shop widget's line."""
    if not is_product_page(scope):
        return []
    found = (
        widest_matching(hit, scope, _LINE, _MAX_CHARS, separator=" ")
        for hit in keyword_hits(scope, _WORDS)
    )
    return [node for node in found if node is not None]

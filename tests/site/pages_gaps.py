"""Product and menu pages whose structured data leaves gaps, for the model that fills them
(``tests/api/test_structured_gaps.py``): ``/gaps/<name>``.

* ``product_bare``: a product shown in prose, no data and no buy button (no result at all);
* ``product_partial``: JSON-LD without brand or description, one of two variants unpriced;
* ``menu_unpriced``: a JSON-LD menu where two items have no offer (the page shows prices);
* ``menu_prose``: a menu written as sentences (no sections or items to read).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

PRODUCT_BARE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Alder desk lamp | Lumen Workshop</title>
</head><body>
<h1>Alder desk lamp</h1>
<p>Turned from Scottish alder with a linen shade; every lamp is made to order.</p>
<p>Our price is 149 pounds, delivered. Currently available: ships in two weeks.</p>
<p>To order, write to orders@lumenworkshop.co.uk on weekdays.</p>
</body></html>"""

PRODUCT_PARTIAL = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Fjord rain jacket</title>
<link rel="canonical" href="https://shop.example/products/fjord-rain-jacket">
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "ProductGroup", "name": "Fjord rain jacket",
 "productGroupID": "FJ-1", "variesBy": ["https://schema.org/size"],
 "image": "https://shop.example/img/fjord.jpg",
 "hasVariant": [
  {"@type": "Product", "sku": "FJ-1-M", "name": "Fjord rain jacket M", "size": "M",
   "offers": {"@type": "Offer", "price": "120.00", "priceCurrency": "EUR",
              "availability": "https://schema.org/InStock"}},
  {"@type": "Product", "sku": "FJ-1-L", "name": "Fjord rain jacket L", "size": "L",
   "offers": {"@type": "Offer", "availability": "https://schema.org/InStock"}}
 ]}
</script></head><body>
<h1>Fjord rain jacket</h1>
<p>By Nordkapp. A three-layer shell for wet coasts.</p>
<p>M: 120.00 EUR. L: 125.00 EUR.</p>
<button>Add to cart</button>
</body></html>"""

MENU_UNPRICED = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Menu | Casa Verde</title>
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Restaurant", "name": "Casa Verde",
 "hasMenu": {"@type": "Menu", "name": "Dinner", "hasMenuSection": [
  {"@type": "MenuSection", "name": "Starters", "hasMenuItem": [
    {"@type": "MenuItem", "name": "Bruschetta",
     "offers": {"@type": "Offer", "price": "7.50", "priceCurrency": "EUR"}},
    {"@type": "MenuItem", "name": "Olives"}]},
  {"@type": "MenuSection", "name": "Mains", "hasMenuItem": [
    {"@type": "MenuItem", "name": "Risotto"},
    {"@type": "MenuItem", "name": "Lasagne",
     "offers": {"@type": "Offer", "price": "14.00", "priceCurrency": "EUR"}}]}
 ]}}
</script></head><body>
<h1>Casa Verde</h1>
<h2>Starters</h2><p>Bruschetta 7.50 EUR</p><p>Olives 4.00 EUR</p>
<h2>Mains</h2><p>Risotto 13.50 EUR</p><p>Lasagne 14.00 EUR</p>
</body></html>"""

MENU_PROSE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>The Corner Cafe</title></head><body>
<h1>The Corner Cafe</h1>
<p>Every day we serve a tomato soup with sourdough for six pounds fifty, and a cheese
toastie for eight pounds. Coffee is three pounds, all day.</p>
</body></html>"""

PAGES = {
    "product_bare": PRODUCT_BARE,
    "product_partial": PRODUCT_PARTIAL,
    "menu_unpriced": MENU_UNPRICED,
    "menu_prose": MENU_PROSE,
}


async def page(request: Request) -> Response:
    html = PAGES.get(request.path_params["name"])
    if html is None:
        return PlainTextResponse("not found", status_code=404)
    return HTMLResponse(html)


routes = [Route("/gaps/{name}", page)]

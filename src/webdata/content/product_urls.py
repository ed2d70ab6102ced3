"""A product page told by its address, for shops whose head and layout say nothing.

Shop platforms give a product's page a path of their own: Shopify ``/products/<handle>``,
WooCommerce ``/product/<slug>``, Amazon ``/dp/<asin>``, Walmart ``/ip/<name>/<id>``, eBay
``/itm/<id>``, Etsy ``/listing/<id>/<slug>``, AliExpress ``/item/<id>.html``, and ``/p/<slug>``
(Squarespace, many retailers). The path alone is not enough (Substack posts live under
``/p/``, news sites' stories under ``/item/``): with a purchase control on the page
(:func:`product_signals.purchase_controls`) it marks a product page whose name sits too far
from its price and button for the layout test (a gallery column between them) or whose
price the layout test cannot read. A catalogue's category under ``/products/`` has more
than one segment after it (``/products/mounts/monitor-arms``): only ``/product(s)/<one>`` is
taken there.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser

from webdata.content.product_signals import purchase_controls

_PATH = re.compile(
    r"/(?:products?/[^/]+/?$|(?:p|dp|ip|itm|item|listing)/[^/]+)",
    re.IGNORECASE,
)


def product_path(url: str) -> bool:
    """Whether the path of ``url`` is a shop platform's product path."""
    try:
        path = urlsplit(url).path
    except ValueError:
        return False
    return _PATH.search(path) is not None


def addressed_product(tree: LexborHTMLParser, url: str) -> bool:
    """Whether the page is a product's by its address and has a purchase control."""
    if not url or tree.body is None or not product_path(url):
        return False
    return bool(purchase_controls(tree.body))

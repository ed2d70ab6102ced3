"""Alt text of the pictures on the cards of a product grid.

A product card's pictures (its photo, and a second one shown on hover) are labelled with the
item's name, often with its colour ("Trail Bag in the color Black."); the card names the item
already, so the alt only writes it out again. ``thumbnail_alts`` empties the alts of pictures
in links and list items, ``card_alts`` those of cards with a heading, ``image_alt`` those
whose words the block already holds; a hover picture in a ``<div>`` card with no heading,
not a link, named with a colour the card does not show, kept its alt. In the cards of a grid
of product cards (:func:`grid_promos.product_grids`: most children hold a price and a link)
every picture's alt is emptied, the picture kept. Runs after those rules: the grids are
looked for only when some alt is left.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import measuring
from webdata.content.grid_promos import product_grids


def clear_grid_alts(block: LexborNode) -> None:
    """Empty the ``alt`` of the pictures in the cards of the product grids under ``block``."""
    if not any(img.attributes.get("alt") for img in block.css("img[alt]")):
        return  # (most blocks, once the other alt rules have run)
    with measuring():  # (the grids' cards measured once; alts are no text)
        grids = product_grids(block)
    for grid in grids:
        for card in grid.cards:
            for img in card.css("img[alt]"):
                if img.attributes.get("alt"):
                    img.attrs["alt"] = ""

"""Residual boilerplate of shop product pages (filled in by the product-page work)."""

from __future__ import annotations

from selectolax.lexbor import LexborNode


def commerce_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Boilerplate elements under ``scope`` (text length ``total``) typical of product pages."""
    return []

"""Residual boilerplate of collection and listing pages (filled in by the listing-page work)."""

from __future__ import annotations

from selectolax.lexbor import LexborNode


def listing_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Boilerplate elements under ``scope`` (text length ``total``) of collection/listing pages."""
    return []

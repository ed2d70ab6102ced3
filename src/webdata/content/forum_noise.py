"""Residual boilerplate of forum and Q&A thread pages (filled in by the forum-page work)."""

from __future__ import annotations

from selectolax.lexbor import LexborNode


def forum_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Boilerplate elements under ``scope`` (text length ``total``) of thread pages."""
    return []

"""What one scrape carries through its stages: request, caller, fetched page, result."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from webdata.contract import ScrapeRequest
from webdata.engines.base import Fetched

if TYPE_CHECKING:
    from webdata.scrape.profile import ProfileSession


@dataclass(slots=True)
class ScrapeContext:
    request: ScrapeRequest
    team_id: str | None = None
    scrape_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    started: float = field(default_factory=time.monotonic)
    fetched: Fetched | None = None
    # What the content stage produced (html pages) or the document text (other types).
    fields: dict[str, Any] = field(default_factory=dict)
    page_metadata: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    credits: int = 1
    # Tokens the model spent on this scrape's LLM formats.
    llm_tokens: int = 0
    # The request's browser profile, loaded (and its saving lease held) for this scrape.
    profile: ProfileSession | None = None
    # ``metadata.proxyUsed``: the proxy mode that produced ``fetched`` ("basic", or "stealth"
    # for enhanced), and, when the answer was an anti-bot wall, the error that says so
    # (``scrape.proxy_choice``).
    proxy_used: str = "basic"
    blocked: str | None = None
    # False when the result is a fallback after a failure (worth returning, not keeping).
    cacheable: bool = True
    # Document field -> artifact the field links to (the cache keeps the file, not the link).
    artifact_refs: dict[str, str] = field(default_factory=dict)

    def remaining_s(self) -> float:
        """Seconds left of the request's ``timeout`` budget."""
        return self.request.timeout / 1000 - (time.monotonic() - self.started)

"""The long-lived parts a scrape uses, built once at start-up (config -> factory)."""

from __future__ import annotations

from dataclasses import dataclass

from webdata.config import Settings
from webdata.engines.http import HttpEngine


@dataclass(slots=True)
class ScrapeServices:
    settings: Settings
    http: HttpEngine

    @classmethod
    async def start(cls, settings: Settings) -> ScrapeServices:
        http = HttpEngine(settings)
        await http.start()
        return cls(settings=settings, http=http)

    async def close(self) -> None:
        await self.http.close()

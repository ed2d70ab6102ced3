"""The long-lived parts a scrape uses, built once at start-up (config -> factory)."""

from __future__ import annotations

from dataclasses import dataclass

from webdata.config import Settings
from webdata.engines.http import HttpEngine
from webdata.scrape.content_runner import ContentRunner


@dataclass(slots=True)
class ScrapeServices:
    settings: Settings
    http: HttpEngine
    content: ContentRunner

    @classmethod
    async def start(
        cls, settings: Settings, *, content_workers: int | None = None
    ) -> ScrapeServices:
        """``content_workers`` overrides the setting (the one-shot CLI wants none)."""
        http = HttpEngine(settings)
        await http.start()
        workers = settings.content_workers if content_workers is None else content_workers
        content = ContentRunner(workers, settings.content_inline_bytes)
        await content.start()
        return cls(settings=settings, http=http, content=content)

    async def close(self) -> None:
        await self.content.close()
        await self.http.close()

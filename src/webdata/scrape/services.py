"""The long-lived parts a scrape uses, built once at start-up (config -> factory)."""

from __future__ import annotations

from dataclasses import dataclass

from webdata.config import Settings
from webdata.engines.browser import BrowserEngine
from webdata.engines.http import HttpEngine
from webdata.scrape.content_runner import ContentRunner
from webdata.store.artifacts import ArtifactStore, load_or_create_key


@dataclass(slots=True)
class ScrapeServices:
    settings: Settings
    http: HttpEngine
    content: ContentRunner
    browser: BrowserEngine
    artifacts: ArtifactStore

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
        # The pool launches Chromium on the first scrape that needs it, not here.
        browser = BrowserEngine(settings)
        await browser.start()
        return cls(
            settings=settings,
            http=http,
            content=content,
            browser=browser,
            artifacts=_artifacts(settings),
        )

    async def close(self) -> None:
        await self.browser.close()
        await self.content.close()
        await self.http.close()


def _artifacts(settings: Settings) -> ArtifactStore:
    if settings.signing_key is not None:
        key = settings.signing_key.get_secret_value().encode()
    else:
        key = load_or_create_key(settings.data_dir)
    store = ArtifactStore(settings.data_dir / "artifacts", key)
    store.sweep(settings.artifact_ttl_s)
    return store

"""The long-lived parts a scrape uses, built once at start-up (config -> factory)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import structlog

from webdata.config import Settings
from webdata.engines.browser import BrowserEngine
from webdata.engines.enhanced import EnhancedEngine
from webdata.engines.http import HttpEngine
from webdata.engines.proxy import ProxyPools
from webdata.extract.llm import LlmClient, LlmSettings
from webdata.extract.media_transcode import set_max_conversions
from webdata.extract.pii import load_spacy_ner, set_ner_backend
from webdata.scrape.content_runner import ContentRunner
from webdata.scrape.single_flight import SingleFlight
from webdata.store.artifacts import (
    ArtifactBackend,
    ArtifactBackendError,
    ArtifactStore,
    load_or_create_key,
)
from webdata.store.cache import CacheStore
from webdata.store.history import HistoryStore
from webdata.store.models import utcnow
from webdata.store.profiles import ProfileStore
from webdata.store.tokens import TokenStore

log = structlog.get_logger("webdata.scrape")


@dataclass(slots=True)
class ScrapeServices:
    settings: Settings
    http: HttpEngine
    content: ContentRunner
    browser: BrowserEngine
    # proxy "enhanced": curl_cffi with Chrome's TLS; the configured proxy pools.
    enhanced: EnhancedEngine
    proxies: ProxyPools
    artifacts: ArtifactBackend
    # Browser profiles, the cache index and the change-tracking history, in the store; None
    # where no store is open (the one-shot CLI) or the cache is turned off.
    profiles: ProfileStore | None = None
    cache: CacheStore | None = None
    history: HistoryStore | None = None
    # The current UTC time of cache entries and history (tests move it).
    clock: Callable[[], datetime] = utcnow
    flights: SingleFlight = field(default_factory=SingleFlight)
    # The LLM formats' model; None where none is configured. Its tokens are counted per team
    # in ``tokens`` (None: not counted, the one-shot CLI).
    llm: LlmClient | None = None
    tokens: TokenStore | None = None

    @classmethod
    async def start(
        cls,
        settings: Settings,
        *,
        content_workers: int | None = None,
        profiles: ProfileStore | None = None,
        cache: CacheStore | None = None,
        history: HistoryStore | None = None,
        tokens: TokenStore | None = None,
        clock: Callable[[], datetime] = utcnow,
    ) -> ScrapeServices:
        """``content_workers`` overrides the setting (the one-shot CLI wants none); the
        stores are those of the caller's database."""
        # First: a misconfigured artifact backend stops the start before anything runs. In a
        # thread: the bucket check and the sweep are blocking I/O (a network call for S3).
        artifacts = await asyncio.to_thread(_artifacts, settings)
        http = HttpEngine(settings)
        await http.start()
        enhanced = EnhancedEngine(settings)
        await enhanced.start()
        workers = settings.content_workers if content_workers is None else content_workers
        content = ContentRunner(workers, settings.content_inline_bytes)
        await content.start()
        if settings.pii_spacy_model:
            await _load_pii_model(settings.pii_spacy_model)
        set_max_conversions(settings.media_max_conversions)  # process-wide, like the model
        # The pool launches Chromium on the first scrape that needs it, not here.
        browser = BrowserEngine(settings)
        await browser.start()
        return cls(
            settings=settings,
            http=http,
            content=content,
            browser=browser,
            enhanced=enhanced,
            proxies=ProxyPools(settings),
            artifacts=artifacts,
            profiles=profiles,
            cache=cache if settings.cache_enabled else None,
            history=history,
            clock=clock,
            llm=_llm(settings),
            tokens=tokens,
        )

    async def close(self) -> None:
        if self.llm is not None:
            await self.llm.close()
        await self.browser.close()
        await self.content.close()
        await self.http.close()
        await self.enhanced.close()


async def _load_pii_model(name: str) -> None:
    """The spaCy pipeline for redactPII's NER (a few seconds to load: in a thread). A model
    that is not installed is a warning, not a failed start: the heuristics still work."""
    backend = await asyncio.to_thread(load_spacy_ner, name)
    if backend is None:
        log.warning("redactPII model not loaded; heuristics only", model=name)
    set_ner_backend(backend)


def _llm(settings: Settings) -> LlmClient | None:
    if not (settings.llm_base_url and settings.llm_model):
        return None
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else "not-needed"
    return LlmClient(
        LlmSettings(
            base_url=settings.llm_base_url,
            model=settings.llm_model,
            api_key=key,
            timeout_s=settings.llm_timeout_s,
            max_retries=settings.llm_max_retries,
            context_tokens=settings.llm_context_tokens,
            max_output_tokens=settings.llm_max_output_tokens,
            structured=settings.llm_structured,
        )
    )


def _local_artifacts(settings: Settings) -> ArtifactBackend:
    if settings.signing_key is not None:
        key = settings.signing_key.get_secret_value().encode()
    else:
        key = load_or_create_key(settings.data_dir)
    return ArtifactStore(settings.data_dir / "artifacts", key)


def _s3_artifacts(settings: Settings) -> ArtifactBackend:
    from webdata.store.artifacts_s3 import MAX_PRESIGN_TTL_S, S3ArtifactStore, S3Options

    secret = settings.s3_secret_access_key
    needed = {
        "WEBDATA_S3_BUCKET": settings.s3_bucket,
        "WEBDATA_S3_ACCESS_KEY_ID": settings.s3_access_key_id,
        "WEBDATA_S3_SECRET_ACCESS_KEY": secret.get_secret_value() if secret else None,
    }
    missing = [name for name, value in needed.items() if not value]
    if missing:
        raise ArtifactBackendError(f"the s3 artifacts backend needs {', '.join(missing)}")
    if settings.artifact_ttl_s > MAX_PRESIGN_TTL_S:
        raise ArtifactBackendError("WEBDATA_ARTIFACT_TTL_S is above 7 days, the S3 link limit")
    store = S3ArtifactStore(
        S3Options(
            bucket=settings.s3_bucket or "",
            access_key_id=settings.s3_access_key_id or "",
            secret_access_key=secret.get_secret_value() if secret else "",
            endpoint_url=settings.s3_endpoint_url or None,
            public_endpoint_url=settings.s3_public_endpoint_url or None,
            region=settings.s3_region,
            key_prefix=settings.s3_key_prefix,
            path_style=settings.s3_path_style,
        )
    )
    store.check()
    return store


# WEBDATA_ARTIFACTS_BACKEND -> factory; a new backend is one module and one line here.
ARTIFACT_BACKENDS: dict[str, Callable[[Settings], ArtifactBackend]] = {
    "local": _local_artifacts,
    "s3": _s3_artifacts,
}


def _artifacts(settings: Settings) -> ArtifactBackend:
    name = settings.artifacts_backend or ("s3" if settings.s3_bucket else "local")
    factory = ARTIFACT_BACKENDS.get(name.lower())
    if factory is None:
        raise ArtifactBackendError(
            f"WEBDATA_ARTIFACTS_BACKEND={name!r} is not one of {', '.join(ARTIFACT_BACKENDS)}"
        )
    store = factory(settings)
    store.sweep(settings.artifact_ttl_s)
    return store

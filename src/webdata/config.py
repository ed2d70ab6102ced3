"""Every setting of webdata, its default and its environment name (``WEBDATA_*``)."""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def _check_proxies(
    value: list[str] | dict[str, list[str]], schemes: tuple[str, ...]
) -> list[str] | dict[str, list[str]]:
    """Proxy URLs must name a scheme the engines speak, a host and a port."""
    if isinstance(value, dict):
        out: dict[str, list[str]] = {}
        for country, urls in value.items():
            if not re.fullmatch(r"[A-Za-z]{2}", country):
                raise ValueError(f"proxy pool country {country!r} is not an ISO 3166-1 code")
            out[country.upper()] = [_check_proxy(u, schemes) for u in urls]
        return out
    return [_check_proxy(u, schemes) for u in value]


def _check_proxy(url: str, schemes: tuple[str, ...]) -> str:
    parts = urlsplit(url.strip())
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme not in schemes or not parts.hostname or port is None:
        shown = parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()
        raise ValueError(
            f"proxy {shown!r} must be {' or '.join(s + '://' for s in schemes)}host:port"
        )
    return url.strip()


def _default_content_workers() -> int:
    cores = os.cpu_count() or 1
    return 0 if cores < 2 else min(cores, 8)


class Settings(BaseSettings):
    """One place for configuration; read from the environment and an optional ``.env``."""

    model_config = SettingsConfigDict(
        env_prefix="WEBDATA_",
        env_file=".env",
        extra="ignore",
        validate_default=True,
        # Values hold credentials (proxy and database URLs, keys): never echo them in errors.
        hide_input_in_errors=True,
    )

    host: str = "127.0.0.1"
    port: int = Field(3002, ge=1, le=65535)
    data_dir: Path = Path(".webdata")
    # Empty means SQLite under ``data_dir`` (filled in by the validator below).
    database_url: str = ""
    bootstrap_api_key: str | None = None
    # Redis (redis://host:port/db): rate limits and concurrency slots shared by every API
    # process; unset, each process counts alone (the embedded mode).
    redis_url: str | None = None
    # SSRF guard: private, loopback, link-local and metadata addresses are refused unless set.
    allow_private_networks: bool = False
    # Largest accepted request body (413 above it).
    max_body_bytes: int = Field(10 * 1024 * 1024, ge=1024)
    # Largest target response body read by the HTTP engine (decompressed).
    max_response_bytes: int = Field(20 * 1024 * 1024, ge=1024)
    max_redirects: int = Field(10, ge=0, le=50)
    # Connections the shared HTTP engine keeps open (total, and to one host).
    http_pool_size: int = Field(200, ge=1)
    http_pool_per_host: int = Field(32, ge=0)
    user_agent: str = (
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Safari/537.36 webdata/0.1"
    )
    # Processes that turn HTML into markdown beside the event loop (0: in the API process).
    content_workers: int = Field(default_factory=lambda: _default_content_workers(), ge=0, le=64)
    # Pages smaller than this are processed in the API process: a pool round-trip costs more.
    content_inline_bytes: int = Field(32 * 1024, ge=0)
    # Browser engine (Chromium driven by Playwright). Launched on first use, never for pages
    # the HTTP engine serves, unless ``browser_launch_on_start``.
    browser_path: Path = Path("/usr/bin/chromium-headless-shell")
    browser_launch_on_start: bool = False
    # Browser processes in the pool; scrapes are spread over them.
    browser_count: int = Field(1, ge=1, le=16)
    # Pages (one context each) open at the same time across the pool; more scrapes wait.
    browser_max_pages: int = Field(8, ge=1, le=256)
    # A browser is replaced after serving this many pages (memory creep), once it is idle.
    browser_restart_after: int = Field(200, ge=1)
    # ... and once idle when its process tree (browser, renderers, GPU, network) holds more
    # than this many MiB, sampled every few seconds; 0: no cap.
    browser_max_memory_mb: int = Field(2048, ge=0)
    # Smart wait: the page counts as settled when neither network nor DOM moved for this long,
    # with no fetch/XHR or short timer pending (``browser/settle.py``); it waits at most
    # ``browser_settle_max_ms`` (and never past the request's ``timeout``).
    browser_quiet_ms: int = Field(50, ge=0, le=10_000)
    browser_settle_max_ms: int = Field(10_000, ge=0, le=300_000)
    # How long a click, write target or element scroll waits for its selector to match.
    browser_action_timeout_ms: int = Field(5_000, ge=100, le=60_000)
    # HMAC key of artifact URLs; generated and kept in ``data_dir/signing.key`` when unset.
    signing_key: SecretStr | None = None
    # Lifetime of screenshot and PDF links (the spec: screenshots expire after 24 hours).
    artifact_ttl_s: int = Field(24 * 3600, ge=60)
    # Where screenshots and PDFs go: "local" (files under data_dir, served by the API) or
    # "s3" (a bucket, presigned links). Empty: "s3" when ``s3_bucket`` is set, else "local".
    artifacts_backend: str = ""
    # The S3-compatible bucket of the "s3" backend; no endpoint means AWS's for the region.
    s3_endpoint_url: str | None = None
    # Host put into links when clients reach the bucket by another address than the API.
    s3_public_endpoint_url: str | None = None
    s3_bucket: str | None = None
    s3_region: str = "us-east-1"
    s3_access_key_id: str | None = None
    s3_secret_access_key: SecretStr | None = None
    # Objects are ``<prefix><team>/<kind>/<random>.<ext>``; a sweep touches only the prefix.
    s3_key_prefix: str = ""
    # Path-style URLs (``host/bucket/key``), as MinIO and most self-hosted servers want.
    s3_path_style: bool = False
    # Outbound proxies (http://user:pass@host:port; socks5:// in the enhanced pools only).
    # Lists are JSON or comma-separated; each pool is used round-robin. No proxy: direct.
    # ``basic`` requests use ``proxy_basic``; ``enhanced`` ones ``proxy_enhanced``, else the
    # basic pool. With ``location.country`` set, that country's pool comes first.
    proxy_basic: Annotated[list[str], NoDecode] = Field(default_factory=list)
    proxy_enhanced: Annotated[list[str], NoDecode] = Field(default_factory=list)
    # Country (ISO 3166-1 alpha-2) -> proxy URLs, as JSON: {"DE": ["http://…"]}.
    proxy_countries: dict[str, list[str]] = Field(default_factory=dict)
    proxy_enhanced_countries: dict[str, list[str]] = Field(default_factory=dict)
    # The cache index (``scrape.cache``): off, nothing is stored and minAge/lockdown always
    # miss. Entries are kept ``cache_retention_s`` at most (lockdown's default maxAge of two
    # years can only find what is still kept), and swept every ``cache_sweep_interval_s``.
    cache_enabled: bool = True
    cache_retention_s: int = Field(30 * 24 * 3600, ge=60)
    cache_sweep_interval_s: int = Field(600, ge=1)
    # Recent entries kept in each API process's memory (JSON size), so a repeated hit skips the
    # database; 0 sends every read to the database.
    cache_memory_mb: int = Field(64, ge=0)
    # Largest entry kept, compressed; bigger documents are served but not cached.
    cache_max_entry_bytes: int = Field(16 * 1024 * 1024, ge=1024)
    # One index shared by all teams instead of one per team. Only pages fetched without the
    # caller's credentials are ever cached, so every shared entry is a public page; still
    # off by default, since a team would see that another fetched a page (and when).
    cache_shared: bool = False
    # Jobs (batch scrapes): with ``redis_url`` they go on a Redis stream (``queue_name``) for
    # ``webdata worker`` processes; without, they run in the API process. A message whose
    # worker stopped is redelivered after ``queue_redeliver_s`` (live workers keep theirs).
    queue_name: str = "webdata:jobs"
    queue_redeliver_s: float = Field(60.0, ge=0.2)
    # Whether ``webdata serve`` runs jobs too when they go through Redis (it always does with
    # the in-process queue); the ``webdata worker`` processes run them either way.
    serve_runs_jobs: bool = False
    # Items one worker process runs at once (across all jobs); when it is told to stop, the
    # items it runs get ``worker_grace_s`` to finish before they are handed to another worker.
    worker_concurrency: int = Field(32, ge=1, le=1024)
    worker_grace_s: float = Field(30.0, ge=0)
    # Items of one job queued or running at once when the request sets no ``maxConcurrency``.
    job_window: int = Field(16, ge=1, le=1000)
    # How long a job and its results are kept, and the most URLs one batch may hold.
    job_ttl_s: int = Field(24 * 3600, ge=60)
    batch_max_urls: int = Field(10_000, ge=1)
    # The LLM formats (json, summary, question, onlyCleanContent, changeTracking's json
    # mode): any OpenAI-compatible server. Unset, requests for them are refused before any
    # fetching, naming these settings.
    llm_base_url: str | None = None
    llm_api_key: SecretStr | None = None
    llm_model: str | None = None
    llm_timeout_s: float = Field(60.0, gt=0)
    llm_max_retries: int = Field(2, ge=0, le=10)
    # The model's context window and the most it writes in one answer, in tokens.
    llm_context_tokens: int = Field(32_000, ge=1_000)
    llm_max_output_tokens: int = Field(4_096, ge=64)
    # How structured answers are asked for: "auto" (json_schema, else JSON mode),
    # "json_schema" or "json_object".
    llm_structured: str = Field("auto", pattern="^(auto|json_schema|json_object)$")
    # redactPII's accurate and aggressive modes: an installed spaCy pipeline package (e.g.
    # "en_core_web_sm") adds the model's people and places to the built-in heuristics.
    # spaCy is not a dependency: unset (the default), the heuristics work alone.
    pii_spacy_model: str | None = None
    # The audio and video formats: each media download and converted file is capped at this
    # many bytes; finding, downloading and converting take at most media_timeout_s (and never
    # more than what is left of the request's timeout).
    media_max_bytes: int = Field(200 * 1024 * 1024, ge=1024)
    media_timeout_s: float = Field(120.0, ge=1)
    # ffmpeg conversions one process runs at once (default: one per core); more requests wait
    # for a slot within their media_timeout_s / timeout, then get a warning.
    media_max_conversions: int = Field(default_factory=lambda: os.cpu_count() or 1, ge=1, le=256)
    log_level: str = "info"
    # Print the generated first key on start (only ever once, when no key exists).
    print_first_key: bool = True

    @field_validator("proxy_basic", "proxy_enhanced", mode="before")
    @classmethod
    def _proxy_list(cls, value: object) -> object:
        if isinstance(value, str):
            text = value.strip()
            return json.loads(text) if text.startswith("[") else text.replace(",", " ").split()
        return value

    @field_validator("proxy_basic", "proxy_countries", mode="after")
    @classmethod
    def _basic_proxies(cls, value: list[str] | dict[str, list[str]]) -> object:
        # The HTTP engine (aiohttp) speaks to http(s) proxies only.
        return _check_proxies(value, ("http", "https"))

    @field_validator("proxy_enhanced", "proxy_enhanced_countries", mode="after")
    @classmethod
    def _enhanced_proxies(cls, value: list[str] | dict[str, list[str]]) -> object:
        return _check_proxies(value, ("http", "https", "socks5", "socks5h"))

    @model_validator(mode="after")
    def _default_database(self) -> Settings:
        if not self.database_url:
            self.database_url = f"sqlite+aiosqlite:///{(self.data_dir / 'webdata.db').as_posix()}"
        return self


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()

"""Every setting of webdata, its default and its environment name (``WEBDATA_*``)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def _default_content_workers() -> int:
    cores = os.cpu_count() or 1
    return 0 if cores < 2 else min(cores, 8)


class Settings(BaseSettings):
    """One place for configuration; read from the environment and an optional ``.env``."""

    model_config = SettingsConfigDict(
        env_prefix="WEBDATA_", env_file=".env", extra="ignore", validate_default=True
    )

    host: str = "127.0.0.1"
    port: int = Field(3002, ge=1, le=65535)
    data_dir: Path = Path(".webdata")
    # Empty means SQLite under ``data_dir`` (filled in by the validator below).
    database_url: str = ""
    bootstrap_api_key: str | None = None
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
    # Smart wait: the page counts as settled when neither network nor DOM moved for this long;
    # it waits at most ``browser_settle_max_ms`` (and never past the request's ``timeout``).
    browser_quiet_ms: int = Field(200, ge=0, le=10_000)
    browser_settle_max_ms: int = Field(10_000, ge=0, le=300_000)
    # How long a click, write target or element scroll waits for its selector to match.
    browser_action_timeout_ms: int = Field(5_000, ge=100, le=60_000)
    # HMAC key of artifact URLs; generated and kept in ``data_dir/signing.key`` when unset.
    signing_key: SecretStr | None = None
    # Lifetime of screenshot and PDF links (the spec: screenshots expire after 24 hours).
    artifact_ttl_s: int = Field(24 * 3600, ge=60)
    log_level: str = "info"
    # Print the generated first key on start (only ever once, when no key exists).
    print_first_key: bool = True

    @model_validator(mode="after")
    def _default_database(self) -> Settings:
        if not self.database_url:
            self.database_url = f"sqlite+aiosqlite:///{(self.data_dir / 'webdata.db').as_posix()}"
        return self


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()

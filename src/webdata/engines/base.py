"""The record every engine returns and the request every engine takes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

from webdata.config import Settings, get_settings
from webdata.engines.ssrf import Policy, is_forbidden_address

if TYPE_CHECKING:
    from webdata.browser.actions import ActionOutput
    from webdata.browser.capture import Capture


@dataclass(frozen=True, slots=True)
class FetchRequest:
    """What an engine needs to fetch one URL. Times are seconds."""

    url: str
    headers: Mapping[str, str] = field(default_factory=dict)
    timeout_s: float = 60.0
    skip_tls_verification: bool = True
    max_redirects: int = 10
    max_bytes: int = 20 * 1024 * 1024
    allow_private_networks: bool = False
    # Proxy URL (``http://user:pass@host:port``) the engine connects through; None: direct.
    proxy: str | None = None


@dataclass(frozen=True, slots=True)
class Fetched:
    """One fetched response, the same shape from every engine.

    ``headers`` keys are lower-case. ``content_type`` is the bare MIME type, lower-case
    (``text/html``), "" when the target sent none. ``text`` is the decoded body for
    textual types (HTML, XML, JSON, plain text), else None. ``redirects`` lists every
    URL that answered with a redirect, in order (empty when there was none).
    """

    url: str
    status_code: int
    headers: Mapping[str, str]
    content_type: str
    body: bytes
    text: str | None
    encoding: str | None
    redirects: tuple[str, ...] = ()
    engine: str = "http"
    elapsed_ms: float = 0.0
    # Browser engine only: the screenshot format's image and what the actions produced.
    screenshot: Capture | None = None
    actions: ActionOutput | None = None
    # Browser engine only, when the task asked for it: the context's storage (cookies, local
    # storage) after the page work, as Playwright's ``storage_state``.
    storage_state: dict[str, Any] | None = None
    # Browser engine only, for the branding format: the page's raw style samples
    # (``browser.branding``), None when not asked for or the page could not be read.
    branding: Mapping[str, Any] | None = None


class WireEngine:
    """What the engines that fetch over the wire share: settings, the SSRF policy (a test can
    swap it), and ``async with`` around ``start``/``close``."""

    def __init__(
        self, settings: Settings | None = None, *, is_forbidden: Policy = is_forbidden_address
    ) -> None:
        self._settings = settings or get_settings()
        self._is_forbidden = is_forbidden

    async def start(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

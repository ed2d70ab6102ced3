"""The record every engine returns and the request every engine takes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

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

"""Artifacts (screenshots, PDFs): the backend protocol and the local-files backend.

A backend stores bytes under a team-scoped key and hands out expiring links to them
(``ArtifactBackend``). This module is the default one, ``ArtifactStore``: local files,
reachable through signed, expiring URLs that the API itself serves. ``artifacts_s3`` puts them
in an S3-compatible bucket behind presigned URLs instead.

Files live at ``<root>/<team>/<kind>/<random>.<ext>``. A URL carries ``exp`` (unix seconds)
and ``sig`` = HMAC-SHA256(key, "<path>\\n<exp>"): the team is inside the signed path, so a link
never opens another team's file, and the path is rebuilt from a strict pattern, never joined
from what the caller sent, so traversal is impossible.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from urllib.parse import urlencode

__all__ = [
    "MEDIA_TYPES",
    "ArtifactBackend",
    "ArtifactBackendError",
    "ArtifactStore",
    "LinkExpired",
    "LinkInvalid",
    "artifact_key",
    "is_artifact_key",
    "load_or_create_key",
]

_PATH = re.compile(
    r"^(?P<team>[A-Za-z0-9_-]{1,64})/(?P<kind>[a-z]{1,16})/(?P<name>[0-9a-f]{32})"
    r"\.(?P<ext>png|jpeg|pdf)$"
)
_TEAM_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
MEDIA_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "pdf": "application/pdf"}
KEY_FILE = "signing.key"


class ArtifactBackend(Protocol):
    """Where screenshots and PDFs go, and the expiring links that reach them.

    ``save`` and ``sweep`` may block (disk, network): callers run them in a thread.
    """

    def save(self, team: str | None, kind: str, data: bytes, ext: str, /) -> str:
        """Store ``data``; returns its key, ``<team>/<kind>/<random>.<ext>`` (unguessable)."""
        ...

    def signed_url(self, base_url: str, key: str, ttl_s: int, /) -> str:
        """A link that opens ``key`` for ``ttl_s`` seconds, and nothing else.

        ``base_url`` is where this API is reached; backends whose links point elsewhere (a
        bucket) ignore it.
        """
        ...

    def sweep(self, max_age_s: int, /) -> int:
        """Delete artifacts older than ``max_age_s`` (their links have expired); the count."""
        ...


class ArtifactBackendError(RuntimeError):
    """The artifact backend is misconfigured or unreachable (raised at start-up)."""


def artifact_key(team: str | None, kind: str, ext: str) -> str:
    """A new key ``<team>/<kind>/<128 random bits>.<ext>``; the team is made path-safe."""
    safe_team = _TEAM_UNSAFE.sub("_", team or "anonymous")[:64] or "anonymous"
    key = f"{safe_team}/{kind}/{secrets.token_hex(16)}.{ext}"
    if not _PATH.match(key):
        raise ValueError(f"unsupported artifact {kind}/{ext}")
    return key


def is_artifact_key(key: str) -> bool:
    """Whether ``key`` has the shape ``artifact_key`` makes (nothing else is ever deleted)."""
    return _PATH.match(key) is not None


class LinkInvalid(Exception):
    """Unknown path, bad or missing signature."""


class LinkExpired(Exception):
    """A correctly signed link past its expiry."""


def load_or_create_key(data_dir: Path) -> bytes:
    """The key in ``data_dir/signing.key``, created (0600) on first use."""
    path = data_dir / KEY_FILE
    try:
        return bytes.fromhex(path.read_text().strip())
    except FileNotFoundError:
        pass
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, key.hex().encode())
    finally:
        os.close(fd)
    return key


@dataclass(frozen=True, slots=True)
class Artifact:
    path: Path
    media_type: str


class ArtifactStore:
    def __init__(self, root: Path, key: bytes, *, clock: Callable[[], float] = time.time) -> None:
        self.root = root
        self._key = key
        self._clock = clock

    def save(self, team: str | None, kind: str, data: bytes, ext: str) -> str:
        """Write ``data``; returns its relative path (the part of the URL after the prefix)."""
        rel = artifact_key(team, kind, ext)
        target = self.root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".part")
        tmp.write_bytes(data)
        tmp.replace(target)
        return rel

    def _signature(self, rel: str, exp: int) -> str:
        return hmac.new(self._key, f"{rel}\n{exp}".encode(), hashlib.sha256).hexdigest()

    def signed_url(self, base_url: str, rel: str, ttl_s: int) -> str:
        exp = int(self._clock()) + ttl_s
        query = urlencode({"exp": exp, "sig": self._signature(rel, exp)})
        return f"{base_url.rstrip('/')}/v2/artifacts/{rel}?{query}"

    def open(self, rel: str, exp: str | None, sig: str | None) -> Artifact:
        """The file a signed link points to; raises ``LinkInvalid`` or ``LinkExpired``."""
        match = _PATH.match(rel)
        if match is None or exp is None or sig is None or not exp.isdigit() or len(exp) > 12:
            raise LinkInvalid(rel)
        expected = self._signature(rel, int(exp))
        if not hmac.compare_digest(expected.encode(), sig.encode()):
            raise LinkInvalid(rel)
        if int(exp) < self._clock():
            raise LinkExpired(rel)
        path = self.root / rel
        if not path.is_file():
            raise LinkInvalid(rel)
        return Artifact(path, MEDIA_TYPES[match["ext"]])

    def sweep(self, max_age_s: int) -> int:
        """Delete files older than ``max_age_s`` (their links have expired); returns the count."""
        cutoff = self._clock() - max_age_s
        removed = 0
        if not self.root.is_dir():
            return 0
        for path in self.root.glob("*/*/*"):
            try:
                if path.stat().st_mtime < cutoff:
                    path.unlink()
                    removed += 1
            except FileNotFoundError:
                continue
        return removed

"""Artifacts (screenshots, PDFs, audio, video): the backend protocol and the local backend.

A backend stores bytes under a team-scoped key and hands out expiring links to them
(``ArtifactBackend``). This module is the default one, ``ArtifactStore``: local files,
reachable through signed, expiring URLs that the API itself serves. ``artifacts_s3`` puts them
in an S3-compatible bucket behind presigned URLs instead.

Files live at ``<root>/<team>/<kind>/<random>.<ext>``. A URL carries ``exp`` (unix seconds)
and ``sig`` = HMAC-SHA256(key, "<path>\\n<exp>"): the team is inside the signed path, so a link
never opens another team's file, and the path is rebuilt from a strict pattern, never joined
from what the caller sent, so traversal is impossible.

How long an artifact lives follows from its kind (``artifact_ttl_s``): audio and video one
hour (the spec), everything else the configured ``artifact_ttl_s`` (screenshots: 24 hours).
Links are signed for that long and sweeps delete each file once its own life is over.
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
    "KIND_TTL_S",
    "MEDIA_TTL_S",
    "MEDIA_TYPES",
    "ArtifactBackend",
    "ArtifactBackendError",
    "ArtifactStore",
    "LinkExpired",
    "LinkInvalid",
    "artifact_key",
    "artifact_ttl_s",
    "is_artifact_key",
    "load_or_create_key",
]

_PATH = re.compile(
    r"^(?P<team>[A-Za-z0-9_-]{1,64})/(?P<kind>[a-z]{1,16})/(?P<name>[0-9a-f]{32})"
    r"\.(?P<ext>png|jpeg|pdf|mp3|mp4|webm)$"
)
_TEAM_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
MEDIA_TYPES = {
    "png": "image/png",
    "jpeg": "image/jpeg",
    "pdf": "application/pdf",
    "mp3": "audio/mpeg",
    "mp4": "video/mp4",
    "webm": "video/webm",
}
# The spec: signed URLs of the audio and video formats expire after 1 hour.
MEDIA_TTL_S = 3600
# Kinds with a life of their own; any other kind lives as long as the backend's default.
KIND_TTL_S: dict[str, int] = {"audio": MEDIA_TTL_S, "video": MEDIA_TTL_S}
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
        bucket) ignore it. ``artifact_ttl_s(key, default)`` is how long ``key`` lives.
        """
        ...

    def sweep(self, max_age_s: int, /) -> int:
        """Delete artifacts older than their life (their links have expired): the life of
        their kind (``KIND_TTL_S``), else ``max_age_s``; returns the count."""
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


def artifact_ttl_s(key: str, default: int) -> int:
    """How long the artifact ``key`` lives (link and file): its kind's life, else ``default``."""
    match = _PATH.match(key)
    return KIND_TTL_S.get(match["kind"], default) if match is not None else default


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
        """Delete files older than their life (``artifact_ttl_s``, ``max_age_s`` by default:
        their links have expired); returns the count."""
        now = self._clock()
        removed = 0
        if not self.root.is_dir():
            return 0
        for path in self.root.glob("*/*/*"):
            rel = path.relative_to(self.root).as_posix()
            try:
                if path.stat().st_mtime < now - artifact_ttl_s(rel, max_age_s):
                    path.unlink()
                    removed += 1
            except FileNotFoundError:
                continue
        return removed

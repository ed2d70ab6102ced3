"""yt-dlp's generic extractor as a fallback finder, for pages ``find_media`` reads nothing on:
players set up in scripts (JW Player, video.js, Flowplayer, flashvars, KVS…).

yt-dlp never reaches the network here. Only its generic extractor is loaded, and the
instance's ``urlopen`` (every request of yt-dlp goes through it) answers the page URL with
the HTML already fetched by our engines (SSRF-checked, capped) and refuses anything else:
a manifest or a second page it would need is simply not read. What it returns is URLs only;
the files are downloaded by our engines like any other candidate.

yt-dlp is optional: without it installed, ``find_media_ytdlp`` finds nothing. It is
imported on first use (about 0.4 s, 35 MB), so pages our own finder covers never pay for it.
Blocking (regular expressions over the page): run it in a thread.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
from functools import cache
from typing import Any

import structlog

from webdata.content.urls import is_http_url
from webdata.extract.media import AUDIO_EXTENSIONS, MediaCandidates, is_player_url, media_kind

__all__ = ["find_media_ytdlp", "ytdlp_available"]

log = structlog.get_logger("webdata.extract.media")

_SMUGGLED = "#__youtubedl_smuggle="
_DIRECT_PROTOCOLS = frozenset({"http", "https"})
_MAX_DEPTH = 3


@cache
def ytdlp_available() -> bool:
    return importlib.util.find_spec("yt_dlp") is not None


class _Quiet:
    """yt-dlp's logger: nothing goes to stdout or stderr."""

    def debug(self, _msg: str) -> None: ...

    def info(self, _msg: str) -> None: ...

    def warning(self, _msg: str) -> None: ...

    def error(self, _msg: str) -> None: ...


class _Offline:
    """``YoutubeDL.urlopen`` with no network: the page from memory, everything else refused."""

    def __init__(self, modules: dict[str, Any], url: str, body: bytes) -> None:
        self._modules = modules
        self._url = url
        self._body = body
        self.refused: list[str] = []

    def __call__(self, req: Any) -> Any:
        url = req if isinstance(req, str) else getattr(req, "url", "")
        if url == self._url:
            response = self._modules["networking"].Response
            headers = {"Content-Type": "text/html; charset=utf-8"}
            return response(io.BytesIO(self._body), url, headers, status=200)
        self.refused.append(str(url))
        raise self._modules["errors"].RequestError(f"webdata: no network for yt-dlp ({url})")


def _modules() -> dict[str, Any]:
    return {
        "yt_dlp": importlib.import_module("yt_dlp"),
        "networking": importlib.import_module("yt_dlp.networking"),
        "errors": importlib.import_module("yt_dlp.networking.exceptions"),
    }


def _formats(info: Any, depth: int = 0) -> list[dict[str, Any]]:
    """The playable formats of an extraction result (single video, playlist, url result)."""
    if not isinstance(info, dict) or depth > _MAX_DEPTH:
        return []
    found: list[dict[str, Any]] = []
    for entry in info.get("entries") or []:
        found += _formats(entry, depth + 1)
    formats = info.get("formats")
    if isinstance(formats, list):
        found += [f for f in formats if isinstance(f, dict)]
    elif isinstance(info.get("url"), str):
        found.append(info)
    return found


def _candidates(info: Any) -> MediaCandidates:
    ranked: list[tuple[int, int, int, str, str]] = []  # tier, -height, order, kind, url
    for order, fmt in enumerate(_formats(info)):
        url = str(fmt.get("url")).split(_SMUGGLED, 1)[0]
        protocol = fmt.get("protocol")
        if not is_http_url(url) or is_player_url(url):
            continue
        if protocol is not None and protocol not in _DIRECT_PROTOCOLS:
            continue  # HLS, DASH, RTMP: not one file
        typed = media_kind(url)
        if typed is False:
            continue
        if isinstance(typed, tuple):
            kind, tier = typed
        elif fmt.get("_type") in ("url", "url_transparent"):
            continue  # another site's page, not a file
        else:
            audio = fmt.get("vcodec") == "none" or fmt.get("ext") in AUDIO_EXTENSIONS
            kind, tier = ("audio" if audio else "video"), 2
        height = fmt.get("height")
        height = height if isinstance(height, int) else 0
        ranked.append((tier, -height, order, kind, url))
    ranked.sort()
    return MediaCandidates(
        video=tuple(dict.fromkeys(u for *_, k, u in ranked if k == "video")),
        audio=tuple(dict.fromkeys(u for *_, k, u in ranked if k == "audio")),
    )


def find_media_ytdlp(html: str, url: str) -> MediaCandidates:
    """Media URLs yt-dlp's generic extractor finds in ``html`` (the page at ``url``), without
    any network access; empty when yt-dlp is not installed or finds nothing."""
    if not ytdlp_available():
        return MediaCandidates()
    modules = _modules()
    opener = _Offline(modules, url, html.encode("utf-8", "surrogatepass"))
    options = {
        "quiet": True,
        "no_warnings": True,
        "logger": _Quiet(),
        "skip_download": True,
        "noplaylist": True,
        "cachedir": False,
        # Only the generic extractor: no site extractor may run (and none is loaded).
        "allowed_extractors": ["generic"],
        "force_generic_extractor": True,
    }
    ydl = modules["yt_dlp"].YoutubeDL(options)
    ydl.urlopen = opener
    try:
        info = ydl.extract_info(url, download=False, process=False)
    except Exception as exc:  # yt-dlp's "unsupported URL" and refused requests alike
        log.debug("yt-dlp found no media", url=url, error=str(exc)[:200])
        return MediaCandidates()
    finally:
        ydl.close()
    return _candidates(info)

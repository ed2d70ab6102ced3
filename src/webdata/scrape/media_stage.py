"""The ``audio`` and ``video`` formats: the page's media, downloaded, converted and stored
behind signed links that expire after 1 hour (the spec).

Candidates come from the page (``extract.media.find_media``); when it names none for a
wanted format, yt-dlp's generic extractor reads the same HTML offline
(``extract.media_ytdlp``). ``audio`` also takes a video's soundtrack when the page has no
audio of its own. Downloads go through the scrape's engines, so they pass the same SSRF check
on every hop (``allow_private_networks``), follow redirects the same way, use the proxy mode
the page was fetched with, and stop at ``max_bytes``. ffmpeg makes the MP3, or the MP4 when
the video is neither MP4 nor WebM (``extract.media_transcode``), once one of the process's
conversion slots is free (``WEBDATA_MEDIA_MAX_CONVERSIONS``); the wait counts in the stage's time.

Nothing here fails the scrape: a page without media, a refused address, a file over the
cap, a conversion that fails or a stage that runs out of time leaves the field null and says
why in ``warning``.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import structlog

from webdata.engines.base import Fetched, FetchRequest
from webdata.engines.errors import FetchError
from webdata.engines.proxy import ProxyMode
from webdata.extract.media import MediaCandidates, find_media
from webdata.extract.media_transcode import (
    FfmpegMissing,
    TranscodeError,
    sniff,
    to_mp3,
    to_video,
)
from webdata.extract.media_ytdlp import find_media_ytdlp, ytdlp_available
from webdata.scrape.context import ScrapeContext
from webdata.scrape.fetch_options import target_headers
from webdata.scrape.proxy_choice import AttemptEngines
from webdata.scrape.services import ScrapeServices
from webdata.store.artifacts import artifact_ttl_s

__all__ = ["DEFAULT_MEDIA_MAX_BYTES", "DEFAULT_MEDIA_TIMEOUT_S", "is_media_file", "media_stage"]

log = structlog.get_logger("webdata.scrape.media")

Kind = Literal["video", "audio"]

# Suggested defaults of WEBDATA_MEDIA_MAX_BYTES and WEBDATA_MEDIA_TIMEOUT_S.
DEFAULT_MEDIA_MAX_BYTES = 200 * 1024 * 1024
DEFAULT_MEDIA_TIMEOUT_S = 120.0
# Candidates tried per format before giving up (each may be a download of up to the cap).
MAX_TRIES = 3
# Less time than this left of the request's timeout: not worth starting.
_MIN_BUDGET_S = 1.0
# Containers kept as they are.
_VIDEO_AS_IS = frozenset({"mp4", "webm"})
_NOT_MEDIA_TYPES = ("text/", "application/json", "application/xhtml", "application/xml")


class _NotMedia(Exception):
    """The candidate answered, but not with a media file."""


@dataclass(slots=True)
class _Downloaded:
    path: Path
    container: str | None


@dataclass(slots=True)
class _Run:
    """One stage: its scrape, its limits, its temporary directory and its downloads."""

    ctx: ScrapeContext
    services: ScrapeServices
    base_url: str
    page_url: str
    max_bytes: int
    deadline: float  # time.monotonic()
    tmp: Path
    downloads: dict[str, _Downloaded | Exception] = field(default_factory=dict)

    def left_s(self) -> float:
        return max(self.deadline - time.monotonic(), 0.001)


_AUDIO_CONTAINERS = frozenset({"mp3", "m4a", "wav", "flac"})
_MEDIA_CONTAINERS = _AUDIO_CONTAINERS | {"mp4", "mov", "webm", "matroska", "ogg"}


def is_media_file(fetched: Fetched) -> bool:
    """Whether the answer is itself an audio or video file (a link straight to an .mp4)."""
    if fetched.text is not None:
        return False
    if fetched.content_type.startswith(("audio/", "video/")):
        return True
    return sniff(fetched.body[:64]) in _MEDIA_CONTAINERS


def _fail(ctx: ScrapeContext, kind: Kind, why: str) -> None:
    ctx.warnings.append(f"The {kind} format returned nothing: {why}.")


async def media_stage(
    ctx: ScrapeContext,
    services: ScrapeServices,
    base_url: str,
    *,
    max_bytes: int = DEFAULT_MEDIA_MAX_BYTES,
    timeout_s: float = DEFAULT_MEDIA_TIMEOUT_S,
    use_ytdlp: bool = True,
) -> None:
    """Fill ``ctx.fields["audio"]`` / ``["video"]`` (when requested) with signed links, or None
    and a warning. ``max_bytes`` caps each download and each converted file; the stage takes
    at most ``timeout_s`` and never more than what is left of the request's ``timeout``."""
    wanted: list[Kind] = [k for k in ("video", "audio") if k in ctx.request.format_types]
    if not wanted:
        return
    for kind in wanted:
        ctx.fields[kind] = None
    fetched = ctx.fetched
    direct = fetched is not None and is_media_file(fetched)
    if fetched is None or not (fetched.text or direct):
        for kind in wanted:
            _fail(ctx, kind, "the page has no HTML to find media in")
        return
    if ctx.request.zero_data_retention:
        for kind in wanted:
            _fail(ctx, kind, "with zeroDataRetention no media file may be stored")
        return
    budget = min(timeout_s, ctx.remaining_s())
    if budget < _MIN_BUDGET_S:
        for kind in wanted:
            _fail(ctx, kind, "no time was left of the request's timeout")
        ctx.cacheable = False
        return
    tmp = Path(await asyncio.to_thread(tempfile.mkdtemp, prefix="webdata-media-"))
    run = _Run(ctx, services, base_url, fetched.url, max_bytes, time.monotonic() + budget, tmp=tmp)
    started = time.monotonic()
    try:
        async with asyncio.timeout(budget):
            if direct:
                await _extract_direct(run, fetched, wanted)
            else:
                await _extract(run, fetched.text or "", wanted, use_ytdlp=use_ytdlp)
    except TimeoutError:
        for kind in wanted:
            if ctx.fields.get(kind) is None and not _warned(ctx, kind):
                _fail(ctx, kind, f"finding and converting the media took longer than {budget:g}s")
        ctx.cacheable = False
    except Exception:
        # A bug or a backend failure must cost the media fields, not the page.
        log.warning("media stage failed", url=fetched.url, exc_info=True)
        for kind in wanted:
            if ctx.fields.get(kind) is None and not _warned(ctx, kind):
                _fail(ctx, kind, "an internal error stopped the media extraction")
        ctx.cacheable = False
    finally:
        await asyncio.to_thread(shutil.rmtree, tmp, True)
    log.debug("media stage", url=fetched.url, ms=round((time.monotonic() - started) * 1000, 1))


def _warned(ctx: ScrapeContext, kind: Kind) -> bool:
    return any(w.startswith(f"The {kind} format") for w in ctx.warnings)


def _options(found: MediaCandidates, kind: Kind) -> tuple[str, ...]:
    # A podcast page may only have its episode as a video; its soundtrack is the audio.
    return found.video if kind == "video" else found.audio + found.video


async def _extract(run: _Run, html: str, wanted: list[Kind], *, use_ytdlp: bool) -> None:
    found = await asyncio.to_thread(find_media, html, run.page_url)
    if use_ytdlp and ytdlp_available() and any(not _options(found, k) for k in wanted):
        more = await asyncio.to_thread(find_media_ytdlp, html, run.page_url)
        found = found.merged(more)
    for kind in wanted:
        await _one(run, kind, _options(found, kind))


async def _extract_direct(run: _Run, fetched: Fetched, wanted: list[Kind]) -> None:
    """The URL is the media file: the scrape downloaded it already, so it is the one
    candidate (an audio file is no video)."""
    path = run.tmp / "in-direct"
    await asyncio.to_thread(path.write_bytes, fetched.body)
    container = sniff(fetched.body[:64])
    run.downloads[fetched.url] = _Downloaded(path, container)
    audio_only = fetched.content_type.startswith("audio/") or container in _AUDIO_CONTAINERS
    found = MediaCandidates(video=() if audio_only else (fetched.url,), audio=(fetched.url,))
    for kind in wanted:
        await _one(run, kind, _options(found, kind))


async def _one(run: _Run, kind: Kind, candidates: tuple[str, ...]) -> None:
    ctx = run.ctx
    if not candidates:
        _fail(ctx, kind, f"no {kind} was found on the page")
        return
    errors: list[str] = []
    for url in candidates[:MAX_TRIES]:
        try:
            downloaded = await _download(run, url)
            data, ext = await _convert(run, kind, downloaded)
        except FfmpegMissing as exc:
            errors.append(str(exc))
            break
        except FetchError as exc:
            errors.append(f"{url}: {exc.message}")
            continue
        except (TranscodeError, _NotMedia) as exc:
            errors.append(f"{url}: {exc}")
            continue
        try:
            await _store(run, kind, data, ext)
        except Exception as exc:  # any backend's failure (disk, bucket)
            log.warning("media artifact not stored", kind=kind, exc_info=True)
            errors.append(f"it could not be stored ({type(exc).__name__})")
            break
        return
    ctx.cacheable = False
    _fail(ctx, kind, "; ".join(errors))


def _same_origin(a: str, b: str) -> bool:
    x, y = urlsplit(a), urlsplit(b)
    return (x.scheme, x.netloc.lower()) == (y.scheme, y.netloc.lower())


async def _download(run: _Run, url: str) -> _Downloaded:
    """``url`` saved under the run's directory (once per URL: audio may reuse the video's)."""
    known = run.downloads.get(url)
    if isinstance(known, Exception):
        raise known
    if known is not None:
        return known
    try:
        result = run.downloads[url] = await _fetch_to_file(run, url)
    except (FetchError, _NotMedia) as exc:
        run.downloads[url] = exc
        raise
    return result


async def _fetch_to_file(run: _Run, url: str) -> _Downloaded:
    ctx, services = run.ctx, run.services
    req = ctx.request
    headers = {"Accept": "*/*", "Referer": run.page_url}
    if _same_origin(url, run.page_url):
        # The caller's headers (cookies, authorization) were meant for the page's site only.
        headers = {**headers, **target_headers(req)}
    mode: ProxyMode = "enhanced" if ctx.proxy_used == "stealth" else "basic"
    country = req.location.country if req.location is not None else None
    engines = AttemptEngines(
        services, req, mode, services.proxies.pick(mode, country), run.deadline
    )
    settings = services.settings
    fetched = await engines.http.fetch(
        FetchRequest(
            url=url,
            headers=headers,
            timeout_s=run.left_s(),
            skip_tls_verification=req.skip_tls_verification,
            max_redirects=settings.max_redirects,
            max_bytes=run.max_bytes,
            allow_private_networks=settings.allow_private_networks,
        )
    )
    if not 200 <= fetched.status_code < 300:
        raise _NotMedia(f"the server answered HTTP {fetched.status_code}")
    container = sniff(fetched.body[:64])
    if not fetched.body:
        raise _NotMedia("the server sent an empty file")
    if container == "html" or (
        container is None and fetched.content_type.startswith(_NOT_MEDIA_TYPES)
    ):
        raise _NotMedia(f"a {fetched.content_type or 'web'} page, not a media file")
    path = run.tmp / f"in-{len(run.downloads)}"
    await asyncio.to_thread(path.write_bytes, fetched.body)
    return _Downloaded(path, container)


async def _convert(run: _Run, kind: Kind, downloaded: _Downloaded) -> tuple[bytes, str]:
    """The bytes to store and their extension: kept when already right, else ffmpeg's."""
    container = downloaded.container
    if kind == "video" and container in _VIDEO_AS_IS:
        assert container is not None
        return await asyncio.to_thread(downloaded.path.read_bytes), container
    if kind == "audio" and container == "mp3":
        return await asyncio.to_thread(downloaded.path.read_bytes), "mp3"
    if kind == "video":
        out = await to_video(
            downloaded.path, run.tmp / "out-video", timeout_s=run.left_s(), max_bytes=run.max_bytes
        )
    else:
        out = run.tmp / "out-audio.mp3"
        await to_mp3(downloaded.path, out, timeout_s=run.left_s(), max_bytes=run.max_bytes)
    return await asyncio.to_thread(out.read_bytes), out.suffix[1:]


async def _store(run: _Run, kind: Kind, data: bytes, ext: str) -> None:
    ctx, store = run.ctx, run.services.artifacts
    rel = await asyncio.to_thread(store.save, ctx.team_id, kind, data, ext)
    ctx.artifact_refs[kind] = rel
    ttl = artifact_ttl_s(rel, run.services.settings.artifact_ttl_s)
    ctx.fields[kind] = store.signed_url(run.base_url, rel, ttl)

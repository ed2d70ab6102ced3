"""Media files into what the formats return: MP3 for ``audio``, MP4 or WebM for ``video``.

``sniff`` tells containers apart by their first bytes, so a file already in the wanted
format is kept as it is. Everything else goes through ffmpeg, run as a subprocess (never a
shell) with ``-nostdin``, a timeout (killed when it passes or the caller is cancelled) and an
output size cap. The input is an untrusted file, so ffmpeg may open local files only
(``-protocol_whitelist file``: a playlist inside cannot reach the network) and only through
the demuxers of plain media files (``-format_whitelist``: no HLS, concat or image-sequence
demuxer that would read other local files into the output).

Each conversion takes one of the process's conversion slots first (``set_max_conversions``,
``WEBDATA_MEDIA_MAX_CONVERSIONS``: one per core by default), so a burst of requests queues
instead of starting an ffmpeg each. The wait comes out of the conversion's own time: a caller
that gets no slot in time gets a ``TranscodeError`` saying so, like one whose ffmpeg ran late.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import threading
from collections import deque
from collections.abc import AsyncIterator
from pathlib import Path

__all__ = [
    "FfmpegMissing",
    "TranscodeError",
    "conversion_slot",
    "ffmpeg_path",
    "looks_like_mp3",
    "max_conversions",
    "set_max_conversions",
    "sniff",
    "to_mp3",
    "to_video",
]

# Demuxers of single media files (``ffmpeg -demuxers``); a name matches a demuxer whose
# comma-separated names include it ("mov" is "mov,mp4,m4a,3gp,3g2,mj2").
_DEMUXERS = "mov,matroska,mp3,ogg,wav,flac,aac,avi,flv,mpeg,mpegts,asf,caf,aiff,w64"
_INPUT = ("-protocol_whitelist", "file", "-format_whitelist", _DEMUXERS)
_STDERR_TAIL = 400


class TranscodeError(Exception):
    """ffmpeg could not make the file (no such stream, damaged input, too slow, too big)."""


class FfmpegMissing(TranscodeError):
    """No ``ffmpeg`` on PATH (the Debian package ``ffmpeg``)."""


def ffmpeg_path() -> str | None:
    return shutil.which("ffmpeg")


class _Slots:
    """At most ``limit`` holders at once in this process, served in turn, whichever event loop
    (API, worker, a test's) or thread asks; a waiter that is cancelled leaves the queue, and
    one cancelled just as it was served passes its slot on."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.running = 0
        self._lock = threading.Lock()
        self._waiters: deque[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = deque()

    async def acquire(self) -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self.running < self.limit and not self._waiters:
                self.running += 1
                return
            waiter = (loop, loop.create_future())
            self._waiters.append(waiter)
        try:
            await waiter[1]
        except BaseException:
            with self._lock:
                try:
                    self._waiters.remove(waiter)
                    served = False
                except ValueError:  # served meanwhile: the slot is ours to give back
                    served = True
            if served:
                self.release()
            raise

    def release(self) -> None:
        with self._lock:
            self.running -= 1
            self._serve()

    def resize(self, limit: int) -> None:
        with self._lock:
            self.limit = limit
            self._serve()

    def _serve(self) -> None:  # with the lock held
        while self._waiters and self.running < self.limit:
            loop, future = self._waiters.popleft()
            self.running += 1
            try:
                loop.call_soon_threadsafe(_grant, future)
            except RuntimeError:  # its loop is closed: nobody waits there any more
                self.running -= 1


def _grant(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


_SLOTS = _Slots(os.cpu_count() or 1)


def max_conversions() -> int:
    """How many ffmpeg conversions this process runs at once."""
    return _SLOTS.limit


def set_max_conversions(limit: int) -> None:
    """At most ``limit`` ffmpeg conversions at once in this process (the setting
    ``WEBDATA_MEDIA_MAX_CONVERSIONS``, applied when the scrape services start)."""
    if limit < 1:
        raise ValueError("at least one conversion must be allowed")
    _SLOTS.resize(limit)


@contextlib.asynccontextmanager
async def conversion_slot(timeout_s: float) -> AsyncIterator[None]:
    """Hold one of the process's conversion slots; ``TranscodeError`` when none comes free
    within ``timeout_s``."""
    try:
        async with asyncio.timeout(timeout_s):
            await _SLOTS.acquire()
    except TimeoutError:
        raise TranscodeError(
            f"no media conversion slot came free within {timeout_s:g}s (the server runs"
            f" {_SLOTS.limit} at once and all were busy)"
        ) from None
    try:
        yield
    finally:
        _SLOTS.release()


def looks_like_mp3(head: bytes) -> bool:
    """An ID3 tag, or an MPEG audio Layer III frame header (not AAC's ADTS, layer 0)."""
    if head[:3] == b"ID3":
        return True
    if len(head) < 4 or head[0] != 0xFF or head[1] & 0xE0 != 0xE0:
        return False
    version, layer = (head[1] >> 3) & 3, (head[1] >> 1) & 3
    bitrate, rate = head[2] >> 4, (head[2] >> 2) & 3
    return version != 1 and layer == 1 and bitrate not in (0, 15) and rate != 3


def sniff(head: bytes) -> str | None:
    """The container of a file from its first bytes (64 are enough): ``mp4``, ``m4a``,
    ``mov``, ``webm``, ``matroska``, ``mp3``, ``ogg``, ``wav``, ``flac``, ``html``; None
    when unknown."""
    if head[4:8] == b"ftyp":
        brand = head[8:12]
        if brand == b"qt  ":
            return "mov"
        return "m4a" if brand in (b"M4A ", b"M4B ", b"M4P ") else "mp4"
    if head[:4] == b"\x1a\x45\xdf\xa3":
        return "webm" if b"webm" in head[:64] else "matroska"
    if head[:4] == b"OggS":
        return "ogg"
    if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
        return "wav"
    if head[:4] == b"fLaC":
        return "flac"
    if looks_like_mp3(head):
        return "mp3"
    start = head[:64].lstrip().lower()
    if start.startswith((b"<!doctype html", b"<html", b"<?xml", b"<head", b"<body")):
        return "html"
    return None


async def _ffmpeg(args: list[str], timeout_s: float) -> None:
    """Run ffmpeg with ``args``; ``TranscodeError`` with the end of its log when it fails."""
    binary = ffmpeg_path()
    if binary is None:
        raise FfmpegMissing("ffmpeg is not installed")
    proc = await asyncio.create_subprocess_exec(
        binary,
        "-nostdin",
        "-hide_banner",
        "-loglevel",
        "error",
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        async with asyncio.timeout(timeout_s):
            _, stderr = await proc.communicate()
    except TimeoutError:
        raise TranscodeError(f"ffmpeg took longer than {timeout_s:g}s") from None
    finally:
        if proc.returncode is None:  # timed out or cancelled: the process must not outlive us
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
    if proc.returncode != 0:
        tail = " ".join(stderr.decode("utf-8", "replace").split())[-_STDERR_TAIL:]
        raise TranscodeError(f"ffmpeg failed (exit {proc.returncode}): {tail or 'no output'}")


def _output_cap(dst: Path, max_bytes: int) -> None:
    if not dst.is_file() or dst.stat().st_size == 0:
        raise TranscodeError("ffmpeg produced no output")
    if dst.stat().st_size >= max_bytes:
        # ``-fs`` stops the output at the cap: what is there is cut short.
        raise TranscodeError(f"the converted file exceeds the limit of {max_bytes} bytes")


async def to_mp3(src: Path, dst: Path, *, timeout_s: float, max_bytes: int) -> None:
    """The first audio track of ``src`` as MP3 (LAME VBR quality 4, about 165 kbit/s).
    ``timeout_s`` covers the wait for a conversion slot and the conversion."""
    if ffmpeg_path() is None:
        raise FfmpegMissing("ffmpeg is not installed")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    async with conversion_slot(timeout_s):
        try:
            await _ffmpeg(
                [*_INPUT, "-i", str(src), "-map", "0:a:0", "-vn", "-acodec", "libmp3lame",
                 "-q:a", "4", "-fs", str(max_bytes), "-f", "mp3", "-y", str(dst)],
                deadline - loop.time(),
            )  # fmt: skip
        except TranscodeError as exc:
            raise _no_stream(exc, "audio") from None
    _output_cap(dst, max_bytes)


def _no_stream(exc: TranscodeError, what: str) -> TranscodeError:
    """ffmpeg's "Stream map '0:a:0' matches no streams", said plainly."""
    if "matches no streams" in str(exc):
        return TranscodeError(f"the file has no {what} track")
    return exc


async def to_video(src: Path, dst_stem: Path, *, timeout_s: float, max_bytes: int) -> Path:
    """``src`` as a file every browser plays; returns its path (``dst_stem`` + ``.mp4`` or
    ``.webm``). Streams are copied into MP4 when it can hold them, else into WebM (VP8/VP9,
    Vorbis/Opus in Matroska), and only when neither fits encoded as H.264 and AAC (seconds of
    CPU a minute of video, where a copy takes a fraction of a second). ``timeout_s`` covers
    the wait for a conversion slot (one for all the attempts) and the attempts."""
    if ffmpeg_path() is None:
        raise FfmpegMissing("ffmpeg is not installed")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    async with conversion_slot(timeout_s):
        return await _video_attempts(src, dst_stem, deadline=deadline, max_bytes=max_bytes)


async def _video_attempts(src: Path, dst_stem: Path, *, deadline: float, max_bytes: int) -> Path:
    streams = ["-map", "0:v:0", "-map", "0:a:0?"]
    mp4, webm = dst_stem.with_suffix(".mp4"), dst_stem.with_suffix(".webm")
    cap = ["-fs", str(max_bytes)]
    attempts = [
        (["-c", "copy", "-movflags", "+faststart", *cap, "-f", "mp4"], mp4),
        (["-c", "copy", *cap, "-f", "webm"], webm),
        (["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
          "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", *cap, "-f", "mp4"], mp4),
    ]  # fmt: skip
    loop = asyncio.get_running_loop()
    failure = TranscodeError("the video could not be converted")
    for options, dst in attempts:
        left = deadline - loop.time()
        try:
            await _ffmpeg([*_INPUT, "-i", str(src), *streams, *options, "-y", str(dst)], left)
        except FfmpegMissing:
            raise
        except TranscodeError as exc:
            failure = _no_stream(exc, "video")
            if failure is not exc or deadline - loop.time() <= 0:
                raise failure from None
            continue  # the codecs do not fit this container: the next way
        _output_cap(dst, max_bytes)
        return dst
    raise failure

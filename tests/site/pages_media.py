"""Pages with audio and video under ``/media/``, and the files, made with ffmpeg on first use.

``clip.mp4``: one second of ffmpeg's test pattern (H.264) with a 440 Hz tone (AAC);
``clip.mkv``: the same streams in Matroska (the video format remuxes it to MP4);
``episode.m4a``: two seconds of tone (the audio format transcodes it to MP3);
``episode.mp3``: an MP3 already (kept as it is).
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

_LAVFI_VIDEO = "testsrc=duration=1:size=160x120:rate=10"
_LAVFI_AUDIO = "sine=frequency=440:duration={seconds}"


def _ffmpeg(*args: str) -> bytes:
    """Run ffmpeg into a temporary file and return its bytes (the last arg is the name)."""
    ffmpeg = shutil.which("ffmpeg")
    if ffmpeg is None:
        raise RuntimeError("the media fixtures need ffmpeg (apt-get install ffmpeg)")
    with tempfile.TemporaryDirectory(prefix="webdata-fixture-") as tmp:
        out = Path(tmp) / args[-1]
        subprocess.run(
            [ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error", "-y", *args[:-1], out],
            check=True,
            timeout=60,
        )
        return out.read_bytes()


@cache
def clip_mp4() -> bytes:
    return _ffmpeg(
        "-f", "lavfi", "-i", _LAVFI_VIDEO, "-f", "lavfi", "-i", _LAVFI_AUDIO.format(seconds=1),
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
        "-b:a", "32k", "-shortest", "-movflags", "+faststart", "clip.mp4",
    )  # fmt: skip


@cache
def clip_mkv() -> bytes:
    return _ffmpeg(
        "-f", "lavfi", "-i", _LAVFI_VIDEO, "-f", "lavfi", "-i", _LAVFI_AUDIO.format(seconds=1),
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
        "-b:a", "32k", "-shortest", "clip.mkv",
    )  # fmt: skip


@cache
def episode_m4a() -> bytes:
    return _ffmpeg(
        "-f", "lavfi", "-i", _LAVFI_AUDIO.format(seconds=2), "-c:a", "aac", "-b:a", "32k",
        "episode.m4a",
    )  # fmt: skip


@cache
def episode_mp3() -> bytes:
    return _ffmpeg(
        "-f", "lavfi", "-i", _LAVFI_AUDIO.format(seconds=1), "-c:a", "libmp3lame", "-q:a", "9",
        "episode.mp3",
    )  # fmt: skip


_FILES = {
    "clip.mp4": (clip_mp4, "video/mp4"),
    "clip.mkv": (clip_mkv, "video/x-matroska"),
    "episode.m4a": (episode_m4a, "audio/mp4"),
    "episode.mp3": (episode_mp3, "audio/mpeg"),
}


async def media_file(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in _FILES:
        return Response("no such file", status_code=404, media_type="text/plain")
    make, media_type = _FILES[name]
    return Response(make(), media_type=media_type)


def _page(title: str, head: str, body: str) -> HTMLResponse:
    return HTMLResponse(
        f"<!doctype html><html><head><title>{title}</title>{head}</head>"
        f"<body><h1>{title}</h1>{body}<p>Some words about it.</p></body></html>"
    )


async def watch(_: Request) -> HTMLResponse:
    return _page(
        "Test pattern",
        "",
        '<video controls width="320"><source src="/media/files/clip.mp4" type="video/mp4"></video>',
    )


async def og_only(_: Request) -> HTMLResponse:
    return _page(
        "Shared clip",
        '<meta property="og:video" content="/media/files/clip.mkv">'
        '<meta property="og:video:type" content="video/x-matroska">',
        "<p>The player is loaded by a script.</p>",
    )


async def podcast(_: Request) -> HTMLResponse:
    return _page(
        "Episode 12: Tones",
        "",
        '<audio controls><source src="/media/files/episode.m4a" type="audio/mp4"></audio>',
    )


async def radio(_: Request) -> HTMLResponse:
    return _page("Radio", "", '<audio controls src="/media/files/episode.mp3"></audio>')


async def no_media(_: Request) -> HTMLResponse:
    return _page("Just text", "", '<img src="/media/files/poster.png" alt="a poster">')


async def player_script(_: Request) -> HTMLResponse:
    """A player configured in a script only (JW Player style): yt-dlp's generic extractor."""
    return _page(
        "Scripted player",
        "",
        '<div id="player"></div><script>jwplayer("player").setup({'
        'file: "/media/files/clip.mp4", image: "/media/files/poster.png"});</script>',
    )


async def pointing(request: Request) -> HTMLResponse:
    """A video whose source is ``?src=`` (a private address, a redirect, a missing file)."""
    src = request.query_params.get("src", "")
    return _page("Pointing", "", f'<video controls src="{src}"></video>')


async def slow_file(_: Request) -> Response:
    """The clip, after a pause longer than the stage's time limit in the tests."""
    await asyncio.sleep(3)
    return Response(clip_mp4(), media_type="video/mp4")


async def redirect_to(request: Request) -> RedirectResponse:
    return RedirectResponse(request.query_params.get("url", "/"), status_code=302)


routes = [
    Route("/media/files/{name}", media_file),
    Route("/media/slow.mp4", slow_file),
    Route("/media/watch", watch),
    Route("/media/og", og_only),
    Route("/media/podcast", podcast),
    Route("/media/radio", radio),
    Route("/media/none", no_media),
    Route("/media/player", player_script),
    Route("/media/pointing", pointing),
    Route("/media/redirect", redirect_to),
]

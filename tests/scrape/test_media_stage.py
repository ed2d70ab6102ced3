"""The audio and video formats' stage against the fixture site over real HTTP, with real ffmpeg:
links to real MP3 / MP4 files, served by a running API and refused after an hour; SSRF, the
size cap, the time limit and failures as warnings, never as errors."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import httpx
import pytest

from tests.conftest import RunningApi, start_api
from tests.site import pages_media
from webdata.config import Settings
from webdata.contract import Document, ScrapeRequest
from webdata.engines.base import FetchRequest
from webdata.engines.browser import BrowserEngine
from webdata.engines.enhanced import EnhancedEngine
from webdata.engines.http import HttpEngine
from webdata.engines.proxy import ProxyPools
from webdata.engines.ssrf import Policy, is_forbidden_address
from webdata.extract import media_transcode
from webdata.extract.media_transcode import TranscodeError, sniff, to_mp3, to_video
from webdata.scrape.cache import _from_entry, keep_document
from webdata.scrape.cache_policy import cache_policy
from webdata.scrape.content_runner import ContentRunner
from webdata.scrape.context import ScrapeContext
from webdata.scrape.formats import REGISTRY
from webdata.scrape.media_stage import media_stage
from webdata.scrape.services import ScrapeServices
from webdata.store.artifacts import ArtifactStore, LinkExpired, load_or_create_key
from webdata.store.cache import CachedDocument


class Clock:
    """The artifact store's clock (unix seconds), moved by the tests."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("media")


@pytest.fixture(scope="module")
def media_api(data_dir: Path) -> Iterator[RunningApi]:
    """A real API on the same data dir: it serves the links the stage signs."""
    yield from start_api(data_dir)


@asynccontextmanager
async def services_for(
    data_dir: Path,
    *,
    allow_private: bool = True,
    policy: Policy = is_forbidden_address,
    clock: Callable[[], float] = time.time,
    store: object | None = None,
) -> AsyncIterator[ScrapeServices]:
    settings = Settings(data_dir=data_dir, allow_private_networks=allow_private)
    http = HttpEngine(settings, is_forbidden=policy)
    await http.start()
    artifacts = store or ArtifactStore(
        data_dir / "artifacts", load_or_create_key(data_dir), clock=clock
    )
    try:
        yield ScrapeServices(
            settings=settings,
            http=http,
            content=ContentRunner(0, 0),
            browser=BrowserEngine(settings),
            enhanced=EnhancedEngine(settings),
            proxies=ProxyPools(settings),
            artifacts=artifacts,  # type: ignore[arg-type]
        )
    finally:
        await http.close()


async def page(services: ScrapeServices, url: str, *formats: str) -> ScrapeContext:
    """A scrape context with ``url`` fetched (always allowed: the media is under test)."""
    ctx = ScrapeContext(
        request=ScrapeRequest.model_validate({"url": url, "formats": list(formats)}),
        team_id="team-1",
    )
    ctx.fetched = await services.http.fetch(FetchRequest(url, allow_private_networks=True))
    assert ctx.fetched.status_code == 200
    return ctx


def link_parts(url: str) -> tuple[str, str, str]:
    split = urlsplit(url)
    query = parse_qs(split.query)
    return split.path.removeprefix("/v2/artifacts/"), query["exp"][0], query["sig"][0]


def stored(services: ScrapeServices, link: str) -> bytes:
    assert isinstance(services.artifacts, ArtifactStore)
    return services.artifacts.open(*link_parts(link)).path.read_bytes()


def probe(data: bytes, tmp_path: Path) -> dict[str, object]:
    path = tmp_path / "probe.bin"
    path.write_bytes(data)
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
        check=True,
        capture_output=True,
        timeout=30,
    )
    info: dict[str, object] = json.loads(out.stdout)
    return info


def codecs(info: dict[str, object]) -> list[str]:
    streams = info["streams"]
    assert isinstance(streams, list)
    return [s["codec_name"] for s in streams]


# -- the formats --------------------------------------------------------------------------------


async def test_video_link_serves_the_video_bytes(
    site_url: str, data_dir: Path, media_api: RunningApi
) -> None:
    clock = Clock()
    async with services_for(data_dir, clock=clock) as services:
        ctx = await page(services, f"{site_url}/media/watch", "video")
        await media_stage(ctx, services, media_api.url)
    link = ctx.fields["video"]
    assert ctx.warnings == [] and isinstance(link, str)
    assert link.startswith(f"{media_api.url}/v2/artifacts/team-1/video/") and ".mp4?" in link
    assert int(link_parts(link)[1]) == int(clock.now) + 3600  # signed for one hour
    assert ctx.artifact_refs["video"] == link_parts(link)[0]  # the cache keeps the file
    async with httpx.AsyncClient() as client:
        resp = await client.get(link)
    assert resp.status_code == 200
    assert resp.headers["content-type"] == "video/mp4"
    assert resp.content == pages_media.clip_mp4()  # already an MP4: kept as it is


async def test_podcast_audio_becomes_a_real_mp3(
    site_url: str, data_dir: Path, tmp_path: Path
) -> None:
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/podcast", "audio")
        started = time.perf_counter()
        await media_stage(ctx, services, "http://api.test")
        took = time.perf_counter() - started
    assert ctx.warnings == []
    mp3 = stored(services, ctx.fields["audio"])
    assert sniff(mp3[:64]) == "mp3" and mp3[:3] == b"ID3"
    info = probe(mp3, tmp_path)
    assert codecs(info) == ["mp3"]
    fmt = info["format"]
    assert isinstance(fmt, dict) and fmt["format_name"] == "mp3"
    assert 1.8 < float(fmt["duration"]) < 2.3  # the two seconds of the episode
    assert took < 10, f"extracting and transcoding took {took:.2f}s"
    print(f"podcast m4a -> mp3: {took:.3f}s")


async def test_audio_and_video_of_one_clip(site_url: str, data_dir: Path, tmp_path: Path) -> None:
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/watch", "audio", "video")
        started = time.perf_counter()
        await media_stage(ctx, services, "http://api.test")
        took = time.perf_counter() - started
    assert ctx.warnings == []
    # No audio element: the audio is the video's soundtrack.
    assert codecs(probe(stored(services, ctx.fields["audio"]), tmp_path)) == ["mp3"]
    assert stored(services, ctx.fields["video"]) == pages_media.clip_mp4()
    assert set(ctx.artifact_refs) == {"audio", "video"}
    print(f"clip -> mp4 + mp3: {took:.3f}s")


async def test_og_video_only_is_remuxed_to_mp4(
    site_url: str, data_dir: Path, tmp_path: Path
) -> None:
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/og", "video")
        started = time.perf_counter()
        await media_stage(ctx, services, "http://api.test")
        took = time.perf_counter() - started
    assert ctx.warnings == []
    assert ".mp4?" in ctx.fields["video"]
    video = stored(services, ctx.fields["video"])
    assert sniff(video[:64]) == "mp4"  # it was Matroska
    assert sorted(codecs(probe(video, tmp_path))) == ["aac", "h264"]  # streams copied
    print(f"og:video mkv -> mp4: {took:.3f}s")


async def test_an_mp3_is_kept_as_it_is(site_url: str, data_dir: Path) -> None:
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/radio", "audio")
        await media_stage(ctx, services, "http://api.test")
    assert stored(services, ctx.fields["audio"]) == pages_media.episode_mp3()


async def test_page_without_media_gives_null_and_warnings(site_url: str, data_dir: Path) -> None:
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/none", "audio", "video")
        await media_stage(ctx, services, "http://api.test")
    assert ctx.fields["audio"] is None and ctx.fields["video"] is None
    assert ctx.warnings == [
        "The video format returned nothing: no video was found on the page.",
        "The audio format returned nothing: no audio was found on the page.",
    ]
    assert ctx.artifact_refs == {}
    assert ctx.cacheable  # the page has no media: that is the answer, worth keeping


async def test_other_formats_are_left_alone(site_url: str, data_dir: Path) -> None:
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/watch", "markdown")
        await media_stage(ctx, services, "http://api.test")
    assert "audio" not in ctx.fields and "video" not in ctx.fields and ctx.warnings == []


async def test_scripted_player_is_found_by_ytdlp(site_url: str, data_dir: Path) -> None:
    pytest.importorskip("yt_dlp")
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/player", "video")
        await media_stage(ctx, services, "http://api.test")
        assert ctx.warnings == []
        assert stored(services, ctx.fields["video"]) == pages_media.clip_mp4()
        without = await page(services, f"{site_url}/media/player", "video")
        await media_stage(without, services, "http://api.test", use_ytdlp=False)
    assert without.fields["video"] is None


# -- expiry -------------------------------------------------------------------------------------


async def test_links_are_refused_after_one_hour(
    site_url: str, data_dir: Path, media_api: RunningApi
) -> None:
    clock = Clock()
    async with services_for(data_dir, clock=clock) as services:
        ctx = await page(services, f"{site_url}/media/radio", "audio")
        await media_stage(ctx, services, media_api.url)
    store = services.artifacts
    assert isinstance(store, ArtifactStore)
    link = ctx.fields["audio"]
    clock.now += 3599
    assert store.open(*link_parts(link)).media_type == "audio/mpeg"
    clock.now += 2
    with pytest.raises(LinkExpired):
        store.open(*link_parts(link))
    # The API refuses it too: the same file signed an hour and a second ago has expired.
    rel = link_parts(link)[0]
    old = ArtifactStore(store.root, load_or_create_key(data_dir), clock=lambda: time.time() - 3601)
    async with httpx.AsyncClient() as client:
        resp = await client.get(old.signed_url(media_api.url, rel, 3600))
        assert resp.status_code == 410 and resp.json()["code"] == "ARTIFACT_LINK_EXPIRED"
        assert (await client.get(link)).status_code == 200  # the link itself is still good
    # A swept store drops media after their hour even with a day-long default.
    clock.now = time.time() + 3601
    assert store.sweep(24 * 3600) >= 1
    assert not (store.root / rel).exists()


# -- limits and failures ------------------------------------------------------------------------


async def test_private_media_address_is_refused_unless_allowed(
    site_url: str, data_dir: Path
) -> None:
    async with services_for(data_dir, allow_private=False) as services:
        ctx = await page(services, f"{site_url}/media/watch", "audio", "video")
        await media_stage(ctx, services, "http://api.test")
    assert ctx.fields["video"] is None and ctx.fields["audio"] is None
    assert len(ctx.warnings) == 2
    for warning in ctx.warnings:
        assert "Refusing to fetch 127.0.0.1" in warning and "private" in warning
    assert not ctx.cacheable
    # Allowed (WEBDATA_ALLOW_PRIVATE_NETWORKS): the same page gives its video.
    async with services_for(data_dir, allow_private=True) as services:
        ctx = await page(services, f"{site_url}/media/watch", "video")
        await media_stage(ctx, services, "http://api.test")
    assert ctx.fields["video"] is not None


@pytest.mark.parametrize(
    "src",
    [
        "http://10.0.0.1/clip.mp4",
        "http://169.254.169.254/latest/clip.mp4",
        "/media/redirect?url=" + quote("http://169.254.169.254/latest/clip.mp4"),
        "/media/redirect?url=" + quote("http://[::ffff:10.0.0.1]/clip.mp4"),
    ],
)
async def test_media_hops_to_private_addresses_are_refused(
    site_url: str, data_dir: Path, src: str
) -> None:
    # The fixture site's own address counts as public here, so the hop away from it is tested.
    def policy(ip: str) -> bool:
        return ip != "127.0.0.1" and is_forbidden_address(ip)

    async with services_for(data_dir, allow_private=False, policy=policy) as services:
        ctx = await page(services, f"{site_url}/media/pointing?src={quote(src)}", "video")
        started = time.monotonic()
        await media_stage(ctx, services, "http://api.test")
    assert ctx.fields["video"] is None
    (warning,) = ctx.warnings
    assert "Refusing to fetch" in warning, warning
    assert time.monotonic() - started < 5  # refused before connecting, not timed out


async def test_file_over_the_cap_is_a_warning(site_url: str, data_dir: Path) -> None:
    cap = len(pages_media.clip_mp4()) // 2
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/watch", "video")
        await media_stage(ctx, services, "http://api.test", max_bytes=cap)
    assert ctx.fields["video"] is None
    (warning,) = ctx.warnings
    assert f"exceeds the limit of {cap} bytes" in warning
    assert ctx.artifact_refs == {}


async def test_time_limit_is_a_warning(site_url: str, data_dir: Path) -> None:
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/pointing?src=/media/slow.mp4", "video")
        started = time.monotonic()
        await media_stage(ctx, services, "http://api.test", timeout_s=1.5)
    assert time.monotonic() - started < 2.5
    assert ctx.fields["video"] is None
    (warning,) = ctx.warnings
    assert "1.5s" in warning, warning


async def test_missing_file_and_web_page_are_not_media(site_url: str, data_dir: Path) -> None:
    async with services_for(data_dir) as services:
        missing = await page(
            services, f"{site_url}/media/pointing?src=/media/files/gone.mp4", "video"
        )
        await media_stage(missing, services, "http://api.test")
        html = await page(services, f"{site_url}/media/pointing?src=/media/none", "video")
        await media_stage(html, services, "http://api.test")
    assert missing.fields["video"] is None and "HTTP 404" in missing.warnings[0]
    assert html.fields["video"] is None and "not a media file" in html.warnings[0]


async def test_without_ffmpeg_an_mp4_still_works(
    site_url: str, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(media_transcode, "ffmpeg_path", lambda: None)
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/watch", "audio", "video")
        await media_stage(ctx, services, "http://api.test")
    assert ctx.fields["video"] is not None
    assert ctx.fields["audio"] is None
    assert ctx.warnings == ["The audio format returned nothing: ffmpeg is not installed."]


async def test_zero_data_retention_stores_nothing(site_url: str, data_dir: Path) -> None:
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/watch", "video")
        ctx.request = ctx.request.model_copy(update={"zero_data_retention": True})
        await media_stage(ctx, services, "http://api.test")
    assert ctx.fields["video"] is None and "zeroDataRetention" in ctx.warnings[0]


class BrokenStore:
    def save(self, team: str | None, kind: str, data: bytes, ext: str, /) -> str:
        raise OSError("disk full")

    def signed_url(self, base_url: str, key: str, ttl_s: int, /) -> str:
        raise AssertionError("nothing was saved")

    def sweep(self, max_age_s: int, /) -> int:
        return 0


async def test_a_failing_store_is_a_warning(site_url: str, data_dir: Path) -> None:
    async with services_for(data_dir, store=BrokenStore()) as services:
        ctx = await page(services, f"{site_url}/media/watch", "video")
        await media_stage(ctx, services, "http://api.test")
    assert ctx.fields["video"] is None
    assert ctx.warnings == ["The video format returned nothing: it could not be stored (OSError)."]


# -- the cache ----------------------------------------------------------------------------------


class RecordingCache:
    def __init__(self) -> None:
        self.kept: dict[str, Any] = {}

    async def put(self, *_args: object, **kwargs: Any) -> None:
        self.kept = kwargs


async def test_cached_media_links_and_entries_follow_the_hour(
    site_url: str, data_dir: Path
) -> None:
    """An entry with media expires before its files are swept (55 min), and a hit signs links
    for what is left of the file's hour, while a screenshot keeps its day."""
    now = datetime.now(UTC)
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/watch", "video", "screenshot")
        await media_stage(ctx, services, "http://api.test")
        store = services.artifacts
        ctx.artifact_refs["screenshot"] = store.save("team-1", "screenshot", b"x", "png")
        recording = RecordingCache()
        services.cache = recording  # type: ignore[assignment]
        services.clock = lambda: now
        policy = cache_policy(ctx.request)
        url = f"{site_url}/media/watch"
        doc = Document.model_validate(
            {
                "video": ctx.fields["video"],
                "metadata": {"sourceURL": url, "url": url, "statusCode": 200},
            }
        )
        await keep_document(ctx, policy, services, doc)
        assert recording.kept["expires_at"] == now + timedelta(minutes=55)
        kept = CachedDocument(
            created_at=now - timedelta(minutes=30),
            expires_at=recording.kept["expires_at"],
            status_code=200,
            payload=recording.kept["payload"],
        )
        hit = _from_entry(ctx, kept, services, "http://api.test")
    video_exp = int(link_parts(hit.video or "")[1])
    shot_exp = int(link_parts(hit.screenshot or "")[1])
    assert abs(video_exp - (now + timedelta(minutes=30)).timestamp()) < 5
    assert abs(shot_exp - (now + timedelta(hours=23, minutes=30)).timestamp()) < 5


# -- conversions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("codecs_in", "container", "expected"),
    [
        (["-c:v", "mpeg4", "-c:a", "libmp3lame"], "avi", ("mp4", ["mpeg4", "mp3"])),  # copied
        (["-c:v", "libvpx", "-c:a", "libvorbis"], "mkv", ("webm", ["vp8", "vorbis"])),  # copied
        (["-c:v", "libtheora", "-c:a", "libvorbis"], "ogv", ("mp4", ["h264", "aac"])),  # encoded
    ],
)
async def test_videos_are_copied_when_they_fit_else_encoded(
    tmp_path: Path, codecs_in: list[str], container: str, expected: tuple[str, list[str]]
) -> None:
    src = tmp_path / f"in.{container}"
    made = pages_media._ffmpeg(
        "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-f", "lavfi",
        "-i", "sine=duration=1", *codecs_in, "-shortest", f"in.{container}",
    )  # fmt: skip
    src.write_bytes(made)
    out = await to_video(src, tmp_path / "out", timeout_s=30, max_bytes=10**7)
    ext, streams = expected
    assert out.suffix == f".{ext}" and sniff(out.read_bytes()[:64]) == ext
    assert codecs(probe(out.read_bytes(), tmp_path)) == streams


async def test_audio_only_is_not_a_video_and_silent_video_has_no_audio(tmp_path: Path) -> None:
    mp3 = tmp_path / "in.mp3"
    mp3.write_bytes(pages_media.episode_mp3())
    with pytest.raises(TranscodeError, match="the file has no video track"):
        await to_video(mp3, tmp_path / "out", timeout_s=30, max_bytes=10**7)
    silent = tmp_path / "silent.mp4"
    silent.write_bytes(
        pages_media._ffmpeg("-f", "lavfi", "-i", "testsrc=duration=1:size=64x48", "silent.mp4")
    )
    with pytest.raises(TranscodeError, match="the file has no audio track"):
        await to_mp3(silent, tmp_path / "out.mp3", timeout_s=30, max_bytes=10**7)


async def test_ffmpeg_may_not_read_playlists(tmp_path: Path) -> None:
    """An HLS playlist posing as media: ffmpeg must neither fetch nor read what it lists."""
    secret = tmp_path / "secret.ts"
    secret.write_bytes(pages_media.clip_mp4())
    playlist = tmp_path / "in.mp4"
    playlist.write_text(
        f"#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n{secret}\n"
        "#EXTINF:1,\nhttp://169.254.169.254/seg.ts\n#EXT-X-ENDLIST\n"
    )
    with pytest.raises(TranscodeError, match="not on whitelist"):
        await to_mp3(playlist, tmp_path / "out.mp3", timeout_s=30, max_bytes=10**7)
    assert not (tmp_path / "out.mp3").exists() or (tmp_path / "out.mp3").stat().st_size == 0


# -- conversion slots ---------------------------------------------------------------------------


@pytest.fixture
def conversions() -> Iterator[Callable[[int], None]]:
    """Sets the process's conversion limit for one test, then puts the old one back."""
    before = media_transcode.max_conversions()
    yield media_transcode.set_max_conversions
    media_transcode.set_max_conversions(before)


def ffmpeg_children(tmp_path: Path) -> set[int]:
    """The ffmpeg processes this test process runs on files under ``tmp_path`` (the fixture
    site, in a thread here, may be making its own files), zombies aside, from /proc."""
    me, found = os.getpid(), set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
            name_end = text.rfind(")")
            state, ppid = text[name_end + 2 :].split()[:2]
            if text[text.find("(") + 1 : name_end] != "ffmpeg" or int(ppid) != me or state == "Z":
                continue
            if str(tmp_path).encode() in (stat.parent / "cmdline").read_bytes():
                found.add(int(stat.parent.name))
        except OSError:  # gone meanwhile
            continue
    return found


def long_audio(tmp_path: Path) -> Path:
    """A minute of tone as WAV: its MP3 takes a few hundred ms, long enough to be watched."""
    src = tmp_path / "long.wav"
    src.write_bytes(
        pages_media._ffmpeg("-f", "lavfi", "-i", "sine=duration=60", "-c:a", "pcm_s16le", "l.wav")
    )
    return src


@pytest.mark.parametrize("limit", [1, 2])
async def test_conversions_at_once_are_bounded(
    tmp_path: Path, conversions: Callable[[int], None], limit: int
) -> None:
    """Two conversions at once: one ffmpeg after the other with one slot (two with two, which
    shows the watch would see them overlap)."""
    conversions(limit)
    src = long_audio(tmp_path)
    seen: list[set[int]] = []
    done = asyncio.Event()

    async def watch() -> None:
        while not done.is_set():
            seen.append(ffmpeg_children(tmp_path))
            await asyncio.sleep(0.005)

    watcher = asyncio.create_task(watch())
    try:
        await asyncio.gather(
            *(
                to_mp3(src, tmp_path / f"out{i}.mp3", timeout_s=60, max_bytes=10**8)
                for i in range(2)
            )
        )
    finally:
        done.set()
        await watcher
    assert all(sniff((tmp_path / f"out{i}.mp3").read_bytes()[:64]) == "mp3" for i in range(2))
    compact = [sorted(s) for i, s in enumerate(seen) if i == 0 or s != seen[i - 1]]
    assert len(set().union(*seen)) == 2, compact  # both ffmpeg processes were seen
    assert max(map(len, seen)) == limit
    if limit == 1:
        # And one after the other: the first one's last sighting before the second's first.
        order = [pid for sample in seen for pid in sample]
        first, second = order[0], next(pid for pid in order if pid != order[0])
        last_first = max(i for i, sample in enumerate(seen) if first in sample)
        assert last_first < min(i for i, sample in enumerate(seen) if second in sample)


async def test_a_conversion_without_a_free_slot_fails_in_time(
    tmp_path: Path, conversions: Callable[[int], None]
) -> None:
    conversions(1)
    src = long_audio(tmp_path)
    # The one slot is held (as another request's conversion would) for as long as needed: a
    # real conversion holding it could end before the waiters give up on a fast machine.
    async with media_transcode.conversion_slot(10):
        started = time.monotonic()
        with pytest.raises(
            TranscodeError, match=r"no media conversion slot came free within 0\.2s"
        ):
            await to_mp3(src, tmp_path / "second.mp3", timeout_s=0.2, max_bytes=10**8)
        assert time.monotonic() - started < 2  # 0.2 s and the time to say so
        assert not (tmp_path / "second.mp3").exists()
        with pytest.raises(TranscodeError, match="slot"):  # video conversions share the slots
            await to_video(src, tmp_path / "second", timeout_s=0.1, max_bytes=10**8)
        assert not ffmpeg_children(tmp_path)  # the waiters never started ffmpeg
    # The waiters that gave up hold nothing: the next conversion gets the slot at once.
    await to_mp3(src, tmp_path / "third.mp3", timeout_s=60, max_bytes=10**8)
    assert sniff((tmp_path / "third.mp3").read_bytes()[:64]) == "mp3"


async def test_media_stage_without_a_free_slot_is_a_warning(
    site_url: str, data_dir: Path, conversions: Callable[[int], None]
) -> None:
    conversions(1)
    async with services_for(data_dir) as services:
        ctx = await page(services, f"{site_url}/media/podcast", "audio")  # an m4a: converted
        async with media_transcode.conversion_slot(10):  # another request's conversion
            started = time.monotonic()
            await media_stage(ctx, services, "http://api.test", timeout_s=1.5)
            took = time.monotonic() - started
        assert ctx.fields["audio"] is None and not ctx.cacheable
        (warning,) = ctx.warnings
        assert warning.startswith("The audio format returned nothing: "), warning
        # The wait's own message, or the stage's time limit when that struck first.
        assert "no media conversion slot came free" in warning or "1.5s" in warning, warning
        assert took < 3
        # The slot free again: the same page gets its MP3.
        again = await page(services, f"{site_url}/media/podcast", "audio")
        await media_stage(again, services, "http://api.test", timeout_s=30)
    assert again.warnings == [] and again.fields["audio"] is not None


def test_the_limit_is_a_setting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert Settings(data_dir=tmp_path).media_max_conversions == (os.cpu_count() or 1)
    monkeypatch.setenv("WEBDATA_MEDIA_MAX_CONVERSIONS", "3")
    assert Settings(data_dir=tmp_path).media_max_conversions == 3
    monkeypatch.setenv("WEBDATA_MEDIA_MAX_CONVERSIONS", "0")
    with pytest.raises(ValueError, match="media_max_conversions"):
        Settings(data_dir=tmp_path)


async def test_services_apply_the_limit(tmp_path: Path, conversions: Callable[[int], None]) -> None:
    settings = Settings(data_dir=tmp_path, media_max_conversions=3)
    services = await ScrapeServices.start(settings, content_workers=0)
    try:
        assert media_transcode.max_conversions() == 3
    finally:
        await services.close()


# -- through the API ----------------------------------------------------------------------------

wired = pytest.mark.skipif(
    REGISTRY["audio"].unavailable is not None or REGISTRY["video"].unavailable is not None,
    reason="the media stage is not wired into scrape.run / scrape.formats yet",
)


@wired
def test_scrape_api_returns_media_links(client: httpx.Client, site_url: str) -> None:
    formats = ["markdown", "audio", "video"]
    resp = client.post("/v2/scrape", json={"url": f"{site_url}/media/watch", "formats": formats})
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    assert data.get("warning") is None, data
    video, audio = httpx.get(data["video"]), httpx.get(data["audio"])
    assert video.headers["content-type"] == "video/mp4"
    assert video.content == pages_media.clip_mp4()
    assert audio.headers["content-type"] == "audio/mpeg" and audio.content[:3] == b"ID3"
    none = client.post("/v2/scrape", json={"url": f"{site_url}/media/none", "formats": formats})
    assert none.status_code == 200
    empty = none.json()["data"]
    assert empty.get("audio") is None and empty.get("video") is None  # null fields are left out
    assert "no video was found" in empty["warning"]


@wired
def test_a_link_straight_to_a_media_file(client: httpx.Client, site_url: str) -> None:
    """The URL is the file: audio and video come from it (no 415), an audio file is no
    video, and asking for text of it is still the clear 415."""
    clip = f"{site_url}/media/files/clip.mp4"
    resp = client.post("/v2/scrape", json={"url": clip, "formats": ["audio", "video"]})
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    assert data.get("warning") is None, data
    assert httpx.get(data["video"]).content == pages_media.clip_mp4()
    audio = httpx.get(data["audio"])
    assert audio.headers["content-type"] == "audio/mpeg" and audio.content[:3] == b"ID3"
    assert data["metadata"]["contentType"] == "video/mp4"

    episode = f"{site_url}/media/files/episode.mp3"
    resp = client.post("/v2/scrape", json={"url": episode, "formats": ["audio", "video"]})
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    assert httpx.get(data["audio"]).content == pages_media.episode_mp3()
    assert data.get("video") is None and "no video was found" in data["warning"]

    resp = client.post("/v2/scrape", json={"url": clip, "formats": ["markdown", "audio"]})
    assert resp.status_code == 415 and resp.json()["code"] == "SCRAPE_UNSUPPORTED_FILE_ERROR"

"""The media finder on hand-written pages, container sniffing, and yt-dlp's offline fallback."""

from __future__ import annotations

import importlib.util

import pytest

from webdata.extract.media import MediaCandidates, find_media
from webdata.extract.media_transcode import looks_like_mp3, sniff
from webdata.extract.media_ytdlp import find_media_ytdlp

PAGE = "https://example.com/shows/ep-12"


def test_video_sources_best_first_and_absolute() -> None:
    html = """<video controls poster="/p.jpg">
      <source src="/v/clip-360.mp4" type="video/mp4" size="360">
      <source src="clip.ogv" type="video/ogg">
      <source src="/v/clip-1080.mp4" type="video/mp4" size="1080">
      <source src="/v/clip-720.webm" type="video/webm" label="720p">
      <source src="/v/clip.m3u8" type="application/x-mpegURL">
      <track src="/v/subs.vtt" kind="subtitles">
    </video>"""
    found = find_media(html, PAGE)
    assert found.video == (
        "https://example.com/v/clip-1080.mp4",
        "https://example.com/v/clip-720.webm",
        "https://example.com/v/clip-360.mp4",
        "https://example.com/shows/clip.ogv",  # plays in fewer places: after mp4 and webm
    )
    assert found.audio == ()


def test_audio_elements_and_their_sources() -> None:
    html = """<audio controls src="ep12.mp3"></audio>
      <audio><source src="//cdn.example.net/ep12.flac"><source src="/ep12.m4a"></audio>"""
    found = find_media(html, PAGE)
    assert found.audio == (
        "https://example.com/shows/ep12.mp3",
        "https://example.com/ep12.m4a",
        "https://cdn.example.net/ep12.flac",
    )
    assert found.video == ()


def test_open_graph_twitter_and_secure_url() -> None:
    html = """<head>
      <meta property="og:video" content="http://media.example.com/main.mp4">
      <meta property="og:video:secure_url" content="https://media.example.com/main.mp4">
      <meta property="og:video:type" content="video/mp4">
      <meta property="og:video:height" content="720">
      <meta property="og:video" content="https://www.youtube.com/embed/abc123">
      <meta property="og:video:type" content="text/html">
      <meta property="og:video:url" content="https://example.com/player.swf">
      <meta name="twitter:player:stream" content="https://example.com/stream.mp4">
      <meta property="og:audio" content="/a/theme.mp3">
      <meta property="og:audio:type" content="audio/mpeg">
    </head>"""
    found = find_media(html, PAGE)
    assert found.video == (
        "https://media.example.com/main.mp4",
        "http://media.example.com/main.mp4",
        "https://example.com/stream.mp4",
    )
    assert found.audio == ("https://example.com/a/theme.mp3",)


def test_json_ld_video_and_audio_objects() -> None:
    html = """<script type="application/ld+json">
      {"@context": "https://schema.org", "@graph": [
        {"@type": "VideoObject", "name": "Trailer", "contentUrl": "/media/trailer.mp4",
         "embedUrl": "https://player.example.com/embed/1", "height": 1080},
        {"@type": "PodcastEpisode", "associatedMedia": {
          "@type": "AudioObject", "contentUrl": "https://cdn.example.com/ep12.mp3"}},
        {"@type": "ImageObject", "contentUrl": "/media/poster"}
      ]}</script>"""
    found = find_media(html, PAGE)
    assert found.video == ("https://example.com/media/trailer.mp4",)
    assert found.audio == ("https://cdn.example.com/ep12.mp3",)


def test_declared_media_before_elements_and_links_last() -> None:
    html = """<head><meta property="og:video" content="/declared.mp4"></head>
      <body><video controls src="/element.mp4"></video>
      <a href="/download/episode.mp4?dl=1">Download</a><a href="/about">About</a></body>"""
    assert find_media(html, PAGE).video == (
        "https://example.com/declared.mp4",
        "https://example.com/element.mp4",
        "https://example.com/download/episode.mp4?dl=1",
    )


def test_background_video_goes_last_and_duplicates_once() -> None:
    html = """<video autoplay muted loop playsinline src="/hero-loop.mp4"></video>
      <video controls><source src="/talk.webm"><source src="/talk.webm"></video>"""
    assert find_media(html, PAGE).video == (
        "https://example.com/talk.webm",
        "https://example.com/hero-loop.mp4",
    )


def test_base_href_microdata_and_lazy_sources() -> None:
    html = """<head><base href="https://static.example.org/m/"></head>
      <div itemscope itemtype="https://schema.org/VideoObject">
        <link itemprop="contentUrl" href="promo.webm"></div>
      <audio data-src="lazy.ogg"></audio>"""
    found = find_media(html, PAGE)
    assert found.video == ("https://static.example.org/m/promo.webm",)
    assert found.audio == ("https://static.example.org/m/lazy.ogg",)


def test_no_media_players_blobs_and_manifests_are_not_files() -> None:
    html = """<iframe src="https://www.youtube.com/embed/xyz"></iframe>
      <video src="blob:https://example.com/123"></video>
      <video><source src="/live.m3u8"><source src="/dash.mpd"></video>
      <audio src="data:audio/mp3;base64,AAAA"></audio>
      <meta property="og:video" content="https://vimeo.com/12345">
      <img src="/cover.jpg"><a href="/page.html">x</a>"""
    assert find_media(html, PAGE) == MediaCandidates()
    assert find_media("", PAGE).empty
    assert find_media("<not html at all", PAGE).empty


def test_unknown_types_are_kept_after_known_ones() -> None:
    html = """<video controls><source src="/stream/42"><source src="/v.mp4"></video>"""
    assert find_media(html, PAGE).video == (
        "https://example.com/v.mp4",
        "https://example.com/stream/42",
    )


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (b"\x00\x00\x00\x20ftypisom\x00\x00\x02\x00", "mp4"),
        (b"\x00\x00\x00\x1cftypM4A \x00\x00\x00\x00", "m4a"),
        (b"\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00", "mov"),
        (b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm", "webm"),
        (b"\x1a\x45\xdf\xa3\xa3\x42\x86\x81\x01\x42\x82\x88matroska", "matroska"),
        (b"ID3\x04\x00\x00\x00\x00\x00\x00", "mp3"),
        (b"\xff\xfb\x90\x64\x00", "mp3"),  # MPEG-1 Layer III, 128 kbit/s, 44.1 kHz
        (b"\xff\xf1\x50\x80\x00", None),  # AAC ADTS, not MP3
        (b"OggS\x00\x02", "ogg"),
        (b"RIFF\x24\x00\x00\x00WAVEfmt ", "wav"),
        (b"fLaC\x00\x00", "flac"),
        (b"  <!DOCTYPE html><html>", "html"),
        (b"\x00\x01\x02", None),
        (b"", None),
    ],
)
def test_sniff(head: bytes, expected: str | None) -> None:
    assert sniff(head) == expected


def test_mp3_frame_header_needs_valid_fields() -> None:
    assert looks_like_mp3(b"\xff\xfb\x90\x64")
    assert not looks_like_mp3(b"\xff\xfb\xf0\x64")  # bitrate index 15 is invalid
    assert not looks_like_mp3(b"\xff\xfb\x9c\x64")  # sample-rate index 3 is reserved


needs_ytdlp = pytest.mark.skipif(
    importlib.util.find_spec("yt_dlp") is None, reason="yt-dlp is not installed"
)


@needs_ytdlp
def test_ytdlp_reads_script_players_without_network() -> None:
    page = "http://127.0.0.1:9/watch/1"  # port 9 (discard): nothing listens
    jw = '<script>jwplayer("p").setup({file: "/media/clip.mp4", image: "/p.jpg"});</script>'
    assert find_media(jw, page).empty  # our finder does not run scripts
    assert find_media_ytdlp(jw, page) == MediaCandidates(
        video=("http://127.0.0.1:9/media/clip.mp4",)
    )
    flash = '<script>var v = {flashvars: "file=http://127.0.0.1:9/ep.mp3&autostart=1"};</script>'
    assert find_media_ytdlp(flash, page).audio == ("http://127.0.0.1:9/ep.mp3",)


@needs_ytdlp
def test_ytdlp_fallback_never_touches_the_network(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    def no_network(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("yt-dlp opened a connection")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    page = "http://127.0.0.1:9/watch/2"
    # An HLS manifest would need a request: refused inside yt-dlp, so nothing is found.
    hls = '<script>jwplayer("p").setup({file: "http://127.0.0.1:9/live/index.m3u8"});</script>'
    youtube = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'
    for html in (hls, youtube, "<p>nothing</p>"):
        assert find_media_ytdlp(html, page).empty

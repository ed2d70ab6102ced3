"""The page's audio and video files: where the ``audio`` and ``video`` formats get their media.

``find_media`` reads the HTML only (no network): ``<video>`` / ``<audio>`` elements and their
``<source>`` children, Open Graph (``og:video``, ``og:video:url``, ``og:video:secure_url``,
``og:audio``…), ``twitter:player:stream``, JSON-LD and microdata ``contentUrl`` of
``VideoObject`` / ``AudioObject``, and, last, plain links to media files. It returns absolute
http(s) URLs, best first:

1. decorative videos (``autoplay muted loop`` without controls: page backgrounds) go last;
2. formats everything plays (mp4/webm; mp3/m4a/ogg/wav) before other media types, and those
   before URLs whose type is unknown;
3. what the page declares as its media (JSON-LD, Open Graph, Twitter card) before elements,
   and elements before links;
4. higher resolution first (``size``/``res``/``label``/``height`` attributes, ``720p`` in the
   URL), then document order.

Streaming manifests (HLS, DASH) and players (YouTube, Vimeo…, ``text/html`` and Flash types)
are not files: they are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.jsonld import extract_json_ld, node_types
from webdata.content.parse import parse_html
from webdata.content.urls import Resolver, effective_base, is_http_url

__all__ = [
    "AUDIO_EXTENSIONS",
    "VIDEO_EXTENSIONS",
    "MediaCandidates",
    "find_media",
    "is_player_url",
    "media_kind",
]

Kind = Literal["video", "audio"]

# Extensions by kind; the first group of each plays everywhere (tier 0).
_VIDEO_COMMON = frozenset({"mp4", "m4v", "webm"})
_AUDIO_COMMON = frozenset({"mp3", "m4a", "ogg", "oga", "wav"})
VIDEO_EXTENSIONS = _VIDEO_COMMON | {"mov", "mkv", "ogv", "avi", "wmv", "flv", "3gp", "mpg", "mpeg"}
AUDIO_EXTENSIONS = _AUDIO_COMMON | {"opus", "aac", "flac", "weba", "wma", "mka"}
# Not files: streaming manifests, playlists, players, pages, pictures, scripts.
_NOT_MEDIA_EXTENSIONS = frozenset(
    {"m3u8", "m3u", "mpd", "f4m", "ism", "smil", "pls", "swf", "html", "htm", "php", "asp",
     "aspx", "js", "json", "xml", "jpg", "jpeg", "png", "gif", "webp", "svg", "vtt", "srt"}
)  # fmt: skip
_MIME_EXTENSIONS = {
    "video/mp4": "mp4", "video/x-m4v": "m4v", "video/webm": "webm", "video/quicktime": "mov",
    "video/x-matroska": "mkv", "video/ogg": "ogv", "video/x-msvideo": "avi", "video/3gpp": "3gp",
    "video/mpeg": "mpg", "video/x-flv": "flv", "audio/mpeg": "mp3", "audio/mp3": "mp3",
    "audio/mpeg3": "mp3", "audio/x-mpeg": "mp3", "audio/mp4": "m4a", "audio/x-m4a": "m4a",
    "audio/m4a": "m4a", "audio/aac": "aac", "audio/ogg": "ogg", "audio/opus": "opus",
    "audio/wav": "wav", "audio/x-wav": "wav", "audio/wave": "wav", "audio/vnd.wave": "wav",
    "audio/flac": "flac", "audio/x-flac": "flac", "audio/webm": "weba",
}  # fmt: skip
# Hosts whose media URLs are players (HTML pages), never files.
_PLAYER_HOSTS = (
    "youtube.com", "youtu.be", "youtube-nocookie.com", "vimeo.com", "dailymotion.com",
    "facebook.com", "twitter.com", "x.com", "tiktok.com", "instagram.com", "twitch.tv",
)  # fmt: skip
_LOW_TIER = 1  # a known media type that not every player plays
_UNKNOWN_TIER = 2  # no type and no extension: maybe a file, tried last
_HEIGHT = re.compile(r"(?<![0-9])([1-9][0-9]{2,3})[pP](?![a-zA-Z])")
_SIZE = re.compile(r"(?<![0-9])([1-9][0-9]{2,3})\s*[xX\u00d7]\s*([1-9][0-9]{2,3})(?![0-9])")
_NUMBER = re.compile(r"^\s*([1-9][0-9]{1,4})\s*(?:px)?\s*$")
_QUALITY_ATTRS = ("size", "res", "data-res", "data-quality", "label", "data-label", "title")
# Ranks by where a URL was found (lower is better).
_DECLARED, _ELEMENT, _LINK = 0, 1, 2
MAX_CANDIDATES = 20
_MAX_LD_DEPTH = 8


@dataclass(frozen=True, slots=True)
class MediaCandidates:
    """Absolute media URLs, best first, of one page."""

    video: tuple[str, ...] = ()
    audio: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.video or self.audio)

    def merged(self, other: MediaCandidates) -> MediaCandidates:
        """These candidates, then ``other``'s that are new."""
        return MediaCandidates(
            video=_unique(self.video + other.video), audio=_unique(self.audio + other.audio)
        )


@dataclass(slots=True)
class _Found:
    url: str
    kind: Kind
    tier: int
    rank: int
    height: int
    position: int
    decorative: bool = False

    def key(self) -> tuple[bool, int, int, int, int]:
        return (self.decorative, self.tier, self.rank, -self.height, self.position)


@dataclass(slots=True)
class _Collector:
    resolver: Resolver
    found: list[_Found] = field(default_factory=list)

    def add(
        self,
        raw: str | None,
        default: Kind | None,
        rank: int,
        *,
        mime: str | None = None,
        height: int = 0,
        decorative: bool = False,
    ) -> None:
        if not raw:
            return
        url = self.resolver.resolve(raw)
        if url is None or not is_http_url(url) or is_player_url(url):
            return
        typed = media_kind(url, mime)
        if typed is False:
            return
        kind, tier = typed if typed is not None else (default, _UNKNOWN_TIER)
        if kind is None:
            return
        height = height or _height_in(url)
        position = len(self.found)
        self.found.append(_Found(url, kind, tier, rank, height, position, decorative))

    def result(self) -> MediaCandidates:
        ordered = sorted(self.found, key=_Found.key)
        video = _unique(tuple(f.url for f in ordered if f.kind == "video"))
        audio = _unique(tuple(f.url for f in ordered if f.kind == "audio"))
        return MediaCandidates(video=video[:MAX_CANDIDATES], audio=audio[:MAX_CANDIDATES])


def _unique(urls: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(urls))


def _extension(url: str) -> str:
    path = urlsplit(url).path
    name = path.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def is_player_url(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    if any(host == h or host.endswith("." + h) for h in _PLAYER_HOSTS):
        return True
    return "/embed/" in urlsplit(url).path.lower()


def media_kind(url: str, mime: str | None = None) -> tuple[Kind, int] | Literal[False] | None:
    """What ``url`` (with its declared MIME type) is: (kind, tier) when known, False when it
    is certainly not a media file, None when nothing tells."""
    if mime:
        bare = mime.split(";", 1)[0].strip().lower()
        if bare in _MIME_EXTENSIONS:
            return _kind_of_extension(_MIME_EXTENSIONS[bare]) or None
        if bare.startswith("video/"):
            return ("video", _LOW_TIER) if bare != "video/youtube" else False
        if bare.startswith("audio/"):
            return "audio", _LOW_TIER
        if bare:
            return False  # text/html players, Flash, HLS / DASH manifests…
    ext = _extension(url)
    if ext in _NOT_MEDIA_EXTENSIONS:
        return False
    return _kind_of_extension(ext) or None


def _kind_of_extension(ext: str) -> tuple[Kind, int] | None:
    if ext in VIDEO_EXTENSIONS:
        return "video", 0 if ext in _VIDEO_COMMON else _LOW_TIER
    if ext in AUDIO_EXTENSIONS:
        return "audio", 0 if ext in _AUDIO_COMMON else _LOW_TIER
    return None


def _height_in(text: str) -> int:
    """A video height named in ``text``: ``720p``, ``1280x720``, ``720`` (an attribute)."""
    if (size := _SIZE.search(text)) is not None:
        return int(size.group(2))
    if (named := _HEIGHT.search(text)) is not None:
        return int(named.group(1))
    return 0


def _int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and (number := _NUMBER.match(value)) is not None:
        return int(number.group(1))
    return 0


def _source_height(node: LexborNode) -> int:
    attrs = node.attributes
    for name in _QUALITY_ATTRS:
        value = attrs.get(name)
        if value and (height := _height_in(value) or _int(value)):
            return height
    height = _int(attrs.get("height"))
    return height or _int(attrs.get("width")) * 9 // 16


def _attr(node: LexborNode, *names: str) -> str | None:
    attrs = node.attributes
    for name in names:
        value = attrs.get(name)
        if value and value.strip():
            return value
    return None


def _is_decorative(node: LexborNode) -> bool:
    """A muted looping autoplay video without controls: a background, not the page's video."""
    attrs = node.attributes
    return all(name in attrs for name in ("autoplay", "muted", "loop")) and "controls" not in attrs


def _elements(tree: LexborHTMLParser, out: _Collector) -> None:
    for element in tree.css("video, audio"):
        default: Kind = "video" if element.tag == "video" else "audio"
        decorative = default == "video" and _is_decorative(element)
        own = _attr(element, "src", "data-src")
        out.add(own, default, _ELEMENT, mime=_attr(element, "type"), decorative=decorative)
        for source in element.css("source"):
            out.add(
                _attr(source, "src", "data-src"),
                default,
                _ELEMENT,
                mime=_attr(source, "type"),
                height=_source_height(source),
                decorative=decorative,
            )


def _meta(tree: LexborHTMLParser, out: _Collector) -> None:
    """Open Graph groups (each bare ``og:video`` starts one; ``:secure_url``, ``:type``,
    ``:height``… apply to the latest) and the Twitter card's stream."""
    groups: list[dict[str, str]] = []
    current: dict[str, dict[str, str]] = {}
    for meta in tree.css("meta"):
        name = (_attr(meta, "property", "name") or "").strip().lower()
        value = _attr(meta, "content", "value")
        if not value:
            continue
        for prefix in ("og:video", "og:audio", "twitter:player:stream"):
            if name != prefix and not name.startswith(prefix + ":"):
                continue
            prop = "bare" if name == prefix else name[len(prefix) + 1 :]
            group = current.get(prefix)
            if group is None or (prop == "bare" and "bare" in group):
                group = current[prefix] = {"prefix": prefix}
                groups.append(group)
            group.setdefault(prop, value.strip())
            break
    for group in groups:
        prefix = group["prefix"]
        kind: Kind = "audio" if prefix == "og:audio" else "video"
        mime = group.get("type") or group.get("content_type")
        height = _int(group.get("height")) or _int(group.get("width")) * 9 // 16
        for prop in ("secure_url", "url", "bare"):
            out.add(group.get(prop), kind, _DECLARED, mime=mime, height=height)


def _json_ld(tree: LexborHTMLParser, out: _Collector) -> None:
    for obj in extract_json_ld(tree):
        _walk_ld(obj, out, 0)


def _walk_ld(value: Any, out: _Collector, depth: int) -> None:
    if depth > _MAX_LD_DEPTH:
        return
    if isinstance(value, list):
        for item in value:
            _walk_ld(item, out, depth + 1)
        return
    if not isinstance(value, dict):
        return
    urls = value.get("contentUrl")
    if urls is not None:
        types = node_types(value)
        kind: Kind | None = None
        if any("Video" in t or t in ("Movie", "Clip") for t in types):
            kind = "video"
        elif any("Audio" in t or t in ("MusicRecording", "PodcastEpisode") for t in types):
            kind = "audio"
        # Other nodes (MediaObject, DataDownload, untyped) count by their format or extension.
        mime = value.get("encodingFormat")
        height = _int(value.get("height")) or _int(value.get("width")) * 9 // 16
        for url in urls if isinstance(urls, list) else [urls]:
            if isinstance(url, str):
                out.add(
                    url,
                    kind,
                    _DECLARED,
                    mime=mime if isinstance(mime, str) else None,
                    height=height,
                )
    for key, child in value.items():
        if isinstance(child, dict | list) and key != "@context":
            _walk_ld(child, out, depth + 1)


def _microdata(tree: LexborHTMLParser, out: _Collector) -> None:
    for node in tree.css("[itemprop~=contentUrl i]"):
        scope: LexborNode | None = node
        while scope is not None and "itemtype" not in scope.attributes:
            scope = scope.parent
        itemtype = (scope.attributes.get("itemtype") or "") if scope is not None else ""
        kind: Kind | None = (
            "video" if "Video" in itemtype else "audio" if "Audio" in itemtype else None
        )
        out.add(_attr(node, "content", "href", "src"), kind, _DECLARED)


def _links(tree: LexborHTMLParser, out: _Collector) -> None:
    for link in tree.css("a[href], link[rel~=enclosure i][href]"):
        href = link.attributes.get("href")
        if href and _kind_of_extension(_extension(href.split("?", 1)[0])) is not None:
            out.add(href, None, _LINK, mime=_attr(link, "type"))


def find_media(html: str, url: str) -> MediaCandidates:
    """The page's video and audio file URLs, absolute and best first (see the module doc).

    Pure: reads ``html`` only; ``url`` is the page's address, for relative references.
    """
    tree = parse_html(html)
    out = _Collector(Resolver(effective_base(tree, url)))
    _json_ld(tree, out)
    _meta(tree, out)
    _microdata(tree, out)
    _elements(tree, out)
    _links(tree, out)
    return out.result()

"""Absolute URLs: the page's effective base and a fast resolver for the attribute values.

``urllib.parse.urljoin`` costs about 9 µs a call, too much for the hundreds of links of a
large page; the common shapes (absolute, ``/path``, ``//host``, ``#frag``, ``?q``) are
resolved by string operations and everything else goes through ``urljoin`` (memoised).
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser

# A URL scheme (RFC 3986): the value is already absolute.
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
# ASCII tab and newlines are removed from anywhere in a URL (WHATWG URL parser).
_TAB_NEWLINE = str.maketrans("", "", "\t\n\r")
# Leading/trailing C0 controls and spaces are stripped (WHATWG URL parser).
C0_SPACE = "".join(chr(c) for c in range(0x21))
# http(s)://, optional userinfo, then a host character.
_HTTP_WITH_HOST = re.compile(r"(?i)https?://(?:[^/?#@]*@)?[^/?#@:\s]")


def clean_url_value(value: str) -> str:
    """An attribute value as a URL parser sees it: trimmed, without tabs and newlines."""
    value = value.strip(C0_SPACE)
    if "\t" in value or "\n" in value or "\r" in value:
        value = value.translate(_TAB_NEWLINE)
    return value


def is_http_url(url: str) -> bool:
    """Whether ``url`` is an absolute ``http(s)://`` URL with a host."""
    return _HTTP_WITH_HOST.match(url) is not None


def effective_base(tree: LexborHTMLParser, page_url: str) -> str:
    """The URL relative references resolve against: ``<base href>`` if any, else the page."""
    base = tree.css_first("base[href]")
    if base is None:
        return page_url
    href = clean_url_value(base.attributes.get("href") or "")
    if not href:
        return page_url
    try:
        resolved = urljoin(page_url, href)
    except ValueError:
        return page_url
    return resolved if is_http_url(resolved) else page_url


class Resolver:
    """Resolves attribute values against one base URL; one instance per page."""

    __slots__ = ("_base", "_base_no_frag", "_base_no_query", "_cache", "_origin", "_scheme")

    def __init__(self, base: str) -> None:
        self._cache: dict[str, str | None] = {}
        self._origin: str | None = None
        self._scheme = ""
        if is_http_url(base):
            parts = urlsplit(base)
            self._scheme = parts.scheme.lower()
            self._origin = f"{self._scheme}://{parts.netloc}"
            base = self._scheme + base[len(parts.scheme) :]
        self._base = base
        self._base_no_frag = base.split("#", 1)[0]
        self._base_no_query = self._base_no_frag.split("?", 1)[0]

    @property
    def base(self) -> str:
        return self._base

    def resolve(self, value: str) -> str | None:
        """The absolute form of ``value``; None when it is empty or cannot be parsed."""
        cache = self._cache
        try:
            return cache[value]
        except KeyError:
            pass
        out = cache[value] = self._resolve(clean_url_value(value))
        return out

    def _resolve(self, ref: str) -> str | None:
        if not ref:
            return None
        first = ref[0]
        origin = self._origin
        if origin is not None and first in "/#?" and "\\" not in ref:
            if first == "#":
                return self._base_no_frag + ref
            if "/." not in ref:
                if first == "?":
                    return self._base_no_query + ref
                if not ref.startswith("//"):
                    return origin + ref
                if is_http_url(url := f"{self._scheme}:{ref}"):
                    return _checked(url)
        elif (scheme := _SCHEME.match(ref)) is not None:
            name = scheme.group()[:-1].lower()
            if name not in ("http", "https") or ref[scheme.end() : scheme.end() + 2] == "//":
                return _checked(ref)
        try:
            return urljoin(self._base, ref)
        except ValueError:
            return None


def _checked(url: str) -> str | None:
    """``url``, or None when its host is an unbalanced IPv6 literal (unparseable)."""
    if "[" in url or "]" in url:
        try:
            urlsplit(url)
        except ValueError:
            return None
    return url

"""Turn a response body into text: which encoding, and the decoded string.

The order is BOM → Content-Type charset → ``<meta>`` / ``<?xml?>`` declaration → strict UTF-8 →
mostly UTF-8 → detection → windows-1252. Labels follow the WHATWG Encoding Standard (so
``iso-8859-1`` means windows-1252 and ``gbk`` means gb18030), and declarations that lie are
caught: real pages often say Latin-1 and send UTF-8. The encoding returned is the Python codec
name actually used (``codecs.lookup(...).name``), so ``body.decode(encoding)`` reproduces it.
"""

from __future__ import annotations

import codecs
import re
from functools import lru_cache

from charset_normalizer import from_bytes

__all__ = ["decode_body", "is_textual"]

# WHATWG labels whose meaning differs from Python's codec of the same name, or that Python
# does not know. Other labels fall back to ``codecs.lookup``.
_WHATWG_LABELS: dict[str, str] = {
    "utf-8": "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8",
    "cp1252": "ansi_x3.4-1968 ascii cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 "
    "iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 latin-1 us-ascii windows-1252 x-cp1252 "
    "x-user-defined",
    "cp1254": "csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 "
    "l5 latin5 windows-1254 x-cp1254",
    "cp874": "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874",
    "gb18030": "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk",
    "big5hkscs": "big5 big5-hkscs cn-big5 csbig5 x-x-big5",
    "cp932": "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis",
    "euc_jp": "cseucpkdfmtjapanese euc-jp x-euc-jp",
    "cp949": "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 "
    "ksc5601 ksc_5601 windows-949",
    "koi8_u": "koi8-ru koi8-u",
    "mac_roman": "csmacintosh mac macintosh x-mac-roman",
    "mac_cyrillic": "x-mac-cyrillic x-mac-ukrainian",
    "iso8859_8": "csiso88598i iso-8859-8-i logical",
    "utf-16-le": "utf-16 utf-16le csunicode iso-10646-ucs-2 ucs-2 unicode",
    "utf-16-be": "utf-16be unicodefffe",
}
_LABELS = {label: codec for codec, labels in _WHATWG_LABELS.items() for label in labels.split()}

# Python codec names (after lookup) that the web reads as a superset encoding.
_SUPERSETS = {
    "iso8859-1": "cp1252",
    "ascii": "cp1252",
    "latin-1": "cp1252",
    "gbk": "gb18030",
    "gb2312": "gb18030",
    "shift_jis": "cp932",
    "euc_kr": "cp949",
    "big5": "big5hkscs",
    "iso8859-9": "cp1254",
    "iso8859-11": "cp874",
    "tis-620": "cp874",
}

# The encodings of the WHATWG standard, as Python codecs; any other label is unknown (UTF-7
# and friends would let a page smuggle markup past filters).
_WEB_CODEC_NAMES = (
    "utf-8 utf-16-le utf-16-be cp866 iso8859_2 iso8859_3 iso8859_4 iso8859_5 iso8859_6 "
    "iso8859_7 iso8859_8 iso8859_10 iso8859_13 iso8859_14 iso8859_15 iso8859_16 koi8_r "
    "koi8_u mac_roman mac_cyrillic cp874 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 "
    "cp1257 cp1258 gb18030 big5hkscs euc_jp iso2022_jp cp932 cp949"
)
_WEB_CODECS = frozenset(codecs.lookup(name).name for name in _WEB_CODEC_NAMES.split())

_SINGLE_BYTE_PREFIXES = ("cp125", "iso8859-", "koi8-", "mac-", "cp874", "cp866")

_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?\s*([^"';,\s]+)""", re.IGNORECASE)
_META_CHARSET = re.compile(
    rb"""<meta\s[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:+-]+)""", re.IGNORECASE
)
_XML_ENCODING = re.compile(
    rb"""<\?xml\s[^>]*?encoding\s*=\s*["']\s*([A-Za-z0-9._:+-]+)""", re.IGNORECASE
)
_PRESCAN_BYTES = 4096
_DETECT_BYTES = 64 * 1024
_NON_ASCII = re.compile(rb"[\x80-\xff]")

_TEXTUAL_MARKERS = ("html", "xml", "json", "javascript", "ecmascript")


def _c1_fallback(exc: UnicodeError) -> tuple[str, int]:
    """WHATWG windows-1252 maps the five bytes cp1252 leaves undefined to C1 controls."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return "".join(chr(b) for b in exc.object[exc.start : exc.end]), exc.end


_C1 = "webdata-c1"
codecs.register_error(_C1, _c1_fallback)


def is_textual(content_type: str) -> bool:
    """True for MIME types whose body is text: text/*, HTML, XML, JSON, JavaScript, +xml, +json."""
    mime = content_type.split(";", 1)[0].strip().lower()
    if mime.startswith("text/"):
        return True
    return any(marker in mime for marker in _TEXTUAL_MARKERS)


def decode_body(body: bytes, content_type_header: str | None) -> tuple[str, str]:
    """Decode ``body`` and return ``(text, codec name used)``. Never raises."""
    bom = _sniff_bom(body)
    if bom is not None:
        codec, size = bom
        return body[size:].decode(codec, "replace"), codec

    header_codec = _codec_for_label(_header_charset(content_type_header))
    if header_codec is not None:
        decoded = _decode_declared(body, header_codec)
        if decoded is not None:
            return decoded

    meta_codec = _meta_codec(body)
    if meta_codec is not None and meta_codec != header_codec:
        decoded = _decode_declared(body, meta_codec)
        if decoded is not None:
            return decoded

    text = _strict(body, "utf-8")
    if text is not None:
        return text, "utf-8"
    # A few broken bytes (a truncated or spliced page) do not make a declaration wrong.
    for candidate in ("utf-8", header_codec, meta_codec):
        if candidate is not None and _mostly_valid(body, candidate):
            return _lenient(body, candidate), candidate

    detected = _detect(body)
    if detected is not None:
        text = _strict(body, detected)
        if text is not None:
            return text, detected

    codec = detected or "cp1252"
    return _lenient(body, codec), codec


def _sniff_bom(body: bytes) -> tuple[str, int] | None:
    if body.startswith(codecs.BOM_UTF8):
        return "utf-8", 3
    if body.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", 2
    if body.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", 2
    return None


def _header_charset(content_type_header: str | None) -> str | None:
    if not content_type_header:
        return None
    match = _HEADER_CHARSET.search(content_type_header)
    return match.group(1) if match else None


def _meta_codec(body: bytes) -> str | None:
    head = body[:_PRESCAN_BYTES]
    match = _META_CHARSET.search(head) or _XML_ENCODING.search(head)
    if match is None:
        return None
    codec = _codec_for_label(match.group(1).decode("ascii", "replace"))
    # A declaration readable as ASCII cannot be UTF-16 (WHATWG prescan rule).
    if codec is not None and codec.startswith("utf-16"):
        return "utf-8"
    return codec


@lru_cache(maxsize=256)
def _codec_for_label(label: str | None) -> str | None:
    """The Python codec for an encoding label, or None when unknown or refused."""
    if not label:
        return None
    key = label.strip().strip("\"'").lower()
    codec = _LABELS.get(key, key)
    try:
        name = codecs.lookup(codec).name
    except (LookupError, ValueError):
        return None
    name = codecs.lookup(_SUPERSETS.get(name, name)).name
    return name if name in _WEB_CODECS else None


def _is_single_byte(codec: str) -> bool:
    return codec.startswith(_SINGLE_BYTE_PREFIXES)


def _strict(body: bytes, codec: str) -> str | None:
    try:
        return body.decode(codec, _C1 if codec == "cp1252" else "strict")
    except (UnicodeDecodeError, LookupError):
        return None


def _lenient(body: bytes, codec: str) -> str:
    try:
        return body.decode(codec, _C1 if codec == "cp1252" else "replace")
    except LookupError:
        return body.decode("cp1252", _C1)


def _decode_declared(body: bytes, codec: str) -> tuple[str, str] | None:
    """Honour a declared encoding unless the body shows it is wrong; None means 'look further'."""
    if codec == "utf-8":
        text = _strict(body, codec)
        return None if text is None else (text, codec)
    # Valid multi-byte UTF-8 is almost never an accident in a single-byte page: the
    # declaration is the lie.
    if _is_single_byte(codec) and _NON_ASCII.search(body):
        utf8 = _strict(body, "utf-8")
        if utf8 is not None:
            return utf8, "utf-8"
    text = _strict(body, codec)
    if text is not None:
        return text, codec
    utf8 = _strict(body, "utf-8")
    return None if utf8 is None else (utf8, "utf-8")


def _mostly_valid(body: bytes, codec: str) -> bool:
    """At least four of five non-ASCII characters decode cleanly."""
    text = _lenient(body, codec)
    broken = text.count("\ufffd")
    non_ascii = len(text) - len(text.encode("ascii", "ignore"))
    return non_ascii - broken >= 4 * broken


def _detect(body: bytes) -> str | None:
    sample = body[:_DETECT_BYTES]
    if len(body) > _DETECT_BYTES:
        # Cut where no multi-byte sequence can be split: these bytes are never trail bytes.
        cut = max(sample.rfind(b"\n"), sample.rfind(b">"), sample.rfind(b" "))
        if cut > 0:
            sample = sample[: cut + 1]
    try:
        results = from_bytes(sample)
        best = results.best()
        if best is None:
            return None
        # Detectors split hairs between Latin code pages; undeclared Latin pages are
        # windows-1252 in browsers, so prefer it whenever it reads as cleanly.
        if "cp1252" in best.could_be_from_charset or any(
            match.encoding == "cp1252" and match.chaos <= best.chaos + 0.05 for match in results
        ):
            return "cp1252"
        # Matches come best first; take the first the web knows (not e.g. shift_jis_2004).
        for match in results:
            for name in (match.encoding, *match.could_be_from_charset):
                codec = _codec_for_label(str(name))
                if codec is not None:
                    return codec
        return None
    except Exception:  # a detector bug must never fail a scrape
        return None

"""The recognisers behind ``webdata.extract.pii``: pure functions from text to hits.

Every recogniser returns :class:`Hit` tuples (public entity, start, end, internal kind) for
one family of PII. The public entity is one of the six the API accepts; the kind says which
recogniser found it (``card``, ``iban``, ``uk_nino``, ``ip_address``, ...) and leaves the
engine only in :class:`webdata.extract.pii.Span`.

Speed is part of the contract: a 10 MB page redacts in about a second, and no input may make
a pattern backtrack without bound. So each family starts from a cheap
trigger (a literal, a rare character, or a charset the regex engine can scan for), the
expensive validation runs on the few candidates, quantifiers are bounded or possessive, and
no pattern starts with a look-behind (that would defeat the engine's prefix scan).
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import math
import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from importlib.resources import files
from typing import NamedTuple

PERSON = "PERSON"
EMAIL = "EMAIL"
PHONE = "PHONE"
LOCATION = "LOCATION"
FINANCIAL = "FINANCIAL"
SECRET = "SECRET"


class Hit(NamedTuple):
    entity: str
    start: int
    end: int
    kind: str


# Latin letters with the accented ranges of Latin-1 and Latin Extended-A, for names.
_U = "A-ZÀ-ÖØ-ÞĀ-Ž"
_L = "a-zß-öø-ÿā-ž"


def _words(*lines: str) -> frozenset[str]:
    """A set from whitespace-separated words (long lists read better as prose)."""
    return frozenset(" ".join(lines).split())


def _glued_before(text: str, i: int) -> bool:
    return i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")


def _glued_after(text: str, j: int) -> bool:
    return j < len(text) and (text[j].isalnum() or text[j] == "_")


# ---------------------------------------------------------------------------------------------
# Placeholders: documentation is full of "api_key=YOUR_API_KEY"; redacting those helps nobody.

_PLACEHOLDER_PARTS = (
    "your",
    "example",
    "sample",
    "dummy",
    "placeholder",
    "changeme",
    "change_me",
    "xxxx",
    "redacted",
    "insert",
    "replace",
    "getenv",
    "environ",
    "process.env",
    "***",
    "...",
    "\u2026",
    "${",
    "{{",
    "%s",
)
# Template syntax around the value: $TOKEN, <token>, {token}, [token], %TOKEN%.
_PLACEHOLDER_OPENERS = ("$", "<", "{", "[", "%")
_PLACEHOLDER_CLOSERS = (">", "}", "]")
_PLACEHOLDER_WORDS = frozenset(
    {
        "password",
        "passwd",
        "pass",
        "secret",
        "token",
        "none",
        "null",
        "nil",
        "true",
        "false",
        "undefined",
        "string",
        "required",
        "optional",
        "hidden",
        "empty",
        "test",
        "testing",
    }
)
_DOTTED_IDENTIFIER = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_CONSTANT_NAME = re.compile(r"[A-Z][A-Z0-9_]*")


def is_placeholder(value: str) -> bool:
    """Whether ``value`` reads as a stand-in ("YOUR_TOKEN", "<key>", "xxxx") rather than data."""
    low = value.lower()
    if low in _PLACEHOLDER_WORDS or any(part in low for part in _PLACEHOLDER_PARTS):
        return True
    if value.startswith(_PLACEHOLDER_OPENERS) or value.endswith(_PLACEHOLDER_CLOSERS):
        return True
    if len(set(low)) <= 2:  # "******", "000000", "aaaaaa"
        return True
    # PASSWORD, API_KEY: a constant's name, not its value; settings.API_KEY: code.
    return bool(_CONSTANT_NAME.fullmatch(value) and not any(c.isdigit() for c in value)) or bool(
        _DOTTED_IDENTIFIER.fullmatch(value) and not any(c.isdigit() for c in value)
    )


def plausible_secret(value: str, min_len: int = 6) -> bool:
    """A credential value: long enough, not a placeholder, and not a plain word.

    Plain words are left alone because config samples say ``password: secret`` and
    ``token: string``; real credentials nearly always carry a digit or a symbol, or are long
    random mixed-case strings.
    """
    if len(value) < min_len or is_placeholder(value):
        return False
    if any(c.isdigit() for c in value):
        return True
    if any(not c.isalnum() and c not in "._-" for c in value):
        return True
    return len(value) >= 16 and any(c.isupper() for c in value) and any(c.islower() for c in value)


# ---------------------------------------------------------------------------------------------
# EMAIL

_LOCAL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-")
_DOMAIN = re.compile(r"[A-Za-z0-9\-]{1,63}+(?:\.[A-Za-z0-9\-]{1,63}+)*+")
# File names such as logo@2x.png share the e-mail shape.
_FILE_TLDS = _words(
    "png jpg jpeg gif svg webp bmp ico avif heic tif tiff css js mjs cjs ts tsx jsx json xml "
    "yaml yml html htm pdf txt md rst py rb go rs java kt php c h cpp hpp cs swift zip gz tgz "
    "tar bz2 xz 7z rar mp3 mp4 wav ogg webm mov avi mkv woff woff2 ttf otf eot map lock"
)
# RFC 2606 / 6761 names belong to nobody, so an address there is an example, not PII.
_RESERVED_DOMAINS = frozenset({"example.com", "example.org", "example.net", "localhost"})
_RESERVED_SUFFIXES = (
    ".example.com",
    ".example.org",
    ".example.net",
    ".example",
    ".test",
    ".invalid",
    ".localhost",
)


def is_reserved_domain(domain: str) -> bool:
    low = domain.lower()
    return low in _RESERVED_DOMAINS or low.endswith(_RESERVED_SUFFIXES)


def _valid_domain(domain: str) -> bool:
    labels = domain.split(".")
    if len(labels) < 2 or len(domain) > 253:
        return False
    if any(not label or label[0] == "-" or label[-1] == "-" for label in labels):
        return False
    tld = labels[-1]
    return tld.isascii() and tld.isalpha() and 2 <= len(tld) <= 63 and tld.lower() not in _FILE_TLDS


def _email_at(text: str, i: int) -> tuple[int, int] | None:
    """The e-mail address around the ``@`` at ``i``, or None."""
    n = len(text)
    lo = max(0, i - 65)
    start = i
    while start > lo and text[start - 1] in _LOCAL_CHARS:
        start -= 1
    if start == lo and start > 0 and text[start - 1] in _LOCAL_CHARS:
        return None  # a local part longer than 64 characters
    while start < i and not text[start].isalnum():
        start += 1  # "_jane@" in _emphasis_, "-jane@"
    if start == i or text[i - 1] == "." or ".." in text[start:i]:
        return None
    dom = _DOMAIN.match(text, i + 1, min(n, i + 1 + 254))
    if dom is None:
        return None
    end = dom.end()
    domain = dom.group()
    if (end < n and text[end].isalnum()) or not _valid_domain(domain):
        return None
    if is_reserved_domain(domain):
        return None
    if end < n - 1 and text[end] == ":" and not text[end + 1].isspace():
        return None  # git@github.com:org/repo
    scheme = text.rfind("://", max(0, start - 256), start)
    if scheme != -1 and not any(c.isspace() or c == "/" for c in text[scheme + 3 : start]):
        return None  # URL user info, handled by the credential recogniser
    return start, end


def emails(text: str) -> list[Hit]:
    """Addresses ``local@domain.tld``, found from each ``@`` outwards.

    Starting from the ``@`` keeps a page of 50,000 ``@`` characters linear. Not e-mail: the
    reserved example domains, file names (``logo@2x.png``), URL user info
    (``https://user@host``) and scp remotes (``git@github.com:org/repo``).
    """
    hits: list[Hit] = []
    i = text.find("@")
    while i != -1:
        span = _email_at(text, i)
        nxt = text.find("@", i + 1)
        if span is not None:
            hits.append(Hit(EMAIL, span[0], span[1], "email"))
            while nxt != -1 and nxt < span[1]:
                nxt = text.find("@", nxt + 1)
        i = nxt
    return hits


_OBFUSCATED_AT = re.compile(r"[\[({][ \t]*(?:at|AT)[ \t]*[\])}]")
_OBFUSCATED_DOMAIN = re.compile(
    r"[ \t]*[A-Za-z0-9\-]{1,63}+(?:[ \t]*(?:[\[({][ \t]*(?:dot|DOT)[ \t]*[\])}]|\.)[ \t]*"
    r"[A-Za-z0-9\-]{1,63}+){1,4}+"
)


def obfuscated_emails(text: str) -> list[Hit]:
    """``jane [at] corp [dot] com`` and similar anti-spam spellings (aggressive mode)."""
    hits: list[Hit] = []
    for m in _OBFUSCATED_AT.finditer(text):
        j = m.start()
        while j > 0 and m.start() - j < 3 and text[j - 1] in " \t":
            j -= 1
        start = j
        while start > 0 and j - start < 64 and text[start - 1] in _LOCAL_CHARS:
            start -= 1
        while start < j and not text[start].isalnum():
            start += 1
        dom = _OBFUSCATED_DOMAIN.match(text, m.end())
        if start == j or dom is None:
            continue
        tld = re.split(r"[\s.\])}]+", dom.group().strip())[-1]
        if not (tld.isalpha() and len(tld) >= 2):
            continue
        hits.append(Hit(EMAIL, start, dom.end(), "email_obfuscated"))
    return hits


# ---------------------------------------------------------------------------------------------
# Numbers: PHONE, cards / national IDs (FINANCIAL) and IPv4 (SECRET), from digit clusters.
#
# One scan finds "digit clusters": at least 7 characters of digits and separators starting
# at a digit, "+" or "(" that is not itself inside a number. Every numeric recogniser runs only
# inside a cluster, so ordinary prose costs one regex pass however many recognisers there are.

_CLUSTER = re.compile(r"[\d+(](?<![\d.\-/()+][\d+(])[\d \u00a0.\-/()+]{6,}+")
# Shared boundaries: a match may not be glued to a word, another number, a path, "#" or "$".
_NB = r"(?<![\w+.\-/#$])"
_NA = r"(?!\w|[.\-/]\d)"

# At most 20 digits or groups: E.164 numbers have 15 digits, and a bound keeps "+12 12 12 ..."
# linear.
_INTL = re.compile(r"(?<![\w+])(?:\+|00)\d(?:[ \u00a0.\-]?(?:\(\d{1,4}\)|\d)){0,20}+")
_NANP = re.compile(
    _NB + r"(?:1[ .\-]?)?(?:\([2-9]\d\d\)[ \u00a0]?[2-9]\d\d[ .\-\u00a0]\d{4}"
    r"|[2-9]\d\d(?P<s>[ .\-\u00a0])[2-9]\d\d(?P=s)\d{4})" + _NA
)
_TRUNK = re.compile(
    _NB
    + r"(?:\(0\d{1,4}\)[ \u00a0]?|0\d{1,4}[ \u00a0.\-/])\d{2,8}(?:[ \u00a0.\-]\d{2,8}){0,3}+"
    + _NA
)
_GENERIC_PHONE = re.compile(_NB + r"\+?(?:\(\d{1,5}\)[ \u00a0.\-]?)?\d(?:[ \u00a0.\-/]?\d)*+" + _NA)
# Cheap stem tests on a lower-cased window that must pass before the (case-insensitive,
# word-bounded, slower) context regexes run.
_PHONE_STEMS = re.compile(
    "tel|tél|phone|fon|mob|cell|fax|call|whatsapp|sms|hotline|handy|portable|móvil|ph"
)
_SSN_STEMS = re.compile("ssn|ss#|social")


def _window_has(text: str, lo: int, hi: int, stems: re.Pattern[str]) -> bool:
    return stems.search(text[lo:hi].lower()) is not None


def _phone_word_before(text: str, i: int) -> bool:
    lo = max(0, i - 30)
    return _window_has(text, lo, i, _PHONE_STEMS) and _PHONE_WORDS.search(text, lo, i) is not None


# A date at the start of a candidate, unless more dotted groups follow (06.12.34.56.78).
_DATE_START = re.compile(
    r"(?:\d{4}[./\-]\d{1,2}[./\-]\d{1,2}|\d{1,2}[./\-]\d{1,2}[./\-]\d{2,4})(?![./\-]\d)"
)
_PHONE_WORDS = re.compile(
    r"(?i)\b(?:tel|tél|phone|telephone|téléphone|telefon|telefono|teléfono|mobile|mobil|cell"
    r"|cellphone|fax|call|whatsapp|sms|hotline|handy|portable|móvil|ph|mob)\b[^\n\d]{0,15}\Z"
)
_NOT_PHONE_WORDS = re.compile(
    r"(?i)\b(?:order|invoice|ref|reference|sku|isbn|issn|doi|serial|part|model|item|ticket"
    r"|case|tracking|account|acct|receipt|transaction|confirmation|booking|patent|version"
    r"|build|release|product|article|customer|id|iban|bic|swift|routing|ean|upc|gtin)\b"
    r"[^\n\d]{0,15}\Z"
)
# ITU-T E.164 country codes, prefix-free: 1 and 7 alone, then two digits, else three.
_CC2 = _words(
    "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 "
    "62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98"
)
_CC3 = frozenset(
    [str(c) for c in (211, 212, 213, 216, 218)]
    + [str(c) for c in range(220, 259)]
    + [str(c) for c in range(260, 270)]
    + ["290", "291", "297", "298", "299"]
    + [str(c) for c in range(350, 360)]
    + [str(c) for c in range(370, 390) if c not in (384, 388)]
    + ["420", "421", "423"]
    + [str(c) for c in range(500, 510)]
    + [str(c) for c in range(590, 600)]
    + ["670"]
    + [str(c) for c in range(672, 693)]
    + ["800", "808", "850", "852", "853", "855", "856", "870", "878", "880", "881", "882"]
    + ["883", "886", "888"]
    + [str(c) for c in range(960, 969)]
    + [str(c) for c in range(970, 978)]
    + ["979", "992", "993", "994", "995", "996", "998"]
)


def _country_code(digits: str) -> str | None:
    if digits[:1] in ("1", "7"):
        return digits[:1]
    if digits[:2] in _CC2:
        return digits[:2]
    if digits[:3] in _CC3:
        return digits[:3]
    return None


_DROP_DIGITS = str.maketrans("", "", "0123456789")


_NON_DIGITS = re.compile(r"\D+")


def _digits(s: str) -> str:
    return _NON_DIGITS.sub("", s)


def _intl_phone(text: str, m: re.Match[str]) -> tuple[int, int] | None:
    """A validated ``+CC ...`` or ``00CC ...`` number, trimmed of trailing digit groups."""
    start, end = m.span()
    cand = m.group()
    if end < len(text) and text[end].isdigit():
        cut = max(cand.rfind(sep) for sep in " \u00a0.-")  # the bound cut a group in two
        if cut <= 2:
            return None
        cand = cand[:cut]
    elif _glued_after(text, end):
        return None
    while True:
        body = cand[1:] if cand[0] == "+" else cand[2:]
        nat_trunk = "(0)" in body
        digits = _digits(body)
        count = len(digits) - (1 if nat_trunk else 0)
        if count <= 15:
            break
        cut = max(cand.rfind(sep) for sep in " \u00a0.-")
        if cut <= 2:
            return None
        cand = cand[:cut]
    if cand.startswith("00") and (
        not any(c in cand for c in " \u00a0.-(") or _continues_number(text, start)
    ):
        return None  # 00-numbers without grouping, or inside a longer number, are ids
    if count < 8:
        return None
    if _DATE_START.match(cand.lstrip("+")):
        return None
    cc = _country_code(digits)
    if cc is None:
        return None
    national = digits[len(cc) :]
    if nat_trunk and national.startswith("0"):
        national = national[1:]
    if cc == "1":
        ok = len(national) == 10 and national[0] in "23456789" and national[3] in "23456789"
    elif cc == "44":
        ok = 9 <= len(national) <= 10
    elif cc in ("33", "34", "39"):
        ok = 9 <= len(national) <= 11
    else:
        ok = 5 <= len(national) <= 13
    return (start, start + len(cand)) if ok else None


def _continues_number(text: str, start: int) -> bool:
    """Whether a space-separated digit group comes right before ``start`` ("3704 0044 0532"
    inside an IBAN or a card is not a phone number starting at "0044")."""
    j = start
    while j > 0 and start - j < 3 and text[j - 1] in " \u00a0":
        j -= 1
    return j < start and j > 0 and text[j - 1].isdigit()


_SSN_SHAPE = re.compile(r"\d{3}-\d{2}-\d{4}")


def _national_ok(cand: str) -> bool:
    digits = _digits(cand)
    if not 9 <= len(digits) <= 12 or _DATE_START.match(cand.lstrip("(")):
        return False
    if _SSN_SHAPE.fullmatch(cand):
        return False  # 078-05-1120 is written like an SSN, not a phone number
    seps = {c for c in cand if c in " \u00a0.-/"}
    return not ("." in seps and len(seps) > 1)  # "01.02.2024 10" mixes dots and spaces


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def _card_network(d: str) -> bool:
    """Whether the issuer prefix and length belong to a payment card network."""
    n = len(d)
    p2, p3, p4, p6 = int(d[:2]), int(d[:3]), int(d[:4]), int(d[:6])
    if d[0] == "4":
        return n in (13, 16, 19)  # Visa
    if 51 <= p2 <= 55 or 2221 <= p4 <= 2720:
        return n == 16  # Mastercard
    if p2 in (34, 37):
        return n == 15  # American Express
    if 2200 <= p4 <= 2204:
        return n == 16  # Mir
    if p4 == 6011 or p2 == 65 or 644 <= p3 <= 649 or 622126 <= p6 <= 622925:
        return 16 <= n <= 19  # Discover
    if 3528 <= p4 <= 3589:
        return 16 <= n <= 19  # JCB
    if 300 <= p3 <= 305 or p2 in (36, 38, 39) or p4 == 3095:
        return 14 <= n <= 19  # Diners Club
    if p2 in (62, 81):
        return 16 <= n <= 19  # UnionPay
    if p2 == 50 or 56 <= p2 <= 69:
        return 12 <= n <= 19  # Maestro
    return False


def valid_card(number: str) -> bool:
    d = _digits(number)
    return 13 <= len(d) <= 19 and len(set(d)) > 1 and _card_network(d) and _luhn(d)


_CARD = re.compile(
    _NB + r"(?:\d{4}(?P<c>[ \-]?)\d{4}(?P=c)\d{4}(?P=c)\d{1,4}(?:(?P=c)\d{1,3})?"
    r"|\d{4}(?P<a>[ \-])\d{6}(?P=a)\d{4,5})" + _NA
)

_SSN = re.compile(_NB + r"(\d{3})(?P<s>[ \-])(\d{2})(?P=s)(\d{4})" + _NA)
_SSN_BARE = re.compile(_NB + r"\d{9}" + _NA)
_SSN_WORDS = re.compile(r"(?i)\b(?:ssn|ss#|social security(?: number| no\.?| #)?)[^\n\d]{0,12}\Z")
# Never issued, or published in advertising and so used by thousands of people.
_SSN_KNOWN_INVALID = frozenset({"078051120", "219099999", "457555462", "123456789"})


def valid_ssn(number: str) -> bool:
    d = _digits(number)
    if len(d) != 9 or d in _SSN_KNOWN_INVALID:
        return False
    area, group, serial = d[:3], d[3:5], d[5:]
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


_NIR = re.compile(_NB + r"([12])( ?)(\d{2})\2(\d{2})\2(\d{2})\2(\d{3})\2(\d{3})\2(\d{2})" + _NA)


def valid_nir(number: str) -> bool:
    """French social security number (NIR): 13 digits and a mod-97 key (mainland only)."""
    d = _digits(number)
    if len(d) != 15 or d[0] not in "12":
        return False
    month = int(d[3:5])
    if not (1 <= month <= 12 or 20 <= month <= 42 or 50 <= month <= 99):
        return False
    return 97 - int(d[:13]) % 97 == int(d[13:])


_DNI = re.compile(_NB + r"(\d{8})-?([A-Z])(?!\w)")
_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def valid_dni(number: str, letter: str) -> bool:
    """Spanish DNI / NIF: eight digits and the mod-23 control letter."""
    return len(number) == 8 and number.isdigit() and _DNI_LETTERS[int(number) % 23] == letter


_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_IPV4 = re.compile(r"(?<![\w.\-])(?:" + _OCTET + r"\.){3}" + _OCTET + r"(?!\w|\.\d)")
_IP_VERSION_WORDS = re.compile(
    r"(?i)\b(?:v|ver|version|release|build|firmware|update|chrome|firefox|safari|edge|android"
    r"|ios|windows|macos|oid)\W{0,3}\Z"
)
# Public resolvers and the like: addresses of services, not of people.
_WELL_KNOWN_IPS = frozenset(
    {
        "1.1.1.1",
        "1.0.0.1",
        "8.8.8.8",
        "8.8.4.4",
        "9.9.9.9",
        "149.112.112.112",
        "208.67.222.222",
        "208.67.220.220",
        "2001:4860:4860::8888",
        "2001:4860:4860::8844",
        "2606:4700:4700::1111",
        "2606:4700:4700::1001",
    }
)


_LOCAL_V4 = ("10.", "127.", "192.168.", "0.", "169.254.")


def _global_ip(candidate: str) -> bool:
    if candidate.startswith(_LOCAL_V4):
        return False  # the commonest private and loopback ranges, without parsing
    try:
        address = ipaddress.ip_address(candidate)
    except ValueError:
        return False
    if address.version == 6 and int(address) >> 125 != 1:
        return False  # only 2000::/3 is handed out to networks ("a::" in text is not one)
    return address.is_global and str(address) not in _WELL_KNOWN_IPS


def _search_all(rx: re.Pattern[str], text: str, start: int, endpos: int) -> Iterable[re.Match[str]]:
    """Every match in ``text[start:endpos]``, retrying one character on after each match.

    Unlike ``finditer`` this lets a validator reject a match and still find a shorter one
    that starts inside it ("2023 4111 1111 1111 1111" holds a card after the year).
    """
    pos = start
    while pos < endpos:
        m = rx.search(text, pos, endpos)
        if m is None:
            return
        yield m
        pos = m.start() + 1


_LONG_DIGIT_RUN = re.compile(r"\d{20,}")
_TWO_DIGITS = re.compile(r"\d\d")


def _cluster_windows(text: str) -> Iterable[tuple[int, int]]:
    """Digit clusters, less any run of 20+ digits (no recogniser matches inside one)."""
    for cluster in _CLUSTER.finditer(text):
        s, e = cluster.span()
        if e - s < 20:
            yield s, e
            continue
        pos = s
        for run in _LONG_DIGIT_RUN.finditer(text, s, e):
            if run.start() - pos >= 7:
                yield pos, run.start()
            pos = run.end()
        if e - pos >= 7:
            yield pos, e


def numbers(text: str, wanted: frozenset[str]) -> list[Hit]:
    """Phone numbers, payment cards, SSN, NIR, DNI and IPv4 addresses inside digit clusters.

    Each recogniser is gated on the cluster's digit count, so the commonest clusters (dates,
    times, prices) cost one count and no further regex.
    """
    hits: list[Hit] = []
    want_phone = PHONE in wanted
    want_fin = FINANCIAL in wanted
    want_ip = SECRET in wanted
    n = len(text)
    for s, e in _cluster_windows(text):
        date = _DATE_START.match(text, s, e)
        if date is not None:
            # A leading date (and the time after it) is never part of a phone, card or id.
            s = date.end()
            while s < e and not (text[s].isdigit() or text[s] in "+("):
                s += 1
            if e - s < 7:
                continue
        chunk = text[s:e]
        endpos = min(n, e + 2)
        ndig = len(chunk) - len(chunk.translate(_DROP_DIGITS))
        if ndig >= 7 and _TWO_DIGITS.search(chunk) is None:
            ndig = 6  # "1 2 3 4 ...": no phone, card or id is written in single digits
        covered = s  # phone shapes are only tried after the last card or id found
        if want_fin and ndig >= 8:
            if ndig >= 13:
                for m in _search_all(_CARD, text, s, endpos):
                    if valid_card(m.group()):
                        hits.append(Hit(FINANCIAL, m.start(), m.end(), "card"))
                        covered = max(covered, m.end())
            if ndig >= 15:
                for m in _search_all(_NIR, text, s, endpos):
                    if valid_nir(m.group()):
                        hits.append(Hit(FINANCIAL, m.start(), m.end(), "fr_nir"))
                        covered = max(covered, m.end())
            if ndig >= 9:
                if "-" in chunk or " " in chunk:
                    for m in _search_all(_SSN, text, s, endpos):
                        if valid_ssn(m.group()):
                            hits.append(Hit(FINANCIAL, m.start(), m.end(), "us_ssn"))
                            covered = max(covered, m.end())
                if _window_has(text, max(0, s - 30), s, _SSN_STEMS) and _SSN_WORDS.search(
                    text, max(0, s - 30), s
                ):
                    for m in _search_all(_SSN_BARE, text, s, endpos):
                        if valid_ssn(m.group()):
                            hits.append(Hit(FINANCIAL, m.start(), m.end(), "us_ssn"))
                            covered = max(covered, m.end())
            if e < n and (text[e].isupper() or text[e - 1] == "-"):
                for m in _search_all(_DNI, text, s, endpos):
                    if valid_dni(m.group(1), m.group(2)):
                        hits.append(Hit(FINANCIAL, m.start(), m.end(), "es_dni"))
                        covered = max(covered, m.end())
        if want_phone and ndig >= 7:
            found_phone = False
            if "+" in chunk or "00" in chunk:
                for m in _search_all(_INTL, text, s, endpos):
                    span = _intl_phone(text, m)
                    if span is not None:
                        hits.append(Hit(PHONE, span[0], span[1], "phone"))
                        found_phone = True
                        covered = max(covered, span[1])
            if ndig >= 9 and covered < e and len(_digits(text[covered:e])) >= 9:
                for rx in (_NANP, _TRUNK):
                    for m in _search_all(rx, text, covered, endpos):
                        if rx is _TRUNK and not _national_ok(m.group()):
                            continue
                        b = m.start()
                        if _continues_number(text, b):
                            continue
                        lo = max(0, b - 30)
                        if _NOT_PHONE_WORDS.search(text, lo, b) and not _phone_word_before(text, b):
                            continue  # "Order 555-123-4567", "ISBN 0..."
                        hits.append(Hit(PHONE, b, m.end(), "phone"))
                        found_phone = True
            if not found_phone and covered == s and ndig <= 15 and _phone_word_before(text, s):
                gm = _GENERIC_PHONE.search(text, s, endpos)
                if gm is not None and gm.start() <= s + 1:
                    cand = gm.group()
                    if 7 <= len(_digits(cand)) <= 15 and not _DATE_START.match(cand):
                        hits.append(Hit(PHONE, gm.start(), gm.end(), "phone"))
        if want_ip and chunk.count(".") >= 3:
            for m in _search_all(_IPV4, text, s, endpos):
                b = m.start()
                if b >= 2 and text[b - 1] == "/" and text[b - 2].isalnum():
                    continue  # Chrome/120.0.0.0: a product version
                if not _global_ip(m.group()):
                    continue
                if _IP_VERSION_WORDS.search(text, max(0, b - 15), b):
                    continue
                hits.append(Hit(SECRET, m.start(), m.end(), "ip_address"))
    return hits


_HEXCOLON = frozenset("0123456789abcdefABCDEF:")
_IPV6_TRIGGER = re.compile(r":[0-9A-Fa-f:]")


def ipv6(text: str) -> list[Hit]:
    """Globally routable IPv6 addresses, found from their colons (rare in prose)."""
    hits: list[Hit] = []
    n = len(text)
    done = -1
    for m in _IPV6_TRIGGER.finditer(text):
        i = m.start()
        if i < done:
            continue
        lo = i
        while lo > 0 and i - lo < 40 and text[lo - 1] in _HEXCOLON:
            lo -= 1
        hi = i
        while hi < n and hi - lo < 46 and (text[hi] in _HEXCOLON or text[hi] == "."):
            hi += 1
        while hi > i and text[hi - 1] in ".:" and not text[lo:hi].endswith("::"):
            hi -= 1
        done = hi
        cand = text[lo:hi]
        if cand.count(":") < 2 or _glued_before(text, lo) or _glued_after(text, hi):
            continue
        if (lo > 0 and text[lo - 1] in ".:") or (hi < n and text[hi] == ":"):
            continue
        if _global_ip(cand):
            hits.append(Hit(SECRET, lo, hi, "ip_address"))
    return hits


# ---------------------------------------------------------------------------------------------
# Upper-case led identifiers: IBAN (FINANCIAL), UK NINO and Spanish NIE (FINANCIAL).

_UPPER_TRIGGER = re.compile(r"[A-Z](?:[A-Z] ?\d\d|-?\d{7})")
_IBAN = re.compile(r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4})*+")
IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
    "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18,
    "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24,
    "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24,
    "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}  # fmt: skip


def valid_iban(iban: str) -> bool:
    """Country length and the ISO 13616 mod-97 check (the compact form, no spaces)."""
    if IBAN_LENGTHS.get(iban[:2]) != len(iban) or not iban[2:4].isdigit():
        return False
    rearranged = iban[4:] + iban[:4]
    number = "".join(str(int(c, 36)) for c in rearranged)
    return int(number) % 97 == 1


def _iban_at(text: str, start: int) -> int | None:
    """End of a valid IBAN starting at ``start``, cut to its country's length."""
    expected = IBAN_LENGTHS.get(text[start : start + 2])
    if expected is None:
        return None
    # Bounded: at most 34 characters in groups of four; "GB12 GB12 ..." must stay linear.
    m = _IBAN.match(text, start, start + expected + expected // 4 + 2)
    if m is None:
        return None
    compact: list[str] = []
    end = start
    for j in range(start, m.end()):
        if text[j] != " ":
            compact.append(text[j])
            if len(compact) == expected:
                end = j + 1
                break
    if len(compact) != expected or _glued_after(text, end):
        return None
    return end if valid_iban("".join(compact)) else None


_NINO = re.compile(r"[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?!\w)")
_NINO_BAD_PREFIXES = frozenset({"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"})
_NIE = re.compile(r"([XYZ])-?(\d{7})-?([A-Z])(?!\w)")


def upper_ids(text: str, wanted: frozenset[str]) -> list[Hit]:
    """IBAN, UK National Insurance numbers and Spanish NIE, each validated."""
    if FINANCIAL not in wanted:
        return []
    hits: list[Hit] = []
    skip_until = -1
    for m in _UPPER_TRIGGER.finditer(text):
        p = m.start()
        if p < skip_until or _glued_before(text, p):
            continue
        end = _iban_at(text, p)
        if end is not None:
            hits.append(Hit(FINANCIAL, p, end, "iban"))
            skip_until = end
            continue
        nino = _NINO.match(text, p)
        if nino is not None and text[p : p + 2] not in _NINO_BAD_PREFIXES:
            hits.append(Hit(FINANCIAL, p, nino.end(), "uk_nino"))
            skip_until = nino.end()
            continue
        nie = _NIE.match(text, p)
        if nie is not None:
            number = "XYZ".index(nie.group(1)) * 10_000_000 + int(nie.group(2))
            if _DNI_LETTERS[number % 23] == nie.group(3):
                hits.append(Hit(FINANCIAL, p, nie.end(), "es_nie"))
                skip_until = nie.end()
    return hits


# ---------------------------------------------------------------------------------------------
# SECRET: credentials in URLs, query-string tokens, key=value secrets, API keys, JWTs, PEM keys.

_URL_CREDENTIALS = re.compile(
    r"://([^\s/?#@:\[\]()<>\"'`|]{0,256}):([^\s/?#@\[\]()<>\"'`|]{1,256})@"
)


def url_credentials(text: str) -> list[Hit]:
    """``scheme://user:password@host``: the ``user:password`` part (or the password alone)."""
    hits: list[Hit] = []
    for m in _URL_CREDENTIALS.finditer(text):
        password = m.group(2)
        if is_placeholder(password):
            continue
        start = m.start(1) if m.group(1) else m.start(2)  # redis://:password@host
        hits.append(Hit(SECRET, start, m.end(2), "url_credentials"))
    return hits


_QUERY_KEYS = _words(
    "access_token refresh_token id_token auth_token token api_key apikey api-key key",
    "client_secret secret password passwd pwd sig signature x-amz-signature x-amz-credential",
    "x-amz-security-token x-goog-signature x-goog-credential session_id sessionid auth",
)
_QUERY_VALUE = re.compile(r"[^&#\s\"'<>()\[\]`|\\=]{1,4096}={0,2}")
_PARAM_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


def query_tokens(text: str) -> list[Hit]:
    """The value of ``?token=``, ``&api_key=``, ``&sig=`` and their kin in URLs.

    Found from each ``=`` backwards: the parameter name must follow ``?``, ``&``, ``#`` or
    ``;`` and be one of the known credential names (any case).
    """
    hits: list[Hit] = []
    i = text.find("=")
    while i != -1:
        j = i
        while j > 0 and i - j < 24 and text[j - 1] in _PARAM_CHARS:
            j -= 1
        nxt = i + 1
        if j < i and j > 0 and text[j - 1] in "?&#;" and text[j:i].lower() in _QUERY_KEYS:
            m = _QUERY_VALUE.match(text, i + 1)
            if m is not None:
                nxt = m.end()  # the value's own characters are not looked at again
                value = m.group().rstrip(".,;:!?*_~")
                if plausible_secret(value.rstrip("=")):
                    hits.append(Hit(SECRET, i + 1, i + 1 + len(value), "query_token"))
        i = text.find("=", nxt)
    return hits


# Identifiers whose value is a credential, compared lower-cased with "_" and "-" removed, by
# their ending: DB_PASSWORD, clientSecret, x-api-key, AWS_SECRET_ACCESS_KEY, csrf_token.
_SECRET_KEY_ENDINGS = (
    "password",
    "passwd",
    "passphrase",
    "secret",
    "secretkey",
    "secretaccesskey",
    "apikey",
    "privatekey",
    "token",
)
_SECRET_KEY_STEMS = ("pass", "secret", "key", "token")
_SECRET_KEY_STEMS_RE = re.compile("pass|secret|key|token")
_IDENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_KV_VALUE = re.compile(r">?[ \t]*([\"']?)([^\s\"'`,;&<>()\[\]{}|\\=]{6,512}={0,2})")
_AUTH_HEADER = re.compile(
    r"Bearer[ \t]+([A-Za-z0-9._~+/\-]{16,4096}=*)|Basic[ \t]+([A-Za-z0-9+/]{12,1024}={0,2})"
)


def _secret_key_before(text: str, sep: int) -> bool:
    """Whether a credential-like identifier (``"api_key"``, ``PASSWORD``) ends at ``sep``."""
    lo = max(0, sep - 72)
    if not _window_has(text, max(0, sep - 24), sep, _SECRET_KEY_STEMS_RE):
        return False
    j = sep
    while j > lo and text[j - 1] in " \t":
        j -= 1
    if j > lo and text[j - 1] in "\"'":
        j -= 1
    w = j
    while w > lo and text[w - 1] in _IDENT_CHARS:
        w -= 1
    key = text[w:j].lower().replace("_", "").replace("-", "")
    return bool(key) and key.endswith(_SECRET_KEY_ENDINGS)


def _key_separators(text: str) -> Iterable[int]:
    """Positions of ``:`` / ``=`` that follow an identifier containing a secret-key stem.

    Found from the stems (``pass``, ``secret``, ``key``, ``token``) forwards in a lower-cased
    copy: stems are rarer than colons, and ``str.find`` scans at C speed.
    """
    low = text.lower()
    if len(low) != len(text):  # a few characters lower-case to two; offsets would shift
        yield from (m.start() for m in _KV_SEPARATOR.finditer(text))
        return
    n = len(text)
    seen: set[int] = set()
    for stem in _SECRET_KEY_STEMS:
        i = low.find(stem)
        while i != -1:
            j = i + len(stem)
            while j < n and j - i < 64 and text[j] in _IDENT_CHARS:
                j += 1
            k = j
            if k < n and text[k] in "\"'":
                k += 1
            while k < n and k - j < 8 and text[k] in " \t":
                k += 1
            if k < n and text[k] in ":=" and k not in seen:
                seen.add(k)
                yield k
            i = low.find(stem, j)


def key_values(text: str) -> list[Hit]:
    """``password: hunter2``, ``API_KEY=...``, ``"token": "..."`` and Authorization headers."""
    hits: list[Hit] = []
    read_until = -1
    for i in sorted(_key_separators(text)):
        if i < read_until or not _secret_key_before(text, i):
            continue
        m = _KV_VALUE.match(text, i + 1)
        if m is None:
            continue
        read_until = m.end()  # "token:token:token..." is read once
        value = m.group(2)
        quote = m.group(1)
        if not (quote and text[m.end(2) : m.end(2) + 1] == quote):
            value = value.rstrip(".,;:!?*_~")  # unquoted: sentence punctuation is not part
        if plausible_secret(value.rstrip("=")):  # "=" may be base64 padding, not a symbol
            hits.append(Hit(SECRET, m.start(2), m.start(2) + len(value), "key_value_secret"))
    for m in _AUTH_HEADER.finditer(text):
        if _glued_before(text, m.start()):
            continue
        group = 1 if m.group(1) is not None else 2
        value = m.group(group)
        if group == 2 and "uthorization" not in text[max(0, m.start() - 30) : m.start()]:
            continue  # "Basic" alone is an English word
        if plausible_secret(value, 12):
            hits.append(Hit(SECRET, m.start(group), m.end(group), "authorization"))
    return hits


_KV_SEPARATOR = re.compile(r"[:=]")

# Each shape starts with a literal, so the regex engine scans for it at memchr speed; the
# look-behind right after the literal rejects a start inside a longer token at once (a page of
# "eyJeyJeyJ..." would otherwise be quadratic).
_KEY_SHAPE_PARTS = (
    ("aws_access_key", "AKIA", r"[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("aws_access_key", "ASIA", r"[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("github_token", "gh", r"[pousr]_[A-Za-z0-9]{36,255}(?![A-Za-z0-9])"),
    ("github_token", "github_pat_", r"[A-Za-z0-9_]{22,255}(?![A-Za-z0-9_])"),
    ("slack_token", "xox", r"[abposr]-[A-Za-z0-9\-]{10,250}(?![A-Za-z0-9\-])"),
    ("stripe_key", "sk_live_", r"[A-Za-z0-9]{16,250}(?!\w)"),
    ("stripe_key", "sk_test_", r"[A-Za-z0-9]{16,250}(?!\w)"),
    ("stripe_key", "rk_live_", r"[A-Za-z0-9]{16,250}(?!\w)"),
    ("stripe_key", "rk_test_", r"[A-Za-z0-9]{16,250}(?!\w)"),
    ("stripe_key", "whsec_", r"[A-Za-z0-9]{16,250}(?!\w)"),
    ("api_key", "sk-", r"(?:proj-|ant-|svcacct-|admin-)?[\w\-]{20,250}(?![\w\-])"),
    ("jwt", "eyJ", r"[A-Za-z0-9_\-]{8,4096}+\.eyJ[A-Za-z0-9_\-]{8,4096}+\.[A-Za-z0-9_\-]{0,4096}+"),
    ("google_api_key", "AIza", r"[0-9A-Za-z_\-]{35}(?![\w\-])"),
    ("gitlab_token", "glpat-", r"[A-Za-z0-9_\-]{20,250}(?![\w\-])"),
    ("npm_token", "npm_", r"[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    ("huggingface_token", "hf_", r"[A-Za-z0-9]{30,250}(?![A-Za-z0-9])"),
    ("sendgrid_key", "SG.", r"[\w\-]{16,32}\.[\w\-]{16,64}(?![\w\-])"),
)
_KEY_SHAPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    *(
        (kind, re.compile(re.escape(lit) + rf"(?<![\w\-]{re.escape(lit)})" + rest))
        for kind, lit, rest in _KEY_SHAPE_PARTS
    ),
    ("slack_webhook", re.compile(r"hooks\.slack\.com/services/([A-Za-z0-9/]{20,200})")),
)


def _jwt_header_ok(token: str) -> bool:
    header = token.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(header + "=" * (-len(header) % 4))
        parsed = json.loads(decoded)
    except (binascii.Error, ValueError):
        return False
    return isinstance(parsed, dict) and ("alg" in parsed or "typ" in parsed)


def api_keys(text: str) -> list[Hit]:
    """Vendor key shapes (AWS, GitHub, Slack, Stripe, OpenAI-style, Google, ...) and JWTs."""
    hits: list[Hit] = []
    for kind, shape in _KEY_SHAPES:
        for km in shape.finditer(text):
            p = km.start()
            if kind == "slack_webhook":
                start, end = km.span(1)
            elif _glued_before(text, p) or (p > 0 and text[p - 1] == "-"):
                continue
            else:
                start, end = km.span()
            value = text[start:end]
            if "EXAMPLE" in value or "xxxxxxxx" in value.lower() or "0000000000" in value:
                continue
            if kind == "jwt" and not _jwt_header_ok(value):
                continue
            if kind == "api_key" and not any(c.isdigit() for c in value):
                continue  # "sk-learn-tutorial-for-beginners" is a slug
            hits.append(Hit(SECRET, start, end, kind))
    return hits


_PEM_BEGIN = re.compile(r"-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY( BLOCK)?-----")


def private_keys(text: str) -> list[Hit]:
    """The body of PEM / PGP private key blocks (the BEGIN and END lines stay readable)."""
    hits: list[Hit] = []
    missing: set[str] = set()
    pos = 0
    while True:
        m = _PEM_BEGIN.search(text, pos)
        if m is None:
            break
        footer = f"-----END {m.group(1)}PRIVATE KEY{m.group(2) or ''}-----"
        if footer in missing:
            pos = m.end()
            continue
        end = text.find(footer, m.end())
        if end == -1:
            missing.add(footer)
            if len(missing) > 20:  # a hostile page of unmatched headers: stop looking
                break
            pos = m.end()
            continue
        body_start, body_end = m.end(), end
        while body_start < body_end and text[body_start].isspace():
            body_start += 1
        while body_end > body_start and text[body_end - 1].isspace():
            body_end -= 1
        if body_end > body_start:
            hits.append(Hit(SECRET, body_start, body_end, "private_key"))
        pos = end + len(footer)
    return hits


# A run of token characters that does not start inside another run.
_TOKEN_RUN = re.compile(r"[A-Za-z0-9+_\-](?<![A-Za-z0-9+_\-][A-Za-z0-9+_\-])[A-Za-z0-9+_\-]{31,}+")


def _entropy(s: str) -> float:
    counts = Counter(s)
    total = len(s)
    return -sum(c / total * math.log2(c / total) for c in counts.values())


def high_entropy_tokens(text: str) -> list[Hit]:
    """Long random-looking tokens (aggressive mode): 32+ characters of mixed case and digits.

    Lower-case hex (git hashes, checksums, UUIDs) and slugs are left alone.
    """
    hits: list[Hit] = []
    for m in _TOKEN_RUN.finditer(text):
        token = m.group()
        if len(token) > 512:
            continue
        if not (
            any(c.isupper() for c in token)
            and any(c.islower() for c in token)
            and sum(c.isdigit() for c in token) >= 3
        ):
            continue
        words = re.split(r"[_\-]", token)
        if len(words) >= 3 and all(w.isalpha() for w in words):
            continue
        if _entropy(token) >= 4.2 and not is_placeholder(token):
            hits.append(Hit(SECRET, m.start(), m.end(), "high_entropy"))
    return hits


# ---------------------------------------------------------------------------------------------
# PERSON heuristics (no NER model): honorifics, labelled fields, bylines, signatures, given names.


@lru_cache(maxsize=1)
def given_names() -> frozenset[str]:
    """The bundled list of common given names (``data/given_names.txt``)."""
    raw = files("webdata.extract").joinpath("data", "given_names.txt").read_text("utf-8")
    return frozenset(
        line.strip() for line in raw.splitlines() if line.strip() and not line.startswith("#")
    )


# Capitalised words that end a name: articles, organisations, places, calendar, UI text.
NAME_STOPWORDS = _words(
    """
    A An And Or Of In On At To For With By From Is Are Was Were Be Been Has Have Had Do Does
    The This That These Those It Its We You He She They I My Our Your His Her Their Me Us
    If Then Than As But So Because After Before During Since Until About Above Below Between
    Into Through Under Over Again Once Here There When Where What Why How Who Which While
    Not No Yes All Any Some Many More Most Other Such Only Also Just Very Each Every Both
    Team Inc Corp Corporation Ltd Limited LLC LLP GmbH AG SA SAS BV NV Co Company Group Plc
    University College School Academy Institute Foundation Hospital Clinic Center Centre
    Department Dept Office Agency Bureau Ministry Government Council Committee Board Court
    Street St Road Rd Avenue Ave Lane Ln Drive Boulevard Blvd Way Place Square Sq Park Hall
    House Building Tower Bridge City Town County State Province Region District River Lake
    Mount Mountain Island Islands Bay Beach Valley Hill Hills North South East West Central
    New Old Great Little Big Upper Lower Saint San Santa Fort Port
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mon Tue Tues Wed Thu Thur Thurs
    Fri Sat Sun January February March April May June July August September October November
    December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Today Tomorrow Yesterday
    Please Thanks Thank Regards Best Hello Hi Dear Hey Welcome Sincerely Cheers
    Note Notes See Read More Click Sign Log Login Logout Home Menu Search Contact Privacy
    Policy Terms Cookie Cookies Settings Account Profile Help Support FAQ Blog News Press
    Media Report Award Awards Prize Day Days Week Month Year Season Series Show Episode
    Chapter Part Section Page Figure Table Version Edition Release Update Updates Project
    Program Programme Studio Studios Records Music Band Club League Cup Championship Museum
    Library Church Cathedral Airport Station Hotel Bank Fund Trust Police Army Navy Force
    Party Union Association Society Network Systems Technologies Solutions Services Software
    Labs Lab Health Care Energy Capital Partners Holdings International Global National
    General Royal Public Open Free Online Digital Pro Plus Max Mini Air Ultra Lite Street
    Manager Director Engineer Officer President Chairman Chief Head Lead Senior Junior Jr Sr
    Editor Reporter Writer Author Staff Contributor Correspondent Analyst Consultant
    Product Products Service Price Prices Sale Shop Store Cart Checkout Order Orders
    Reply Share Comment Comments Like Follow Subscribe Download Install Docs Documentation
    Guide Tutorial Example Examples Overview Introduction Summary Conclusion References
    Code Data API SDK CLI App Apps Web Site Website Email Phone Address Name Date Time
    Mr Mrs Ms Mx Dr Prof Rev Mme Mlle Messrs Miss Sir Dame Professor Doctor Herr Frau Madame
    Monsieur
    """
)

_TOKEN = rf"(?:(?:O['\u2019]|Mc|Mac|D['\u2019])?[{_U}][{_L}]+(?:[-'\u2019][{_U}][{_L}]+)?)"
_INITIAL = rf"[{_U}]\."
_PARTICLE = r"(?:van der|van den|van|von|de la|de los|del|della|de|di|da|dos|du|le|la|al|bin|ibn)"
_NAME = re.compile(
    rf"(?:{_INITIAL}[ \t]?)?{_TOKEN}(?:[ \t]+(?:{_INITIAL}(?=[ \t])|{_TOKEN}"
    rf"|{_PARTICLE}[ \t]+{_TOKEN})){{0,3}}"
)
_NAME_PIECE = re.compile(rf"{_INITIAL}|{_PARTICLE}(?=[ \t])|{_TOKEN}")
_PARTICLE_RE = re.compile(_PARTICLE)


def _name_at(text: str, start: int, *, min_tokens: int, need_given: bool) -> int | None:
    """End of a name starting at ``start``, cut before the first stop word, or None.

    ``min_tokens`` counts whole words (not initials or particles); ``need_given`` asks that
    the first whole word be a known given name.
    """
    m = _NAME.match(text, start)
    if m is None or _glued_after(text, m.end()):
        return None
    names = given_names()
    end = start
    words = 0
    first_word: str | None = None
    for piece in _NAME_PIECE.finditer(text, start, m.end()):
        word = piece.group()
        if word in NAME_STOPWORDS:
            break
        # Initials and particles count only once a word follows ("John F. Kennedy").
        if not word.endswith(".") and not _PARTICLE_RE.fullmatch(word):
            words += 1
            if first_word is None:
                first_word = word
            end = piece.end()
    if words < min_tokens or first_word is None:
        return None
    if need_given and first_word not in names:
        return None
    return end


# Flat alternations of literals: the regex engine then scans for their first letters cheaply.
_HONORIFICS = _words(
    "Mr. Mr Mrs. Mrs Ms. Ms Mx. Mx Dr. Dr Prof. Prof Rev. Rev Mme. Mme Mlle. Mlle Messrs. Messrs",
    "Miss Sir Dame Professor Doctor Herr Frau Madame Monsieur Señor Señora Senhor Senhora",
    "Signor Signora",
)
_HONORIFIC = re.compile(
    r"(?:" + "|".join(re.escape(h) for h in sorted(_HONORIFICS, key=len, reverse=True)) + r")"
    r"[ \t]+(?=[" + _U + r"])"
)


def _line_start_before(text: str, i: int, extra: str = "") -> bool:
    """Whether only indentation or markdown markers stand between the line start and ``i``."""
    j = i
    while j > 0 and text[j - 1] in " \t*_>#-+|" + extra:
        j -= 1
    return j == 0 or text[j - 1] == "\n"


# Field labels, matched lower-cased from each ":" backwards. Kinds: "person" needs two words
# or a known given name, "person_one" accepts a single word, "person_known" needs a known given
# name (the label is also ordinary English), "address" takes the rest of the line.
_FIELD_LABELS: dict[str, str] = {
    **dict.fromkeys(
        [
            "name",
            "full name",
            "contact",
            "contact person",
            "contact name",
            "author",
            "patient",
            "patient name",
            "customer",
            "customer name",
            "client",
            "client name",
            "employee",
            "applicant",
            "recipient",
            "sender",
            "signature",
            "account holder",
            "cardholder",
            "card holder",
            "beneficiary",
            "emergency contact",
            "next of kin",
            "witness",
            "guardian",
        ],
        "person",
    ),
    **dict.fromkeys(
        [
            "first name",
            "last name",
            "surname",
            "given name",
            "family name",
            "prénom",
            "vorname",
            "nachname",
            "apellido",
            "apellidos",
            "nombre",
            "nom",
        ],
        "person_one",
    ),
    **dict.fromkeys(["from", "to", "cc", "attn", "attention", "signed"], "person_known"),
    **dict.fromkeys(
        [
            "address",
            "home address",
            "mailing address",
            "postal address",
            "street address",
            "billing address",
            "shipping address",
            "residence",
            "adresse",
            "anschrift",
            "dirección",
            "direccion",
            "indirizzo",
        ],
        "address",
    ),
}
# Last word of a label -> the labels ending with it, longest first.
_LABELS_BY_LAST_WORD: dict[str, tuple[str, ...]] = {}
for _label in sorted(_FIELD_LABELS, key=len, reverse=True):
    _LABELS_BY_LAST_WORD[_label.rsplit(" ", 1)[-1]] = (
        *_LABELS_BY_LAST_WORD.get(_label.rsplit(" ", 1)[-1], ()),
        _label,
    )
_AFTER_COLON = re.compile(r"(?:\*\*|__)?[ \t]*(?:\*\*|__)?")
_ADDRESS_VALUE = re.compile(r"[^\n|\[\]()`<>*_]{6,150}")
_NOT_POSTAL = _words(
    "email e-mail mail ip ipv4 ipv6 mac web wallet bitcoin btc eth ethereum contract memory "
    "server network url site return reply physical"
)
_NEXT_LABEL = re.compile(r"[ \t,;]+[A-Z][A-Za-z ]{1,20}:")


def _after_separator(text: str, i: int) -> bool:
    """Whether ``i`` follows a field separator ("Ticket #4 — Customer:", "a, Name:")."""
    j = i
    while j > 0 and i - j < 3 and text[j - 1] in " \t":
        j -= 1
    return j > 0 and text[j - 1] in ",;(|\u2014\u2013\u00b7\u2022/"


def _label_before(text: str, colon: int) -> tuple[str, int] | None:
    """The field label (lower case) ending just before the ``:`` at ``colon``, and its start."""
    j = colon
    while j > 0 and colon - j < 4 and text[j - 1] in " \t*_":
        j -= 1
    w = j
    while w > 0 and j - w < 20 and text[w - 1].isalpha():
        w -= 1
    if w == j:
        return None
    for label in _LABELS_BY_LAST_WORD.get(text[w:j].lower(), ()):
        b = j - len(label)
        if b >= 0 and text[b:j].lower() == label and not _glued_before(text, b):
            return label, b
    return None


def _address_value(text: str, start: int) -> int | None:
    """End of an address value starting at ``start`` (to the line end or the next label)."""
    value = _ADDRESS_VALUE.match(text, start)
    if value is None:
        return None
    end = value.end()
    nxt = _NEXT_LABEL.search(text, start, end)
    if nxt is not None:
        end = nxt.start()
    while end > start and text[end - 1] in " \t.,;:-":
        end -= 1
    val = text[start:end]
    ok = len(val) >= 6 and any(c.isdigit() for c in val) and any(c.isalpha() for c in val)
    return end if ok else None


def labelled_fields(text: str, want_person: bool, want_location: bool) -> list[Hit]:
    """``Name: Jane Doe``, ``**Patient:** John Smith``, ``Address: 12 High St, Leeds``.

    Found from each ``:`` backwards (colons are rare in prose, label spellings are many).
    Person labels must start a line (after markdown markers) or follow ``,;(``.
    """
    hits: list[Hit] = []
    i = text.find(":")
    while i != -1:
        found = _label_before(text, i)
        colon = i
        i = text.find(":", i + 1)
        if found is None:
            continue
        label, b = found
        kind = _FIELD_LABELS[label]
        after = _AFTER_COLON.match(text, colon + 1)
        pos = after.end() if after is not None else colon + 1
        if kind == "address":
            if not want_location:
                continue
            before = text[max(0, b - 12) : b].split()
            if before and before[-1].strip("*_:-").lower() in _NOT_POSTAL:
                continue
            end = _address_value(text, pos)
            if end is not None:
                hits.append(Hit(LOCATION, pos, end, "address_field"))
            continue
        at_line_start = _line_start_before(text, b) or _after_separator(text, b)
        if not want_person or not at_line_start:
            continue
        if kind == "person_one":
            end = _name_at(text, pos, min_tokens=1, need_given=False)
        elif kind == "person_known":
            end = _name_at(text, pos, min_tokens=1, need_given=True)
        else:
            end = _name_at(text, pos, min_tokens=2, need_given=False) or _name_at(
                text, pos, min_tokens=1, need_given=True
            )
        if end is not None:
            hits.append(Hit(PERSON, pos, end, "person_field"))
    return hits


_BYLINE_VERBS = sorted(
    _words(
        "Written Posted Authored Reported Edited Photo Photos Photograph Illustration Interview",
        "Story Words Reviewed Compiled Translated",
    )
)
_BYLINE = re.compile(
    r"(?:" + "|".join(v + r"[ \t]+by" for v in _BYLINE_VERBS) + r"|By)[ \t]+(?=[" + _U + r"])"
)
_BYLINE_MORE = re.compile(r"(?:,[ \t]*|[ \t]+(?:and|&)[ \t]+)(?=[" + _U + r"])")
_VALEDICTIONS = [
    "best regards",
    "kind regards",
    "warm regards",
    "warmest regards",
    "best wishes",
    "regards",
    "sincerely",
    "yours sincerely",
    "yours truly",
    "yours faithfully",
    "many thanks",
    "thanks",
    "thank you",
    "cheers",
    "best",
    "respectfully",
    "cordially",
    "cordialement",
    "bien à vous",
    "mit freundlichen grüßen",
    "viele grüße",
    "saludos",
    "atentamente",
    "un saludo",
    "cordiali saluti",
    "met vriendelijke groet",
]
# Capitalised forms only: a signature's valediction starts its line with a capital, and
# upper-case first letters keep this scan cheap.
_VALEDICTION_FORMS = sorted(
    {form for v in _VALEDICTIONS for form in (v.capitalize(), v.title())}, key=len, reverse=True
)
_VALEDICTION = re.compile(
    r"(?:" + "|".join(re.escape(v) for v in _VALEDICTION_FORMS) + r"|--)[ \t]*[,!.]?[ \t]*"
    r"\r?\n[ \t>]*(?:[-\u2013\u2014][ \t]*)?(?:\*\*|__)?(?=[" + _U + r"])"
)
_SALUTATION = re.compile(r"Dear[ \t]+(?=[" + _U + r"])")
_GREETING = re.compile(r"(?:Hi|Hello|Hey|Thanks|Thank you)[ \t]+(?=[" + _U + r"])")


def persons_accurate(text: str) -> list[Hit]:
    """High-precision PERSON cues: a title, a byline, a signature, "Dear <given name>".

    Labelled fields ("Name: ...") are found by :func:`labelled_fields`.
    """
    hits: list[Hit] = []
    for m in _HONORIFIC.finditer(text):
        if _glued_before(text, m.start()):
            continue
        end = _name_at(text, m.end(), min_tokens=1, need_given=False)
        if end is not None:
            hits.append(Hit(PERSON, m.end(), end, "person_title"))
    for m in _BYLINE.finditer(text):
        if _glued_before(text, m.start()):
            continue
        if m.group().startswith("By") and not _line_start_before(text, m.start()):
            continue
        pos = m.end()
        while True:
            end = _name_at(text, pos, min_tokens=2, need_given=True)
            if end is None:
                break
            hits.append(Hit(PERSON, pos, end, "person_byline"))
            more = _BYLINE_MORE.match(text, end)
            if more is None:
                break
            pos = more.end()
    for m in _VALEDICTION.finditer(text):
        if not _line_start_before(text, m.start()):
            continue
        end = _name_at(text, m.end(), min_tokens=2, need_given=False) or _name_at(
            text, m.end(), min_tokens=1, need_given=True
        )
        if end is None:
            continue
        line_end = text.find("\n", end, end + 200)
        rest = text[end : line_end if line_end != -1 else end + 200]
        if rest.strip(" \t*_,.") == "":  # the name stands alone on its line
            hits.append(Hit(PERSON, m.end(), end, "person_signature"))
    for m in _SALUTATION.finditer(text):
        if _glued_before(text, m.start()):
            continue
        end = _name_at(text, m.end(), min_tokens=1, need_given=True)
        if end is not None:
            hits.append(Hit(PERSON, m.end(), end, "person_salutation"))
    return hits


# Consumes only the first word, so "Contact Jane Doe" still offers "Jane" as a start.
_PAIR_TRIGGER = re.compile(
    rf"[{_U}][{_L}]+(?=[ \t]+(?:[{_U}]\.[ \t]+)?(?:{_PARTICLE}[ \t]+)?[{_U}])"
)


def persons_aggressive(text: str) -> list[Hit]:
    """Known given name + capitalised surname anywhere, and greetings to a given name."""
    hits: list[Hit] = []
    names = given_names()
    skip_until = -1
    for m in _PAIR_TRIGGER.finditer(text):
        s = m.start()
        if s < skip_until or _glued_before(text, s):
            continue
        if m.group() not in names:
            continue
        end = _name_at(text, s, min_tokens=2, need_given=True)
        if end is not None:
            hits.append(Hit(PERSON, s, end, "person_given_name"))
            skip_until = end
    for m in _GREETING.finditer(text):
        if _glued_before(text, m.start()):
            continue
        end = _name_at(text, m.end(), min_tokens=1, need_given=True)
        if end is not None:
            hits.append(Hit(PERSON, m.end(), end, "person_greeting"))
    return hits


# ---------------------------------------------------------------------------------------------
# LOCATION heuristics: labelled addresses (accurate), street addresses and postcodes (aggressive).

_STREET_TYPES = (
    "Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Square|Sq"
    "|Terrace|Ter|Way|Parkway|Pkwy|Highway|Hwy|Close|Crescent|Cres|Gardens|Gdns|Row|Mews"
    "|Circle|Cir|Trail|Trl|Alley|Plaza|Walk|Grove|Hill"
)
_STREET = re.compile(
    r"\d(?<![\w.\-]\d)\d{0,4}[A-Za-z]?(?:[-\u2013]\d{1,5})?(?:[ \t]?(?:bis|ter))?,?[ \t]+(?:"
    # English: "221B Baker Street", "1600 W. Pennsylvania Avenue, Suite 4"
    r"(?:(?:[NSEW]|North|South|East|West)\.?[ \t]+)?"
    rf"(?:[{_U}][{_L}'\u2019.\-]*[ \t]+){{1,4}}(?:{_STREET_TYPES})\b\.?"
    r"(?:,?[ \t]+(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Fl)\.?[ \t]*#?[A-Za-z0-9\-]{1,6})?"
    # French: "12 rue de la Paix", "3 bis avenue Victor Hugo"
    r"|(?i:rue|avenue|boulevard|bd|place|chemin|impasse|allée|quai|cours|route|passage)[ \t]+"
    rf"(?:(?:de la|de l['\u2019]|des|du|de|d['\u2019])[ \t]*)?[{_U}][{_L}'\u2019\-]*"
    rf"(?:[ \t]+(?:(?:de la|des|du|de)[ \t]+)?[{_U}][{_L}'\u2019\-]*){{0,3}}"
    r")"
)
_STREET_DE = re.compile(rf"[{_U}][{_L}\-]{{4,40}}+\.?[ \t]+\d{{1,4}}[a-z]?(?![\w])")
_STREET_DE_SUFFIXES = (
    "straße",
    "strasse",
    "str.",
    "weg",
    "gasse",
    "platz",
    "allee",
    "ring",
    "damm",
    "ufer",
)
_CAP_WORD = rf"[{_U}][{_L}'\u2019\-]*"
_STREET_ES_IT = re.compile(
    r"(?:Calle|C/|Avenida|Avda\.|Plaza|Paseo|Carrer|Rua|Via|Viale|Piazza|Corso)[ \t]+"
    rf"(?:(?:de|del|de la|dos|da|di)[ \t]+)?{_CAP_WORD}(?:[ \t]+{_CAP_WORD}){{0,3}}"
    r",?[ \t]+(?:n[º°o]\.?[ \t]*)?\d{1,4}(?![\w])"
)
_UK_POSTCODE = re.compile(r"[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}(?!\w)")
_CA_POSTCODE = re.compile(r"[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d(?!\w)")
_US_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV"
    "|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY"
)
_US_ZIP = re.compile(r", (?:" + _US_STATES + r")[ \t]+(\d{5}(?:-\d{4})?)(?!\w|[.\-/]\d)")
_EU_POSTCODE = re.compile(
    r"\d(?<![\w.,\-/#$€£]\d)\d{4}[ \t]+(?=[" + _U + r"][" + _L + r"]{2,}(?:\b|[ \t,]))"
)


_CITY_AFTER = re.compile(rf"[ \t]+([{_U}][{_L}]+)")


def addresses_aggressive(text: str) -> list[Hit]:
    """Street addresses (EN, FR, DE, ES/IT shapes) and postcodes (UK, CA, US after a state,
    five digits before a city name after a comma or at a line start)."""
    hits: list[Hit] = []
    for rx in (_STREET, _STREET_ES_IT):
        for m in rx.finditer(text):
            if not _glued_before(text, m.start()):
                hits.append(Hit(LOCATION, m.start(), m.end(), "street_address"))
    for m in _STREET_DE.finditer(text):
        word = m.group().split(None, 1)[0].lower()
        suffix = next((x for x in _STREET_DE_SUFFIXES if word.endswith(x)), None)
        # "Hauptstraße 5", "Kaiserring 12"; not "During 2024" (too short a stem).
        if suffix and len(word) - len(suffix) >= 3 and not _glued_before(text, m.start()):
            hits.append(Hit(LOCATION, m.start(), m.end(), "street_address"))
    for rx in (_UK_POSTCODE, _CA_POSTCODE):
        for m in rx.finditer(text):
            if not _glued_before(text, m.start()):
                hits.append(Hit(LOCATION, m.start(), m.end(), "postcode"))
    for m in _US_ZIP.finditer(text):
        hits.append(Hit(LOCATION, m.start(1), m.end(1), "postcode"))
    for m in _EU_POSTCODE.finditer(text):
        b = m.start()
        before = text[max(0, b - 2) : b]
        if not (b == 0 or before.endswith(("\n", ", ")) or _line_start_before(text, b)):
            continue
        city_end = b + 5
        city = _CITY_AFTER.match(text, city_end)
        if city is None or city.group(1) in NAME_STOPWORDS:
            continue
        hits.append(Hit(LOCATION, b, city_end, "postcode"))
    return hits

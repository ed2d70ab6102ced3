"""Target URL rule 1: absolute http(s) URLs only."""

from __future__ import annotations

from urllib.parse import urlsplit


def normalize_target_url(value: str) -> str:
    """Return the URL stripped of surrounding blanks, or raise ValueError('Invalid URL: ...').

    Accepts absolute ``http``/``https`` URLs with a valid host. A bare ``example.com`` is
    rejected (the spec asks for an absolute URL). The URL is otherwise kept as sent, so
    ``metadata.sourceURL`` is exactly what the caller asked for.
    """
    raw = value.strip()
    if any(ch in raw for ch in "\r\n\t\x00 "):
        raise ValueError("Invalid URL: contains whitespace or control characters")
    try:
        parts = urlsplit(raw)
        _ = parts.port  # raises on a non-numeric or out-of-range port
    except ValueError as exc:
        raise ValueError(f"Invalid URL: {exc}") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError("Invalid URL: the scheme must be http or https")
    host = parts.hostname
    if not host:
        raise ValueError("Invalid URL: no host")
    if not (host.startswith("[") or ":" in host):
        try:
            ascii_host = host.encode("idna").decode("ascii") if not host.isascii() else host
        except UnicodeError:
            raise ValueError("Invalid URL: the host is not a valid domain name") from None
        labels = ascii_host.rstrip(".").split(".")
        if len(ascii_host) > 253 or any(not label or len(label) > 63 for label in labels):
            raise ValueError("Invalid URL: the host is not a valid domain name")
        if any(ch in ascii_host for ch in '<>"{}|\\^`%'):
            raise ValueError("Invalid URL: the host is not a valid domain name")
    return raw

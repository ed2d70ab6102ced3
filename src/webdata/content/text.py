"""Non-HTML textual bodies: JSON becomes a fenced block, everything else passes through."""

from __future__ import annotations

import json
import re

_BACKTICKS = re.compile(r"`{3,}")


def media_type(content_type: str) -> str:
    """``"Application/JSON; charset=utf-8"`` -> ``"application/json"``."""
    return content_type.split(";", 1)[0].strip().lower()


def is_json_type(content_type: str) -> bool:
    """``application/json``, ``text/json`` and every ``+json`` type."""
    mt = media_type(content_type)
    return mt in ("application/json", "text/json") or mt.endswith("+json")


def fenced(text: str, info: str = "") -> str:
    """``text`` in a backtick fence longer than any backtick run inside it."""
    longest = max((len(m) for m in _BACKTICKS.findall(text)), default=2)
    fence = "`" * max(3, longest + 1)
    body = text if text.endswith("\n") else text + "\n"
    return f"{fence}{info}\n{body}{fence}"


def process_text(text: str, content_type: str) -> str:
    """Markdown for a textual, non-HTML body.

    JSON (``application/json``, ``*/*+json``) becomes a fenced ``json`` block, pretty-printed
    (2-space indent, non-ASCII kept) when it parses and left as it is otherwise; text/plain,
    text/markdown, CSV and any other textual type are returned unchanged.
    """
    if not is_json_type(content_type):
        return text
    try:
        body = json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except (ValueError, RecursionError):
        body = text
    return fenced(body, "json")

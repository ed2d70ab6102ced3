"""``removeBase64Images``: markdown images with a ``data:`` URL keep their alt text only."""

from __future__ import annotations

import re

PLACEHOLDER = "<Base64-Image-Removed>"

# ![alt](data:...) or ![alt](<data:...>) (backslash escapes inside), optional "title".
_DATA_IMAGE = re.compile(
    r"(!\[(?:[^\]\\]|\\.)*\])"  # ![alt]
    r"\(\s*"
    r"(?:<data:(?:[^>\\\n]|\\.)*>"  # <data:...>
    r"|data:(?:[^\s()\\]|\\.|\([^\s()]*\))*)"  # data:... (balanced parentheses)
    r"""(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)""",  # optional title
    re.IGNORECASE,
)


def remove_base64_images(markdown: str) -> str:
    """Replace the URL of every markdown image that is a ``data:`` URI by the placeholder.

    ``![alt](data:image/png;base64,…)`` becomes ``![alt](<Base64-Image-Removed>)``.
    """
    if "data:" not in markdown and "DATA:" not in markdown.upper():
        return markdown
    return _DATA_IMAGE.sub(lambda m: f"{m.group(1)}({PLACEHOLDER})", markdown)

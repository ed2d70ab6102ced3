"""``redactPII`` over a scrape's outputs: many texts, HTML, JSON values and PDF blocks.

Pure functions over :mod:`webdata.extract.pii`. Texts that belong together (the pieces of one
HTML page, the string leaves of one JSON answer, the pages of one PDF) are searched in one
pass over their join: the recognisers' cost is mostly per call, and a label in one piece ("Tel:")
still gives context to the value in the next. No span crosses the separator (the engine splits
spans at line breaks), except a private key block, which is cut at the piece's edges.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from webdata.extract.pii import Span, detect, replace_spans

_SEP = "\n\n"


@dataclass(frozen=True, slots=True)
class PiiOptions:
    """What ``redactPII`` asked for (``true`` is accurate mode, every entity, tags)."""

    mode: str = "accurate"
    entities: frozenset[str] | None = None  # None: all
    replace_style: str = "tag"


def redact_texts(texts: Sequence[str], options: PiiOptions) -> list[str]:
    """Each text redacted, the PII found over all of them at once."""
    if not any(texts):
        return list(texts)
    joined = _SEP.join(texts)
    spans = detect(joined, mode=options.mode, entities=options.entities)
    if not spans:
        return list(texts)
    out: list[str] = []
    offset = 0
    i = 0
    for text in texts:
        end = offset + len(text)
        local: list[Span] = []
        while i < len(spans) and spans[i].start < end:
            span = spans[i]
            lo, hi = max(span.start, offset), min(span.end, end)
            if hi > lo:
                local.append(Span(span.entity, lo - offset, hi - offset, span.kind))
            if span.end > end:
                break  # it goes on into the next text
            i += 1
        out.append(replace_spans(text, local, options.replace_style) if local else text)
        offset = end + len(_SEP)
    return out


def redact_text(text: str, options: PiiOptions) -> str:
    return redact_texts([text], options)[0]


# Markup the cleaned HTML holds: comments and tags (scripts and styles are gone by then).
_MARKUP = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
# Attribute values as lexbor serialises them (always double-quoted).
_ATTR_VALUE = re.compile(r'(=")([^"]*)(")')


def redact_html(html: str, options: PiiOptions) -> str:
    """The text nodes and attribute values of ``html`` redacted; the markup left as it is.

    Pieces are compared unescaped (``&amp;token=`` is ``&token=``); only a piece that changed
    is escaped again, so the rest keeps its serialisation byte for byte, and a tag such as
    ``<EMAIL>`` becomes ``&lt;EMAIL&gt;``, text rather than an element.
    """
    # (start, end, is_attribute) of every piece of text in the document.
    pieces: list[tuple[int, int, bool]] = []
    pos = 0
    for markup in _MARKUP.finditer(html):
        if markup.start() > pos:
            pieces.append((pos, markup.start(), False))
        if not markup.group().startswith("<!--"):
            for value in _ATTR_VALUE.finditer(markup.group()):
                start = markup.start() + value.start(2)
                pieces.append((start, start + len(value.group(2)), True))
        pos = markup.end()
    if pos < len(html):
        pieces.append((pos, len(html), False))
    plain = [html_lib.unescape(html[start:end]) for start, end, _ in pieces]
    redacted = redact_texts(plain, options)
    parts: list[str] = []
    pos = 0
    for (start, end, attribute), before, after in zip(pieces, plain, redacted, strict=True):
        if after != before:
            parts.append(html[pos:start])
            parts.append(html_lib.escape(after, quote=attribute))
            pos = end
    parts.append(html[pos:])
    return "".join(parts)


def redact_value(value: Any, options: PiiOptions) -> Any:
    """A JSON value with every string leaf redacted (keys are the schema's, left alone)."""
    leaves: list[str] = []

    def collect(node: Any) -> None:
        if isinstance(node, str):
            leaves.append(node)
        elif isinstance(node, dict):
            for item in node.values():
                collect(item)
        elif isinstance(node, list):
            for item in node:
                collect(item)

    collect(value)
    if not leaves:
        return value
    replaced = iter(redact_texts(leaves, options))

    def rebuild(node: Any) -> Any:
        if isinstance(node, str):
            return next(replaced)
        if isinstance(node, dict):
            return {key: rebuild(item) for key, item in node.items()}
        if isinstance(node, list):
            return [rebuild(item) for item in node]
        return node

    return rebuild(value)


def redact_blocks(
    blocks: list[dict[str, Any]], markdown: str, options: PiiOptions
) -> list[dict[str, Any]]:
    """PDF layout blocks with their content redacted and ``markdownSpan`` pointing into the
    redacted ``markdown`` again (null where the fragment cannot be found there any more)."""
    items = [item for page in blocks for item in page["items"]]
    contents = redact_texts([item["content"] for item in items], options)
    cursor = 0
    for item, content in zip(items, contents, strict=True):
        item["content"] = content
        if item.get("markdownSpan") is None:
            continue
        at = markdown.find(content, cursor)
        if at == -1:
            item["markdownSpan"] = None
        else:
            item["markdownSpan"] = [at, at + len(content)]
            cursor = at + len(content)
    return blocks

"""Cleaned HTML -> markdown, through html-to-markdown (Rust core).

GFM tables, fenced code blocks with their language, ATX headings, ``-`` bullets, no YAML
front matter. The converter's own boilerplate removal is off (the content stage decides what
is content), hidden-but-reachable text is kept (tabs, accordions: we do not run the page's
scripts), and inline ``<svg>`` drawings are left out (they would become data-URI images).
URLs are made absolute before conversion, so no ``base_url`` is passed (that costs ~2 ms).
"""

from __future__ import annotations

import re

from html_to_markdown import (
    ConversionOptions,
    ConversionResult,
    InvalidInputError,
    PreprocessingOptions,
    convert,
)

from webdata.content.markdown_prepass import prepare, restore

OPTIONS = ConversionOptions(
    extract_metadata=False,
    heading_style="atx",
    code_block_style="backticks",
    bullets="-",
    strong_em_symbol="*",
    list_indent_width=2,
    escape_asterisks=True,
    escape_underscores=False,
    escape_misc=False,
    expand_abbreviations=False,
    preprocessing=PreprocessingOptions(enabled=False, remove_navigation=False, remove_forms=False),
    hidden_content="reachable",
    exclude_selectors=["svg"],
    wrap=False,
    # ``<sub>`` / ``<sup>`` kept as HTML (GFM renders them; ``~x~`` would be strikethrough),
    # ``<br>`` in a cell kept as ``<br>`` (a newline would end the row), unpadded tables.
    sub_symbol="<sub>",
    sup_symbol="<sup>",
    br_in_tables=True,
    compact_tables=True,
    # The single-pass scanner; it hands anything it cannot do to the DOM walker itself.
    # Same output as "auto" on all 500 WCXB dev pages, and about twice as fast on clean
    # fragments, which "auto" sends to the slower walker.
    tier_strategy="tier1",
)

# convert() rebuilds the native options from OPTIONS on every call (0.1 ms, about 0.5% of a
# page); they are built once here, through the package's private names while it has them.
try:
    from html_to_markdown import _html_to_markdown as _native
    from html_to_markdown.api import _to_rust_conversion_options

    _NATIVE_OPTIONS: _native.ConversionOptions | None = _to_rust_conversion_options(OPTIONS)
    _native.convert(html="<p>x</p>", options=_NATIVE_OPTIONS, visitor=None)  # still the same call
except (ImportError, AttributeError, TypeError):  # pragma: no cover - another package version
    _NATIVE_OPTIONS = None


def _convert(html: str) -> ConversionResult:
    if _NATIVE_OPTIONS is not None:
        return _native.convert(html=html, options=_NATIVE_OPTIONS, visitor=None)
    return convert(html, OPTIONS)  # pragma: no cover


# C0 controls other than whitespace, DEL and C1 controls: invisible in a browser, and enough of
# them make the converter refuse the fragment as "binary data" (dropped only then: scanning
# every page for them costs about as much as a rule of the main-content stage).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]+")
_FENCE = re.compile(r"^[ \t>]*(`{3,}|~{3,})")
_FENCE_CLOSE = re.compile(r"^[ \t>]*(`{3,}|~{3,})[ \t]*$")
_NEEDS_TIDY = re.compile(r"\n[ \t]*\n[ \t]*\n")
# The converter's small slips, each found from a literal (fast) and mended in place:
# an empty list item ("-" or "1." alone), an empty link "[](url)", two blank quote lines in a row,
# and a blank line before an ordered list nested in a bullet item.
# A bullet whose first child is a block ("<li><div>..") is printed as "- " then a blank line
# and the indented content, which markdown reads as an empty item and a paragraph: the
# content is moved up onto the marker line; a bullet with nothing under it is dropped.
_ITEM_THEN_BLOCK = re.compile(r"^([ \t]*)-[ \t]*\n(?:[ \t]*\n)+\1  (?=\S)(?![-*+] |\d+[.)] )", re.M)
_EMPTY_ITEM = re.compile(r"\n[ \t]*(?:-|\d{1,9}[.)])[ \t]*(?=\n|\Z)")
# Whitespace and invisible characters at a line end (no-break spaces of "&nbsp;" paragraphs,
# zero-width spaces and joiners); a "  " hard line break is kept when a line of text follows.
_LINE_END_CHARS = " \t\xa0\u200b\u200c\u200d\u2060\ufeff"
_LINE_END = re.compile(f"\n(?<=[{_LINE_END_CHARS}]\n)")  # found from the newline (a literal)
# An image without a source ("<img src=''>", a lazy image whose real source is gone) has
# nothing to show: the converter writes "![alt](<>)".
# It goes with the spaces after it at a line start, else with the spaces before it.
_EMPTY_IMAGE = re.compile(r"(?<![^\n])(?:!\[[^\[\]]*\]\(<>\)[ \t]*)+|[ \t]*!\[[^\[\]]*\]\(<>\)")
# Invisible characters inside words: soft hyphens, zero-width spaces, word joiners and
# byte-order marks (they split words for a reader and a tokenizer). Zero-width (non-)joiners
# are kept: they shape emoji and scripts (Persian, Indic).
_INVISIBLE = ("\xad", "\u200b", "\u2060", "\ufeff")
_INVISIBLE_RUN = re.compile("[\xad\u200b\u2060\ufeff]+")
# A heading that is bold all through ("<h2><strong>Title</strong></h2>", 23 of 259 WCXB dev
# pages): a heading is already emphasized, the "**" is noise.
_BOLD_HEADING = re.compile(r"(\n[ \t]*#{1,6} )\*\*([^*\n]+)\*\*(?=[ \t]*(?:\n|\Z))")
# A link around nothing but whitespace and empty blocks comes out as "[\n\n](url)": a stray
# "[" paragraph and a "](url)" one; it goes like "[](url)".
_EMPTY_LINK = re.compile(r"\[(?<!!\[)[ \t\n]*\]\([^()\s]*(?:[ \t]+\"[^\"]*\")?\)")
# A link showing nothing but an image without a source ("<a href=u><img></a>", lazy images)
# comes out as "[u](u)", its own URL for text; a link whose visible text is its URL is always
# written "<u>", so "[u](u)" is only ever that stand-in: it goes like "[](url)".
_SELF_LINK = re.compile(r"\[(?<!!\[)([^\[\]\s]+)\]\(\1\)")
# A link whose whole text is in brackets (citation and footnote markers: "[1]", "[Smith '20]")
# is written "[[1]](url)": valid, but text tools that read links by regex lose it (and print
# its URL). The brackets go around the link instead, "\[[1](url)\]": the same to read.
_BRACKETED_LINK = re.compile(
    r"\[\[(?<![\\!\[]\[\[)([^\[\]\n]+)\]\]\(((?:[^()\s]|\([^()\s]*\))*(?:[ \t]+\"[^\"\n]*\")?)\)"
)
_QUOTE_BLANKS = re.compile(r"\n([ \t]*>[> \t]*)\n(?:\1\n)+")
_NESTED_OL = re.compile(r"\n\n(?<=\S\n\n)(?=([ \t]+)\d+[.)] )")
_ITEM_LINE = re.compile(r"[ \t]*(?:[-*+]|\d+[.)]) ")


def _closes(fence: str, line: str) -> bool:
    """Whether ``line`` closes a code block opened with ``fence`` (same char, no shorter)."""
    close = _FENCE_CLOSE.match(line)
    marker = close.group(1) if close is not None else ""
    return marker[:1] == fence[0] and len(marker) >= len(fence)


def tidy_markdown(md: str) -> str:
    """Trim, and squeeze runs of blank lines to one (never inside fenced code blocks)."""
    md = md.strip()
    if not _NEEDS_TIDY.search(md):
        return md
    out: list[str] = []
    fence: str | None = None
    blank = False
    for line in md.split("\n"):
        if fence is not None:
            out.append(line)
            if _closes(fence, line):
                fence = None
            continue
        if not line.strip():
            if not blank:
                out.append("")
            blank = True
            continue
        blank = False
        out.append(line)
        if (opening := _FENCE.match(line)) is not None:
            fence = opening.group(1)
    return "\n".join(out)


def _join_nested_ol(m: re.Match[str]) -> str:
    md, start = m.string, m.start()
    line = md[md.rfind("\n", 0, start) + 1 : start]
    indent = len(line) - len(line.lstrip(" \t"))
    if _ITEM_LINE.match(line) and indent < len(m.group(1)):
        return "\n"
    return m.group(0)


def mend_markdown(md: str) -> str:
    """Fix the converter's small slips (see the patterns above); fenced code is not read."""
    if "```" not in md:  # the converter fences with backticks only
        return _mend(md)
    out: list[str] = []
    prose: list[str] = []
    fence: str | None = None
    for line in md.split("\n"):
        if fence is None and (opening := _FENCE.match(line)) is not None:
            out.extend((_mend("\n".join(prose)),) if prose else ())
            prose = []
            fence = opening.group(1)
            out.append(line)
        elif fence is not None:
            out.append(line)
            if _closes(fence, line):
                fence = None
        else:
            prose.append(line)
    if prose:
        out.append(_mend("\n".join(prose)))
    return "\n".join(out)


def _trim_line_ends(md: str) -> str:
    md = md.rstrip(_LINE_END_CHARS)
    out: list[str] = []
    last = 0
    for m in _LINE_END.finditer(md):
        end = start = m.start()
        while start > 0 and md[start - 1] in _LINE_END_CHARS:
            start -= 1
        out.append(md[last:start])
        if md.startswith("  ", end - 2) and start > 0 and md[start - 1] != "\n":
            next_end = md.find("\n", end + 1)
            if md[end + 1 : next_end if next_end >= 0 else len(md)].strip():
                out.append("  ")
        last = end
    if not out:
        return md
    out.append(md[last:])
    return "".join(out)


def _mend(md: str) -> str:
    if any(invisible in md for invisible in _INVISIBLE):
        md = _INVISIBLE_RUN.sub("", md)
    if "(<>)" in md:
        md = _EMPTY_IMAGE.sub("", md)
    if "[](" in md or "\n](" in md:  # first: an item can hold only an empty link
        md = _EMPTY_LINK.sub("", md)
    if "](" in md:
        md = _SELF_LINK.sub("", md)
    if "[[" in md:
        md = _BRACKETED_LINK.sub(r"\\[[\1](\2)\\]", md)
    md = _trim_line_ends(md)
    if "-\n" in md:
        md = _ITEM_THEN_BLOCK.sub(r"\1- ", md)
    if "-\n" in md or ".\n" in md or ")\n" in md or md.endswith(("-", ".", ")")):
        md = _EMPTY_ITEM.sub("", "\n" + md)[1:]
    if "# **" in md:
        md = _BOLD_HEADING.sub(r"\1\2", "\n" + md)[1:]
    if ">\n" in md:
        md = _QUOTE_BLANKS.sub(lambda m: f"\n{m.group(1)}\n", md)
    if "\n\n " in md:  # the converter indents with spaces
        md = _NESTED_OL.sub(_join_nested_ol, md)
    return md


def html_to_markdown(html: str) -> str:
    """Markdown of an HTML document or fragment whose URLs are already absolute."""
    if not html.strip():
        return ""
    html, maths = prepare(html)
    try:
        converted = _convert(html)
    except InvalidInputError:
        converted = _convert(_CONTROL.sub("", html))
    return tidy_markdown(mend_markdown(restore(converted.content or "", maths)))

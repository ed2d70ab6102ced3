"""A linear pre-pass that keeps untrusted HTML from nesting deeper than a cap.

lexbor's tree builder scans the stack of open elements for scope checks on most tags, so its
time grows with the square of the nesting depth (30,000 nested ``<div>``: about 1 s; 100,000:
about 18 s), and so do the content stage's walks up the tree. Real pages stay under about 50
levels (the deepest of the 500 WCXB pages is 48), so whatever nests past ``MAX_DEPTH`` is
hostile or broken: its extra start tags, and their end tags, are replaced by a space. The text
stays; only the structure past the cap goes.

The depth is that of a small model of the HTML tree builder, not a parse. Where the model is
not exact it counts too deep (a few hundred identical unclosed ``<b>`` in closed paragraphs,
say) rather than too shallow, since tricks that hide nesting are what a hostile page uses:

- void elements, raw text (``<script>``, ``<style>``, ``<textarea>``...), comments, and
  self-closing tags inside SVG / MathML do not nest;
- ``<p>`` is not counted and ``<li>``, ``<dd>``, ``<dt>``, ``<option>``, table cells close their
  open predecessor as in browsers, so 10,000 unclosed ``<p>`` or ``<li>`` are flat;
- tags are read as the tokenizer reads them: ``<div title="</div>">`` is one start tag;
- an end tag closes only an element it can reach: stray and blocked end tags (``</span>`` past
  a ``<div>``, ``</div>`` past an ``<object>``) close nothing, as in the parser;
- formatting elements (``<b>``, ``<font>``...) popped by another end tag stay counted, since the
  parser reopens them ("reconstructs the active formatting elements") at the next content.

Reopening is the other hostile shape: every formatting element left open is cloned again after
each paragraph or block that closed over it, so ``<p><font color=cN>x</p>`` repeated (distinct
attributes defeat the parser's limit of 3 identical entries) builds a tree quadratic in the
page: 20,000 of them, 530 KB, make 5 million nodes even under the depth cap (45 s of content
stage). Two bounds keep it linear:

- at most ``MAX_FORMATTING`` formatting elements (``<a>`` aside: there is only ever one) are
  open at once; the start tags past it, and their end tags, are replaced by a space;
- each boundary (a paragraph or another element closing while formatting is open) may reopen
  one element for free; once the reopenings beyond that pass ``REOPEN_BUDGET`` plus one per
  tag of the page, the formatting elements open at a boundary are closed there (end tags
  inserted after the tag that closes the block), so the parser has nothing left to clone. A
  page then costs about two reopened elements a tag at most, plus the budget.

Real pages stay well inside both (the 500 WCXB pages: at most 4 formatting elements open at
once, at most 142 reopenings past the free ones), and are returned as they are.

One more repair, since the pre-pass reads every tag anyway: HTML (unlike XHTML) ignores the "/"
of ``<iframe .../>``, so an element whose text is raw (``<iframe>``, ``<script>``, ``<style>``,
``<textarea>``, ``<title>``...) or which holds markup the content stage removes (``<noscript>``,
``<template>``) takes the page up to its next end tag, or the whole rest of the page, and its
content is lost. Such a tag outside SVG / MathML (where "/>" does close) gets its end tag
inserted after it, unless its end tag comes before any other tag (``<script src=x /></script>``).

Two passes: a quick one (one ``findall``, a light loop) measures the depth; only a page found
deeper than the cap, past a formatting bound, or with a self-closed tag of those, gets the exact
pass, which records positions, cuts and closes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_DEPTH = 256
# Formatting elements open at once (see the module's docstring), and the reopenings past one a
# boundary that a page may cost, besides one a tag, before what is open at a boundary is closed.
MAX_FORMATTING = 64
REOPEN_BUDGET = 4_096

# The rest of a tag after its name, as the tokenizer reads it: quotes delimit only attribute
# values, so ``<div title="</div>">`` is one tag. Group: "/" when the tag is self-closing.
_REST = r"""[^>=/]*+(?:(?:=\s*+(?:"[^"]*+"|'[^']*+'|[^\s>]*+)|/(?!>))[^>=/]*+)*+(/?)(?:>|$)"""
_COMMENT = r"<!--(?:-?>|[^-]*+(?:-(?!-!?>)[^-]*+)*+--!?>|.*)"
_RAW_NAMES = "script|style|textarea|title|xmp|iframe|noembed|noframes"
# The quick pass matches comments and raw text whole, so its Python loop sees only tags, as
# (raw name, "/"-prefixed or plain tag name, self-closing "/", a character when raw text holds a
# "<" or runs to the end of the page); one shared rest of the tag keeps the tuples short. Raw
# names are matched in lower or upper case only; other spellings go to the exact pass.
_QUICK = re.compile(
    _COMMENT
    + r"|<(?:("
    + _RAW_NAMES
    + "|"
    + _RAW_NAMES.upper()
    + r")(?=[\s/>])|(/?[A-Za-z][^\s/>]*))(?:>|"  # (most tags: no attributes)
    + _REST
    + r")(?(1)(?:[^<]*+</\1|(.)(?:[^<]*+(?:<(?!/\1)[^<]*+)*+</\1|.*)|$))",
    re.DOTALL,
)
# The exact pass (only for pages the quick pass finds deep): one tag or comment opening at a
# time, with positions; raw text is skipped by hand since it is markup inside SVG / MathML.
_TAG = re.compile(r"<!--|<(/?)([A-Za-z][^\s/>]*)" + _REST)
_COMMENT_END = re.compile(_COMMENT[4:], re.DOTALL)

_VOID = frozenset(
    {
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image",
        "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr",
    }
)  # fmt: skip
# Ignored where they would nest (<p> closes an open <p>; table parts outside a table): a
# hundred unclosed <p> are flat. What sits between them is counted.
_IMPLIED = frozenset({"body", "caption", "colgroup", "head", "html", "p"})
_ROWS = frozenset({"tbody", "tfoot", "thead", "tr"})  # they close the open cell
# (lexbor parses with scripting off: <noscript> holds markup.)
_RAW_TEXT = frozenset(
    {"iframe", "noembed", "noframes", "script", "style", "textarea", "title", "xmp"}
)
_FORMATTING = frozenset(
    {
        "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong",
        "tt", "u",
    }
)  # fmt: skip
# SVG elements are kept on the model's stack as "^name", MathML ones as "~name" (lexbor
# treats them differently); these hold HTML again.
_INTEGRATION = frozenset(
    {"^desc", "^foreignobject", "^title", "~annotation-xml", "~mi", "~mn", "~mo", "~ms", "~mtext"}
)
_FOREIGN = "^~"
_ROOTS = {"svg": "^svg", "math": "~math"}
# HTML start tags that end SVG / MathML content.
_BREAKOUT = frozenset(
    {
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em",
        "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing",
        "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span", "strike",
        "strong", "sub", "sup", "table", "tt", "u", "ul", "var",
    }
)  # fmt: skip
# Where a scope search stops (and, but for ``html``, where reopened formatting is cleared).
_SCOPE = _INTEGRATION | frozenset(
    {"applet", "caption", "html", "marquee", "object", "table", "td", "template", "th"}
)
_MARKERS = frozenset({"applet", "marquee", "object", "td", "template", "th"})
# An end tag of an ordinary element cannot close past one of these.
_SPECIAL = _SCOPE | _VOID | _IMPLIED | _ROWS | _RAW_TEXT | frozenset(
    {
        "address", "article", "aside", "blockquote", "button", "center", "dd", "details", "dir",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frameset",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "li", "listing", "main", "menu",
        "nav", "noscript", "ol", "plaintext", "pre", "search", "section", "select", "summary", "ul",
    }
)  # fmt: skip
_RUBY = frozenset({"rb", "rp", "rt", "rtc"})
_CELL = frozenset({"td", "th"})
_DEFINITION = frozenset({"dd", "dt"})
_LI_STOP = _SPECIAL - {"address", "div", "p"}

# Tag kinds, by lower-case name.
_SKIP, _RAW, _PLAIN, _ROW, _FORMAT, _SPECIAL_KIND, _OTHER = range(7)
_KIND: dict[str, int] = {
    **{name: _SPECIAL_KIND for name in _SPECIAL},
    **{name: _FORMAT for name in _FORMATTING},
    **{name: _SKIP for name in _VOID | _IMPLIED},
    **{name: _RAW for name in _RAW_TEXT},
    **{name: _ROW for name in _ROWS},
    "plaintext": _PLAIN,
}
# <font> with one of these leaves SVG / MathML like the tags of ``_BREAKOUT``.
_FONT_OUT = re.compile(r"\s(?:color|face|size)\s*=", re.IGNORECASE)
_RAW_END = {name: re.compile("</" + name, re.IGNORECASE) for name in _RAW_TEXT}
# Written "<name .../>", these take what follows (see the module's docstring).
_SWALLOWING = _RAW_TEXT | {"noscript", "template"}
_END_AT_ONCE = {
    name: re.compile(rf"\s*</{name}(?=[\s/>])", re.IGNORECASE) for name in ("noscript", "template")
}
# Pages too short for the depth cap are scanned only when they hold one of those.
_SELF_CLOSED = re.compile(
    r"<(?:" + "|".join(sorted(_SWALLOWING)) + r")(?=[\s/])[^<>]*/>", re.IGNORECASE
)
# Tag name as written -> lower case (bounded cache: at most 4,096 names of 64 characters, so a
# page of long made-up names does not stay in memory).
_LOWER: dict[str, str] = {}
# Start tags that close something first (see ``_Model.implied_ends``).
_CLOSERS = _CELL | _RUBY | _DEFINITION | {"a", "button", "li", "option", "optgroup"}
# Ordinary start tags (kind ``_SPECIAL_KIND`` or ``_OTHER``) that do more than open an element.
_OPENS_OTHERWISE = _CLOSERS | {"select", "svg", "math", "frameset", "noscript", "template"}


@dataclass(frozen=True, slots=True)
class Nesting:
    html: str  # the input, or the input flattened past the cap
    depth: int  # deepest nesting found; once past the cap, a lower bound
    flattened: int  # start tags removed past the depth cap
    formatting: int = 0  # formatting elements removed or closed (``MAX_FORMATTING``, budget)
    self_closed: int = 0  # end tags given to self-closed <iframe/>, <script/>... (see above)


class _Exceeded(Exception):
    """The quick pass met a page that needs cuts: the exact pass takes over."""


def limit_nesting(html: str, max_depth: int = MAX_DEPTH) -> Nesting:
    """``html`` with whatever nests deeper than ``max_depth`` flattened (text kept)."""
    # (a start tag takes 3 characters at least: "<a>")
    if len(html) < 3 * max_depth and _SELF_CLOSED.search(html) is None:
        return Nesting(html, 0, 0)
    quick = _Model(max_depth)
    try:
        depth = quick.quick(html)
    except _Exceeded:
        depth = None
    if depth is not None:
        return Nesting(html, depth, 0)
    exact = _Model(max_depth)
    exact.budget = quick.budget  # grown by the page's tags
    return exact.exact(html)


def flatten_deep_nesting(html: str, max_depth: int = MAX_DEPTH) -> str:
    """``html`` safe to hand to lexbor: the string itself when it nests less than the cap."""
    return limit_nesting(html, max_depth).html


def nesting_depth(html: str) -> int:
    """How deep ``html`` nests (the model's estimate; no cap, no size threshold)."""
    model = _Model(1 << 62)
    model.formatting_cap = model.budget = 1 << 62
    return model.exact(html).depth


# The quick pass's tags as written ("div", "/DIV") -> (lower-case name, kind, end tag, an
# ordinary element that only opens, formatting) (bounded cache, as ``_LOWER``).
_QUICK_TAGS: dict[str, tuple[str, int, bool, bool, bool]] = {}


def _quick_tag(tag: str) -> tuple[str, int, bool, bool, bool]:
    end = tag[0] == "/"
    name = _lower(tag[1:] if end else tag)
    kind = _KIND.get(name, _OTHER)
    info = (
        name,
        kind,
        end,
        kind >= _SPECIAL_KIND and name not in _OPENS_OTHERWISE,
        kind == _FORMAT,
    )
    if len(_QUICK_TAGS) < 4_096 and len(tag) <= 64:
        _QUICK_TAGS[tag] = info
    return info


def _lower(name: str) -> str:
    low = _LOWER.get(name)
    if low is None:
        low = name.lower()
        if len(_LOWER) < 4_096 and len(name) <= 64:
            _LOWER[name] = low
    return low


class _Model:
    """A model of the parser's stack of open elements, fed one tag at a time."""

    __slots__ = (
        "at", "budget", "cap", "closed", "cuts", "deepest", "dropped", "formatting",
        "formatting_cap", "frameset", "open_dropped", "p_open", "reopened", "self_closed",
        "stack",
    )  # fmt: skip

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.formatting_cap = MAX_FORMATTING
        self.budget = REOPEN_BUDGET
        self.stack: list[str] = []
        self.dropped: dict[str, int] = {}  # start tags removed and not yet closed, by name
        self.open_dropped = 0
        self.deepest = 0
        self.frameset = False  # a <frameset> opened: start tags there close nothing
        self.formatting = 0  # formatting elements on the stack
        self.p_open = False  # a <p> is open (the stack leaves <p> out)
        self.reopened = 0  # reopenings past the free one a boundary (see ``boundary``)
        self.closed = 0  # formatting elements removed or closed
        self.self_closed = 0  # end tags inserted after self-closed <iframe/>... (exact pass)
        # The exact pass: spans to replace (a space for a cut tag, end tags where formatting
        # is closed), and the end of the tag being read (-1 in the quick pass).
        self.cuts: list[tuple[int, int, str]] = []
        self.at = -1

    def in_foreign(self) -> bool:
        """Whether the current node is SVG / MathML (where "/>" closes and tags are generic)."""
        stack = self.stack
        return bool(stack) and stack[-1][0] in _FOREIGN and stack[-1] not in _INTEGRATION

    # -- the two passes --------------------------------------------------------------------

    def quick(self, html: str) -> int | None:
        """The depth, or None when the page nests past the cap (or needs the exact pass)."""
        stack, cap, known, foreign = self.stack, self.cap, _QUICK_TAGS.get, _FOREIGN
        tags = _QUICK.findall(html)
        self.budget += len(tags)
        for raw, tag, self_closing, takes in tags:
            if not tag:
                if raw and ((takes and self.in_foreign()) or "frameset" in stack):
                    return None  # <style> in SVG holds markup: look closer
                if self_closing and takes and not self.in_foreign():
                    return None  # <iframe .../> took markup: to be closed
                continue
            name, kind, end, plain, formatting = known(tag) or _quick_tag(tag)
            if end:
                # Most end tags close the current element.
                if stack and stack[-1] == name:
                    stack.pop()
                    if formatting:
                        self.formatting -= 1
                    elif self.formatting > 1:
                        self.boundary()
                else:
                    self.end(name, kind)
                continue
            if stack and stack[-1][0] in foreign and self.in_foreign():
                if name == "font":  # leaves SVG / MathML by its attributes: look closer
                    return None
                if name not in _BREAKOUT:
                    if not self_closing:
                        self.start(name, foreign=True)
                        if self.deepest > cap:
                            return None
                    continue
                self.break_out()
            if plain:  # most tags: just open
                stack.append(name)
                if len(stack) > self.deepest:
                    self.deepest = len(stack)
                    if self.deepest > cap:
                        return None
                continue
            if kind == _SKIP:
                if name == "p":
                    self.p_start()
                continue
            if kind == _ROW:
                self.close_cell()
                continue
            if kind in (_RAW, _PLAIN):  # <Script>, <plaintext>: rare, look closer
                return None
            if self_closing and name in _SWALLOWING:  # <noscript/>: to be closed
                return None
            if formatting:
                if len(stack) >= self.formatting_cap and self.too_many(name):
                    return None
                self.formatting += 1
            if name in _CLOSERS:
                if name == "a":
                    if "a" in stack:  # (most links close nothing)
                        self.implied_ends(name)
                elif name in _CELL and "table" not in stack:  # ignored outside a table
                    continue
                else:
                    self.implied_ends(name)
            elif name == "select" and "select" in stack:  # acts as </select>
                self.pop_to(name, _SCOPE, keep_formatting=True)
                continue
            elif name == "svg" or name == "math":
                if self_closing:
                    continue
                name = _ROOTS[name]
            stack.append(name)
            if name == "frameset":
                self.frameset = True
            if len(stack) > self.deepest:
                self.deepest = len(stack)
                if self.deepest > cap:
                    return None
        return self.deepest

    def exact(self, html: str) -> Nesting:
        """The page with start tags past the cap, and their end tags, cut out."""
        cuts = self.cuts
        removed = 0
        kinds, search, stack = _KIND, _TAG.search, self.stack
        pos = 0
        while (match := search(html, pos)) is not None:
            pos = self.at = match.end()
            tag = match.group(2)
            if tag is None:  # a comment; "<!-->" closes at once
                end = _COMMENT_END.match(html, pos)
                if end is None:
                    break
                pos = end.end()
                continue
            name = _LOWER.get(tag) or _lower(tag)
            kind = kinds.get(name, _OTHER)
            if match.group(1):
                if not self.end(name, kind):
                    cuts.append((*match.span(), " "))
                continue
            foreign = self.in_foreign()
            if foreign and (name in _BREAKOUT or (name == "font" and _FONT_OUT.search(match[0]))):
                self.break_out()
                foreign = False
            if foreign:
                if match.group(3):
                    continue
            else:
                if (
                    match.group(3)
                    and name in _SWALLOWING
                    and "frameset" not in stack
                    and _swallows(html, pos, name)
                ):
                    cuts.append((pos, pos, f"</{name}>"))  # and what follows is markup
                    self.self_closed += 1
                    continue
                if kind == _RAW:
                    if "frameset" in stack:  # ignored there
                        continue
                    end_match = _RAW_END[name].search(html, pos)  # text up to its end tag
                    if end_match is None:
                        break
                    pos = end_match.end()
                    continue
                if kind == _PLAIN:
                    if "frameset" in stack:  # ignored there
                        continue
                    break
                if kind == _ROW:
                    self.close_cell()
                    continue
                if kind == _SKIP or (match.group(3) and name in ("svg", "math")):
                    if name == "p":
                        self.p_start()
                    continue
                if name == "select" and "select" in stack:  # acts as </select>
                    self.pop_to(name, _SCOPE, keep_formatting=True)
                    continue
            if kind == _FORMAT and not foreign and self.too_many(name):
                self.drop(name)
                cuts.append((*match.span(), " "))
                self.closed += 1
                continue
            if not self.start(name, foreign=foreign):
                cuts.append((*match.span(), " "))
                removed += 1
        return Nesting(_cut(html, cuts), self.deepest, removed, self.closed, self.self_closed)

    # -- tags ------------------------------------------------------------------------------

    def start(self, name: str, *, foreign: bool) -> bool:
        """Open ``name``; False when it is past the cap (the caller removes the tag)."""
        stack = self.stack
        if foreign:  # in the namespace of the current node, unless it opens another
            name = _ROOTS.get(name) or stack[-1][0] + name
        elif name in _CLOSERS:
            if name in _CELL and "table" not in stack:  # ignored outside a table
                return True
            self.implied_ends(name)
        elif name == "svg" or name == "math":
            name = _ROOTS[name]
        if len(stack) >= self.cap:
            self.drop(name.lstrip(_FOREIGN))
            self.deepest = max(self.deepest, len(stack) + self.open_dropped)
            return False
        stack.append(name)
        if name in _FORMATTING:
            self.formatting += 1
        self.frameset = self.frameset or name == "frameset"
        self.deepest = max(self.deepest, len(stack))
        return True

    def drop(self, name: str) -> None:
        """A start tag is removed: so is the end tag that would close it."""
        self.dropped[name] = self.dropped.get(name, 0) + 1
        self.open_dropped += 1

    def too_many(self, name: str) -> bool:
        """Whether a new formatting element ``name`` would be past ``MAX_FORMATTING``."""
        stack = self.stack
        return (
            name != "a"  # a new <a> closes the open one
            and len(stack) >= self.formatting_cap
            and self.open_formatting() >= self.formatting_cap
        )

    def open_formatting(self) -> int:
        """Formatting elements the parser would reopen here (those past the last marker)."""
        count = 0
        for tag in reversed(self.stack):
            if tag in _FORMATTING:
                count += 1
            elif tag in _MARKERS:
                break
        return count

    def p_start(self) -> None:
        if self.p_open and self.formatting > 1:  # closes the open paragraph
            self.boundary()
        self.p_open = True

    def p_end(self) -> None:
        if self.p_open and self.formatting > 1:
            self.boundary()
        self.p_open = False

    def boundary(self) -> None:
        """An element other than formatting closed: what formatting it held is reopened at the
        next content, and once reopened, is in every later block that closes. The model does
        not know which of the formatting open that is, so it counts them all (past the last
        marker; one is free). Past the budget, it closes them (end tags after the current tag)
        or, in the quick pass, hands over to the exact pass."""
        count = self.open_formatting()
        if count <= 1:
            return
        self.reopened += count - 1
        if self.reopened <= self.budget:
            return
        if self.at < 0:
            raise _Exceeded
        stack, names = self.stack, []
        for i in range(len(stack) - 1, -1, -1):
            tag = stack[i]
            if tag in _FORMATTING:
                names.append(tag)
                del stack[i]
            elif tag in _MARKERS:
                break
        # Innermost first: each is then the current node (or, once popped, just forgotten).
        self.cuts.append((self.at, self.at, "".join(f"</{tag}>" for tag in names)))
        self.closed += len(names)
        self.formatting -= len(names)

    def end(self, name: str, kind: int) -> bool:
        """Close what ``</name>`` closes; False when it closes a removed start tag."""
        dropped = self.dropped
        if dropped and dropped.get(name):
            dropped[name] -= 1
            self.open_dropped -= 1
            return False
        stack = self.stack
        if stack and stack[-1][0] in _FOREIGN:  # end tags follow SVG / MathML rules there
            if name == "br" or name == "p":
                self.break_out()
                if name == "p":
                    self.p_end()
                return True
            for i in range(len(stack) - 1, -1, -1):
                tag = stack[i]
                if tag[0] not in _FOREIGN:
                    break  # an HTML element: the HTML rules below decide
                if tag[1:] == name:
                    self.pop_from(i, keep_formatting=False)
                    return True
        if kind == _SKIP or (self.frameset and name != "frameset"):  # frameset: ignored
            if name == "p":
                self.p_end()
            return True
        if kind == _ROW or name in _CELL:
            self.close_cell()
            return True
        if name == "table":  # closes the open cell first, then the table
            self.close_cell()
        if kind == _FORMAT or name == "form":
            # Only the element itself closes; what it held stays open (adoption agency).
            for i in range(len(stack) - 1, -1, -1):
                if stack[i] == name:
                    self.pop_from(i, keep_formatting=False, only=True)
                    return True
                if stack[i] in _SCOPE:
                    return True
            return True
        self.pop_to(name, _SCOPE if kind == _SPECIAL_KIND else _SPECIAL, keep_formatting=True)
        return True

    def break_out(self) -> None:
        """An HTML tag inside SVG / MathML closes it up to the enclosing HTML."""
        stack = self.stack
        while stack and stack[-1][0] in _FOREIGN and stack[-1] not in _INTEGRATION:
            stack.pop()

    def implied_ends(self, name: str) -> None:
        """What a start tag closes before it opens (the cases that keep real pages flat)."""
        stack = self.stack
        if self.frameset:
            return
        if name in _CELL:
            self.close_cell()
        elif name == "li" or name in _DEFINITION:
            # A new item closes the open one, unless a block other than div/p is between.
            same = ("li",) if name == "li" else ("dd", "dt")
            for i in range(len(stack) - 1, -1, -1):
                if stack[i] in same:
                    self.pop_from(i, keep_formatting=True)
                    return
                if stack[i] in _LI_STOP:
                    return
        elif name == "a":
            # A new link closes an open one (the parser never nests <a>).
            if "a" not in stack:  # (most links: no scan of the stack)
                return
            for i in range(len(stack) - 1, -1, -1):
                if stack[i] == "a":
                    del stack[i]
                    self.formatting -= 1
                    return
                if stack[i] in _SCOPE:
                    return
        elif name in _RUBY:
            if "ruby" in stack:
                while stack and stack[-1] in _RUBY:
                    stack.pop()
        elif name == "option" or name == "optgroup":
            if stack and stack[-1] == "option":
                stack.pop()
            if name == "optgroup" and stack and stack[-1] == "optgroup" and "select" in stack:
                stack.pop()
        elif name == "button" and "button" in stack:
            self.pop_to("button", _SCOPE, keep_formatting=True)

    def close_cell(self) -> None:
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            tag = stack[i]
            if tag in _CELL:
                self.pop_from(i, keep_formatting=False)
                return
            if tag == "table" or tag[0] in _FOREIGN:
                return

    def pop_to(self, name: str, barrier: frozenset[str], *, keep_formatting: bool) -> None:
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            tag = stack[i]
            if tag == name:
                self.pop_from(i, keep_formatting=keep_formatting)
                return
            if tag in barrier:
                return

    def pop_from(self, index: int, *, keep_formatting: bool, only: bool = False) -> None:
        stack = self.stack
        popped = stack[index : index + 1] if only else stack[index:]
        del stack[index : index + len(popped)]
        if self.formatting:
            self.formatting -= sum(tag in _FORMATTING for tag in popped)
        if not keep_formatting or popped[0] in _MARKERS:
            return
        # Formatting elements closed implicitly are reopened at the next content,
        # unless a cell or object boundary clears them.
        for tag in popped[1:]:
            if tag in _MARKERS:
                break
            if tag in _FORMATTING:
                stack.append(tag)
                self.formatting += 1
        if self.formatting > 1:
            self.boundary()


def _swallows(html: str, pos: int, name: str) -> bool:
    """Whether a ``<name .../>`` ending at ``pos`` takes markup: raw text holding a tag (or
    running to the end of the page), or a ``<noscript>`` / ``<template>`` not closed at once.
    (Raw text without a tag, as in ``<script src=x /></script>``, is left as the parser reads
    it.)"""
    if name in _END_AT_ONCE:
        return _END_AT_ONCE[name].match(html, pos) is None
    end = _RAW_END[name].search(html, pos)
    return end is None or html.find("<", pos, end.start()) >= 0


def _cut(html: str, cuts: list[tuple[int, int, str]]) -> str:
    """``html`` with each span replaced by its text: a space for a removed tag (so words on
    both sides stay apart), end tags inserted where formatting is closed."""
    if not cuts:
        return html
    cuts.sort(key=lambda cut: cut[:2])  # an insertion after a tag comes after its cut
    parts, pos = [], 0
    for start, end, text in cuts:
        parts.append(html[pos:start])
        parts.append(text)
        pos = end
    parts.append(html[pos:])
    return "".join(parts)

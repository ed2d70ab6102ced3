"""Links around blocks (cards: ``<a href><div><img></div><h3>Title</h3><p>..</p></a>``), pushed
down into their blocks before the markdown conversion.

The converter flattens a link that holds blocks into one inline link: the blocks' text is
run together as the link text and their images are lost. Instead, the link is copied into the
blocks that hold its content (``<div><a href><img></a></div><h3><a href>Title</a></h3><p>..``):
around its first picture (a linked picture) and its first run of text (the title); later
pictures and text are left plain (a card's gallery, its description), since the link is
already shown. Headings, paragraphs and list items inside the link stay what they are.

The rewrite works on the serialized fragment (lexbor wrote it: tags are balanced, names are
lowercase, links never nest) and only runs on a page that has such a link, found by one
linear scan. A link whose inline element holds a block (``<a><b>x<div>..</div></b></a>``)
cannot be split without breaking that element: it is left as it was.
"""

from __future__ import annotations

import re

_BLOCKS = frozenset(
    [
        "address", "article", "aside", "blockquote", "caption", "center", "dd", "details",
        "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1",
        "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main", "menu", "nav",
        "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "tr", "ul",
    ]
)  # fmt: skip
_BLOCK_NAMES = "|".join(sorted(_BLOCKS, key=len, reverse=True))
# A link's opening tag, then its content up to the first block tag (opening or closing),
# never past its "</a>": possessive, so each candidate link is one forward scan.
_BLOCK_LINK = re.compile(
    rf"<a(?=[\s>])[^>]*+>(?:[^<]++|<(?!/a>|/?(?:{_BLOCK_NAMES})[\s/>]))*+"
    rf"<(?=/?(?:{_BLOCK_NAMES})[\s/>])"
)
# A tag, with its "/" (closing) and its name; comments first: they may hold a ">".
_TAG = re.compile(r"(<!--.*?-->|<(/?)([a-z][a-z0-9-]*)[^>]*>)", re.S)
_VOID = frozenset(["area", "br", "col", "embed", "img", "input", "source", "track", "wbr"])


def _blank(text: str) -> bool:
    return text.isspace() or ("&nbsp;" in text and not text.replace("&nbsp;", "").strip())


def _push_down(opener: str, inner: str) -> str | None:
    """``inner`` (a link's content) with the link ``opener`` copied around its first picture
    and its first run of text; None when an inline element inside the link holds a block."""
    last_image = inner.rfind("<img")
    out: list[str] = []
    pending: list[tuple[str, int]] = []  # (tag or blank, elements it opens): no copy is open
    open_ = text_linked = image_linked = False
    depth = 0  # inline elements opened inside the open copy of the link

    def open_link() -> int:
        """Open a copy; pending tags up to the last closing one stay outside it."""
        cut = next((j + 1 for j in range(len(pending) - 1, -1, -1) if pending[j][1] < 0), 0)
        out.extend(p for p, _ in pending[:cut])
        out.append(opener)
        out.extend(p for p, _ in pending[cut:])
        opened = sum(n for _, n in pending[cut:])
        pending.clear()
        return opened

    def flush() -> None:
        out.extend(p for p, _ in pending)
        pending.clear()

    pos = 0
    for m in (*_TAG.finditer(inner), None):
        if not open_ and text_linked and (image_linked or pos > last_image):  # all linked
            flush()
            out.append(inner[pos:])
            return "".join(out)
        if text := inner[pos : m.start() if m is not None else len(inner)]:
            if open_:
                text_linked = text_linked or not _blank(text)
            elif _blank(text):
                pending.append((text, 0))
                text = ""
            elif text_linked:  # later text stays plain
                flush()
            else:
                depth, open_, text_linked = open_link(), True, True
            out.append(text)
        if m is None:
            break
        pos = m.end()
        tag, slash, name = m.groups()
        if name is None:  # a comment
            (out.append(tag) if open_ else pending.append((tag, 0)))
        elif name in _BLOCKS:
            if open_:
                if depth:
                    return None
                out.append("</a>")
                open_ = False
            flush()
            out.append(tag)
        elif open_:
            if not slash:
                depth += name not in _VOID
            elif depth:
                depth -= 1
            else:  # closes an element opened before this copy of the link
                out.append("</a>")
                open_ = False
            out.append(tag)
        elif name != "img":
            pending.append((tag, -1 if slash else int(name not in _VOID)))
        elif image_linked:  # later pictures stay plain
            flush()
            out.append(tag)
        else:
            pending.append((tag, 0))
            depth, open_, image_linked = open_link(), True, True
    if open_:
        if depth:
            return None
        out.append("</a>")
    flush()
    return "".join(out)


def push_down_block_links(html: str) -> str:
    """``html`` with every link that holds blocks pushed down into them (see the module)."""
    out: list[str] = []
    last = 0
    for m in _BLOCK_LINK.finditer(html):
        start = m.start()
        end = html.find("</a>", m.end())
        if start < last or end < 0:
            continue
        opener_end = html.index(">", start) + 1
        if html.find("<img", opener_end, end) < 0:
            continue  # flattened, the link loses no picture
        pushed = _push_down(html[start:opener_end], html[opener_end:end])
        if pushed is None:
            continue
        out.append(html[last:start])
        out.append(pushed)
        last = end + len("</a>")
    if not out:
        return html
    out.append(html[last:])
    return "".join(out)

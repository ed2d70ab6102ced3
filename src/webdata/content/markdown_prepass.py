"""What html-to-markdown does not do well, fixed on the tree before it runs.

- Math: KaTeX, MathML with a TeX annotation and ``.math`` spans (``\\(..\\)``, ``\\[..\\]``)
  become ``$tex$`` / ``$$tex$$``, kept verbatim (the converter would escape the TeX).
- Text: newlines inside inline text collapse to a space (the converter keeps them as soft
  breaks); ``_`` at a word boundary, backticks, ``<`` that would open a tag, and brackets
  that would form a link are escaped (the converter's own ``_`` / misc escaping is
  all-or-nothing: ``snake\\_case``, ``1\\.5``, ``C\\+\\+``).
- ``<dt>`` terms are bold (the converter prints them as bare paragraphs).
- ``<figcaption>`` loses its inner ``<em>`` (the whole caption is already italic).
- Words in two adjacent inline boxes (``<span>Price</span><span>12</span>``, tag links
  ``<a>Data</a><a>Science</a>``) get a space between them: pages set such boxes apart with
  CSS (flex gaps, margins, ``inline-block``) that the converter cannot see, so it would glue
  them into one word. Only where one element ends and the next begins, a word character on
  both sides: text running into or out of an element (``un<i>believ</i>able``,
  ``<b>foo</b>bar``) and formatting elements (``<b>``, ``<i>``, ``<sup>``...) are left as
  they are, and so is a lone character running into the next box (a drop cap
  ``<span>P</span><span>acking``, a word or number spelled one character a box).
- Links inside code (``<pre>``, ``<code>``, ``<kbd>``, ``<samp>``) keep their text only: code
  shows markdown literally.
- Links around blocks (cards) are pushed down into their blocks (``block_links.py``): the
  converter would flatten them and lose their images.
- Cells that a ``rowspan`` covers are written out as empty cells (``row_spans.py``): the
  converter miscounts them past a short row or a cell spanning rows and columns at once.
- A fragment that is a table row or row group (the main block can be a ``<tr>`` or
  ``<tbody>`` of a layout table) is put back in a ``<table>``: alone, the converter reads
  its cells as inline text and glues them.

Escapes and math are written as private-use placeholders and put back by ``restore``, so
the converter cannot escape them a second time.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.block_links import push_down_block_links
from webdata.content.dom import topmost
from webdata.content.row_spans import fill_row_spans

ESCAPE = "\ue000"  # becomes a backslash
_MATH_OPEN = "\ue001"
_MATH_CLOSE = "\ue002"
_SENTINELS = (ESCAPE, _MATH_OPEN, _MATH_CLOSE)

_MATH = ".katex-display, .katex, math, .math"
_TEX = 'annotation[encoding="application/x-tex"]'

# The text passes work on the serialized fragment, cut into tags and the text between them
# (lexbor writes a raw ``<`` or ``>`` in text as ``&lt;`` / ``&gt;``), so every pass is one
# linear scan of text only. Code-like elements are cut out first and left as they are.
_VERBATIM = re.compile(r"(<(pre|code|kbd|samp|textarea)\b.*?</\2>)", re.S | re.I)
_TAG = re.compile(r"(<[^>]*>)")
# Links inside code keep their text only: a code span or block shows markdown literally, so
# the converter's ``[text](url)`` there would be wrong text ("[[email protected]](/cdn-cgi..)").
_LINK_TAGS = re.compile(r"</?a\b[^>]*>", re.I)
# Each pattern starts with a literal, so ``re`` finds candidates fast (one scan a pattern).
_UNDERSCORE = re.compile("_")
_ESCAPES = (  # (literal, pattern, replacement): backticks, ``<`` opening a tag, ``[..](``
    ("`", re.compile("`"), ESCAPE + "`"),
    ("&lt;", re.compile("&lt;(?=[A-Za-z/!?])"), ESCAPE + "&lt;"),
    ("[", re.compile(r"\[(?=[^\[\]]*\][(\[:])"), ESCAPE + "["),
    ("]", re.compile(r"\](?=[(\[:])"), ESCAPE + "]"),
)
# Where one inline box ends and the next begins, a word character on either side: the closing
# tags (and comments) up to the first opening tag, matched from ``</`` (a literal) and
# possessively, so each candidate is one forward scan. Boxes are the inline elements that are
# not formatting (no ``b``, ``i``, ``em``, ``code``...); tag names are lowercase (lexbor
# wrote the fragment).
_BOX = "(?:span|a|font|label|time|cite|small|abbr|data|q)"
_COMMENT = "<!--(?:[^-]|-(?!->))*+-->"
_BOXES_JUNCTION = re.compile(
    f"</(?<=\\w</){_BOX}>(?:</{_BOX}>|{_COMMENT})*+"
    f"(?=<{_BOX}\\b[^>]*+>(?:<{_BOX}\\b[^>]*+>|{_COMMENT})*+(\\w)(\\w?))"
)
_WORD_CHAR = re.compile(r"\w")
_ROW_GROUP_ROOT = re.compile(r"\s*<(?:tr|tbody|thead|tfoot)[\s>]", re.I)
_TREE_TRIGGERS = ("math", "<dt", "<figcaption", "rowspan")  # KaTeX always holds "katex-mathml"
_MATH_TOKEN = re.compile(f"{_MATH_OPEN}(\\d+){_MATH_CLOSE}")


def _delimited(tex: str) -> tuple[str, bool | None]:
    """TeX without its ``\\(..\\)`` / ``\\[..\\]`` / ``$..$`` delimiters; display if known."""
    for opening, closing, display in (("\\[", "\\]", True), ("$$", "$$", True)):
        if tex.startswith(opening) and tex.endswith(closing) and len(tex) >= 4:
            return tex[2:-2].strip(), display
    if tex.startswith("\\(") and tex.endswith("\\)") and len(tex) >= 4:
        return tex[2:-2].strip(), False
    if len(tex) >= 2 and tex[0] == "$" and tex[-1] == "$":
        return tex[1:-1].strip(), False
    return tex, None


def _math(node: LexborNode) -> tuple[str, bool] | None:
    """(TeX, display) of a math element, or None when it carries no TeX."""
    classes = (node.attributes.get("class") or "").split()
    annotation = node.css_first(_TEX)
    if annotation is not None:
        tex = annotation.text(deep=True).strip()
        display = (
            "katex-display" in classes
            or (node.tag == "math" and node.attributes.get("display") == "block")
            or node.css_first(".katex-display, math[display=block]") is not None
        )
        return (tex, display) if tex else None
    if node.tag == "math" or "math" not in classes or next(node.iter(), None) is not None:
        return None
    tex, delimited_display = _delimited(node.text(deep=True).strip())
    if not tex:
        return None
    if delimited_display is None:
        return tex, "display" in classes or node.tag == "div"
    return tex, delimited_display


def _replace_math(root: LexborNode, maths: list[str]) -> None:
    for node in topmost(root.css(_MATH)):
        found = _math(node)
        if found is None:
            continue
        tex, display = found
        maths.append(f"$${tex}$$" if display else f"${tex}$")
        node.replace_with(f"{_MATH_OPEN}{len(maths) - 1}{_MATH_CLOSE}")


def _escape_underscore(m: re.Match[str]) -> str:
    """``_`` not between two letters or digits (``snake_case`` is never emphasis)."""
    text, i = m.string, m.start()
    if 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum():
        return "_"
    return ESCAPE + "_"


def _join_lines(text: str) -> str:
    """Newlines with a word after them become spaces, and so does a newline just after the
    last word; the blanks after it (up to the next tag) stay as they are."""
    end = len(text.rstrip())
    if end == 0:
        return text
    tail = text[end:]
    if tail[:1] == "\n":
        tail = " " + tail[1:]
    return text[:end].replace("\n", " ") + tail


def _fix_plain(text: str) -> str:
    """The fixes for one stretch of text between two tags."""
    if "\n" in text:
        text = _join_lines(text)
    if "_" in text:
        text = _UNDERSCORE.sub(_escape_underscore, text)
    for literal, pattern, replacement in _ESCAPES:
        if literal in text:
            text = pattern.sub(replacement, text)
    return text


def _separate_boxes(m: re.Match[str]) -> str:
    """The junction of two boxes and a space, unless a lone character runs into the next box."""
    html, start = m.string, m.start()
    if start < 2 or _WORD_CHAR.match(html[start - 2]) is None:  # one character before
        after, second_after = m.group(1), m.group(2)
        if not second_after or (html[start - 1].isalpha() and after.islower()):
            return m.group()
    return m.group() + " "


def _fix_text_run(html: str) -> str:
    if "</" in html:
        html = _BOXES_JUNCTION.sub(_separate_boxes, html)
    pieces = _TAG.split(html)  # text, tag, text, tag, ..., text
    for i in range(0, len(pieces), 2):
        text = pieces[i]
        if text and not text.isspace():  # (no fix applies to blanks alone: most pieces)
            pieces[i] = _fix_plain(text)
    return "".join(pieces)


def _fix_text(html: str) -> str:
    parts = _VERBATIM.split(html)
    # split() yields text, a whole code-like element, its tag name, text, ...
    out: list[str] = []
    for i in range(0, len(parts), 3):
        out.append(_fix_text_run(parts[i]))
        if i + 1 < len(parts):
            verbatim = parts[i + 1]
            out.append(_LINK_TAGS.sub("", verbatim) if "<a" in verbatim else verbatim)
    return "".join(out)


def _fix_tree(html: str, maths: list[str]) -> str:
    tree = LexborHTMLParser(html)
    root = tree.body
    if root is None:
        return html
    if "math" in html:
        _replace_math(root, maths)
    if "<dt" in html:
        for dt in root.css("dt"):
            if dt.text(strip=True):
                dt.inner_html = f"<strong>{dt.inner_html}</strong>"
    if "<figcaption" in html:
        for caption in root.css("figcaption"):
            caption.unwrap_tags(["em", "i"])
    if "rowspan" in html:
        fill_row_spans(root)
    return root.inner_html or ""


def prepare(html: str) -> tuple[str, list[str]]:
    """The fragment with the fixes applied, and the math snippets ``restore`` puts back."""
    for sentinel in _SENTINELS:
        if sentinel in html:
            html = html.replace(sentinel, "")
    if _ROW_GROUP_ROOT.match(html):
        html = f"<table>{html}</table>"
    maths: list[str] = []
    if any(trigger in html for trigger in _TREE_TRIGGERS):
        html = _fix_tree(html, maths)
    return _fix_text(push_down_block_links(html)), maths


def restore(md: str, maths: list[str]) -> str:
    """Markdown with the placeholders of ``prepare`` turned back into text."""
    if maths and _MATH_OPEN in md:
        md = _MATH_TOKEN.sub(lambda m: maths[int(m.group(1))], md)
    if ESCAPE in md:
        md = md.replace(ESCAPE, "\\")
    return md

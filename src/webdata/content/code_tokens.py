"""The text of code is not page chrome: the tokens of a code block stay.

A syntax highlighter wraps every token of a code example in its own element, classed by what
the token is (Pygments' ``<span class="nb">print</span>``, ``<span class="nf">login</span>``).
The rules that find chrome by its wording read such a token as an interface label: a lone
"print", "login", "filter" or "messages" is a button's. Inside a ``<pre>`` (or a ``<code>``)
it is a word of the program, and the reader of a tutorial needs all of them (``print`` gone
from ``print(x)``, the name gone from ``def login():``).

A keep filter: of the elements about to be removed, those that are text of a code block (an
inline element, or a line's ``<div>``, inside a ``<pre>``, or a ``<code>`` or what it holds)
stay, unless the page hides them (``hidden``, ``aria-hidden``, an inline ``display: none``):
a control of the block (a button, a menu) still goes. Comments of the code
(``class="comment"``, Prism's ``token comment``, which the class-word rule takes) are left to
that rule: the truths of WCXB drop them where the page classes them so (measured: keeping
them cost documentation pages 0.0012 on the holdout half).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.keep_filters import spare_outermost

# The elements a highlighter makes of a code's text: tokens, and lines (``<div>``/``<span>``).
_CODE_TEXT_TAGS = frozenset(
    {
        "span", "div", "code", "a", "b", "strong", "i", "em", "u", "s", "font", "mark",
        "kbd", "samp", "var", "del", "ins", "small", "sub", "sup",
    }
)  # fmt: skip
_HIDING_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_COMMENT = "comment"  # (a code comment: see above)
# What lies in a code block: what a <pre> holds, a <code> and what it holds.
_CODE_TEXT = "pre *, code, code *"


def _hidden(node: LexborNode) -> bool:
    attrs = node.attributes
    return (
        "hidden" in attrs
        or (attrs.get("aria-hidden") or "").lower() == "true"
        or bool(_HIDING_STYLE.search(attrs.get("style") or ""))
    )


def keep_code_tokens(scope: LexborNode, found: list[LexborNode]) -> list[LexborNode]:
    """``found`` without the elements that are text of a code block under ``scope``."""
    if not found or scope.css_first("pre, code") is None:
        return found  # (most pages)
    in_code = {node.mem_id for node in scope.css(_CODE_TEXT)}
    chosen = [
        node
        for node in found
        if node.mem_id in in_code
        and node.tag in _CODE_TEXT_TAGS
        and not _hidden(node)
        and _COMMENT not in (node.attributes.get("class") or "").lower()
    ]
    return spare_outermost(found, chosen) if chosen else found

"""The site's notes closing a post: what the template prints after every text, not the text.

Blogs and news sites end each page with the same lines, below the last paragraph:

- a comment prompt: "Please share them in the comments below", "Leave them in the comments
  below", a closing paragraph opened by "What do you think?";
- the comment box's notice: "Comments are closed for this post, but if you have spotted an
  error ... feel free to contact us";
- a code blog's licence line: "Want to use code from this post? Check out the license";
- the owner's legal lines without a copyright sign (``boilerplate``'s footer rule looks for
  ``©``): "Industry Dive is an Informa TechTarget business.", "This website is owned and
  operated by ... All copyright resides with them. ... registered office is ...";
- credit lines: "Show Cover Art by Sam White", "Icons by X", "Produced by <tool> v0.1",
  "This podcast is a production of X", "Editor's Note: This article also appeared in ...";
- the title of an end section whose items are gone (the rules for related lists and
  comment threads took them) or never came: "Discussion about this post" / "No posts",
  "Comments", "Leave a Reply", "Related Posts:", "You Might Also Like".

Rule: a short element (at most ``_MAX_CHARS``) whose text is such a line, near the end of
the block (at most ``_TAIL_SHARE`` of the block's text after it), goes with the wrappers
holding only it. The legal lines need two phrases of the register ("registered office",
"all copyright resides with", "owned and operated by", "registered in England"...) or the
whole line "<Name> is a <Name> business." Not on thread pages, where a post asking "What
do you think?" is a post. A prompt that is the post's own question ("Let me know in the
comments which app you use") stays: WCXB's truths keep those.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import partial

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import text_before
from webdata.content.dom import deep_text, lowered_text, short_texts, text_len, widest_while
from webdata.content.forum_noise import is_thread_page

_MAX_CHARS = 600
_TAIL_SHARE = 0.3
_CANDIDATES = "p, div, li, small, em, i, span, section, aside, td, font, address, footer"
_NOTE = re.compile(
    r"^\W*(?:comments\s+are\s+(?:now\s+)?closed\s+(?:for|on)\s+this\s+(?:post|article|entry)"
    r"|want\s+to\s+use\s+code\s+from\s+this\s+(?:post|article)\s*\?"
    r"|what\s+do\s+you\s+think\s*\?)",
    re.IGNORECASE,
)
_COMMENT_PROMPT = re.compile(
    r"\b(?:leave|share|post|drop|put|ask)\s+(?:them|it|yours|your\s+\w+(?:\s+\w+)?)"
    r"\s+in\s+the\s+comments?\s+(?:below|section)\b",
    re.IGNORECASE,
)
_LEGAL = re.compile(
    r"\b(?:registered\s+office|all\s+copyrights?\s+resides?\s+with|owned\s+and\s+operated\s+by"
    r"|registered\s+in\s+(?:england|scotland|wales|ireland|northern\s+ireland)"
    r"|company\s+(?:registration\s+)?(?:no|number)\b|vat\s+(?:registration\s+)?(?:no|number)\b)",
    re.IGNORECASE,
)
_LEGAL_STEMS = ("registered", "copyright", "operated", "company", "vat")  # (one in each phrase)
# Credit lines: "Icons by Tim Boelaars", "Show Cover Art by Sam White", "Produced by
# aikakirja v0.1"; a republication note ("Editor's Note: This article also appeared in ...")
_CREDIT_CHARS = 160
_CREDIT = re.compile(
    r"^\W*(?:(?:show|podcast|episode|cover|site|page|theme)\s+){0,2}"
    r"(?:icons?|illustrations?|art(?:work)?|music|theme|design(?:ed)?|produced"
    r"|logo|graphics|animations?|sound|audio|mixing|mastering)"
    r"(?:\s+and\s+\w+)?\s+(?:by|from)\s+\S"
    r"|^\W*this\s+(?:podcast|episode|show)\s+is\s+(?:a\s+production\s+of|produced\s+by)\s"
    r"|^\W*editor\W?s\s+note\W+this\s+(?:article|story|post)\s+(?:also|originally|first)\s+"
    r"(?:appeared|ran|was\s+published)\b",
    re.IGNORECASE,
)
# The title of an end section whose items are gone (or never came: "No posts"): "Discussion
# about this post", "Comments", "Leave a Reply", "Related Posts:", "You Might Also Like"
_TITLE_CHARS = 60
_TITLE_CANDIDATES = "h2, h3, h4, h5, h6, p, div, span, strong, b"
_END_TITLE = re.compile(
    r"^\W*(?:discussion\s+about\s+this\s+(?:post|article|story)"
    r"|leave\s+a\s+(?:reply|comment)|join\s+the\s+(?:discussion|conversation)"
    r"|(?:\d+\s+)?comments?|add\s+(?:a|your)\s+comment|post\s+a\s+comment"
    r"|no\s+(?:posts|comments)(?:\s+yet)?"
    r"|related\s+(?:articles|posts|stories|reads)(?:\s+from\s+[^:]{1,40})?"
    r"|you\s+(?:may|might)\s+also\s+(?:like|enjoy))\W*$",
    re.IGNORECASE,
)
_NAME = r"(?:[A-Z][\w&.'\u2019-]*\s+){1,5}"
_BUSINESS = re.compile(rf"^{_NAME}is\s+an?\s+{_NAME}(?:business|company|brand)\.?$")


# A block-level gate for the two rules that search inside a line (a line's text is part of
# its block's ``deep_text``): most blocks invite no comments and state no register.
_PROMPT_GATE = re.compile(r"in\s+the\s+comment", re.IGNORECASE)
# The start a credit line has (also glued: "Produced bytool"), before the spaced text is read.
_CREDIT_START = re.compile(
    r"^\W*(?:show|podcast|episode|cover|site|page|theme|icon|illustration|art|music|design"
    r"|produced|logo|graphic|animation|sound|audio|mixing|mastering|this|editor)",
    re.IGNORECASE,
)


def _legal_hits(text: str) -> set[str]:
    return {" ".join(m.group(0).lower().split()) for m in _LEGAL.finditer(text)}


def _closing_note(text: str, *, prompts: bool = True, legal: bool = True) -> bool:
    """``prompts``, ``legal``: whether the block holds a comment prompt's words, two
    phrases of the legal register."""
    if _NOTE.match(text) or _BUSINESS.match(text):
        return True
    if prompts and _COMMENT_PROMPT.search(text):
        return True
    if len(text) <= _CREDIT_CHARS and _CREDIT.match(text):
        return True
    return legal and len(_legal_hits(text)) >= 2


def _credit(node: LexborNode, text: str) -> bool:
    """A credit line whose name is a link ("Produced by <a>tool</a>"): the text read with
    spaces between its pieces (``deep_text`` glues them: "Produced bytool")."""
    if len(text) > _CREDIT_CHARS or text.count(" ") > 25 or not _CREDIT_START.match(text):
        return False
    return bool(_CREDIT.match(node.text(deep=True, separator=" ", strip=True)))


def _same_text(size: int, node: LexborNode) -> bool:
    return text_len(node) == size


def _tail(
    nodes: list[LexborNode],
    limit: int,
    *,
    scope: LexborNode,
    total: int,
    offsets: dict[int, dict[int, int]],
) -> list[LexborNode]:
    """The ``nodes`` (document order) that can end near enough the end of ``scope``: a line of
    at most ``limit`` characters starting earlier has more than ``_TAIL_SHARE`` of the text
    after it. The text before a node grows along document order, so it is a bisection."""
    first = (1 - _TAIL_SHARE) * total - limit
    start = bisect_left(nodes, first, key=lambda node: text_before(node, scope, offsets))
    return nodes[start:]


def closing_note_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The site's closing notes near the end of ``scope`` (text length ``total``)."""
    if total <= 0 or is_thread_page(scope):
        return []
    block = deep_text(scope)
    lowered = lowered_text(scope)  # (lowered once, not once a stem: the block is the page)
    note = partial(
        _closing_note,
        prompts=_PROMPT_GATE.search(block) is not None,
        legal=any(stem in lowered for stem in _LEGAL_STEMS) and len(_legal_hits(block)) >= 2,
    )
    offsets: dict[int, dict[int, int]] = {}
    tail = partial(_tail, scope=scope, total=total, offsets=offsets)
    hits = [
        node
        for node, text in short_texts(scope, tail(scope.css(_CANDIDATES), _MAX_CHARS), _MAX_CHARS)
        if note(text) or _credit(node, text)
    ]
    hits += [
        node
        for node, text in short_texts(
            scope, tail(scope.css(_TITLE_CANDIDATES), _TITLE_CHARS), _TITLE_CHARS
        )
        if _END_TITLE.match(text)
    ]
    holding: set[int] = set()  # the ancestors of a hit: a wrapper may hold more of the text
    for node in hits:
        current = node.parent
        while current is not None and current.mem_id not in holding:
            holding.add(current.mem_id)
            current = current.parent
    out: list[LexborNode] = []
    for node in hits:
        if node.mem_id in holding:
            continue  # the innermost line only
        size = text_len(node)
        after = total - text_before(node, scope, offsets) - size
        if after > _TAIL_SHARE * total:
            continue
        wrapper = widest_while(node, scope, partial(_same_text, size))
        out.append(wrapper if wrapper is not None else node)
    return out

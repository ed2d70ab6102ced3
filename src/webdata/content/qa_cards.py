"""Q&A sites' poster cards, found by their text, not by an engine's names.

Under each question and answer, Q&A software prints a card: "asked Oct 16, 2023 at 9:40",
"answered 3 days ago", "edited Jan 5 at 12:58", then the poster's avatar, name, reputation
and badges. Whatever the markup calls it, on a thread page an element whose whole text is
"asked", "answered" or "edited" and a date or an age (a time after it) goes, with the
widest element around it (at most 200 characters) whose text starts with it: the card, not
the post (a short post saying "Answered Oct 18 in the meeting..." goes on past the line).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import keyword_hits, text_len, widest_matching
from webdata.content.forum_noise import is_thread_page

_VERBS = ("asked", "answered", "edited")
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
# The card's first line, whole: the verb and a date or an age (a time after it).
_LINE = re.compile(
    rf"^\W*(?:asked|answered|edited)\s+(?:{_MONTH}\s\d{{1,2}}(?:,?\s\d{{4}})?"
    rf"|\d{{1,2}}\s{_MONTH}(?:\s\d{{4}})?|\d{{4}}-\d\d-\d\d"
    r"|\d+\s*(?:sec|min|hour|day|week|month|year)s?\s+ago|yesterday|today)"
    r"(?:,?\s+(?:at\s+)?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]m)?)?\W*$",
    re.IGNORECASE,
)
_LINE_MAX_CHARS = 50
_CARD_MAX_CHARS = 200


def _spaced(node: LexborNode) -> str:
    """The text of ``node``, its words one space apart."""
    return " ".join(node.text(deep=True, separator=" ").split())


def _card(line: LexborNode, scope: LexborNode) -> LexborNode:
    """The widest element around ``line`` (at most 200 characters) whose text starts with
    the line's: the card of the verb and date, the poster's avatar, name and reputation."""
    head = _spaced(line)
    card = line
    current = line.parent
    while current is not None and current.mem_id != scope.mem_id:
        if text_len(current) > _CARD_MAX_CHARS:
            break
        if not _spaced(current).startswith(head):
            break
        card = current
        current = current.parent
    return card


def qa_card_removals(scope: LexborNode) -> list[LexborNode]:
    """Posters' cards ("answered Oct 18, 2023 at 7:58 Ace 1 1") on a thread page under
    ``scope``."""
    if not is_thread_page(scope):
        return []
    out: list[LexborNode] = []
    for hit in keyword_hits(scope, _VERBS):
        line = widest_matching(hit, scope, _LINE, _LINE_MAX_CHARS, separator=" ")
        if line is not None:
            out.append(_card(line, scope))
    return out

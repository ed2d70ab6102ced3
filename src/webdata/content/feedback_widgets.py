"""Feedback widgets closing posts and documentation pages: "Was this page helpful?".

Documentation sites and blog plugins (FeedbackWP's "How useful was this post? Click on a star
to rate it!") ask the reader to rate the page under its text, with buttons, stars, a vote
count and a hidden "Tell us how we can improve this post" box. None of it is the page's text;
the phrase rule of ``boilerplate`` takes a lone "Was this page helpful?" but leaves the rest
of the widget, and a question written as a paragraph rather than a heading opens no block
for the heading rule.

Rule: an element whose whole text is such a question (the page, article, post... helpful or
useful; "Rate this article") and, with it, the widest wrapper whose text starts with the
question, within ``_MAX_CHARS`` and 30% of the block.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import phrase_hits, widest_matching

_THING = r"(?:page|article|post|doc|documentation|guide|answer|content|information|tutorial|topic)"
_QUESTION = (
    r"(?:(?:was|is)\s+this\s+(?:" + _THING + r"\s+)?(?:helpful|useful)|"
    r"how\s+(?:useful|helpful)\s+(?:was|is)\s+this\s+" + _THING + r"|"
    r"did\s+(?:you\s+find\s+)?this\s+" + _THING + r"\s+(?:helpful|useful|help(?:\s+you)?)|"
    r"rate\s+this\s+" + _THING + r")"
)
_WHOLE = re.compile(r"^\W*" + _QUESTION + r"\W*$", re.IGNORECASE)
_OPENED = re.compile(r"^\W*" + _QUESTION + r"\b.*$", re.IGNORECASE | re.DOTALL)
_WORDS = ("helpful", "useful", "rate this")  # (the elements holding one are read)
_QUESTION_CHARS = 80
_MAX_CHARS = 400  # the question, its buttons or stars, a vote count, a thank-you note
_SMALL_SHARE = 0.3


def feedback_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The feedback widgets of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    limit = min(_MAX_CHARS, _SMALL_SHARE * total)
    for node, text in phrase_hits(scope, _WORDS, _QUESTION_CHARS):
        if not _WHOLE.match(text):
            continue
        widget = widest_matching(node, scope, _OPENED, limit, separator=" ")
        if widget is not None:
            out.append(widget)
    return out

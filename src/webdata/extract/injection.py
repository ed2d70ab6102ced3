"""Prompt-injection checks on page text before it reaches a model (``checkPromptInjection``).

Deterministic patterns for the attacks seen on the web: text that addresses the model ("ignore
all previous instructions", "you are now", "new system prompt"), that tries to close the data
fence, or that fakes a chat role. Page text is fenced as data in every prompt anyway
(``extract.llm.fence``); this check is for callers who would rather have no extraction at all
than one from a page that tries to steer it.
"""

from __future__ import annotations

import re

_PATTERNS = [
    (
        "asks the model to ignore its instructions",
        r"\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}\b(?:previous|prior|above|"
        r"earlier|preceding|all|your|the)\b[^.\n]{0,30}\b(?:instructions?|prompts?|rules|"
        r"directions|guidelines|context)\b",
    ),
    (
        "tries to give the model a new role",
        r"\b(?:you are now|from now on,? you|act as (?:an?|the) (?:ai|assistant|llm|model)|"
        r"pretend (?:to be|you are)|your new (?:role|task|instructions?) (?:is|are))\b",
    ),
    (
        "addresses the system prompt",
        r"\b(?:new|updated|real|actual|hidden) system prompt\b|\breveal (?:your|the) "
        r"(?:system )?prompt\b",
    ),
    (
        "fakes a chat turn",
        r"(?im)^\s*(?:#{1,3}\s*)?(?:system|assistant)\s*:\s*\S|<\|im_start\|>|<\|system\|>|"
        r"\[/?INST\]|<</?SYS>>",
    ),
    ("tries to close the page fence", r"</\s*page_content\s*>"),
    (
        "instructs an AI reader",
        r"\b(?:if you are|to any|attention|note to) (?:an? )?(?:ai|llm|language model|"
        r"assistant|chatbot)\b[^.\n]{0,80}\b(?:must|should|ignore|respond|reply|output|say)\b",
    ),
]
_COMPILED = [(why, re.compile(rx, re.I)) for why, rx in _PATTERNS]
# Enough of a page to judge; bounded so a huge page costs little.
MAX_CHARS = 500_000


def find_injection(text: str) -> str | None:
    """Why ``text`` looks like a prompt injection (quoting it), or None."""
    sample = text[:MAX_CHARS]
    for why, pattern in _COMPILED:
        found = pattern.search(sample)
        if found:
            quote = " ".join(found.group(0).split())[:80]
            return f"the page {why} ({quote!r})"
    return None

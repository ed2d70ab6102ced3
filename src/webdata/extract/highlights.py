"""Highlights: the passages of a page that best answer a query, quoted as they are.

Ranked locally with BM25 over the page's passages (its paragraphs, long ones cut into
sentence windows), so highlights work without a model and in about a millisecond a page. The
MiniLM sentence-embedding model was measured against it (``benchmarks/highlights_models.py``):
better on paraphrased queries, but about 1,200-1,700 times slower a request, 13 s to start and
1.3 GB of install (torch); BM25 ties it when the query uses the page's words.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

_WORD = re.compile(r"\w+", re.UNICODE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
# BM25's usual constants.
K1, B = 1.5, 0.75
MAX_PASSAGE_CHARS = 600
# Very common words carry no signal for a query (a small list: BM25's IDF does the rest).
STOPWORDS = frozenset(
    (  # noqa: SIM905 - one readable line of words
        "a an and are as at be by for from has have how in is it its of on or that the this to "
        "was were what when where which who why will with do does did can"
    ).split()
)


@dataclass(frozen=True, slots=True)
class Passage:
    index: int
    text: str


def terms(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS]


def passages(markdown: str) -> list[Passage]:
    """The page cut into quotable passages: blocks between blank lines; a long block into
    windows of whole sentences."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", markdown):
        block = block.strip()
        if not block or not _WORD.search(block):
            continue
        if len(block) <= MAX_PASSAGE_CHARS:
            out.append(block)
            continue
        window = ""
        for sentence in _SENTENCE_END.split(block):
            if window and len(window) + len(sentence) > MAX_PASSAGE_CHARS:
                out.append(window)
                window = ""
            window = f"{window} {sentence}".strip()
        if window:
            out.append(window)
    return [Passage(i, text) for i, text in enumerate(out)]


def rank(query: str, candidates: list[Passage]) -> list[tuple[float, Passage]]:
    """Candidates with a positive BM25 score for ``query``, best first."""
    wanted = set(terms(query))
    if not wanted or not candidates:
        return []
    docs = [Counter(terms(p.text)) for p in candidates]
    lengths = [sum(d.values()) for d in docs]
    average = sum(lengths) / len(lengths) or 1.0
    n = len(docs)
    idf = {
        t: math.log(1 + (n - df + 0.5) / (df + 0.5))
        for t in wanted
        if (df := sum(1 for d in docs if t in d))
    }
    scored = []
    for doc, length, passage in zip(docs, lengths, candidates, strict=True):
        score = 0.0
        for t, weight in idf.items():
            f = doc.get(t, 0)
            if f:
                score += weight * f * (K1 + 1) / (f + K1 * (1 - B + B * length / average))
        if score > 0:
            scored.append((score, passage))
    scored.sort(key=lambda item: (-item[0], item[1].index))
    return scored


def highlights(markdown: str, query: str, *, top: int = 3) -> str | None:
    """The ``top`` best passages for ``query``, in page order, separated by blank lines; None
    when nothing on the page matches."""
    best = rank(query, passages(markdown))[:top]
    if not best:
        return None
    # Drop weak tails: a passage scoring under a third of the best adds noise, not evidence.
    floor = best[0][0] / 3
    chosen = sorted((p for score, p in best if score >= floor), key=lambda p: p.index)
    return "\n\n".join(p.text for p in chosen)

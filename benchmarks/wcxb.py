"""The WCXB development slice (../shared/bench/wcxb-dev): pages, ground truth and its metric.

Metric (the benchmark authors'): word-level F1 between extracted text and ``main_content``,
both as bags of lowercase ``\\w+`` tokens, averaged over pages and per page type. Markdown is
reduced to text first: link targets and image URLs dropped, their text kept (an autolink
``<https://...>`` shows its address, so that stays), and the inline
HTML tags a GFM writer emits (``<br>`` in table cells, ``<sub>``, ``<sup>``) dropped: a reader
sees a line break or a raised number, not the words "br" and "sup".

Pages are split by a hash of their id into a ``dev`` half (look at these while improving the
extractor) and a ``holdout`` half (do not look at these pages; the holdout figure is the one
that says whether a change generalises).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# (beside the main checkout; a git worktree elsewhere names it in $WCXB_BENCH)
BENCH = Path(
    os.environ.get("WCXB_BENCH")
    or Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "wcxb-dev"
)
_TOKEN = re.compile(r"\w+")
_IMAGE = re.compile(r"!\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+\"[^\"]*\")?\)")
_LINK = re.compile(r"\[([^\]]*)\]\((?:<[^>]*>|(?:[^()\s]|\([^()]*\))*)(?:\s+\"[^\"]*\")?\)")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>\s]+)>")  # shown as its address
_REF_DEF = re.compile(r"^\s*\[[^\]]+\]:\s+\S+.*$", re.M)
_BREAK = re.compile(r"<br\s*/?>", re.I)
_SCRIPT_TAG = re.compile(r"</?su[bp]>", re.I)  # joined as in the page: x<sup>2</sup> is x2


@dataclass(frozen=True, slots=True)
class Page:
    id: str
    url: str
    type: str
    html: str
    main_content: str
    with_snippets: tuple[str, ...]
    without_snippets: tuple[str, ...]

    @property
    def split(self) -> str:
        return "dev" if int(hashlib.sha1(self.id.encode()).hexdigest(), 16) % 2 == 0 else "holdout"


def load_pages(bench: Path = BENCH) -> Iterator[Page]:
    if not (bench / "ground-truth").is_dir():  # (a run on no pages would report nothing)
        raise FileNotFoundError(f"no WCXB bench at {bench}")
    for gt_path in sorted((bench / "ground-truth").glob("*.json")):
        gt = json.loads(gt_path.read_text(encoding="utf-8"))
        html_path = bench / "html" / f"{gt_path.stem}.html.gz"
        html = gzip.decompress(html_path.read_bytes()).decode("utf-8", errors="replace")
        truth = gt["ground_truth"]
        yield Page(
            id=gt_path.stem,
            url=gt.get("url") or f"https://example.com/{gt_path.stem}",
            type=gt["_internal"]["page_type"]["primary"],
            html=html,
            main_content=truth.get("main_content") or "",
            with_snippets=tuple(truth.get("with") or ()),
            without_snippets=tuple(truth.get("without") or ()),
        )


def markdown_to_text(md: str) -> str:
    md = _IMAGE.sub(r"\1", md)
    md = _LINK.sub(r"\1", md)
    md = _AUTOLINK.sub(r" \1 ", md)
    md = _SCRIPT_TAG.sub("", _BREAK.sub(" ", md))
    return _REF_DEF.sub(" ", md)


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def f1(predicted: str, truth: str) -> tuple[float, float, float]:
    """(precision, recall, F1) of bags of words."""
    pred, gold = Counter(tokens(predicted)), Counter(tokens(truth))
    if not pred and not gold:
        return 1.0, 1.0, 1.0
    if not pred or not gold:
        return 0.0, 0.0, 0.0
    overlap = sum((pred & gold).values())
    p, r = overlap / sum(pred.values()), overlap / sum(gold.values())
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def _joined(text: str) -> str:
    return " " + " ".join(tokens(text)) + " "


# The benchmark cut long snippets at this many characters, often inside a word ("...and whe"):
# whole-word matching can never find those, not even in the ground truth's own text.
SNIPPET_CUT = 80


def _snippet_in(snippet: str, text: str, cut_words: bool) -> bool:
    joined = _joined(snippet)
    if cut_words and len(snippet) == SNIPPET_CUT:
        joined = joined.rstrip()  # the last word may be the start of a longer one
    return joined in text


def snippet_rates(
    predicted: str, page: Page, *, cut_words: bool = False
) -> tuple[bool | None, bool | None]:
    """(every ``with`` snippet present, no ``without`` snippet present); None when none given.

    ``cut_words``: read the last word of a snippet cut at ``SNIPPET_CUT`` characters as a prefix.
    """
    text = _joined(predicted)
    with_ok = (
        all(_snippet_in(s, text, cut_words) for s in page.with_snippets if tokens(s))
        if page.with_snippets
        else None
    )
    without_ok = (
        not any(_joined(s) in text for s in page.without_snippets if tokens(s))
        if page.without_snippets
        else None
    )
    return with_ok, without_ok

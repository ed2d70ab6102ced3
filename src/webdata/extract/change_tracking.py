"""The ``changeTracking`` result: a page's markdown compared with the previous tracked scrape.

Pure. ``changeStatus``:

* ``removed``: the page answers 404 or 410 now;
* ``new``: no previous tracked scrape, or the previous one found the page gone;
* ``same`` / ``changed``: the markdown compared line by line, ignoring trailing blanks and runs
  of empty lines (re-rendering noise, not content).

The ``git-diff`` mode adds a unified diff of the markdown (``--- previous`` / ``+++ current``
headers, three lines of context) when the page changed, else ``diff`` is null.
"""

from __future__ import annotations

import difflib
from datetime import UTC, datetime
from typing import Any, Protocol

GONE_STATUSES = frozenset({404, 410})


class Previous(Protocol):
    """The previous tracked scrape (``store.history.Snapshot`` is one)."""

    @property
    def scraped_at(self) -> datetime: ...
    @property
    def status_code(self) -> int: ...
    @property
    def markdown(self) -> str: ...


def _lines(markdown: str) -> list[str]:
    out: list[str] = []
    for line in markdown.strip().splitlines():
        line = line.rstrip()
        if line or (out and out[-1]):
            out.append(line)
    return out


def git_diff(previous: str, current: str) -> str:
    """A unified diff from ``previous`` to ``current`` markdown ('' when equal)."""
    lines = difflib.unified_diff(
        previous.splitlines(), current.splitlines(), "previous", "current", lineterm=""
    )
    return "\n".join(lines)


def iso(moment: datetime) -> str:
    """UTC, milliseconds, ``Z``: the form the API uses for timestamps."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def compare(
    previous: Previous | None,
    markdown: str,
    status_code: int,
    *,
    git_diff_mode: bool = False,
    visibility: str = "visible",
) -> dict[str, Any]:
    """The ``data.changeTracking`` object of this scrape."""
    if status_code in GONE_STATUSES:
        status = "removed"
    elif previous is None or previous.status_code in GONE_STATUSES:
        status = "new"
    elif _lines(previous.markdown) == _lines(markdown):
        status = "same"
    else:
        status = "changed"
    out: dict[str, Any] = {
        "previousScrapeAt": iso(previous.scraped_at) if previous is not None else None,
        "changeStatus": status,
        "visibility": visibility,
    }
    if git_diff_mode:
        changed = status == "changed"
        out["diff"] = git_diff(previous.markdown, markdown) if changed and previous else None
    return out

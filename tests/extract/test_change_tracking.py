"""changeTracking statuses and the git-style diff, on plain values."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from webdata.extract.change_tracking import compare, git_diff

AT = datetime(2026, 11, 20, 8, 30, 15, 123456, tzinfo=UTC)


@dataclass(frozen=True)
class Prev:
    scraped_at: datetime
    status_code: int
    markdown: str


def test_first_scrape_is_new() -> None:
    out = compare(None, "# Hello", 200)
    assert out == {"previousScrapeAt": None, "changeStatus": "new", "visibility": "visible"}


def test_same_ignores_trailing_blanks_and_blank_runs() -> None:
    prev = Prev(AT, 200, "# Title\n\nPara one.\n\nPara two.")
    out = compare(prev, "# Title   \n\n\n\nPara one.\n\nPara two.\n", 200, git_diff_mode=True)
    assert out["changeStatus"] == "same"
    assert out["previousScrapeAt"] == "2026-11-20T08:30:15.123Z"
    assert out["diff"] is None


def test_changed_with_a_diff_that_patch_applies(tmp_path: Path) -> None:
    before = "# Prices\n\n- Tea: 3 EUR\n- Coffee: 4 EUR\n- Cake: 5 EUR\n"
    after = "# Prices\n\n- Tea: 3 EUR\n- Coffee: 4.50 EUR\n- Cake: 5 EUR\n- Juice: 3 EUR\n"
    out = compare(Prev(AT, 200, before), after, 200, git_diff_mode=True)
    assert out["changeStatus"] == "changed"
    diff = out["diff"]
    assert diff.startswith("--- previous\n+++ current\n@@ ")
    assert "-- Coffee: 4 EUR" in diff and "+- Coffee: 4.50 EUR" in diff and "+- Juice" in diff
    # A real tool reads it: `patch` turns the previous markdown into the current one.
    target = tmp_path / "page.md"
    target.write_text(before)
    subprocess.run(["patch", str(target)], input=diff + "\n", text=True, check=True)
    assert target.read_text() == after


def test_no_diff_key_without_the_mode() -> None:
    out = compare(Prev(AT, 200, "a"), "b", 200)
    assert out["changeStatus"] == "changed" and "diff" not in out


def test_gone_pages_are_removed_and_come_back_new() -> None:
    assert compare(Prev(AT, 200, "a"), "Not found", 404)["changeStatus"] == "removed"
    assert compare(Prev(AT, 200, "a"), "Gone", 410)["changeStatus"] == "removed"
    assert compare(None, "Not found", 404)["changeStatus"] == "removed"
    back = compare(Prev(AT, 404, "Not found"), "a", 200)
    assert back["changeStatus"] == "new" and back["previousScrapeAt"] is not None


def test_git_diff_of_equal_texts_is_empty() -> None:
    assert git_diff("a\nb", "a\nb") == ""

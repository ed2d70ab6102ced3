"""Markdown fidelity as a contract: each ``golden/NAME.html`` must convert to ``NAME.md``.

The input goes through the public content pipeline (``process_html`` with the whole page,
no main-content detection), so cleaning, code languages, absolute URLs and the converter are
all covered. ``WEBDATA_UPDATE_GOLDEN=1`` rewrites the ``.md`` files from today's output;
read every rewritten golden by hand: a golden is what a demanding reader wants, not whatever
the converter printed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from webdata.content.pipeline import ContentOptions, process_html

GOLDEN = Path(__file__).parent / "golden"
URL = "https://example.test/page"
UPDATE = os.environ.get("WEBDATA_UPDATE_GOLDEN") == "1"
CASES = sorted(p.stem for p in GOLDEN.glob("*.html"))
# Cases whose golden is right but which the content stage cannot produce yet, and why.
KNOWN_GAPS: dict[str, str] = {}


def convert(name: str) -> str:
    html = (GOLDEN / f"{name}.html").read_text(encoding="utf-8")
    result = process_html(html, URL, ContentOptions(only_main_content=False))
    assert result.markdown is not None
    return result.markdown


def test_enough_cases() -> None:
    assert len(CASES) >= 40
    assert not [n for n in CASES if not (GOLDEN / f"{n}.md").exists()] or UPDATE


@pytest.mark.parametrize("name", CASES)
def test_golden(name: str, request: pytest.FixtureRequest) -> None:
    if name in KNOWN_GAPS:  # hand-written golden: never overwritten, must start passing
        request.applymarker(pytest.mark.xfail(reason=KNOWN_GAPS[name], strict=True))
    out = convert(name)
    expected_path = GOLDEN / f"{name}.md"
    if UPDATE and name not in KNOWN_GAPS:
        expected_path.write_text(out + "\n", encoding="utf-8")
        return
    expected = expected_path.read_text(encoding="utf-8")
    assert out == expected.removesuffix("\n")

"""Text encoded twice (UTF-8 bytes read as Windows-1252) is read back in the markdown."""

from __future__ import annotations

import time

from tests.content.pages import page_markdown
from webdata.content.mojibake import repair_mojibake

URL = "https://cases.example.com/products/leather-case"


def test_doubly_encoded_letters_quotes_and_signs_are_read_back() -> None:
    body = (
        "<main><h1>Leather Case</h1><p>A 360Â° bumper that absorbs shock; we donâ€™t "
        "skimp on the leather, hand-tanned in a cafÃ© of a tannery â€” the finest.</p></main>"
    )
    md = page_markdown(body, URL)
    assert "360° bumper" in md and "don\u2019t" in md and "café" in md and "tannery — the" in md
    assert "Â" not in md and "â€" not in md


def test_a_lone_pair_and_german_quotes_stay() -> None:
    # one run alone may be meant; "ß" before a closing quote is a pair of the same shape
    lone = "<main><h1>Case</h1><p>The FORMÂ© label is printed on the box.</p></main>"
    assert "FORMÂ© label" in page_markdown(lone, URL)
    german = "Der „Fuß“, der „Spaß“ und das „Maß“: drei Wörter im Text."
    assert repair_mojibake(german) == german


def test_the_runs_are_found_in_linear_time_on_hostile_text() -> None:
    start = time.process_time()  # CPU, not wall time: CI machines are shared
    for hostile in ("Â" * 50_000, "â" * 50_000, "Ã©" * 25_000, "â€" * 25_000 + "x"):
        repair_mojibake(hostile)
    assert time.process_time() - start < 2

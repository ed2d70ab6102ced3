"""PII redaction quality and speed: precision and recall per entity and per mode on the labelled
fixtures (``tests/extract/fixtures/pii``), and milliseconds per KB of text. Prints JSON.

    .venv/bin/python benchmarks/pii.py [--ner spacy[:MODEL]] [--repeat N] [--pages N]

``--pages N`` adds what the ``redactPII`` stage costs a scrape: the first N pages of the WCXB
slice through the content pipeline (markdown and html), then ``scrape.pii_stage``'s page pass
per mode, against the pipeline's own time on the same pages.

Scoring: a predicted span is a true positive when a label has the same entity and exactly the
same offsets (``strict``), or the same entity and any overlap (``overlap``). Every label counts
in every mode, so PERSON and LOCATION recall is 0 in ``fast`` by design. With ``--ner`` an
installed spaCy pipeline is used as the NER backend of accurate and aggressive modes (spaCy is
not a dependency of webdata; see ``webdata.extract.pii.load_spacy_ner``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tests.extract.pii_pages import realistic_page

from webdata.extract.pii import ENTITIES, MODES, NerBackend, detect, load_spacy_ner, redact

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "extract" / "fixtures" / "pii"

Label = tuple[str, int, int]


def load_fixtures(only: str | None = None) -> list[tuple[str, list[Label]]]:
    """(text, ground-truth labels) per case; the fixtures' expected-mode notes are ignored."""
    cases: list[tuple[str, list[Label]]] = []
    for path in sorted(FIXTURES.glob("*.json")):
        if only is not None and path.stem != only:
            continue
        for raw in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            text = raw["text"]
            labels: list[Label] = []
            for label in raw["pii"]:
                start = -1
                for _ in range(label.get("nth", 0) + 1):
                    start = text.index(label["match"], start + 1)
                labels.append((label["entity"], start, start + len(label["match"])))
            cases.append((text, labels))
    return cases


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 3) if b else None


def _scores(tp: int, fp: int, fn: int) -> dict[str, Any]:
    precision = _ratio(tp, tp + fp)
    recall = _ratio(tp, tp + fn)
    f1 = round(2 * precision * recall / (precision + recall), 3) if precision and recall else None
    return {"tp": tp, "fp": fp, "fn": fn, "precision": precision, "recall": recall, "f1": f1}


def evaluate(
    cases: list[tuple[str, list[Label]]], mode: str, ner: NerBackend | None
) -> dict[str, Any]:
    strict = {e: [0, 0, 0] for e in sorted(ENTITIES)}  # tp, fp, fn
    overlap = {e: [0, 0, 0] for e in sorted(ENTITIES)}
    for text, labels in cases:
        predicted = [(s.entity, s.start, s.end) for s in detect(text, mode=mode, ner=ner)]
        truth = set(labels)
        for entity, start, end in predicted:
            strict[entity][0 if (entity, start, end) in truth else 1] += 1
            hit = any(e == entity and s < end and start < x for e, s, x in labels)
            overlap[entity][0 if hit else 1] += 1
        found = set(predicted)
        for entity, start, end in labels:
            if (entity, start, end) not in found:
                strict[entity][2] += 1
            if not any(e == entity and s < end and start < x for e, s, x in predicted):
                overlap[entity][2] += 1

    def table(counts: dict[str, list[int]]) -> dict[str, Any]:
        out: dict[str, Any] = {e: _scores(*c) for e, c in counts.items()}
        out["ALL"] = _scores(*(sum(c[i] for c in counts.values()) for i in range(3)))
        return out

    return {"strict": table(strict), "overlap": table(overlap)}


def speed(text: str, mode: str, ner: NerBackend | None, repeat: int) -> dict[str, Any]:
    redact(text[:10_000], mode=mode, ner=ner)  # warm-up: lazy data files and regex caches
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        redact(text, mode=mode, ner=ner)
        runs.append(time.perf_counter() - start)
    best = min(runs)
    kb = len(text.encode("utf-8")) / 1024
    return {
        "kb": round(kb, 1),
        "ms_median": round(statistics.median(runs) * 1000, 1),
        "ms_per_kb": round(best * 1000 / kb, 4),
    }


def stage_cost(pages: int) -> dict[str, Any]:
    """Milliseconds of the page pass of ``redactPII`` (markdown + html) per real page."""
    from benchmarks.wcxb import load_pages
    from webdata.content.pipeline import ContentOptions, process_html
    from webdata.extract.pii_outputs import PiiOptions
    from webdata.scrape.pii_stage import _redact_page_fields

    options = ContentOptions(want_markdown=True, want_html=True)
    done: list[dict[str, Any]] = []
    pipeline_ms: list[float] = []
    for page in load_pages():
        if len(done) == pages:
            break
        start = time.perf_counter()
        result = process_html(page.html, page.url, options)
        pipeline_ms.append((time.perf_counter() - start) * 1000)
        done.append({"markdown": result.markdown, "html": result.html})
    report: dict[str, Any] = {
        "pages": len(done),
        "content_pipeline_ms_p50": round(statistics.median(pipeline_ms), 2),
    }
    for mode in MODES:
        took: list[float] = []
        for fields in done:
            copy = dict(fields)
            start = time.perf_counter()
            _redact_page_fields(copy, PiiOptions(mode=mode))
            took.append((time.perf_counter() - start) * 1000)
        took.sort()
        report[mode] = {
            "ms_p50": round(statistics.median(took), 2),
            "ms_p95": round(took[int(len(took) * 0.95) - 1], 2),
            "ratio_to_pipeline_p50": round(
                statistics.median(took) / report["content_pipeline_ms_p50"], 2
            ),
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ner", help="spacy or spacy:MODEL (an installed spaCy pipeline)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pages", type=int, default=0, help="WCXB pages for the stage cost")
    args = parser.parse_args()

    runs: list[tuple[str, str, NerBackend | None]] = [(m, m, None) for m in MODES]
    ner_info: dict[str, Any] | None = None
    if args.ner:
        kind, _, model = args.ner.partition(":")
        if kind != "spacy":
            parser.error("--ner supports spacy[:MODEL]")
        backend = load_spacy_ner(model or "en_core_web_sm")
        if backend is None:
            parser.error(f"spaCy or the model {model or 'en_core_web_sm'!r} is not installed")
        ner_info = {"backend": "spacy", "model": model or "en_core_web_sm"}
        runs += [(f"{m}+ner", m, backend) for m in ("accurate", "aggressive")]

    cases = load_fixtures()
    # The realistic snippets were written without tuning the recognisers to them; the other
    # files were written alongside the recognisers, so their scores flatter the engine.
    realistic = load_fixtures("realistic")
    fixture_text = "\n\n".join(text for text, _ in cases)
    fixture_corpus = (fixture_text + "\n\n") * max(1, 200_000 // len(fixture_text))
    page = realistic_page(1_000_000)
    report: dict[str, Any] = {
        "fixtures": {
            "cases": len(cases),
            "realistic_cases": len(realistic),
            "labels": sum(len(labels) for _, labels in cases),
            "non_pii_cases": sum(1 for _, labels in cases if not labels),
        },
        "ner": ner_info,
        "quality": {},
        "quality_realistic_only": {},
        "speed": {},
    }
    for name, mode, ner in runs:
        report["quality"][name] = evaluate(cases, mode, ner)
        report["quality_realistic_only"][name] = evaluate(realistic, mode, ner)["strict"]
        report["speed"][name] = {
            "fixtures_x": speed(fixture_corpus, mode, ner, args.repeat),
            "release_notes_1mb": speed(page, mode, ner, args.repeat),
        }
    if args.pages:
        report["stage_cost_wcxb"] = stage_cost(args.pages)
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

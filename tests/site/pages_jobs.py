"""Pages for job tests: ``/jobs/<group>/<n>?delay=<s>`` answers after ``delay`` seconds and
counts, per group, its visits and the most requests it had in flight at once;
``/jobs/<group>/stats`` tells them (how many pages of a batch ran at once)."""

from __future__ import annotations

import asyncio
from collections import Counter

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

_in_flight: Counter[str] = Counter()
_most: Counter[str] = Counter()
_hits: Counter[str] = Counter()


async def page(request: Request) -> Response:
    group, n = request.path_params["group"], request.path_params["n"]
    _hits[f"{group}/{n}"] += 1
    _in_flight[group] += 1
    _most[group] = max(_most[group], _in_flight[group])
    try:
        await asyncio.sleep(min(float(request.query_params.get("delay", "0")), 30))
    finally:
        _in_flight[group] -= 1
    return HTMLResponse(
        f"<html><head><title>Job page {n}</title></head><body><main><article>"
        f"<h1>Page {n} of {group}</h1><p>This is page number {n} of the batch.</p>"
        "</article></main></body></html>"
    )


async def stats(request: Request) -> Response:
    group = request.path_params["group"]
    hits = {k.split("/", 1)[1]: v for k, v in _hits.items() if k.startswith(f"{group}/")}
    return JSONResponse({"most_in_flight": _most[group], "hits": hits})


routes = [
    Route("/jobs/{group}/stats", stats),
    Route("/jobs/{group}/{n}", page),
]

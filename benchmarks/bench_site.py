"""The WCXB pages at ``/<id>``, for the API throughput run (uvicorn benchmarks.bench_site:app)."""

from __future__ import annotations

import gzip

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from benchmarks.wcxb import BENCH

PAGES = {
    p.name.removesuffix(".html.gz"): gzip.decompress(p.read_bytes())
    for p in (BENCH / "html").glob("*.html.gz")
}


async def page(request: Request) -> Response:
    body = PAGES.get(request.path_params["id"])
    if body is None:
        return PlainTextResponse("not found", status_code=404)
    return HTMLResponse(body)


app = Starlette(routes=[Route("/{id}", page)])

"""Pages under ``/changing/<name>`` whose content the tests set, and which count their visits.

``POST /changing/<name>/set`` with ``{"status": 200, "text": "..."}`` sets what the page
answers (default: 200 and a fixed article); ``GET /changing/<name>/hits`` tells how many times
the page was fetched. ``?delay=<seconds>`` on the page makes it slow (concurrency tests).
"""

from __future__ import annotations

import asyncio
from collections import Counter

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

_pages: dict[str, tuple[int, str]] = {}
_hits: Counter[str] = Counter()

DEFAULT_TEXT = "The first version of this page.\nIt has two paragraphs of plain text."


def _html(name: str, status: int, text: str) -> str:
    paragraphs = "".join(f"<p>{line}</p>" for line in text.splitlines() if line)
    return (
        f"<html><head><title>Changing {name}</title></head><body>"
        f"<nav><a href='/'>Home</a></nav><main><article><h1>Page {name} ({status})</h1>"
        f"{paragraphs}</article></main></body></html>"
    )


async def page(request: Request) -> Response:
    name = request.path_params["name"]
    _hits[name] += 1
    delay = float(request.query_params.get("delay", "0"))
    if delay:
        await asyncio.sleep(min(delay, 10))
    status, text = _pages.get(name, (200, DEFAULT_TEXT))
    return HTMLResponse(_html(name, status, text), status_code=status)


async def set_page(request: Request) -> Response:
    body = await request.json()
    name = request.path_params["name"]
    _pages[name] = (int(body.get("status", 200)), str(body.get("text", DEFAULT_TEXT)))
    return JSONResponse({"ok": True})


async def hits(request: Request) -> Response:
    return JSONResponse({"hits": _hits[request.path_params["name"]]})


routes = [
    Route("/changing/{name}/set", set_page, methods=["POST"]),
    Route("/changing/{name}/hits", hits),
    Route("/changing/{name}", page),
]

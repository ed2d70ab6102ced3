"""Pages under ``/profiles/`` for browser profiles: one stores a value in a cookie (set by
JavaScript and by the server) and in local storage, another shows what the browser sends and
holds, and a slow page records when a browser reached it."""

from __future__ import annotations

import asyncio
import html
import json

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

# Tokens a slow page was requested with (the tests wait for a scrape to be under way).
_SEEN: set[str] = set()

SET = """<!doctype html><html><head><title>Profile set</title></head><body>
<main><h1>Profile set</h1><p id="out">setting</p></main>
<script>
const v = __VALUE__;
document.cookie = 'jscookie=' + v + '; path=/; max-age=86400';
localStorage.setItem('localvalue', v);
document.getElementById('out').textContent = 'profile stored ' + v;
</script></body></html>"""

READ = """<!doctype html><html><head><title>Profile read</title></head><body>
<main><h1>Profile read</h1>
<p>server cookie: __SERVER__</p>
<p id="js">js cookie: pending</p>
<p id="local">local storage: pending</p>
</main>
<script>
const jar = Object.fromEntries(document.cookie.split('; ').filter(Boolean).map(c => c.split('=')));
document.getElementById('js').textContent = 'js cookie: ' + (jar.jscookie || 'none');
document.getElementById('local').textContent =
  'local storage: ' + (localStorage.getItem('localvalue') || 'none');
</script></body></html>"""


async def set_values(request: Request) -> HTMLResponse:
    value = request.query_params.get("v", "")
    body = SET.replace("__VALUE__", json.dumps(value).replace("<", "\\u003c"))
    response = HTMLResponse(body)
    # A server cookie the page's script cannot see.
    response.set_cookie("servercookie", value, max_age=86400, httponly=True, path="/")
    return response


async def read_values(request: Request) -> HTMLResponse:
    server = request.cookies.get("servercookie") or "none"
    return HTMLResponse(READ.replace("__SERVER__", html.escape(server)))


async def slow(request: Request) -> HTMLResponse:
    """Answers after ``ms`` milliseconds; ``v`` also stores a value, like ``/profiles/set``."""
    token = request.query_params.get("token", "")
    if token:
        _SEEN.add(token)
    await asyncio.sleep(int(request.query_params.get("ms", "1000")) / 1000)
    return await set_values(request)


async def seen(request: Request) -> JSONResponse:
    return JSONResponse({"seen": request.query_params.get("token", "") in _SEEN})


routes = [
    Route("/profiles/set", set_values),
    Route("/profiles/read", read_values),
    Route("/profiles/slow", slow),
    Route("/profiles/seen", seen),
]

"""Pages under ``/browser/`` that only make sense in a browser: JS-rendered apps, late content,
forms and lists for actions, pages that never settle, and pages that report what they see."""

from __future__ import annotations

import asyncio
import html
import json
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

ARTICLE = (
    "Rendered by JavaScript: the terrace garden holds basil, thyme and rosemary in clay pots. "
    "Water them in the early morning, turn the pots each week so every side gets sun, and "
    "pinch the basil flowers so the leaves stay sweet. SPA_RENDERED_MARKER"
)

SPA = """<!doctype html><html><head><title>App</title></head><body>
<div id="root"></div>
<script>
fetch('/browser/api/article').then(r => r.json()).then(data => {
  const root = document.getElementById('root');
  root.innerHTML = '<main><h1>' + data.title + '</h1><p>' + data.body + '</p></main>';
  document.title = data.title;
});
</script></body></html>"""

NOSCRIPT = """<!doctype html><html><head><title>Needs JS</title></head><body>
<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="mount"></div>
<script>
document.getElementById('mount').innerHTML =
  '<article><h1>Noscript app</h1><p>NOSCRIPT_APP_RENDERED with enough words to be real content for '
  + 'the reader, about watering, sunlight, soil and the other things plants need.</p></article>';
</script></body></html>"""

LATE = """<!doctype html><html><head><title>Late</title></head><body>
<main><h1>Late page</h1><p>The first paragraph is here from the start, plain HTML.</p>
<div id="late"></div></main>
<script>
setTimeout(() => {
  document.getElementById('late').innerHTML = '<p>LATE_CONTENT_ARRIVED</p>';
}, __MS__);
</script></body></html>"""

ACTIONS = """<!doctype html><html><head><title>Actions</title>
<style>
  body { margin: 0; font-family: sans-serif; }
  #tall { height: 3000px; background: linear-gradient(#fff, #9cf); }
  #box { height: 100px; overflow-y: scroll; }
  #box div { height: 60px; }
</style></head><body>
<main>
<h1>Actions playground</h1>
<button id="more">More</button>
<ul id="list"><li class="item">one</li><li class="item">two</li><li class="item">three</li></ul>
<p id="clicks">clicks: 0</p>
<input id="q" type="text" placeholder="search">
<p id="typed"></p>
<p id="keys"></p>
<p id="scroll">scrolled: 0</p>
<div id="box"><div>a</div><div>b</div><div>c</div><div>d</div><div>e</div></div>
<p id="boxscroll">box: 0</p>
<div id="tall">tall content</div>
</main>
<script>
let clicks = 0;
document.querySelectorAll('.item').forEach(el => el.addEventListener('click', () => {
  clicks += 1; el.textContent += ' clicked';
  document.getElementById('clicks').textContent = 'clicks: ' + clicks;
}));
document.getElementById('more').addEventListener('click', () => {
  const li = document.createElement('li'); li.textContent = 'MORE_ITEM_ADDED';
  document.getElementById('list').appendChild(li);
});
document.getElementById('q').addEventListener('input', e => {
  document.getElementById('typed').textContent = 'typed: ' + e.target.value;
});
document.addEventListener('keydown', e => {
  document.getElementById('keys').textContent += 'key:' + e.key + ' ';
});
window.addEventListener('scroll', () => {
  document.getElementById('scroll').textContent = 'scrolled: ' + Math.round(window.scrollY);
});
document.getElementById('box').addEventListener('scroll', e => {
  document.getElementById('boxscroll').textContent = 'box: ' + Math.round(e.target.scrollTop);
});
</script></body></html>"""

NEVER_SETTLES = """<!doctype html><html><head><title>Busy</title></head><body>
<p id="tick">0</p>
<script>
let n = 0;
setInterval(() => { document.getElementById('tick').textContent = String(++n); }, 30);
</script></body></html>"""

ENV = """<!doctype html><html><head><title>Environment</title></head><body>
<main><h1>Environment</h1><pre id="env"></pre></main>
<script>
document.getElementById('env').textContent = 'ENV' + JSON.stringify({
  ua: navigator.userAgent,
  width: window.innerWidth,
  screen: screen.width,
  dpr: window.devicePixelRatio,
  touch: 'ontouchstart' in window,
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  language: navigator.language,
  cookie: document.cookie,
}) + 'END';
</script></body></html>"""

LOADS = """<!doctype html><html><head><title>Loads</title></head><body>
<main><h1>Loads a sub-resource</h1><p id="result">pending</p></main>
<script>
fetch(__TARGET__).then(
  r => { document.getElementById('result').textContent = 'LOADED ' + r.status; },
  e => { document.getElementById('result').textContent = 'FETCH_FAILED'; }
);
</script></body></html>"""

# Renders in stages, each after the previous one: a fetch, then after a timer (``gap`` ms) a
# second fetch, then after another timer a last render with no request at all. Only a page
# that waited for all of them holds STAGED_COMPLETE.
STAGED = """<!doctype html><html><head><title>Staged</title></head><body>
<main><h1>Staged page</h1><p id="s1">stage one pending</p><p id="s2"></p><p id="s3"></p></main>
<script>
const gap = __GAP__;
const put = (id, text) => { document.getElementById(id).textContent = text; };
fetch('/browser/api/part?n=1').then(r => r.json()).then(one => {
  put('s1', one.text);
  setTimeout(() => {
    fetch('/browser/api/part?n=2').then(r => r.json()).then(two => {
      put('s2', two.text);
      requestAnimationFrame(() => setTimeout(() => put('s3', 'STAGED_COMPLETE'), gap));
    });
  }, gap);
});
</script></body></html>"""

# Holds ``mb`` MiB of touched memory in the page's renderer for as long as the page is open.
MEMORY = """<!doctype html><html><head><title>Memory</title></head><body>
<main><h1>Memory hog</h1><p id="out">pending</p></main>
<script>
const size = __MB__ * 1024 * 1024;
const block = new Uint8Array(size);
for (let i = 0; i < size; i += 4096) block[i] = 1;
window.__hog = block;
document.getElementById('out').textContent = 'MEMORY_ALLOCATED ' + size;
</script></body></html>"""

# Renders what a request that stays open sends first: an event stream (``kind=events``) or a
# long-poll fetch that answers only after ``LONG_POLL_S`` (``kind=poll``). The smart wait must
# not wait for either to end.
BACKGROUND = """<!doctype html><html><head><title>Live</title></head><body>
<main><h1>Live page</h1><p>BACKGROUND_PAGE_BODY</p><p id="live">waiting</p></main>
<script>
if ('__KIND__' === 'events') {
  const source = new EventSource('/browser/api/events');
  source.onmessage = (e) => { document.getElementById('live').textContent = e.data; };
} else {
  fetch('/browser/api/long-poll').then(r => r.text()).then(t => {
    document.getElementById('live').textContent = t;
  });
}
</script></body></html>"""
LONG_POLL_S = 6.0


async def spa(_: Request) -> HTMLResponse:
    return HTMLResponse(SPA)


async def article(_: Request) -> JSONResponse:
    await asyncio.sleep(0.05)  # the data arrives after load, as from a real API
    return JSONResponse({"title": "Terrace Herbs", "body": ARTICLE})


async def staged(request: Request) -> HTMLResponse:
    gap = int(request.query_params.get("gap", "150"))
    return HTMLResponse(STAGED.replace("__GAP__", str(gap)))


async def part(request: Request) -> JSONResponse:
    await asyncio.sleep(0.05)
    n = request.query_params.get("n", "1")
    return JSONResponse({"text": f"STAGE_{n}_RENDERED"})


async def memory(request: Request) -> HTMLResponse:
    mb = int(request.query_params.get("mb", "100"))
    return HTMLResponse(MEMORY.replace("__MB__", str(mb)))


async def background(request: Request) -> HTMLResponse:
    kind = request.query_params.get("kind", "events")
    return HTMLResponse(BACKGROUND.replace("__KIND__", "poll" if kind == "poll" else "events"))


async def events(_: Request) -> StreamingResponse:
    async def stream() -> AsyncIterator[bytes]:
        for n in range(int(LONG_POLL_S)):  # ends by itself, or when the page goes away
            yield f"data: EVENT_{n}\n\n".encode()
            await asyncio.sleep(1)

    return StreamingResponse(stream(), media_type="text/event-stream")


async def long_poll(_: Request) -> Response:
    await asyncio.sleep(LONG_POLL_S)
    return Response("LONG_POLL_ANSWERED", media_type="text/plain")


async def noscript(_: Request) -> HTMLResponse:
    return HTMLResponse(NOSCRIPT)


async def late(request: Request) -> HTMLResponse:
    ms = int(request.query_params.get("ms", "600"))
    return HTMLResponse(LATE.replace("__MS__", str(ms)))


async def actions(_: Request) -> HTMLResponse:
    return HTMLResponse(ACTIONS)


async def never_settles(_: Request) -> HTMLResponse:
    return HTMLResponse(NEVER_SETTLES)


async def env(request: Request) -> HTMLResponse:
    headers = {
        "X-Seen-Accept-Language": request.headers.get("accept-language", ""),
        "X-Seen-User-Agent": request.headers.get("user-agent", ""),
        "X-Seen-Custom": request.headers.get("x-custom", ""),
    }
    seen = html.escape(json.dumps({"cookie": request.headers.get("cookie", ""), **headers}))
    body = ENV.replace("</main>", f"<p id='server'>SERVER{seen}SAW</p></main>")
    return HTMLResponse(body, headers=headers)


async def loads(request: Request) -> HTMLResponse:
    target = request.query_params.get("target", "")
    return HTMLResponse(LOADS.replace("__TARGET__", repr(target)))


async def redirect(request: Request) -> RedirectResponse:
    return RedirectResponse(request.query_params.get("to", "/browser/spa"), status_code=302)


async def plain_text(_: Request) -> Response:
    return Response("just text, no page", media_type="text/plain")


routes = [
    Route("/browser/spa", spa),
    Route("/browser/api/article", article),
    Route("/browser/staged", staged),
    Route("/browser/api/part", part),
    Route("/browser/memory", memory),
    Route("/browser/background", background),
    Route("/browser/api/events", events),
    Route("/browser/api/long-poll", long_poll),
    Route("/browser/noscript", noscript),
    Route("/browser/late", late),
    Route("/browser/actions", actions),
    Route("/browser/never-settles", never_settles),
    Route("/browser/env", env),
    Route("/browser/loads", loads),
    Route("/browser/redirect", redirect),
    Route("/browser/plain.txt", plain_text),
]

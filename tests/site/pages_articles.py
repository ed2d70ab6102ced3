"""Article-like pages: a realistic blog post, a ~100 KB long read, and a slow page."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

PIXEL = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
    "+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)

ARTICLE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Growing Tomatoes on a Balcony</title>
<meta name="description" content="A practical guide to balcony tomatoes.">
<meta name="keywords" content="tomatoes, balcony, gardening">
<meta name="robots" content="index, follow">
<meta property="og:title" content="Balcony Tomatoes">
<meta property="og:description" content="OG description of balcony tomatoes">
<meta property="og:image" content="/img/og.jpg">
<meta property="og:locale" content="en_US">
<meta property="og:locale:alternate" content="fr_FR">
<meta property="og:locale:alternate" content="de_DE">
<meta property="article:tag" content="garden">
<meta property="article:tag" content="vegetables">
<meta name="twitter:card" content="summary_large_image">
<link rel="icon" href="/favicon.png">
<style>body {{ color: red }}</style>
<script>window.tracking = "SCRIPT_SHOULD_NOT_APPEAR";</script>
</head>
<body>
<header class="site-header"><a href="/">Home</a> <a href="/about">About us</a></header>
<nav class="menu"><ul><li><a href="/articles/one">NAV_LINK_ONE</a></li>
<li><a href="/articles/two">NAV_LINK_TWO</a></li></ul></nav>
<div class="cookie-banner">We use cookies COOKIE_TEXT. <button>Accept</button></div>
<main>
<article>
<h1>Growing Tomatoes on a Balcony</h1>
<p>Tomatoes need <strong>six hours</strong> of sun. Read the
<a href="/guides/sun">sun guide</a> and the
<a href="https://example.org/soil#part">soil page</a>.</p>
<img src="/img/plant-small.jpg" srcset="/img/plant-small.jpg 480w, /img/plant-large.jpg 1200w,
/img/plant-medium.jpg 800w" alt="A tomato plant">
<h2>Containers</h2>
<ul><li>Pick a pot<ul><li>At least 20 litres</li></ul></li><li>Drainage holes</li></ul>
<ol start="3"><li>Third step</li><li>Fourth step</li></ol>
<h3>Soil table</h3>
<table><thead><tr><th>Mix</th><th>Share</th></tr></thead>
<tbody><tr><td>Compost | aged</td><td>50%</td></tr>
<tr><td>Perlite</td><td>20%</td></tr></tbody></table>
<pre><code class="language-python">def water(plant):
    return plant.soak(litres=2)
</code></pre>
<p>A tiny inline image <img src="{PIXEL}" alt="pixel dot"> sits here.</p>
<noscript>NOSCRIPT_TEXT</noscript>
</article>
</main>
<aside class="sidebar">Related: <a href="/articles/peppers">SIDEBAR_PEPPERS</a></aside>
<footer class="site-footer">FOOTER_TEXT &copy; 2026 <a href="mailto:hi@example.org">mail</a>
<a href="javascript:void(0)">js</a></footer>
</body>
</html>
"""

_PARAGRAPH = (
    "<p>Paragraph {i} of the long read discusses soil chemistry, watering schedules and the "
    "way roots respond to <a href='/notes/{i}'>container depth</a>. Gardeners who keep a log "
    "notice patterns across seasons, and the log becomes the most valuable tool they own. "
    "Every entry records temperature, rainfall, feeding and the state of the leaves.</p>"
)


def long_read_html(target_bytes: int = 100_000) -> str:
    """A deterministic article of about ``target_bytes`` with site chrome around it."""
    chrome_nav = "".join(f"<li><a href='/section/{i}'>Section {i}</a></li>" for i in range(60))
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<title>The Long Read</title><meta name='description' content='A long article.'>",
        "<script>var x = 1;</script></head><body>",
        f"<header><nav><ul>{chrome_nav}</ul></nav></header><main><article><h1>The Long Read</h1>",
    ]
    i = 0
    size = sum(len(p) for p in parts)
    while size < target_bytes - 2_000:
        if i % 12 == 0:
            parts.append(f"<h2>Chapter {i // 12 + 1}</h2>")
        chunk = _PARAGRAPH.format(i=i)
        parts.append(chunk)
        size += len(chunk)
        i += 1
    parts.append("</article></main><footer>Footer of the long read</footer></body></html>")
    return "".join(parts)


LONG_READ = long_read_html()
# A page heavy enough to keep the content stage busy for a good while (about 4 MB).
HUGE_READ = long_read_html(4_000_000)


async def article(_: Request) -> Response:
    return HTMLResponse(ARTICLE)


async def long_read(_: Request) -> Response:
    return HTMLResponse(LONG_READ)


async def huge_read(_: Request) -> Response:
    return HTMLResponse(HUGE_READ)


async def slow(request: Request) -> Response:
    await asyncio.sleep(float(request.query_params.get("seconds", "3")))
    return HTMLResponse("<html><body><main><p>finally</p></main></body></html>")


async def not_found(_: Request) -> Response:
    return HTMLResponse(
        "<html><head><title>Missing</title></head><body><main><h1>Page not found</h1>"
        "<p>No tomato here.</p></main></body></html>",
        status_code=404,
    )


async def data_json(_: Request) -> Response:
    return JSONResponse({"name": "tomato", "sun_hours": 6, "tags": ["a", "b"]})


async def plain(_: Request) -> Response:
    return PlainTextResponse("plain text line one\nline two")


async def binary(_: Request) -> Response:
    return Response(bytes(range(256)) * 4, media_type="application/octet-stream")


async def pdf(_: Request) -> Response:
    return Response(b"%PDF-1.4\n% fake minimal pdf body\n%%EOF\n", media_type="application/pdf")


async def no_main(_: Request) -> Response:
    return HTMLResponse(
        "<html><head><title>Plain</title></head><body>"
        "<div class='content'><p>This page has no semantic tags but real text about "
        "tomatoes and peppers that should still be found by the extractor.</p>"
        "<p>A second paragraph keeps going with more words about the garden.</p></div>"
        "</body></html>"
    )


async def moved(_: Request) -> Response:
    return RedirectResponse("/articles/tomatoes", status_code=301)


async def echo_headers(request: Request) -> Response:
    return JSONResponse(dict(request.headers))


routes = [
    Route("/articles/moved", moved),
    Route("/echo/headers", echo_headers),
    Route("/articles/tomatoes", article),
    Route("/articles/long", long_read),
    Route("/articles/slow", slow),
    Route("/articles/huge", huge_read),
    Route("/articles/missing", not_found),
    Route("/articles/plain-div", no_main),
    Route("/files/data.json", data_json),
    Route("/files/plain.txt", plain),
    Route("/files/blob.bin", binary),
    Route("/files/doc.pdf", pdf),
]

"""Anti-bot walls under ``/antibot/``: pages that answer a Cloudflare-like challenge (or a
429) to clients that do not look like Chrome, and the real page to those that do.

Over plain HTTP the TLS fingerprint is invisible, so "looks like Chrome" is judged from what
is: a Chrome user agent without ``HeadlessChrome`` or our own ``webdata`` token, the
``sec-ch-ua`` client hints naming Chromium but not ``HeadlessChrome``, and a navigation's
``sec-fetch-mode``. The HTTP engine fails that test, headless Chromium fails it (its brands),
the enhanced engine and the stealthy browser pass it.
"""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

CHALLENGE_MARK = "CHALLENGE_TEXT_ONLY_ON_THE_WALL"
PASSED_MARK = "You are through to the real article"

CHALLENGE_HTML = f"""<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body>
<div class="main-wrapper"><div class="main-content"><h1>127.0.0.1</h1>
<h2 id="challenge-running">Checking if the site connection is secure</h2>
<p>{CHALLENGE_MARK}: verify you are human by completing the action below.</p>
<div id="cf-chl-widget-a1b2c"></div></div></div>
<script>(function(){{window._cf_chl_opt={{cvId: '3', cZone: '127.0.0.1', cType: 'managed'}};
var a = document.createElement('script');
a.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8f0';
document.getElementsByTagName('head')[0].appendChild(a);}}());</script>
</body></html>"""

ARTICLE_HTML = f"""<!DOCTYPE html><html lang="en"><head><title>Guarded article</title></head>
<body><nav>NAV</nav><main><article><h1>The guarded article</h1>
<p>{PASSED_MARK}. The wall in front of it let a browser-like client in.</p>
<p>Anti-bot services judge clients by their TLS handshake, their headers and their JavaScript
surface; this page only sees the headers.</p></article></main></body></html>"""

# Rendered in the browser: what the page's JavaScript can see of the browser.
FINGERPRINT_HTML = """<!DOCTYPE html><html><head><title>Fingerprint</title></head><body>
<main><h1>Fingerprint</h1><pre id="out">pending</pre></main>
<script>
(async () => {
  const uad = navigator.userAgentData;
  const out = {
    webdriver: navigator.webdriver,
    userAgent: navigator.userAgent,
    brands: uad ? uad.brands.map((b) => b.brand) : null,
    chromium: uad ? (uad.brands.find((b) => b.brand === 'Chromium') || {}).version : null,
    mobile: uad ? uad.mobile : null,
    platform: uad ? uad.platform : null,
    plugins: navigator.plugins.length,
    mimeTypes: navigator.mimeTypes.length,
    pluginName: navigator.plugins.length ? navigator.plugins[0].name : null,
    languages: navigator.languages,
    chrome: typeof window.chrome,
    runtime: typeof (window.chrome && window.chrome.runtime),
    notification: typeof Notification !== 'undefined' ? Notification.permission : null,
    permission: (await navigator.permissions.query({ name: 'notifications' })).state,
    webdriverToString: Object.getOwnPropertyDescriptor(Navigator.prototype, 'webdriver')
      .get.toString(),
  };
  document.getElementById('out').textContent = 'FP:' + JSON.stringify(out);
})();
</script></body></html>"""


def looks_like_chrome(request: Request) -> bool:
    headers = request.headers
    agent = headers.get("user-agent", "")
    hints = headers.get("sec-ch-ua", "")
    return (
        "Chrome/" in agent
        and "HeadlessChrome" not in agent
        and "webdata" not in agent
        and '"Chromium"' in hints
        and "HeadlessChrome" not in hints
        and headers.get("sec-fetch-mode") == "navigate"
    )


def challenge(status: int = 403) -> Response:
    return HTMLResponse(
        CHALLENGE_HTML,
        status_code=status,
        headers={"cf-mitigated": "challenge", "server": "cloudflare", "cf-ray": "8f0-AMS"},
    )


async def guarded(request: Request) -> Response:
    return HTMLResponse(ARTICLE_HTML) if looks_like_chrome(request) else challenge()


async def always(_: Request) -> Response:
    return challenge()


async def rate_limited(request: Request) -> Response:
    if looks_like_chrome(request):
        return HTMLResponse(ARTICLE_HTML)
    return HTMLResponse(
        "<html><head><title>429 Too Many Requests</title></head><body>"
        "<h1>Too Many Requests</h1><p>Slow down.</p></body></html>",
        status_code=429,
        headers={"Retry-After": "30"},
    )


async def slow_wall(request: Request) -> Response:
    """The wall, after a delay: leaves ``auto`` no time to try again."""
    await asyncio.sleep(float(request.query_params.get("seconds", "1")))
    return challenge()


async def fingerprint(_: Request) -> Response:
    return HTMLResponse(FINGERPRINT_HTML)


routes = [
    Route("/antibot/guarded", guarded),
    Route("/antibot/always", always),
    Route("/antibot/rate-limited", rate_limited),
    Route("/antibot/slow-wall", slow_wall),
    Route("/antibot/fingerprint", fingerprint),
]

"""Pages for ``blockAds``: a JS-rendered page that loads scripts, images, XHR and a frame from
ad-like paths, a page served from an ad-like path, and pages with consent pop-ups.

Every request carrying ``?t=TOKEN`` is logged under that token; ``GET /adtest/log?t=TOKEN``
returns the paths the site received for it, so concurrent tests do not see each other's hits.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

# token -> paths received, in order
HITS: defaultdict[str, list[str]] = defaultdict(list)

ARTICLE = (
    "The allotment diary: the broad beans went in on a cold March morning, two rows of twenty, "
    "with a net against the pigeons. By May the first pods were fat enough to pick, and the "
    "runner beans were already climbing their canes. ADTEST_CONTENT_RENDERED"
)
CONSENT_ARTICLE = (
    "Sourdough at home: feed the starter the night before, mix the dough in the morning, fold "
    "it four times half an hour apart, then let it rise slowly in the fridge overnight before "
    "baking it hot in a covered pot. CONSENT_PAGE_ARTICLE"
)
# A 1x1 transparent GIF.
PIXEL = bytes.fromhex(
    "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b"
)

AD_PAGE = """<!doctype html><html><head><title>Ad test</title>
<script src="/ads/banner.js?t=__T__"></script>
</head><body>
<div id="root"></div>
<img src="/pagead/pixel.gif?t=__T__" alt="">
<iframe src="/adserver/frame.html?t=__T__" title="ad"></iframe>
<script>
fetch('/adtest/api.json?t=__T__').then(r => r.json()).then(data => {
  document.getElementById('root').innerHTML =
    '<main><h1>' + data.title + '</h1><p>' + data.body + '</p><p id="xhr">xhr pending</p></main>';
  return fetch('/ads/data.json?t=__T__').then(r => r.json());
}).then(
  ad => { document.getElementById('xhr').textContent = ad.text; },
  () => {
    const el = document.getElementById('xhr');
    if (el) el.textContent = 'AD_XHR_' + 'FAILED';
  }
);
</script></body></html>"""

LANDING = """<!doctype html><html><head><title>Landing</title></head><body>
<main><h1>Landing page</h1><p>LANDING_PAGE_CONTENT served from a path that looks like an ad,
which is fine for the page itself.</p></main>
<script src="/ads/banner.js?t=__T__"></script>
</body></html>"""

# Fetches two URLs given in the query (ad and other); shows how each went.
MIXED = """<!doctype html><html><head><title>Mixed</title></head><body>
<main><h1>Mixed sub-requests</h1><p id="ad">pending</p><p id="other">pending</p></main>
<script>
for (const [id, url] of [['ad', __AD__], ['other', __OTHER__]]) {
  fetch(url).then(
    r => { document.getElementById(id).textContent = id + ' LOADED ' + r.status; },
    () => { document.getElementById(id).textContent = id + ' FAILED'; }
  );
}
</script></body></html>"""

# A JS-rendered page whose consent manager (OneTrust-like markup) is injected by a script, as
# the real ones are, and locks the page's scroll. A theme wrapper named like a cookie banner
# holds the content and must survive; a generic consent bar must not. The texts live in an
# external script so that the page's HTML only holds them once rendered.
CONSENT = """<!doctype html><html><head><title>Consent test</title>
<style>
  #onetrust-banner-sdk { position: fixed; bottom: 0; left: 0; right: 0; background: #fff; }
  .site-cookie-consent-bar { position: fixed; top: 0; left: 0; right: 0; background: #eee; }
  #tall { height: 3000px; }
</style></head><body>
<div id="page" class="layout has-cookie-banner"><div id="root"></div></div>
<script src="/adtest/consent.js?t=__T__"></script>
</body></html>"""

CONSENT_SCRIPT = """
document.getElementById('root').innerHTML =
  '<main><h1>Sourdough</h1><p>' + __ARTICLE__ + '</p><div id="tall"></div></main>';
setTimeout(() => {
  document.body.insertAdjacentHTML('beforeend',
    '<div id="onetrust-consent-sdk"><div class="onetrust-pc-dark-filter"></div>' +
    '<div id="onetrust-banner-sdk" role="region" aria-label="Cookie banner">' +
    '<div id="onetrust-policy"><h2 id="onetrust-policy-title">We value your privacy</h2>' +
    '<p id="onetrust-policy-text">We and our partners store and access information on your ' +
    'device to personalise ads and content. Accept all cookies to continue.</p></div>' +
    '<button id="onetrust-accept-btn-handler">Accept all cookies</button>' +
    '<button id="onetrust-reject-all-handler">Reject all</button></div></div>' +
    '<div class="site-cookie-consent-bar"><p>GENERIC_COOKIE_NOTICE: this site uses cookies.' +
    '</p></div>');
  document.body.style.overflow = 'hidden';
  document.documentElement.style.overflow = 'hidden';
}, 30);
"""


async def many(request: Request) -> HTMLResponse:
    """A page with ``n`` images and ``ads`` ad scripts (for the overhead benchmark)."""
    n = int(request.query_params.get("n", "30"))
    ad_count = int(request.query_params.get("ads", "0"))
    images = "".join(f'<img src="/adtest/img/{i}.gif" alt="">' for i in range(n))
    scripts = "".join(f'<script src="/ads/slot{i}.js"></script>' for i in range(ad_count))
    body = f"<main><h1>Many</h1><p>{ARTICLE}</p>{images}</main>{scripts}"
    return HTMLResponse(f"<!doctype html><html><head><title>Many</title></head><body>{body}")


async def image(_: Request) -> Response:
    return Response(PIXEL, media_type="image/gif")


def _token(request: Request) -> str:
    return request.query_params.get("t", "")


def _log(request: Request) -> str:
    token = _token(request)
    if token:
        HITS[token].append(request.url.path)
    return token


async def ad_page(request: Request) -> HTMLResponse:
    return HTMLResponse(AD_PAGE.replace("__T__", _log(request)))


async def api(request: Request) -> JSONResponse:
    _log(request)
    await asyncio.sleep(0.02)
    return JSONResponse({"title": "Allotment Diary", "body": ARTICLE})


async def mixed(request: Request) -> HTMLResponse:
    _log(request)
    ad = request.query_params.get("ad", "")
    other = request.query_params.get("other", "")
    return HTMLResponse(MIXED.replace("__AD__", repr(ad)).replace("__OTHER__", repr(other)))


async def consent(request: Request) -> HTMLResponse:
    return HTMLResponse(CONSENT.replace("__T__", _log(request)))


async def consent_script(request: Request) -> Response:
    _log(request)
    script = CONSENT_SCRIPT.replace("__ARTICLE__", repr(CONSENT_ARTICLE))
    return Response(script, media_type="text/javascript")


async def log(request: Request) -> JSONResponse:
    return JSONResponse(HITS.get(_token(request), []))


async def ads(request: Request) -> Response:
    """Everything under /ads/, /pagead/ and /adserver/: what an ad network would serve."""
    token = _log(request)
    name = request.path_params["name"]
    if name.endswith(".js"):
        script = (
            "document.addEventListener('DOMContentLoaded', () => "
            "document.body.insertAdjacentHTML('beforeend', '<p>AD_SCRIPT_RAN</p>'));"
        )
        return Response(script, media_type="text/javascript")
    if name.endswith(".json"):
        return JSONResponse({"text": "AD_XHR_LOADED"})
    if name.endswith(".gif"):
        return Response(PIXEL, media_type="image/gif")
    if name == "landing":
        return HTMLResponse(LANDING.replace("__T__", token))
    return HTMLResponse("<!doctype html><title>Ad</title><p>AD_FRAME_LOADED</p>")


routes = [
    Route("/adtest/page", ad_page),
    Route("/adtest/api.json", api),
    Route("/adtest/mixed", mixed),
    Route("/adtest/consent", consent),
    Route("/adtest/consent.js", consent_script),
    Route("/adtest/log", log),
    Route("/adtest/many", many),
    Route("/adtest/img/{name}", image),
    Route("/ads/{name:path}", ads),
    Route("/pagead/{name:path}", ads),
    Route("/adserver/{name:path}", ads),
]

"""Pages under ``/branding/`` for the branding format: a light branded page (header logo,
primary and outline buttons, an input, serif headings over a sans-serif body, status
messages), a dark page with an inline SVG logo, and a page whose dark background is a
full-page wrapper with a button colored in a non-sRGB-syntax color.

Every color, font, size and spacing is stated in the CSS, so the tests know the exact
profile to expect. Fonts are web-safe names: the profile reports the stack, not what the
machine has installed.
"""

from __future__ import annotations

import base64

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

PARAGRAPH = (
    "Our trowels are forged from a single piece of stainless steel, so the blade never "
    "parts from the handle, and the ash grip is oiled by hand before it leaves the workshop. "
)

LIGHT = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Acme Garden Tools</title>
<link rel="apple-touch-icon" href="/branding/static/touch.png">
<link rel="icon" type="image/png" href="/branding/static/favicon.png">
<meta property="og:image" content="/branding/static/og.png">
<style>
  * {{ box-sizing: border-box; }}
  html, body {{ background: #fafaf9; }}
  body {{ margin: 0; color: #1c1917; font-family: "Trebuchet MS", Arial, sans-serif;
         font-size: 16px; font-weight: 400; line-height: 1.5; }}
  header {{ display: flex; align-items: center; gap: 16px; padding: 16px 32px;
           background: #ffffff; border-bottom: 1px solid #e7e5e4; }}
  header img {{ width: 120px; height: 32px; display: block; }}
  nav a {{ color: #1c1917; margin: 0 8px; text-decoration: none; }}
  .menu {{ background: transparent; border: 0; padding: 0; }}
  main {{ padding: 32px; max-width: 960px; margin: 0 auto; }}
  h1, h2, h3 {{ font-family: Georgia, "Times New Roman", serif; font-weight: 700;
               margin: 0 0 16px; line-height: 1.2; }}
  h1 {{ font-size: 40px; }}
  h2 {{ font-size: 28px; }}
  h3 {{ font-size: 20px; }}
  p {{ margin: 0 0 16px; }}
  p a {{ color: #0e7490; }}
  .lead {{ font-size: 20px; font-weight: 300; }}
  .eyebrow {{ font-weight: 500; }}
  .muted {{ color: #57534e; font-size: 14px; }}
  .btn {{ display: inline-block; padding: 8px 16px; border-radius: 8px; font-size: 16px;
         font-weight: 500; text-decoration: none; border: 2px solid transparent;
         margin: 0 8px 8px 0; font-family: inherit; }}
  .btn-primary {{ background: #16a34a; color: #ffffff; }}
  .btn-outline {{ background: transparent; color: #7c3aed; border-color: #7c3aed; }}
  .badge {{ display: inline-block; background: #f59e0b; color: #1c1917; padding: 0 8px;
           border-radius: 8px; font-size: 12px; }}
  .field {{ border: 1px solid #d6d3d1; background: #ffffff; color: #1c1917;
           border-radius: 6px; padding: 8px 16px; font-size: 16px; margin: 0 8px 0 0; }}
  form {{ margin: 0 0 16px; }}
  .alert {{ padding: 8px 16px; border-radius: 8px; margin: 0 0 16px; }}
  .alert-success {{ background: #dcfce7; color: #15803d; }}
  .alert-warning {{ background: #fef3c7; color: #b45309; }}
  .alert-error {{ background: #fee2e2; color: #dc2626; }}
  code {{ font-family: "Courier New", Courier, monospace; }}
  .partners img {{ width: 64px; height: 32px; }}
</style></head><body>
<header>
  <a href="/" class="brand"><img src="/branding/static/acme-logo.svg" alt="Acme logo"></a>
  <nav><a href="/shop">Shop</a><a href="/guides">Guides</a><a href="/about">About</a></nav>
  <button class="menu" aria-label="Menu"><svg width="24" height="24" viewBox="0 0 24 24">
    <path d="M3 6h18M3 12h18M3 18h18" stroke="#1c1917"/></svg></button>
</header>
<main>
  <p><span class="eyebrow">New season</span> <span class="badge">Sale</span>
     <span class="badge">New</span></p>
  <h1>Tools that grow with your garden</h1>
  <p class="lead">Hand-finished garden tools, built to be repaired rather than replaced.</p>
  <p>
    <a class="btn btn-primary" href="/shop">Shop now</a>
    <button class="btn btn-primary" type="button">Start free trial</button>
    <a class="btn btn-outline" href="/guides">Learn more</a>
  </p>
  <h2>Why Acme</h2>
  <p>{PARAGRAPH * 3} Read <a href="/guides/care">our care guide</a> or run
     <code>acme --grow</code> to plan the season.</p>
  <p>{PARAGRAPH * 2} See the <a href="/warranty">lifetime warranty</a> for the details.</p>
  <p class="muted">Prices include VAT. Free delivery on orders over forty pounds, returns
     within thirty days, and spare parts for every tool we have ever sold.</p>
  <h3>Stay in touch</h3>
  <form><input class="field" type="email" placeholder="you@example.com">
    <input class="btn btn-primary" type="submit" value="Subscribe"></form>
  <div class="alert alert-success">Your order is on its way.</div>
  <div class="alert alert-warning">Only three left in stock.</div>
  <div class="alert alert-error">That code has expired.</div>
  <section class="partners"><img src="/branding/static/partner-logo.svg" alt="Partner logo">
  </section>
</main>
</body></html>"""

DARK = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="color-scheme" content="dark"><title>Nightjar</title>
<style>
  :root {{ color-scheme: dark; }}
  html, body {{ background: #0f172a; }}
  body {{ margin: 0; color: #e2e8f0; font-family: Verdana, Geneva, sans-serif;
         font-size: 15px; line-height: 1.6; }}
  header {{ padding: 16px 24px; }}
  main {{ padding: 24px; }}
  h1 {{ font-size: 48px; font-weight: 700; color: #f8fafc; margin: 0 0 24px;
       line-height: 1.1; }}
  p {{ margin: 0 0 12px; }}
  p a {{ color: #f472b6; }}
  .muted {{ color: #94a3b8; }}
  .btn {{ display: inline-block; padding: 12px 24px; border-radius: 12px; border: 0;
         font: inherit; margin: 0 12px 12px 0; }}
  .btn-primary {{ background: #38bdf8; color: #0f172a; }}
  .btn-secondary {{ background: #1e293b; color: #e2e8f0; border: 1px solid #334155; }}
</style></head><body>
<header><a href="/" aria-label="Nightjar home"><svg class="logo" width="96" height="24"
  viewBox="0 0 96 24"><rect width="24" height="24" rx="6" fill="#38bdf8"/></svg></a></header>
<main>
  <h1>Observability for night owls</h1>
  <p>{PARAGRAPH * 3} Read <a href="/docs">the docs</a> and <a href="/blog">the blog</a>.</p>
  <p class="muted">{PARAGRAPH}</p>
  <p><button class="btn btn-primary">Get started</button>
     <button class="btn btn-secondary">Book a demo</button></p>
</main>
</body></html>"""

WRAPPER = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wrapper</title>
<style>
  body {{ margin: 0; }}
  .app {{ background: #18181b; color: #fafafa; min-height: 100vh; padding: 32px;
          font-family: Tahoma, sans-serif; }}
  .dim {{ color: rgba(250, 250, 250, 0.6); }}
  .cta {{ background: color(srgb 1 0.5 0); color: #18181b; border: 0; border-radius: 4px;
          padding: 8px 16px; }}
</style></head><body>
<div class="app">
  <h1>Dashboards</h1>
  <p>{PARAGRAPH * 3}</p>
  <p class="dim">{PARAGRAPH}</p>
  <button class="cta">Try it</button>
</div>
</body></html>"""

LOGO_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32">'
    '<rect width="32" height="32" rx="8" fill="#16a34a"/></svg>'
)
# A 1x1 transparent PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
)


async def light(_request: Request) -> HTMLResponse:
    return HTMLResponse(LIGHT)


async def dark(_request: Request) -> HTMLResponse:
    return HTMLResponse(DARK)


async def wrapper(_request: Request) -> HTMLResponse:
    return HTMLResponse(WRAPPER)


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name.endswith(".svg"):
        return Response(LOGO_SVG, media_type="image/svg+xml")
    return Response(PNG, media_type="image/png")


routes = [
    Route("/branding/light", light),
    Route("/branding/dark", dark),
    Route("/branding/wrapper", wrapper),
    Route("/branding/static/{name}", static),
]

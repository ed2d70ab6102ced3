"""The product and menu fixture pages of ``tests/extract/fixtures`` served over HTTP:
``/structured/product/<name>`` and ``/structured/menu/<name>``."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

FIXTURES = Path(__file__).resolve().parent.parent / "extract" / "fixtures"


async def page(request: Request) -> Response:
    kind, name = request.path_params["kind"], request.path_params["name"]
    path = FIXTURES / kind / f"{name}.html"
    if kind not in ("product", "menu") or not path.is_file():
        return PlainTextResponse("not found", status_code=404)
    return HTMLResponse(path.read_text(encoding="utf-8"))


routes = [Route("/structured/{kind}/{name}", page)]

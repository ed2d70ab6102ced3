"""The fixture site: one Starlette app assembled from the route lists of the ``pages_*`` modules.

A new group of fixture pages is one new ``pages_<topic>.py`` module exporting ``routes``,
plus its name in ``MODULES``.
"""

from __future__ import annotations

import importlib

from starlette.applications import Starlette
from starlette.routing import BaseRoute

MODULES = ["pages_articles", "pages_browser", "pages_http", "pages_ads", "pages_profiles"]
MODULES += ["pages_antibot", "pages_changes", "pages_documents", "pages_jobs", "pages_media"]
MODULES += ["pages_branding", "pages_structured", "pages_pii"]
MODULES += ["pages_gaps", "pages_hostile"]


def build_app() -> Starlette:
    routes: list[BaseRoute] = []
    for name in MODULES:
        module = importlib.import_module(f"tests.site.{name}")
        routes.extend(module.routes)
    return Starlette(routes=routes)


app = build_app()

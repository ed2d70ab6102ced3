"""The ASGI app for ``uvicorn webdata.api.main:app`` (settings from the environment)."""

from webdata.api.app import create_app

app = create_app()

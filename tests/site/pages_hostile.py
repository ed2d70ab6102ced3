"""Hostile markup: pages whose HTML is built to make a parser slow."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

DEEP_TEXT = "The treasure is buried under the old oak"


def deep_nesting_html(levels: int) -> str:
    """``levels`` nested, never closed ``<div>``s, with words along the way and at the bottom."""
    marks = {levels // 4: "quarter-way marker", levels // 2: "half-way marker"}
    parts = ["<!doctype html><html><head><title>Deep</title></head><body><main>"]
    for level in range(levels):
        parts.append("<div>")
        if level in marks:
            parts.append(f"<p>{marks[level]}</p>")
    parts.append(f"<p>{DEEP_TEXT}.</p>")
    return "".join(parts) + "</main></body></html>"


async def deep_nesting(request: Request) -> HTMLResponse:
    return HTMLResponse(deep_nesting_html(int(request.query_params.get("levels", "100000"))))


CONTROL_TEXT = "Readable words survive the control bytes"


async def control_bytes(request: Request) -> HTMLResponse:
    # Text padded with C0/C1 control characters: html-to-markdown refuses such input as
    # "binary data" unless they are dropped first.
    noise = "\x1f\x08\x80\x81\x00\x07" * 200
    return HTMLResponse(
        f"<html><body><main><p>{noise}{CONTROL_TEXT}{noise}</p></main></body></html>"
    )


routes = [
    Route("/hostile/deep-nesting", deep_nesting),
    Route("/hostile/control-bytes", control_bytes),
]

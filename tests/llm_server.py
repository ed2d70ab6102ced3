"""A local OpenAI-compatible server for the LLM tests (``POST /v1/chat/completions``).

It is a test double of the model, served over real HTTP on 127.0.0.1: it records every
request webdata sends (so the tests check the schema, the fencing, the token budget) and
answers with scripted replies, chosen by what the request asks (the task in its system
message: summary, question, clean, schema proposal, json, product, menu). A kind's replies
are used in order and the last one repeats; unscripted product and menu answers are the least
value their schema allows. A reply is the message text, or a dict with ``content``,
``refusal``, ``delay`` (seconds before answering), ``status`` (an HTTP error) or
``finish_reason``. ``refuse_json_schema`` makes it answer 400 to the ``json_schema`` response
format, like servers that only have JSON mode.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.site.server import serve_in_thread
from webdata.extract.llm_formats import (
    CLEAN_TASK,
    MENU_FILL_TASK,
    PRODUCT_FILL_TASK,
    SUMMARY_TASK,
)

Reply = str | dict[str, Any]


def kind_of(body: dict[str, Any]) -> str:
    system = str(body["messages"][0]["content"])
    if system.startswith(SUMMARY_TASK[:40]):
        return "summary"
    if system.startswith(CLEAN_TASK[:40]):
        return "clean"
    if system.startswith("Answer the user's question"):
        return "question"
    if system.startswith("Design a JSON Schema"):
        return "schema"
    if system.startswith("Extract structured data"):
        return "json"
    if system.startswith(PRODUCT_FILL_TASK):
        return "product"
    if system.startswith(MENU_FILL_TASK):
        return "menu"
    return "other"


def least_conforming(schema: dict[str, Any]) -> Any:
    """The emptiest value of a (strict-style) schema: null where allowed, else false, 0, "",
    [] or an object of such values."""
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "null" in kinds:
        return None
    if "object" in kinds:
        props = schema.get("properties", {})
        return {k: least_conforming(props[k]) for k in schema.get("required", [])}
    empty = {"array": [], "boolean": False, "number": 0, "integer": 0, "string": ""}
    return empty.get(str(kinds[0]))


class FakeLlm:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.replies: dict[str, list[Reply]] = {}
        self.refuse_json_schema = False

    def reset(self) -> None:
        self.requests.clear()
        self.replies.clear()
        self.refuse_json_schema = False

    def script(self, kind: str, *replies: Reply) -> None:
        self.replies[kind] = list(replies)

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        return [r for r in self.requests if kind_of(r) == kind]

    def _next(self, kind: str) -> Reply:
        queue = self.replies.get(kind)
        if not queue:
            return "{}" if kind in ("json", "schema", "product", "menu") else f"({kind} answer)"
        return queue.pop(0) if len(queue) > 1 else queue[0]

    async def completions(self, request: Request) -> Response:
        body = await request.json()
        self.requests.append(body)
        fmt = (body.get("response_format") or {}).get("type")
        if self.refuse_json_schema and fmt == "json_schema":
            error = {"message": "response_format json_schema is not supported", "type": "x"}
            return JSONResponse({"error": error}, status_code=400)
        kind = kind_of(body)
        reply: Reply
        if kind in ("product", "menu") and not self.replies.get(kind) and fmt == "json_schema":
            # Unscripted gap filling: the least answer its schema allows (nothing found).
            schema = body["response_format"]["json_schema"]["schema"]
            reply = json.dumps(least_conforming(schema))
        else:
            reply = self._next(kind)
        spec: dict[str, Any] = {"content": reply} if isinstance(reply, str) else dict(reply)
        if spec.get("delay"):
            await asyncio.sleep(float(spec["delay"]))
        if spec.get("status"):
            return JSONResponse(
                {"error": {"message": "scripted failure"}}, status_code=spec["status"]
            )
        content = spec.get("content")
        if content is not None and not isinstance(content, str):
            content = json.dumps(content)
        prompt_chars = sum(len(str(m.get("content", ""))) for m in body["messages"])
        message = {"role": "assistant", "content": content, "refusal": spec.get("refusal")}
        return JSONResponse(
            {
                "id": "chatcmpl-test",
                "object": "chat.completion",
                "created": 0,
                "model": body.get("model", "test"),
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "finish_reason": spec.get("finish_reason", "stop"),
                    }
                ],
                "usage": {
                    "prompt_tokens": prompt_chars // 4,
                    "completion_tokens": len(content or "") // 4,
                    "total_tokens": prompt_chars // 4 + len(content or "") // 4,
                },
            }
        )


def build_app(fake: FakeLlm) -> Starlette:
    return Starlette(routes=[Route("/v1/chat/completions", fake.completions, methods=["POST"])])


# For benchmarks that serve it with uvicorn as a process: default answers, instantly.
app = build_app(FakeLlm())


@contextmanager
def serve_fake_llm() -> Iterator[tuple[FakeLlm, str]]:
    """The fake model on a free port; yields it and its base URL (``…/v1``)."""
    fake = FakeLlm()
    with serve_in_thread(build_app(fake)) as url:
        yield fake, f"{url}/v1"

"""The formats that read the page's markdown to answer something: onlyCleanContent first (it
changes the markdown the others read), then json, summary, question and the deprecated query
side by side with the model, and highlights ranked locally.

Every model problem is a ``warning`` with the field left null, except the two the spec makes
errors: a json answer that never conforms to its schema (422), and, with
``checkPromptInjection``, a page that tries to steer the model (403, before it is asked).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from webdata.contract import ApiError
from webdata.contract.formats import (
    HighlightsFormat,
    JsonFormat,
    QueryFormat,
    QuestionFormat,
    SummaryFormat,
)
from webdata.extract import llm_formats
from webdata.extract.highlights import highlights
from webdata.extract.injection import find_injection
from webdata.extract.llm import Answer, LlmClient, LlmError, LlmNonConforming
from webdata.scrape.context import ScrapeContext
from webdata.scrape.plan import Plan, llm_not_configured

PROMPT_INJECTION = "SCRAPE_PROMPT_INJECTION_DETECTED"


def _truncation_warning(llm: LlmClient) -> str:
    return (
        f"The page was longer than the model's context ({llm.settings.context_tokens} tokens) "
        "and was cut to fit; the LLM formats saw its beginning only"
    )


async def llm_stage(ctx: ScrapeContext, plan: Plan, llm: LlmClient | None) -> None:
    req = ctx.request
    markdown = ctx.fields.get("markdown")
    if markdown is None:
        return
    if plan.needs_llm and llm is None:
        raise llm_not_configured()
    if req.only_clean_content and llm is not None:
        try:
            cleaned = await llm_formats.clean(llm, markdown)
        except LlmError as exc:
            ctx.warnings.append(str(exc))
        else:
            ctx.llm_tokens += cleaned.usage.total
            markdown = ctx.fields["markdown"] = cleaned.value
    asks: dict[str, Awaitable[Answer]] = {}
    for _transformer, fmt in plan.transformers:
        if isinstance(fmt, HighlightsFormat):
            ctx.fields["highlights"] = highlights(markdown, fmt.query)
        elif isinstance(fmt, QueryFormat) and fmt.mode == "directQuote":
            ctx.fields["highlights"] = highlights(markdown, fmt.prompt)
        elif llm is None:
            continue
        elif isinstance(fmt, JsonFormat):
            if fmt.check_prompt_injection or req.check_prompt_injection:
                _refuse_injection(markdown)
            asks["json"] = llm_formats.extract_json(
                llm, markdown, schema=fmt.json_schema, prompt=fmt.prompt
            )
        elif isinstance(fmt, SummaryFormat):
            asks["summary"] = llm_formats.summary(llm, markdown)
        elif isinstance(fmt, QuestionFormat):
            asks["answer"] = llm_formats.answer(llm, markdown, fmt.question)
        elif isinstance(fmt, QueryFormat):
            asks["answer"] = llm_formats.answer(llm, markdown, fmt.prompt)
    if not asks or llm is None:
        return
    results = await asyncio.gather(*asks.values(), return_exceptions=True)
    truncated = False
    for key, result in zip(asks, results, strict=True):
        if isinstance(result, LlmNonConforming):
            raise ApiError(
                422, f"Unprocessable Entity: {result}", code="SCRAPE_JSON_NOT_CONFORMING"
            )
        if isinstance(result, LlmError):
            ctx.fields[key] = None
            ctx.warnings.append(f"{key}: {result}")
        elif isinstance(result, BaseException):
            raise result
        else:
            ctx.fields[key] = result.value
            ctx.llm_tokens += result.usage.total
            truncated = truncated or result.truncated
    if truncated:
        ctx.warnings.append(_truncation_warning(llm))


def _refuse_injection(markdown: str) -> None:
    why = find_injection(markdown)
    if why is not None:
        raise ApiError(
            403,
            f"{PROMPT_INJECTION}: {why}; extraction was aborted. If this is a false positive, "
            "retry without checkPromptInjection",
            code=PROMPT_INJECTION,
        )


def changed_values(previous: Any, current: Any) -> dict[str, Any]:
    """changeTracking's json mode: every top-level key of either value, with its previous
    and current values (None where a side lacks it)."""
    before = previous if isinstance(previous, dict) else {}
    after = current if isinstance(current, dict) else {}
    keys = list(dict.fromkeys([*before, *after]))
    return {k: {"previous": before.get(k), "current": after.get(k)} for k in keys}

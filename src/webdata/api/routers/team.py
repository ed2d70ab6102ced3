"""The team endpoints the SDK calls: credit and token usage (and their history), queue status,
concurrency. Shapes as firecrawl-py parses them (``v2/methods/usage.py``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from webdata.api.auth import require
from webdata.extract.change_tracking import iso
from webdata.limits.gate import Gate
from webdata.store.credits import month_of
from webdata.store.keys import AuthContext, KeyStore

router = APIRouter(tags=["team"])

# What a plan without a monthly allowance reports as remaining (the SDK wants an integer).
UNLIMITED = 999_999_999


def _ok(data: dict[str, Any]) -> JSONResponse:
    return JSONResponse({"success": True, "data": data})


@router.get("/v2/team/credit-usage", summary="Credits left this month")
async def credit_usage(request: Request, auth: AuthContext = Depends(require("team"))) -> Any:
    gate: Gate = request.app.state.gate
    limits = await gate.plans.for_team(auth.team_id)
    balance = await gate.credits.balance(auth.team_id, limits.monthly_credits)
    remaining = balance.remaining
    return _ok(
        {
            "remainingCredits": UNLIMITED if remaining is None else remaining,
            "planCredits": limits.monthly_credits,
            "usedCredits": balance.used,
            "billingPeriodStart": iso(balance.period_start),
            "billingPeriodEnd": iso(balance.period_end),
        }
    )


@router.get("/v2/team/token-usage", summary="LLM tokens left this month")
async def token_usage(_: AuthContext = Depends(require("team"))) -> Any:
    # Tokens are counted (``/historical``) but no plan limits them.
    start, end = month_of(datetime.now(UTC))
    return _ok(
        {
            "remainingTokens": UNLIMITED,
            "planTokens": None,
            "billingPeriodStart": iso(start),
            "billingPeriodEnd": iso(end),
        }
    )


async def _key_labels(request: Request, team_name: str) -> dict[str | None, str]:
    """Key id -> what ``webdata keys list`` shows of it (never the key)."""
    keys: KeyStore = request.app.state.keys
    return {k.id: f"{k.prefix}… ({k.name})" for k in await keys.list_keys(team=team_name)}


@router.get("/v2/team/credit-usage/historical", summary="Credits used per month")
async def credit_history(
    request: Request, byApiKey: bool = False, auth: AuthContext = Depends(require("team"))
) -> Any:
    gate: Gate = request.app.state.gate
    rows = await gate.credits.history(auth.team_id, by_api_key=byApiKey)
    labels = await _key_labels(request, auth.team_name) if byApiKey else {}
    periods = []
    for start, key_id, used in rows:
        _, end = month_of(start)
        period: dict[str, Any] = {
            "startDate": iso(start),
            "endDate": iso(end),
            "creditsUsed": used,
        }
        if byApiKey:
            period["apiKey"] = labels.get(key_id, "(deleted key)")
        periods.append(period)
    return JSONResponse({"success": True, "periods": periods})


@router.get("/v2/team/token-usage/historical", summary="LLM tokens used per month")
async def token_history(request: Request, auth: AuthContext = Depends(require("team"))) -> Any:
    tokens = request.app.state.services.tokens
    rows = await tokens.history(auth.team_id) if tokens is not None else []
    periods = [
        {"startDate": iso(start), "endDate": iso(month_of(start)[1]), "tokensUsed": used}
        for start, used in rows
    ]
    return JSONResponse({"success": True, "periods": periods})


@router.get("/v2/team/queue-status", summary="The team's running and waiting scrapes")
async def queue_status(request: Request, auth: AuthContext = Depends(require("team"))) -> Any:
    gate: Gate = request.app.state.gate
    limits = await gate.plans.for_team(auth.team_id)
    # Running: scrapes and job items holding a slot; waiting: those in line for one, and
    # the items of the team's jobs not yet let in by their job's window.
    active, waiting = await gate.slots.usage(auth.team_id)
    waiting += await request.app.state.runtime.jobs.waiting_items(auth.team_id)
    last = await gate.credits.last_scrape_at(auth.team_id)
    return _ok(
        {
            "jobsInQueue": active + waiting,
            "activeJobsInQueue": active,
            "waitingJobsInQueue": waiting,
            "maxConcurrency": limits.max_concurrency,
            "mostRecentSuccess": iso(last) if last is not None else None,
        }
    )


@router.get("/v2/concurrency-check", summary="Scrapes running now and the plan's limit")
async def concurrency_check(request: Request, auth: AuthContext = Depends(require("team"))) -> Any:
    gate: Gate = request.app.state.gate
    limits = await gate.plans.for_team(auth.team_id)
    active, _ = await gate.slots.usage(auth.team_id)
    return _ok({"concurrency": active, "maxConcurrency": limits.max_concurrency})

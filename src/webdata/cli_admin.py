"""``webdata plans | teams | credits``: the operator's view of plans, teams and credits.

Like ``webdata keys``, every command first brings the schema up to date, so it works on a
fresh data directory, against SQLite or PostgreSQL (``WEBDATA_DATABASE_URL``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from webdata.config import get_settings
from webdata.store.credits import CreditStore
from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import KeyStore, StoreError
from webdata.store.plans import Limits, PlanError, PlanStore

plans_app = typer.Typer(help="Create, change and list plans.", no_args_is_help=True)
teams_app = typer.Typer(help="List teams, create them, put them on a plan.", no_args_is_help=True)
credits_app = typer.Typer(help="A team's credits this month; grant more.", no_args_is_help=True)

T = TypeVar("T")


@dataclass
class Stores:
    keys: KeyStore
    plans: PlanStore
    credits: CreditStore


def _run(action: Callable[[Stores], Awaitable[T]]) -> T:
    async def main() -> T:
        url = get_settings().database_url
        await migrate(url)
        engine = make_engine(url)
        try:
            sessions = make_sessionmaker(engine)
            stores = Stores(
                KeyStore(sessions, cache_ttl=0), PlanStore(sessions, 0), CreditStore(engine)
            )
            return await action(stores)
        finally:
            await engine.dispose()

    try:
        return asyncio.run(main())
    except (PlanError, StoreError, ValueError) as exc:
        Console(stderr=True).print(f"[red]error:[/] {exc}", highlight=False)
        raise typer.Exit(1) from exc


def _unlimited(value: int | None) -> str:
    return "unlimited" if not value else str(value)


@plans_app.command("set")
def plan_set(
    name: Annotated[str, typer.Argument(help="Plan name (created if missing).")],
    rate: Annotated[int, typer.Option(help="Requests per minute; 0: no limit.", min=0)] = 0,
    concurrency: Annotated[int, typer.Option(help="Scrapes at once; 0: no limit.", min=0)] = 0,
    queue: Annotated[int, typer.Option(help="Scrapes that may wait for a slot.", min=0)] = 100,
    credits: Annotated[
        int | None, typer.Option(help="Credits per calendar month; unset: unlimited.", min=0)
    ] = None,
) -> None:
    """Create a plan or change its limits (running servers apply it within 5 s)."""
    limits = Limits(name, rate, concurrency, queue, credits)
    _run(lambda s: s.plans.save(limits))
    Console(stderr=True).print(f"plan {name!r} saved", highlight=False)


@plans_app.command("list")
def plan_list() -> None:
    """Every plan, its limits and how many teams are on it."""
    rows = _run(lambda s: s.plans.list())
    table = Table(title="Plans", title_justify="left")
    for column in ("plan", "requests/min", "at once", "queue", "credits/month", "teams"):
        table.add_column(column)
    for limits, teams in rows:
        table.add_row(
            limits.plan,
            _unlimited(limits.rate_per_minute),
            _unlimited(limits.max_concurrency),
            str(limits.queue_limit),
            "unlimited" if limits.monthly_credits is None else str(limits.monthly_credits),
            str(teams),
        )
    Console().print(table)


@plans_app.command("delete")
def plan_delete(name: Annotated[str, typer.Argument(help="Plan name.")]) -> None:
    """Delete a plan no team is on."""
    _run(lambda s: s.plans.delete(name))
    Console(stderr=True).print(f"plan {name!r} deleted", highlight=False)


@teams_app.command("create")
def team_create(
    name: Annotated[str, typer.Argument(help="Team name.")],
    plan: Annotated[str, typer.Option(help="Its plan.")] = "default",
) -> None:
    """Create a team (then give it keys with `webdata keys create --team NAME`)."""

    async def action(s: Stores) -> None:
        await s.keys.create_team(name)
        await s.plans.assign(name, plan)

    _run(action)
    Console(stderr=True).print(f"team {name!r} created on plan {plan!r}", highlight=False)


@teams_app.command("set-plan")
def team_set_plan(
    name: Annotated[str, typer.Argument(help="Team name.")],
    plan: Annotated[str, typer.Argument(help="Plan name.")],
) -> None:
    """Put a team on a plan (running servers apply it within 5 s)."""
    _run(lambda s: s.plans.assign(name, plan))
    Console(stderr=True).print(f"team {name!r} is on plan {plan!r}", highlight=False)


@teams_app.command("list")
def team_list() -> None:
    """Every team with its plan and this month's credits."""

    async def action(s: Stores) -> list[tuple[str, str, str, str]]:
        rows = []
        for team in await s.keys.list_teams():
            limits = await s.plans.for_team(team.id)
            balance = await s.credits.balance(team.id, limits.monthly_credits)
            left = balance.remaining
            rows.append((team.name, limits.plan, str(balance.used), _left(left)))
        return rows

    table = Table(title="Teams", title_justify="left")
    for column in ("team", "plan", "credits used this month", "left"):
        table.add_column(column)
    for row in _run(action):
        table.add_row(*row)
    Console().print(table)


def _left(value: int | None) -> str:
    return "unlimited" if value is None else str(value)


@credits_app.command("show")
def credits_show(name: Annotated[str, typer.Argument(help="Team name.")]) -> None:
    """The team's credits this month."""

    async def action(s: Stores) -> str:
        team = await s.keys.get_team(name)
        if team is None:
            raise PlanError(f"no team {name!r}")
        limits = await s.plans.for_team(team.id)
        b = await s.credits.balance(team.id, limits.monthly_credits)
        return (
            f"team {name!r}, plan {limits.plan!r}, {b.period_start:%Y-%m}: used {b.used}, "
            f"granted {b.granted}, left {_left(b.remaining)}"
        )

    typer.echo(_run(action))


@credits_app.command("grant")
def credits_grant(
    name: Annotated[str, typer.Argument(help="Team name.")],
    amount: Annotated[int, typer.Argument(help="Credits to add this month.", min=1)],
) -> None:
    """Add credits to a team's allowance for the current month."""

    async def action(s: Stores) -> None:
        team = await s.keys.get_team(name)
        if team is None:
            raise PlanError(f"no team {name!r}")
        await s.credits.grant(team.id, amount)

    _run(action)
    Console(stderr=True).print(f"granted {amount} credits to {name!r}", highlight=False)

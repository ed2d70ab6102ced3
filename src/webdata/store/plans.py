"""Plans and the plan of each team.

A plan row is small and read on every request, so :meth:`PlanStore.for_team` remembers
answers for a few seconds per process (a changed plan applies within ``cache_ttl``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from webdata.store.db import write_session
from webdata.store.models import Plan, Team

DEFAULT_PLAN = "default"


class PlanError(Exception):
    """A plan operation that cannot be done (unknown plan or team, plan in use...)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """A plan's limits as the request path uses them (0 / None: no limit)."""

    plan: str
    rate_per_minute: int = 0
    max_concurrency: int = 0
    queue_limit: int = 100
    monthly_credits: int | None = None


def _limits(plan: Plan) -> Limits:
    return Limits(
        plan=plan.name,
        rate_per_minute=plan.rate_per_minute,
        max_concurrency=plan.max_concurrency,
        queue_limit=plan.queue_limit,
        monthly_credits=plan.monthly_credits,
    )


class PlanStore:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], cache_ttl: float = 5.0) -> None:
        self._sessions = sessions
        self._ttl = cache_ttl
        self._cache: dict[str, tuple[float, Limits]] = {}

    async def for_team(self, team_id: str) -> Limits:
        """The limits of the team's plan (those of "default" when its plan is gone)."""
        now = time.monotonic()
        hit = self._cache.get(team_id)
        if hit is not None and hit[0] > now:
            return hit[1]
        async with self._sessions() as session:
            name = await session.scalar(select(Team.plan).where(Team.id == team_id))
            plan = await session.get(Plan, name or DEFAULT_PLAN)
            if plan is None:
                plan = await session.get(Plan, DEFAULT_PLAN)
        limits = _limits(plan) if plan is not None else Limits(plan=DEFAULT_PLAN)
        if len(self._cache) > 10_000:
            self._cache.clear()
        self._cache[team_id] = (now + self._ttl, limits)
        return limits

    def forget(self) -> None:
        self._cache.clear()

    async def list(self) -> list[tuple[Limits, int]]:
        """Every plan with the number of teams on it, by name."""
        async with self._sessions() as session:
            counts = dict(
                (await session.execute(select(Team.plan, func.count()).group_by(Team.plan))).all()
            )
            plans = (await session.scalars(select(Plan).order_by(Plan.name))).all()
        return [(_limits(p), int(counts.get(p.name, 0))) for p in plans]

    async def save(self, limits: Limits) -> None:
        """Create the plan, or change the limits of the plan of that name."""
        async with write_session(self._sessions) as session:
            plan = await session.get(Plan, limits.plan)
            if plan is None:
                plan = Plan(name=limits.plan)
                session.add(plan)
            plan.rate_per_minute = limits.rate_per_minute
            plan.max_concurrency = limits.max_concurrency
            plan.queue_limit = limits.queue_limit
            plan.monthly_credits = limits.monthly_credits
        self.forget()

    async def delete(self, name: str) -> None:
        if name == DEFAULT_PLAN:
            raise PlanError("the default plan cannot be deleted")
        async with write_session(self._sessions) as session:
            users = await session.scalar(
                select(func.count()).select_from(Team).where(Team.plan == name)
            )
            if users:
                raise PlanError(f"plan {name!r} is the plan of {users} team(s)")
            plan = await session.get(Plan, name)
            if plan is None:
                raise PlanError(f"no plan {name!r}")
            await session.delete(plan)
        self.forget()

    async def assign(self, team_name: str, plan_name: str) -> None:
        """Put the team called ``team_name`` on the plan ``plan_name``."""
        try:
            async with write_session(self._sessions) as session:
                if await session.get(Plan, plan_name) is None:
                    raise PlanError(f"no plan {plan_name!r}")
                result = await session.execute(
                    update(Team).where(Team.name == team_name).values(plan=plan_name)
                )
                if not getattr(result, "rowcount", 0):
                    raise PlanError(f"no team {team_name!r}")
        except IntegrityError as exc:  # pragma: no cover - no constraint to break today
            raise PlanError(str(exc)) from exc
        self.forget()

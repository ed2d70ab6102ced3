"""LLM tokens spent per team and calendar month (``/v2/team/token-usage``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.credits import month_of
from webdata.store.db import write_turn
from webdata.store.models import TokenUsage, utcnow


class TokenStore:
    def __init__(self, engine: AsyncEngine, *, clock: Callable[[], datetime] = utcnow) -> None:
        self._engine = engine
        self._clock = clock
        self._insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert

    async def add(self, team_id: str, tokens: int) -> None:
        if tokens <= 0:
            return
        start, _ = month_of(self._clock())
        stmt = self._insert(TokenUsage).values(team_id=team_id, period_start=start, tokens=tokens)
        stmt = stmt.on_conflict_do_update(
            index_elements=[TokenUsage.team_id, TokenUsage.period_start],
            set_={"tokens": TokenUsage.tokens + stmt.excluded.tokens},
        )
        async with write_turn(self._engine), self._engine.begin() as conn:
            await conn.execute(stmt)

    async def history(self, team_id: str) -> list[tuple[datetime, int]]:
        """(month start, tokens) per month, oldest first."""
        query = (
            select(TokenUsage.period_start, TokenUsage.tokens)
            .where(TokenUsage.team_id == team_id)
            .order_by(TokenUsage.period_start)
        )
        async with self._engine.connect() as conn:
            return [(row[0], int(row[1])) for row in (await conn.execute(query)).all()]

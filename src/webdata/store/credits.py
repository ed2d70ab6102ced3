"""The credit ledger: credits are taken before a scrape and settled once its cost is known.

``reserve`` takes the credits a scrape will at least cost in one transaction: it makes sure
the team's row for the current calendar month (UTC) exists, then raises ``used`` with a
conditional UPDATE that only succeeds while the plan's allowance plus the month's grants
covers it (atomic on SQLite and PostgreSQL alike: no two scrapes can spend the same credit),
and writes the ledger line. ``settle`` writes the difference once the real cost is known
(a failed scrape gives everything back; a PDF of many pages may cost more than was taken,
which is allowed to overdraw: the work is done). Per team and month, the ledger lines add up
to ``used``: nothing is spent twice or lost.

A plan without a monthly allowance has nothing to check, so its usage is not reserved but
recorded (``record``) into a buffer written in one transaction every ``flush_s`` (or sooner
when it fills, and at shutdown by ``close``): a cache hit of such a team then costs no
database write of its own. Every read of the ledger writes the buffer first.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import structlog
from sqlalchemy import String, func, insert, literal, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from webdata.store.db import write_turn
from webdata.store.models import CreditEntry, CreditPeriod, utcnow

log = structlog.get_logger("webdata.credits")


def month_of(moment: datetime) -> tuple[datetime, datetime]:
    """The calendar month (UTC) holding ``moment``: its first instant and the next month's."""
    start = moment.astimezone(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    end = (
        start.replace(year=start.year + 1, month=1)
        if start.month == 12
        else start.replace(month=start.month + 1)
    )
    return start, end


@dataclass(slots=True)
class Reservation:
    team_id: str
    api_key_id: str | None
    period_start: datetime
    credits: int
    ref: str
    settled: bool = False


@dataclass(frozen=True, slots=True)
class Balance:
    period_start: datetime
    period_end: datetime
    used: int
    granted: int
    # None: the plan has no monthly allowance.
    allowance: int | None

    @property
    def remaining(self) -> int | None:
        if self.allowance is None:
            return None
        return self.allowance + self.granted - self.used


@dataclass(frozen=True, slots=True)
class _Usage:
    team_id: str
    api_key_id: str | None
    period_start: datetime
    at: datetime
    credits: int
    ref: str


class CreditStore:
    def __init__(
        self,
        engine: AsyncEngine,
        *,
        clock: Callable[[], datetime] = utcnow,
        flush_s: float = 0.5,
        flush_lines: int = 500,
    ) -> None:
        self._engine = engine
        self._clock = clock
        self._insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
        self._pending: list[_Usage] = []
        self._flush_s = flush_s
        self._flush_lines = flush_lines
        self._flusher: asyncio.Task[None] | None = None
        self._flushing = asyncio.Lock()

    def record(
        self, team_id: str, credits: int, *, api_key_id: str | None = None, ref: str | None = None
    ) -> None:
        """Count ``credits`` used by a team without an allowance (written within ``flush_s``)."""
        now = self._clock()
        self._pending.append(
            _Usage(team_id, api_key_id, month_of(now)[0], now, credits, ref or str(uuid.uuid4()))
        )
        if len(self._pending) >= self._flush_lines:
            self._schedule(0)
        elif self._flusher is None:
            self._schedule(self._flush_s)

    def _schedule(self, delay: float) -> None:
        async def later() -> None:
            await asyncio.sleep(delay)
            self._flusher = None
            # Shielded: a shutdown cancelling this task must not cut a write in half.
            await asyncio.shield(self.flush())

        if self._flusher is not None and delay > 0:
            return
        self._flusher = asyncio.get_running_loop().create_task(later())

    async def flush(self) -> None:
        """Write the recorded usage: per team and month one UPDATE, and the ledger lines."""
        async with self._flushing:
            batch, self._pending = self._pending, []
            if not batch:
                return
            try:
                await self._write(batch)
            except BaseException:
                self._pending[:0] = batch  # kept for the next flush: nothing is lost
                raise

    async def _write(self, batch: list[_Usage]) -> None:
        totals: dict[tuple[str, datetime], int] = {}
        for usage in batch:
            key = (usage.team_id, usage.period_start)
            totals[key] = totals.get(key, 0) + usage.credits
        async with write_turn(self._engine), self._engine.begin() as conn:
            for (team_id, start), credits in totals.items():
                await self._ensure_period(conn, team_id, start)
                await conn.execute(
                    update(CreditPeriod)
                    .where(CreditPeriod.team_id == team_id, CreditPeriod.period_start == start)
                    .values(used=CreditPeriod.used + credits)
                )
            await conn.execute(
                insert(CreditEntry),
                [
                    {
                        "team_id": u.team_id,
                        "api_key_id": u.api_key_id,
                        "period_start": u.period_start,
                        "at": u.at,
                        "credits": u.credits,
                        "kind": "scrape",
                        "ref": u.ref,
                    }
                    for u in batch
                ],
            )

    async def close(self, *, patience_s: float = 30.0) -> None:
        """Write what is left (a flush under way finishes first: it is shielded). The usage is
        money: a database busy past its busy timeout (another process migrating or writing a
        large batch) is tried again for ``patience_s`` before the error is raised."""
        if self._flusher is not None:
            self._flusher.cancel()
            self._flusher = None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience_s
        while True:
            try:
                await self.flush()
                return
            except OperationalError as exc:
                if loop.time() >= deadline:
                    raise
                log.warning("usage not written yet: database busy", error=str(exc.orig))
                await asyncio.sleep(0.25)

    async def _ensure_period(self, conn: AsyncConnection, team_id: str, start: datetime) -> None:
        stmt = self._insert(CreditPeriod).values(
            team_id=team_id, period_start=start, used=0, granted=0
        )
        await conn.execute(stmt.on_conflict_do_nothing())

    async def reserve(
        self,
        team_id: str,
        credits: int,
        allowance: int | None,
        *,
        api_key_id: str | None = None,
        ref: str | None = None,
    ) -> Reservation | None:
        """Take ``credits`` now; None when the month's allowance cannot cover them."""
        start, _ = month_of(self._clock())
        ref = ref or str(uuid.uuid4())
        async with write_turn(self._engine), self._engine.begin() as conn:
            if not await self.debit_in(
                conn, team_id, credits, allowance, api_key_id=api_key_id, ref=ref
            ):
                return None
        return Reservation(team_id, api_key_id, start, credits, ref)

    async def debit_in(
        self,
        conn: AsyncConnection,
        team_id: str,
        credits: int,
        allowance: int | None,
        *,
        api_key_id: str | None,
        ref: str,
        kind: str = "scrape",
    ) -> bool:
        """Take ``credits`` within the caller's transaction (so the debit and what it pays
        for commit together); False when the month's allowance cannot cover them."""
        start, _ = month_of(self._clock())
        await self._ensure_period(conn, team_id, start)
        stmt = (
            update(CreditPeriod)
            .where(CreditPeriod.team_id == team_id, CreditPeriod.period_start == start)
            .values(used=CreditPeriod.used + credits)
        )
        if allowance is not None:
            stmt = stmt.where(allowance + CreditPeriod.granted - CreditPeriod.used >= credits)
        result = await conn.execute(stmt)
        if not getattr(result, "rowcount", 0):
            return False
        await self._line(conn, team_id, api_key_id, start, credits, kind, ref)
        return True

    async def settle(self, reservation: Reservation, cost: int) -> None:
        """Make what ``reservation`` took equal ``cost`` (0: all of it given back)."""
        if reservation.settled:
            return
        reservation.settled = True
        delta = cost - reservation.credits
        if delta == 0:
            return
        async with write_turn(self._engine), self._engine.begin() as conn:
            await conn.execute(
                update(CreditPeriod)
                .where(
                    CreditPeriod.team_id == reservation.team_id,
                    CreditPeriod.period_start == reservation.period_start,
                )
                .values(used=CreditPeriod.used + delta)
            )
            await self._line(
                conn,
                reservation.team_id,
                reservation.api_key_id,
                reservation.period_start,
                delta,
                "settle",
                reservation.ref,
            )

    async def _line(
        self,
        conn: AsyncConnection,
        team_id: str,
        api_key_id: str | None,
        period_start: datetime,
        credits: int,
        kind: str,
        ref: str,
    ) -> None:
        await conn.execute(
            insert(CreditEntry).values(
                team_id=team_id,
                api_key_id=api_key_id,
                period_start=period_start,
                at=self._clock(),
                credits=credits,
                kind=kind,
                ref=ref,
            )
        )

    async def grant(self, team_id: str, credits: int) -> None:
        """Add ``credits`` to the team's allowance for the current month."""
        start, _ = month_of(self._clock())
        async with write_turn(self._engine), self._engine.begin() as conn:
            await self._ensure_period(conn, team_id, start)
            await conn.execute(
                update(CreditPeriod)
                .where(CreditPeriod.team_id == team_id, CreditPeriod.period_start == start)
                .values(granted=CreditPeriod.granted + credits)
            )

    async def balance(self, team_id: str, allowance: int | None) -> Balance:
        await self.flush()
        start, end = month_of(self._clock())
        async with self._engine.connect() as conn:
            row = (
                await conn.execute(
                    select(CreditPeriod.used, CreditPeriod.granted).where(
                        CreditPeriod.team_id == team_id, CreditPeriod.period_start == start
                    )
                )
            ).first()
        used, granted = (row.used, row.granted) if row is not None else (0, 0)
        return Balance(start, end, used, granted, allowance)

    async def ledger_total(self, team_id: str, period_start: datetime | None = None) -> int:
        """The sum of the team's ledger lines (of one month): equals ``used`` by design."""
        await self.flush()
        query = select(func.coalesce(func.sum(CreditEntry.credits), 0)).where(
            CreditEntry.team_id == team_id
        )
        if period_start is not None:
            query = query.where(CreditEntry.period_start == period_start)
        async with self._engine.connect() as conn:
            return int((await conn.execute(query)).scalar_one())

    async def history(
        self, team_id: str, *, by_api_key: bool = False
    ) -> list[tuple[datetime, str | None, int]]:
        """Credits used per month (and per key): (month start, key id or None, credits)."""
        await self.flush()
        total = func.sum(CreditEntry.credits)
        month = CreditEntry.period_start
        if by_api_key:
            query = select(month, CreditEntry.api_key_id, total).group_by(
                month, CreditEntry.api_key_id
            )
        else:
            query = select(month, literal(None, String()), total).group_by(month)
        query = query.where(CreditEntry.team_id == team_id).order_by(month)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [(row[0], row[1], int(row[2])) for row in rows]

    async def last_scrape_at(self, team_id: str) -> datetime | None:
        await self.flush()
        query = select(func.max(CreditEntry.at)).where(
            CreditEntry.team_id == team_id, CreditEntry.kind == "scrape"
        )
        async with self._engine.connect() as conn:
            value = (await conn.execute(query)).scalar_one()
        return value if isinstance(value, datetime) else None

"""Page history for change tracking: per team, URL and tag, the latest tracked scrape.

One row per (team, URL, tag), replaced by each newer tracked scrape (an upsert that never lets
an older scrape overwrite a newer one), so concurrent scrapes of one page are safe and the
table grows with the pages a team tracks, not with the number of scrapes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.blobs import pack, unpack
from webdata.store.db import write_turn
from webdata.store.models import PageSnapshot


@dataclass(frozen=True, slots=True)
class Snapshot:
    scraped_at: datetime
    status_code: int
    markdown: str


class HistoryStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert

    async def latest(self, team_id: str, url_hash: str, tag: str) -> Snapshot | None:
        query = select(
            PageSnapshot.scraped_at, PageSnapshot.status_code, PageSnapshot.markdown
        ).where(
            PageSnapshot.team_id == team_id,
            PageSnapshot.url_hash == url_hash,
            PageSnapshot.tag == tag,
        )
        async with self._engine.connect() as conn:
            row = (await conn.execute(query)).first()
        if row is None:
            return None
        return Snapshot(row.scraped_at, row.status_code, str(unpack(row.markdown)))

    async def record(
        self,
        team_id: str,
        url_hash: str,
        tag: str,
        *,
        scraped_at: datetime,
        status_code: int,
        markdown: str,
    ) -> None:
        values = {
            "team_id": team_id,
            "url_hash": url_hash,
            "tag": tag,
            "status_code": status_code,
            "scraped_at": scraped_at,
            "markdown": pack(markdown),
        }
        stmt = self._insert(PageSnapshot).values(**values)
        stmt = stmt.on_conflict_do_update(
            index_elements=[PageSnapshot.team_id, PageSnapshot.url_hash, PageSnapshot.tag],
            set_={name: stmt.excluded[name] for name in ("status_code", "scraped_at", "markdown")},
            where=stmt.excluded.scraped_at >= PageSnapshot.scraped_at,
        )
        async with write_turn(self._engine), self._engine.begin() as conn:
            await conn.execute(stmt)

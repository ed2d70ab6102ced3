"""The cache index: the newest scrape result per (scope, key), with its age rules applied here.

Reads go first to a memory-bounded LRU of this process's recent entries, then to the
database (one primary-key SELECT on a pooled connection, no ORM session): a database read
costs about 1.5 ms here through SQLAlchemy and aiosqlite, a memory hit a few microseconds.
Serving a copy from memory while another node has stored a newer one is within the rules
(any copy younger than ``maxAge`` may be returned); a copy that does not fit the request's
window sends the read to the database. Writes are upserts: the row of a key is replaced by a
newer document, never by an older one, so concurrent writers (threads, processes or nodes)
leave the newest result whatever order they commit in. Rows carry their own ``expires_at`` and
are deleted by :meth:`CacheStore.sweep`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.blobs import pack_sized, unpack_sized
from webdata.store.db import write_turn
from webdata.store.models import CacheEntry, utcnow

# The scope of the operator-enabled shared index (team ids are UUIDs, so no clash).
SHARED_SCOPE = "*"


@dataclass(frozen=True, slots=True)
class CachedDocument:
    created_at: datetime
    expires_at: datetime
    status_code: int
    # What was stored (``scrape.cache``: the document's wire form and its artifacts).
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class AgeWindow:
    """Which ages are acceptable: younger than ``max_age`` (None: any) and at least
    ``min_age`` old (None: any)."""

    max_age: timedelta | None
    min_age: timedelta | None = None


def _fits(entry: CachedDocument, window: AgeWindow, now: datetime) -> bool:
    age = now - entry.created_at
    return (
        entry.expires_at > now
        and (window.max_age is None or age < window.max_age)
        and (window.min_age is None or age >= window.min_age)
    )


class _Recent:
    """The most recently used entries, up to ``limit`` bytes of JSON; values are shared and
    must be treated as read-only."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self._items: OrderedDict[tuple[str, str], tuple[CachedDocument, int]] = OrderedDict()

    def get(self, key: tuple[str, str]) -> CachedDocument | None:
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: tuple[str, str], entry: CachedDocument, size: int) -> None:
        old = self._items.get(key)
        if old is not None:
            if old[0].created_at > entry.created_at:
                return
            self.used -= old[1]
            del self._items[key]
        if size > self.limit // 4:  # one huge page must not flush everything else
            return
        self._items[key] = (entry, size)
        self.used += size
        while self.used > self.limit:
            _, (_, dropped) = self._items.popitem(last=False)
            self.used -= dropped


class CacheStore:
    """Repository of cached documents. ``clock``: the current UTC time (tests move it);
    ``memory_bytes``: the in-process LRU's budget (0: every read goes to the database)."""

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        clock: Callable[[], datetime] = utcnow,
        memory_bytes: int = 64 * 1024 * 1024,
    ) -> None:
        self._engine = engine
        self._clock = clock
        self._recent = _Recent(memory_bytes)
        dialect = engine.dialect.name
        if dialect not in ("sqlite", "postgresql"):
            raise ValueError(f"the cache index does not support {dialect!r} databases")
        self._insert = pg_insert if dialect == "postgresql" else sqlite_insert

    async def get(self, scope: str, key: str, window: AgeWindow) -> CachedDocument | None:
        """The entry of (scope, key) when its age fits ``window`` and it has not expired."""
        now = self._clock()
        recent = self._recent.get((scope, key))
        if recent is not None and _fits(recent, window, now):
            return recent
        query = select(
            CacheEntry.created_at, CacheEntry.expires_at, CacheEntry.status_code, CacheEntry.body
        ).where(CacheEntry.scope == scope, CacheEntry.key == key, CacheEntry.expires_at > now)
        if window.max_age is not None:
            query = query.where(CacheEntry.created_at > now - window.max_age)
        if window.min_age is not None:
            query = query.where(CacheEntry.created_at <= now - window.min_age)
        async with self._engine.connect() as conn:
            row = (await conn.execute(query)).first()
        if row is None:
            return None
        payload, size = unpack_sized(row.body)
        found = CachedDocument(row.created_at, row.expires_at, row.status_code, payload)
        self._recent.put((scope, key), found, size)
        return found

    async def put(
        self,
        scope: str,
        key: str,
        *,
        url_hash: str,
        status_code: int,
        payload: dict[str, Any],
        created_at: datetime,
        expires_at: datetime,
        max_bytes: int | None = None,
    ) -> int:
        """Store ``payload`` for (scope, key) unless a newer one is there; returns the stored
        size, 0 when it was above ``max_bytes`` once compressed (nothing stored then)."""
        body, size = pack_sized(payload)
        if max_bytes is not None and len(body) > max_bytes:
            return 0
        values = {
            "scope": scope,
            "key": key,
            "url_hash": url_hash,
            "status_code": status_code,
            "created_at": created_at,
            "expires_at": expires_at,
            "body": body,
        }
        stmt = self._insert(CacheEntry).values(**values)
        excluded = stmt.excluded
        stmt = stmt.on_conflict_do_update(
            index_elements=[CacheEntry.scope, CacheEntry.key],
            set_={name: excluded[name] for name in values if name not in ("scope", "key")},
            where=excluded.created_at >= CacheEntry.created_at,
        )
        async with write_turn(self._engine), self._engine.begin() as conn:
            await conn.execute(stmt)
        entry = CachedDocument(created_at, expires_at, status_code, payload)
        self._recent.put((scope, key), entry, size)
        return len(body)

    async def sweep(self) -> int:
        """Delete the expired entries; returns how many."""
        async with write_turn(self._engine), self._engine.begin() as conn:
            result = await conn.execute(
                delete(CacheEntry).where(CacheEntry.expires_at <= self._clock())
            )
        return int(getattr(result, "rowcount", 0) or 0)

    async def count(self, url_hash: str | None = None) -> int:
        """How many entries there are (of one URL): for tests and the operator."""
        query = select(func.count()).select_from(CacheEntry)
        if url_hash is not None:
            query = query.where(CacheEntry.url_hash == url_hash)
        async with self._engine.connect() as conn:
            return int((await conn.execute(query)).scalar_one())

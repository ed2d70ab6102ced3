"""Engines, sessions and schema migrations, the same for SQLite (embedded) and PostgreSQL.

* ``make_engine(url)``: SQLite gets its parent directory created, WAL, a busy timeout and
  foreign keys on every connection; PostgreSQL a pre-pinged, recycled connection pool.
* ``migrate(url)``: ``alembic upgrade head`` run programmatically, inside one transaction
  that first takes a lock (``pg_advisory_xact_lock`` on PostgreSQL, ``BEGIN IMMEDIATE`` on
  SQLite), so every process may call it at start: the first one migrates, the others wait,
  then find the schema at head and do nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import NullPool

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
# Key of the PostgreSQL advisory lock that serialises migrations ("webdata!" as an int64).
MIGRATION_LOCK_ID = int.from_bytes(b"webdata!", "big")
DEFAULT_BUSY_TIMEOUT_MS = 5_000
MIGRATION_BUSY_TIMEOUT_MS = 60_000


def _sqlite_file(url: URL) -> Path | None:
    """The database file of a SQLite URL, or None for in-memory and ``file:`` URI databases."""
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def make_engine(
    url: str,
    *,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    foreign_keys: bool = True,
    **kwargs: Any,
) -> AsyncEngine:
    """An async engine for ``url`` (``sqlite+aiosqlite://`` or ``postgresql+asyncpg://``).

    ``kwargs`` go to :func:`create_async_engine` and override the defaults chosen here.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = _sqlite_file(parsed)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(parsed, **kwargs)

        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            try:
                # Wait for a competing writer instead of failing with "database is locked";
                # first, so switching a new file to WAL (an exclusive lock) waits too.
                cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
                # WAL: readers never block the writer nor each other (one file, many processes).
                cursor.execute("PRAGMA journal_mode=WAL")
                # Safe with WAL (durable at checkpoints, never corrupt) and much faster.
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
            finally:
                cursor.close()

        return engine

    options: dict[str, Any] = {
        "pool_size": 10,
        "max_overflow": 20,
        "pool_timeout": 30,
        "pool_pre_ping": True,  # survive a database restart or a dropped idle connection
        "pool_recycle": 1800,
    }
    if parsed.get_backend_name() == "postgresql":
        options["connect_args"] = {"server_settings": {"application_name": "webdata"}}
    if kwargs.get("poolclass") is NullPool:
        for name in ("pool_size", "max_overflow", "pool_timeout", "pool_recycle"):
            options.pop(name)
    options.update(kwargs)
    return create_async_engine(parsed, **options)


_write_locks: weakref.WeakKeyDictionary[AsyncEngine, asyncio.Lock] = weakref.WeakKeyDictionary()


def write_turn(engine: AsyncEngine) -> contextlib.AbstractAsyncContextManager[object]:
    """Hold while writing through ``engine``: on SQLite, this process's writers take turns.

    SQLite has one writer at a time and holds the write lock from the first write to the
    commit, across the thread hops of aiosqlite; with many writers of one busy process the
    busy timeout's backoff starves some of them ("database is locked"). Taking turns here
    leaves the lock to other processes only. PostgreSQL needs no turns.
    """
    if engine.dialect.name != "sqlite":
        return contextlib.nullcontext()
    lock = _write_locks.get(engine)
    if lock is None:
        lock = _write_locks[engine] = asyncio.Lock()
    return lock


@contextlib.asynccontextmanager
async def write_session(
    sessions: async_sessionmaker[AsyncSession],
) -> AsyncIterator[AsyncSession]:
    """A session of ``sessions`` in a transaction, in this process's :func:`write_turn` (for
    the repositories that write through the ORM: keys, plans, profiles)."""
    bind = sessions.kw.get("bind")
    turn = write_turn(bind) if isinstance(bind, AsyncEngine) else contextlib.nullcontext()
    async with turn, sessions() as session, session.begin():
        yield session


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    # expire_on_commit=False: rows returned by repositories stay readable after the session.
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config(url: str) -> Config:
    """A file-less Alembic config pointing at the packaged migrations (no logging changes)."""
    cfg = Config()
    cfg.set_main_option("script_location", MIGRATIONS_DIR.as_posix())
    cfg.attributes["url"] = url
    return cfg


_loop_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


def _in_process_lock() -> asyncio.Lock:
    """Alembic's ``context`` and ``op`` are process-wide proxies: two migrations interleaved on
    one event loop (even on different databases) would corrupt each other, so run one at a time.
    """
    loop = asyncio.get_running_loop()
    lock = _loop_locks.get(loop)
    if lock is None:
        lock = _loop_locks[loop] = asyncio.Lock()
    return lock


async def _lock_for_migrations(conn: AsyncConnection) -> None:
    """Begin the migration transaction holding the cross-process migration lock."""
    if conn.dialect.name == "postgresql":
        # Released by the commit or rollback that ends this transaction, even on a crash.
        await conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": MIGRATION_LOCK_ID})
    elif conn.dialect.name == "sqlite":
        # Take the write lock now, so a concurrent migrator waits (busy timeout) instead of
        # reading the old schema version and then colliding on CREATE TABLE.
        await conn.exec_driver_sql("BEGIN IMMEDIATE")


def _check_sqlite_foreign_keys(conn: Connection) -> None:
    if conn.dialect.name != "sqlite":
        return
    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise RuntimeError(f"migration left rows violating foreign keys: {broken[:5]!r}")


async def run_locked(url: str, fn: Callable[[Connection], None]) -> None:
    """Run ``fn`` on one connection of ``url``, in one transaction holding the migration lock.

    On SQLite, foreign keys are off during migrations (batch operations recreate tables, and
    dropping a parent table with foreign keys on would cascade); they are checked before commit.
    """

    def work(sync_conn: Connection) -> None:
        fn(sync_conn)
        _check_sqlite_foreign_keys(sync_conn)

    engine = make_engine(
        url, poolclass=NullPool, busy_timeout_ms=MIGRATION_BUSY_TIMEOUT_MS, foreign_keys=False
    )
    try:
        async with _in_process_lock(), engine.connect() as conn:
            await _lock_for_migrations(conn)
            await conn.run_sync(work)
            await conn.commit()
    finally:
        await engine.dispose()


async def migrate(url: str, revision: str = "head") -> None:
    """``alembic upgrade <revision>`` on ``url``; idempotent and safe to run concurrently.

    A database already at head is only read: every process start calls this, and taking the
    write lock to find nothing to do would make the writers of the processes already running
    wait for it (on SQLite they give up after the busy timeout).
    """
    cfg = alembic_config(url)
    if revision == "head":
        head = ScriptDirectory.from_config(cfg).get_current_head()
        async with _in_process_lock():
            if head is not None and await current_revision(url) == head:
                return

    def upgrade(sync_conn: Connection) -> None:
        cfg.attributes["connection"] = sync_conn
        command.upgrade(cfg, revision)

    await run_locked(url, upgrade)


async def current_revision(url: str) -> str | None:
    """The schema revision of ``url`` (None before the first migration)."""
    from alembic.runtime.migration import MigrationContext

    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(
                lambda sync_conn: MigrationContext.configure(sync_conn).get_current_revision()
            )
    finally:
        await engine.dispose()

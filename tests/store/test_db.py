"""Engines and migrations on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text
from sqlalchemy.exc import IntegrityError

from webdata.store.db import (
    alembic_config,
    current_revision,
    make_engine,
    migrate,
    run_locked,
)
from webdata.store.models import Base

HEAD = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


async def _tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await engine.dispose()


async def _version_rows(url: str) -> list[str]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return list(
                (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalars()
            )
    finally:
        await engine.dispose()


def test_there_is_one_head() -> None:
    assert HEAD == "0006"


async def test_sqlite_engine_creates_directory_and_sets_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "webdata.db"
    engine = make_engine(f"sqlite+aiosqlite:///{path.as_posix()}")
    try:
        async with engine.connect() as conn:

            async def pragma(name: str) -> object:
                return (await conn.exec_driver_sql(f"PRAGMA {name}")).scalar()

            assert await pragma("journal_mode") == "wal"
            assert await pragma("busy_timeout") == 5000
            assert await pragma("foreign_keys") == 1
            assert await pragma("synchronous") == 1  # NORMAL
    finally:
        await engine.dispose()
    assert path.exists()


async def test_migrate_creates_the_schema_and_is_idempotent(db_url: str) -> None:
    assert await current_revision(db_url) is None
    await migrate(db_url)
    assert await current_revision(db_url) == HEAD
    assert {
        "teams",
        "api_keys",
        "browser_profiles",
        "browser_profile_leases",
        "alembic_version",
    } <= await _tables(db_url)
    await migrate(db_url)
    await migrate(db_url)
    assert await _version_rows(db_url) == [HEAD]


async def test_concurrent_migrations_in_one_process(new_db_url: Callable[[], str]) -> None:
    for _ in range(3):
        url = new_db_url()
        await asyncio.gather(*(migrate(url) for _ in range(4)))
        assert await _version_rows(url) == [HEAD]


async def test_concurrent_migrations_from_several_processes(db_url: str) -> None:
    code = (
        "import asyncio, sys; from webdata.store.db import migrate; "
        "asyncio.run(migrate(sys.argv[1]))"
    )
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, db_url, stderr=subprocess.PIPE
        )
        for _ in range(3)
    ]
    results = [(await p.wait(), (await p.stderr.read()).decode()) for p in procs if p.stderr]
    assert [rc for rc, _ in results] == [0, 0, 0], results
    assert await _version_rows(db_url) == [HEAD]


async def test_models_match_the_migrations(db_url: str) -> None:
    """Autogenerate finds nothing to do: the models and revision 0001 describe one schema."""
    await migrate(db_url)
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:

            def diff(sync_conn: Connection) -> list[object]:
                context = MigrationContext.configure(sync_conn, opts={"compare_type": True})
                return list(compare_metadata(context, Base.metadata))

            assert await conn.run_sync(diff) == []
    finally:
        await engine.dispose()


async def test_downgrade_to_base_and_back(db_url: str) -> None:
    await migrate(db_url)
    cfg = alembic_config(db_url)

    def downgrade(sync_conn: Connection) -> None:
        cfg.attributes["connection"] = sync_conn
        command.downgrade(cfg, "base")

    await run_locked(db_url, downgrade)
    assert await current_revision(db_url) is None
    assert not {"teams", "api_keys", "browser_profiles", "browser_profile_leases"} & await _tables(
        db_url
    )
    await migrate(db_url)
    assert await current_revision(db_url) == HEAD


async def test_foreign_keys_are_enforced(db_url: str) -> None:
    await migrate(db_url)
    engine = make_engine(db_url)
    try:
        with pytest.raises(IntegrityError):
            async with engine.begin() as conn:
                await conn.execute(
                    text(
                        "INSERT INTO api_keys (id, team_id, name, prefix, key_hash, scopes) "
                        "VALUES ('k', 'no-such-team', 'n', 'wd-12345', 'h', '[\"*\"]')"
                    )
                )
    finally:
        await engine.dispose()


def test_alembic_command_line_uses_the_environment_url(tmp_path: Path) -> None:
    """``alembic -c .../alembic.ini upgrade head`` works by hand with WEBDATA_DATABASE_URL."""
    import os

    from webdata.store.db import MIGRATIONS_DIR

    url = f"sqlite+aiosqlite:///{(tmp_path / 'cli' / 'webdata.db').as_posix()}"
    env = {**os.environ, "WEBDATA_DATABASE_URL": url}
    ini = (MIGRATIONS_DIR / "alembic.ini").as_posix()
    for args in (["upgrade", "head"], ["current"]):
        done = subprocess.run(
            [sys.executable, "-m", "alembic", "-c", ini, *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
    assert f"{HEAD} (head)" in done.stdout


async def test_a_database_at_head_is_not_locked_to_be_checked(tmp_path: Path) -> None:
    """Every process start migrates; at head, that must not wait for (or take) the write
    lock, or the writers of the processes already running would wait for it."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'busy.db'}"
    await migrate(url)
    holder = sqlite3.connect(tmp_path / "busy.db", timeout=0)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process in the middle of a write
        await asyncio.wait_for(migrate(url), timeout=10)
    finally:
        holder.rollback()
        holder.close()
    assert await _version_rows(url) == [HEAD]

"""Store fixtures: every store test runs on a temporary SQLite file and on the real PostgreSQL.

PostgreSQL (127.0.0.1:5432, user ``postgres``, else ``root``) gets one throwaway database per
test, named ``webdata_test_<random>_<n>``; all of them are dropped at the end of the session.
Without a reachable server the PostgreSQL variants are skipped, with the reason in the summary.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import KeyStore

PG_HOST = "127.0.0.1"
PG_PORT = 5432
PG_ADMIN_DB = "test"
PG_USERS = ("postgres", "root")

T = TypeVar("T")


def run_sync(make: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to completion on a private loop in another thread.

    For sync code (fixtures, CLI tests) that must not touch pytest-asyncio's session loop.
    """

    async def main() -> T:
        return await make()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


@dataclass
class PgAdmin:
    user: str
    prefix: str = field(default_factory=lambda: f"webdata_test_{secrets.token_hex(4)}")
    created: list[str] = field(default_factory=list)
    serial: int = 0

    async def _execute(self, sql: str) -> None:
        import asyncpg  # type: ignore[import-untyped]

        conn = await asyncpg.connect(
            host=PG_HOST, port=PG_PORT, user=self.user, database=PG_ADMIN_DB, timeout=5
        )
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def url(self, database: str) -> str:
        return f"postgresql+asyncpg://{self.user}@{PG_HOST}:{PG_PORT}/{database}"

    def create_database(self) -> str:
        """A new empty database; returns its SQLAlchemy URL."""
        self.serial += 1
        name = f"{self.prefix}_{self.serial}"
        run_sync(lambda: self._execute(f'CREATE DATABASE "{name}"'))
        self.created.append(name)
        return self.url(name)

    def drop_from(self, index: int) -> None:
        """Drops the databases created since ``len(self.created)`` was ``index``."""
        for name in self.created[index:]:
            sql = f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'
            run_sync(lambda sql=sql: self._execute(sql))  # type: ignore[misc]
        del self.created[index:]

    def drop_all(self) -> None:
        self.drop_from(0)


def _connect_admin() -> PgAdmin:
    import asyncpg

    errors: list[str] = []
    for user in PG_USERS:

        async def probe(user: str = user) -> None:
            conn = await asyncpg.connect(
                host=PG_HOST, port=PG_PORT, user=user, database=PG_ADMIN_DB, timeout=5
            )
            await conn.close()

        try:
            run_sync(probe)
        except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
            errors.append(f"{user}: {exc!r}")
            continue
        return PgAdmin(user=user)
    pytest.skip(
        f"!!! PostgreSQL at {PG_HOST}:{PG_PORT} (database {PG_ADMIN_DB!r}) is unreachable "
        f"({'; '.join(errors)}): the PostgreSQL store tests did NOT run !!!"
    )


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[PgAdmin]:
    admin = _connect_admin()
    try:
        yield admin
    finally:
        admin.drop_all()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture()
def new_db_url(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[[], str]]:
    """Makes fresh, empty databases of the test's backend (call it once per database).

    PostgreSQL ones are dropped when the test ends (and, failing that, at the session's end).
    """
    admin: PgAdmin | None = None
    if backend == "postgresql":
        admin = request.getfixturevalue("pg_admin")  # skips here when PostgreSQL is away
    first = len(admin.created) if admin is not None else 0
    counter = iter(range(1_000))

    def make() -> str:
        if admin is not None:
            return admin.create_database()
        path = tmp_path / f"data{next(counter)}" / "webdata.db"
        return f"sqlite+aiosqlite:///{path.as_posix()}"

    yield make
    if admin is not None:
        admin.drop_from(first)


@pytest.fixture()
def db_url(new_db_url: Callable[[], str]) -> str:
    """An empty database (not migrated yet)."""
    return new_db_url()


@pytest.fixture()
async def store(db_url: str) -> AsyncIterator[KeyStore]:
    """A migrated database and a key store over it, without the authentication cache."""
    await migrate(db_url)
    engine = make_engine(db_url)
    try:
        yield KeyStore(make_sessionmaker(engine), cache_ttl=0)
    finally:
        await engine.dispose()


@pytest.fixture()
async def engine(db_url: str) -> AsyncIterator[AsyncEngine]:
    """A migrated database of the test's backend, as an engine (repositories over it)."""
    await migrate(db_url)
    eng = make_engine(db_url)
    try:
        yield eng
    finally:
        await eng.dispose()

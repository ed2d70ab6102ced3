"""Teams and API keys: create, list, revoke, authenticate, bootstrap the first key.

Keys are ``wd-`` followed by 43 URL-safe characters (256 random bits). The plaintext is
returned once, at creation; the store keeps only its SHA-256 (``key_hash``) and its first
8 characters (``prefix``, for people to tell keys apart).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select, text, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import joinedload

from webdata.store.db import write_session, write_turn
from webdata.store.models import ApiKey, Team, utcnow

KEY_PREFIX = "wd-"
PREFIX_LENGTH = 8
# Shapes no stored key can have are refused before any database work.
MIN_KEY_LENGTH = 16
MAX_KEY_LENGTH = 256
ALL_SCOPES = "*"
DEFAULT_TEAM = "default"
# Key of the PostgreSQL advisory lock that serialises bootstrapping ("wdkeys!!" as an int64).
BOOTSTRAP_LOCK_ID = int.from_bytes(b"wdkeys!!", "big")


class StoreError(Exception):
    """Base of the errors raised by the key store."""


class TeamExistsError(StoreError):
    pass


class UnknownTeamError(StoreError):
    pass


class DuplicateKeyError(StoreError):
    pass


class AmbiguousKeyError(StoreError):
    """A prefix matches more than one active key: revoke by id instead."""


def generate_key() -> str:
    """A new API key: ``wd-`` + 43 URL-safe characters (256 bits from the OS CSPRNG)."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


def hash_key(key: str) -> str:
    """SHA-256 hex of ``key``.

    A slow password hash (bcrypt, argon2) exists to make guessing low-entropy secrets
    expensive. Generated keys carry 256 random bits, so no guessing is feasible whatever the
    hash speed, and a fast hash keeps ``authenticate`` at microseconds instead of the ~100 ms
    a password hash would add to every request. It also lets us look keys up directly by an
    indexed, unique hash column (no per-key salt, no scan).
    """
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def key_shape_ok(key: str) -> bool:
    """Whether ``key`` could be a stored key: 16-256 printable ASCII characters, no spaces."""
    return (
        MIN_KEY_LENGTH <= len(key) <= MAX_KEY_LENGTH
        and key.isascii()
        and key.isprintable()
        and " " not in key
    )


def _normalise_scopes(scopes: Iterable[str]) -> list[str]:
    if isinstance(scopes, str):
        scopes = (scopes,)
    result: list[str] = []
    for scope in scopes:
        scope = scope.strip()
        if not scope or not scope.isprintable() or len(scope) > 64:
            raise ValueError(f"invalid scope {scope!r}")
        if scope not in result:
            result.append(scope)
    if not result:
        raise ValueError("a key needs at least one scope ('*' for all)")
    return result


@dataclass(frozen=True, slots=True)
class AuthContext:
    """Who a request is: the team and key behind a valid ``Authorization: Bearer`` key."""

    team_id: str
    team_name: str
    key_id: str
    scopes: frozenset[str]

    def allows(self, scope: str) -> bool:
        return ALL_SCOPES in self.scopes or scope in self.scopes


class KeyStore:
    """Repository of teams and API keys over an ``async_sessionmaker``.

    ``cache_ttl``: seconds a successful ``authenticate`` is remembered in this process (at
    most 2, so a revoke from another process, e.g. the CLI, takes effect within 2 s; 0 turns
    the cache off). Failures are never cached. ``touch_interval``: ``last_used_at`` is
    written at most this often per key (None: never), to keep writes off the hot path.
    """

    MAX_CACHE_TTL = 2.0
    MAX_CACHE_ENTRIES = 10_000

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        cache_ttl: float = 1.0,
        touch_interval: float | None = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not 0 <= cache_ttl <= self.MAX_CACHE_TTL:
            raise ValueError(f"cache_ttl must be between 0 and {self.MAX_CACHE_TTL} seconds")
        bind = sessions.kw.get("bind")
        if not isinstance(bind, AsyncEngine):
            raise TypeError("KeyStore needs an async_sessionmaker bound to an AsyncEngine")
        self._sessions = sessions
        self._engine = bind
        self._cache_ttl = cache_ttl
        self._touch_interval = touch_interval
        self._clock = clock
        self._cache: dict[str, tuple[float, AuthContext]] = {}

    # -- teams -------------------------------------------------------------------------

    async def create_team(self, name: str) -> Team:
        name = _check_name(name, "team")
        team = Team(name=name)
        try:
            async with write_session(self._sessions) as session:
                session.add(team)
        except IntegrityError as exc:
            raise TeamExistsError(f"team {name!r} already exists") from exc
        return team

    async def get_team(self, name: str) -> Team | None:
        async with self._sessions() as session:
            return await session.scalar(select(Team).where(Team.name == name))

    async def list_teams(self) -> list[Team]:
        """Every team, by name."""
        async with self._sessions() as session:
            return list((await session.scalars(select(Team).order_by(Team.name))).all())

    async def get_or_create_team(self, name: str) -> Team:
        """The team called ``name``, created if missing (safe against a concurrent creator)."""
        for _ in range(3):
            team = await self.get_team(name)
            if team is not None:
                return team
            try:
                return await self.create_team(name)
            except TeamExistsError:
                continue  # created meanwhile by someone else: read it
        raise StoreError(f"could not get or create team {name!r}")

    # -- keys --------------------------------------------------------------------------

    async def create_key(
        self,
        team_id: str,
        *,
        name: str = "default",
        scopes: Iterable[str] = (ALL_SCOPES,),
        key: str | None = None,
    ) -> tuple[ApiKey, str]:
        """Store a new key for ``team_id``; returns the row and the plaintext (shown once).

        ``key`` stores a key chosen by the operator (e.g. ``WEBDATA_BOOTSTRAP_API_KEY``)
        instead of generating one; it must have a valid shape (see :func:`key_shape_ok`).
        """
        async with write_session(self._sessions) as session:
            row, plaintext = await self._insert_key(session, team_id, name, scopes, key)
        return row, plaintext

    async def _insert_key(
        self,
        session: AsyncSession,
        team_id: str,
        name: str,
        scopes: Iterable[str],
        key: str | None,
    ) -> tuple[ApiKey, str]:
        name = _check_name(name, "key")
        scope_list = _normalise_scopes(scopes)
        if key is None:
            key = generate_key()
        elif not key_shape_ok(key):
            raise ValueError(
                f"an API key must be {MIN_KEY_LENGTH}-{MAX_KEY_LENGTH} printable ASCII "
                "characters without spaces"
            )
        if await session.get(Team, team_id) is None:
            raise UnknownTeamError(f"no team with id {team_id!r}")
        digest = hash_key(key)
        if await session.scalar(select(ApiKey.id).where(ApiKey.key_hash == digest)) is not None:
            raise DuplicateKeyError("this key is already stored")
        row = ApiKey(
            team_id=team_id,
            name=name,
            prefix=key[:PREFIX_LENGTH],
            key_hash=digest,
            scopes=scope_list,
        )
        session.add(row)
        try:
            await session.flush()
        except IntegrityError as exc:  # a concurrent insert of the same key
            raise DuplicateKeyError("this key is already stored") from exc
        return row, key

    async def list_keys(self, team: str | None = None) -> list[ApiKey]:
        """Every key (revoked ones too), oldest first; ``team`` filters by team name.

        Each row has ``.team`` loaded.
        """
        query = select(ApiKey).join(ApiKey.team).options(joinedload(ApiKey.team))
        if team is not None:
            query = query.where(Team.name == team)
        query = query.order_by(ApiKey.created_at, ApiKey.id)
        async with self._sessions() as session:
            return list((await session.scalars(query)).all())

    async def get_key(self, key_id: str) -> ApiKey | None:
        async with self._sessions() as session:
            return await session.get(ApiKey, key_id, options=[joinedload(ApiKey.team)])

    async def revoke(self, key_id_or_prefix: str) -> bool:
        """Revoke a key by its id or by its 8-character prefix; False when none matches.

        Revoking an already revoked key is a no-op that returns True. A prefix shared by
        several active keys raises :class:`AmbiguousKeyError` (nothing is revoked).
        """
        ident = key_id_or_prefix.strip()
        if not ident:
            return False
        async with write_session(self._sessions) as session:
            rows = list(
                (
                    await session.scalars(
                        select(ApiKey).where((ApiKey.id == ident) | (ApiKey.prefix == ident))
                    )
                ).all()
            )
            by_id = [row for row in rows if row.id == ident]
            matches = by_id or rows
            if not matches:
                return False
            active = [row for row in matches if row.revoked_at is None]
            if len(active) > 1:
                raise AmbiguousKeyError(
                    f"{len(active)} active keys start with {ident!r}; revoke one by its id"
                )
            for row in active:
                row.revoked_at = utcnow()
            revoked_ids = {row.id for row in matches}
        self._forget(revoked_ids)
        return True

    async def count_active_keys(self) -> int:
        async with self._sessions() as session:
            count = await session.scalar(
                select(func.count()).select_from(ApiKey).where(ApiKey.revoked_at.is_(None))
            )
        return int(count or 0)

    # -- authentication ----------------------------------------------------------------

    async def authenticate(self, presented: str) -> AuthContext | None:
        """The team and scopes of ``presented``, or None for a malformed, unknown or revoked key.

        One indexed SELECT (by hash, joined to the team); successes are cached for
        ``cache_ttl`` seconds in this process.
        """
        if not isinstance(presented, str) or not key_shape_ok(presented):
            return None
        digest = hash_key(presented)
        now = self._clock()
        if self._cache_ttl > 0:
            hit = self._cache.get(digest)
            if hit is not None:
                if hit[0] > now:
                    return hit[1]
                del self._cache[digest]
        query = (
            select(
                ApiKey.id,
                ApiKey.key_hash,
                ApiKey.scopes,
                ApiKey.last_used_at,
                Team.id.label("team_id"),
                Team.name.label("team_name"),
            )
            .join(Team, Team.id == ApiKey.team_id)
            .where(ApiKey.key_hash == digest, ApiKey.revoked_at.is_(None))
        )
        # A bare connection, not an ORM session: about 40% less overhead per request.
        async with self._engine.connect() as conn:
            row = (await conn.execute(query)).one_or_none()
            if row is None or not hmac.compare_digest(row.key_hash, digest):
                return None
            await self._touch(conn, row.id, row.last_used_at)
        auth = AuthContext(
            team_id=row.team_id,
            team_name=row.team_name,
            key_id=row.id,
            scopes=frozenset(row.scopes or ()),
        )
        if self._cache_ttl > 0:
            if len(self._cache) >= self.MAX_CACHE_ENTRIES:
                self._cache.clear()
            self._cache[digest] = (now + self._cache_ttl, auth)
        return auth

    async def _touch(self, conn: AsyncConnection, key_id: str, last_used: datetime | None) -> None:
        """Best-effort ``last_used_at`` update, at most once per ``touch_interval``."""
        if self._touch_interval is None:
            return
        now = utcnow()
        interval = timedelta(seconds=self._touch_interval)
        if last_used is not None and now - last_used < interval:
            return
        try:
            async with write_turn(self._engine):
                await conn.execute(
                    update(ApiKey)
                    .where(
                        ApiKey.id == key_id,
                        ApiKey.last_used_at.is_(None) | (ApiKey.last_used_at < now - interval),
                    )
                    .values(last_used_at=now)
                )
                await conn.commit()
        except SQLAlchemyError:
            # Bookkeeping only: a busy database must not turn a valid key into an error.
            await conn.rollback()

    def _forget(self, key_ids: set[str]) -> None:
        for digest, (_, auth) in list(self._cache.items()):
            if auth.key_id in key_ids:
                self._cache.pop(digest, None)

    def clear_cache(self) -> None:
        self._cache.clear()

    # -- bootstrap ---------------------------------------------------------------------

    @asynccontextmanager
    async def _locked(self) -> AsyncIterator[AsyncSession]:
        """A write transaction serialised across processes (first statement takes the lock)."""
        async with write_session(self._sessions) as session:
            connection = await session.connection()
            if connection.dialect.name == "postgresql":
                await connection.execute(
                    text("SELECT pg_advisory_xact_lock(:id)"), {"id": BOOTSTRAP_LOCK_ID}
                )
            elif connection.dialect.name == "sqlite":
                await connection.exec_driver_sql("BEGIN IMMEDIATE")
            yield session

    async def bootstrap(self, bootstrap_key: str | None) -> str | None:
        """See :func:`ensure_bootstrap`."""
        if bootstrap_key is not None and not key_shape_ok(bootstrap_key):
            raise ValueError(
                f"WEBDATA_BOOTSTRAP_API_KEY must be {MIN_KEY_LENGTH}-{MAX_KEY_LENGTH} "
                "printable ASCII characters without spaces"
            )
        async with self._locked() as session:
            if bootstrap_key is not None:
                existing = await session.scalar(
                    select(ApiKey).where(ApiKey.key_hash == hash_key(bootstrap_key))
                )
                if existing is None:
                    team = await _team_in(session, DEFAULT_TEAM)
                    await self._insert_key(
                        session, team.id, "bootstrap", (ALL_SCOPES,), bootstrap_key
                    )
                elif existing.revoked_at is not None:
                    existing.revoked_at = None
                return None
            active = await session.scalar(
                select(func.count()).select_from(ApiKey).where(ApiKey.revoked_at.is_(None))
            )
            if active:
                return None
            team = await _team_in(session, DEFAULT_TEAM)
            _, plaintext = await self._insert_key(session, team.id, "first", (ALL_SCOPES,), None)
            return plaintext


async def _team_in(session: AsyncSession, name: str) -> Team:
    team = await session.scalar(select(Team).where(Team.name == name))
    if team is None:
        team = Team(name=name)
        session.add(team)
        await session.flush()
    return team


def _check_name(name: str, what: str) -> str:
    name = name.strip()
    if not name or len(name) > 100 or not name.isprintable():
        raise ValueError(f"a {what} name must be 1-100 printable characters")
    return name


async def ensure_bootstrap(store: KeyStore, bootstrap_key: str | None) -> str | None:
    """Make sure the service can be used; returns a plaintext key only when it made one.

    * ``bootstrap_key`` given (``WEBDATA_BOOTSTRAP_API_KEY``): when that key is not stored
      yet, it is stored in team ``default`` (created if needed) with all scopes. Idempotent:
      a stored key is left as it is (team, name, scopes), except that a revoked one is
      un-revoked, since the operator explicitly configured it; to retire it, remove it from
      the configuration, then revoke it. Returns None (the operator knows the key).
    * no ``bootstrap_key`` and no active key at all: creates team ``default`` and a new key
      and returns its plaintext, for the caller to show once.
    * otherwise: does nothing and returns None.

    Runs under a cross-process lock, so several processes starting together create at most
    one first key.
    """
    return await store.bootstrap(bootstrap_key)

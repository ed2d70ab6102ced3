"""Browser profiles: a team's named browser storage, and the lease that lets one session save it.

A profile is Playwright's ``storage_state`` (``{"cookies": [...], "origins": [{"origin",
"localStorage": [...]}]}``) stored per (team, name); teams never see each other's profiles.

Saving is single-writer: a session that will write a profile back first takes its lease, a row
of ``browser_profile_leases`` keyed by (team, name), inserted atomically (the primary key makes
a second insert fail, on SQLite and PostgreSQL alike, whichever process or node tries). The
holder renews the lease every third of its lifetime while it works, so a holder that crashed
stops blocking the profile once ``lease_ttl_s`` has passed; a live holder keeps it as long as it
needs. Expiry times come from the clocks of the nodes (keep them in sync, as NTP does: a lease
lasts tens of seconds, so small skews do not matter). Reading a profile takes no lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import structlog
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from webdata.store.db import write_session
from webdata.store.models import BrowserProfile, ProfileLease, new_id, utcnow

__all__ = [
    "DEFAULT_LEASE_TTL_S",
    "MAX_NAME_LENGTH",
    "MAX_STATE_BYTES",
    "Lease",
    "LeaseLostError",
    "ProfileError",
    "ProfileInUseError",
    "ProfileStore",
    "ProfileTooLargeError",
]

log = structlog.get_logger("webdata.store.profiles")

DEFAULT_LEASE_TTL_S = 30.0
MAX_NAME_LENGTH = 128
# Cookies plus local storage of every origin, as JSON; browsers cap local storage at about
# 5 MB per origin, a profile holds a few origins at most.
MAX_STATE_BYTES = 16 * 1024 * 1024


class ProfileError(Exception):
    """Base of the errors raised by the profile store."""


class ProfileInUseError(ProfileError):
    """Another session holds the lease of the profile."""

    def __init__(self, name: str) -> None:
        super().__init__(f"profile {name!r} is in use by another saving session")
        self.name = name


class LeaseLostError(ProfileError):
    """The lease lapsed and someone else took it: this session must not write any more."""


class ProfileTooLargeError(ProfileError):
    pass


@dataclass(slots=True)
class Lease:
    """The right to save (team, name), held until released or lapsed."""

    team_id: str
    name: str
    holder: str
    expires_at: datetime
    # Set by the renewal task when the lease was found taken by someone else.
    lost: bool = False
    keeper: asyncio.Task[None] | None = field(default=None, repr=False)


def _check_name(name: str) -> str:
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise ValueError(f"a profile name must be 1 to {MAX_NAME_LENGTH} characters")
    return name


class ProfileStore:
    """Repository of browser profiles and their leases over an ``async_sessionmaker``.

    ``lease_ttl_s``: how long a lease lasts without renewal (a crashed holder blocks the profile
    at most this long). ``clock``: the current UTC time (tests move it).
    """

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        lease_ttl_s: float = DEFAULT_LEASE_TTL_S,
        clock: Callable[[], datetime] = utcnow,
        max_state_bytes: int = MAX_STATE_BYTES,
    ) -> None:
        if lease_ttl_s <= 0:
            raise ValueError("lease_ttl_s must be positive")
        self._sessions = sessions
        self._ttl = timedelta(seconds=lease_ttl_s)
        self._clock = clock
        self._max_state_bytes = max_state_bytes

    # -- state ---------------------------------------------------------------------------

    async def load(self, team_id: str, name: str) -> dict[str, Any] | None:
        """The stored state of the team's profile ``name``, or None when it was never saved."""
        _check_name(name)
        async with self._sessions() as session:
            state = await session.scalar(
                select(BrowserProfile.storage_state).where(
                    BrowserProfile.team_id == team_id, BrowserProfile.name == name
                )
            )
        return dict(state) if state is not None else None

    async def save(
        self, team_id: str, name: str, state: dict[str, Any], *, lease: Lease | None = None
    ) -> None:
        """Store ``state`` as the team's profile ``name`` (created on first save).

        With ``lease``, the write happens only while that lease is still held (checked and
        renewed in the same transaction); otherwise :class:`LeaseLostError` and nothing is
        written.
        """
        _check_name(name)
        size = len(json.dumps(state, separators=(",", ":")).encode())
        if size > self._max_state_bytes:
            raise ProfileTooLargeError(
                f"profile {name!r} state of {size} bytes exceeds {self._max_state_bytes} bytes"
            )
        if lease is not None and (lease.team_id, lease.name) != (team_id, name):
            raise ValueError("the lease is for another profile")
        for attempt in range(2):
            try:
                async with write_session(self._sessions) as session:
                    now = self._clock()
                    # The renewal is a row lock on PostgreSQL (the write lock on SQLite) until
                    # commit: no one can take the lease between this check and the write.
                    if lease is not None and not await self._renew_in(session, lease, now):
                        lease.lost = True
                        raise LeaseLostError(
                            f"the saving lease of profile {name!r} was lost; not saved"
                        )
                    row = await session.scalar(
                        select(BrowserProfile).where(
                            BrowserProfile.team_id == team_id, BrowserProfile.name == name
                        )
                    )
                    if row is None:
                        session.add(
                            BrowserProfile(
                                team_id=team_id,
                                name=name,
                                storage_state=state,
                                created_at=now,
                                updated_at=now,
                            )
                        )
                    else:
                        row.storage_state = state
                        row.updated_at = now
                return
            except IntegrityError:
                # A concurrent first save (only possible without a lease): update it instead.
                if attempt:
                    raise

    async def delete(self, team_id: str, name: str) -> bool:
        """Forget the team's profile ``name``; False when there was none."""
        async with write_session(self._sessions) as session:
            result = await session.execute(
                delete(BrowserProfile).where(
                    BrowserProfile.team_id == team_id, BrowserProfile.name == name
                )
            )
        return bool(getattr(result, "rowcount", 0))

    async def names(self, team_id: str) -> list[str]:
        """The team's profile names, sorted."""
        async with self._sessions() as session:
            rows = await session.scalars(
                select(BrowserProfile.name)
                .where(BrowserProfile.team_id == team_id)
                .order_by(BrowserProfile.name)
            )
            return list(rows.all())

    # -- leases --------------------------------------------------------------------------

    async def acquire(self, team_id: str, name: str, *, keep_alive: bool = True) -> Lease:
        """Take the saving lease of (team, name), or raise :class:`ProfileInUseError`.

        A lapsed lease (its holder crashed) is removed and taken over in the same transaction.
        ``keep_alive`` renews the lease in the background until :meth:`release`.
        """
        _check_name(name)
        for attempt in range(2):
            now = self._clock()
            lease = Lease(team_id=team_id, name=name, holder=new_id(), expires_at=now + self._ttl)
            try:
                async with write_session(self._sessions) as session:
                    await session.execute(
                        delete(ProfileLease).where(
                            ProfileLease.team_id == team_id,
                            ProfileLease.name == name,
                            ProfileLease.expires_at <= now,
                        )
                    )
                    session.add(
                        ProfileLease(
                            team_id=team_id,
                            name=name,
                            holder=lease.holder,
                            acquired_at=now,
                            expires_at=lease.expires_at,
                        )
                    )
                break
            except IntegrityError:
                if await self._lease_exists(team_id, name):
                    raise ProfileInUseError(name) from None
                if attempt:
                    raise  # not a competing lease (an unknown team, say)
                # The competing lease was released meanwhile: try once more.
        if keep_alive:
            lease.keeper = asyncio.create_task(self._keep(lease), name=f"lease {name}")
        return lease

    async def _lease_exists(self, team_id: str, name: str) -> bool:
        async with self._sessions() as session:
            holder = await session.scalar(
                select(ProfileLease.holder).where(
                    ProfileLease.team_id == team_id, ProfileLease.name == name
                )
            )
        return holder is not None

    async def renew(self, lease: Lease) -> bool:
        """Push the lease's expiry ``lease_ttl_s`` ahead; False (and ``lease.lost``) when it is
        no longer held by this holder."""
        async with write_session(self._sessions) as session:
            held = await self._renew_in(session, lease, self._clock())
        if not held:
            lease.lost = True
        return held

    async def _renew_in(self, session: AsyncSession, lease: Lease, now: datetime) -> bool:
        expires = now + self._ttl
        result = await session.execute(
            update(ProfileLease)
            .where(
                ProfileLease.team_id == lease.team_id,
                ProfileLease.name == lease.name,
                ProfileLease.holder == lease.holder,
            )
            .values(expires_at=expires)
        )
        if not getattr(result, "rowcount", 0):
            return False
        lease.expires_at = expires
        return True

    async def release(self, lease: Lease) -> None:
        """Give the lease back (a no-op when it was lost); finishes even when cancelled."""
        await asyncio.shield(self._release(lease))

    async def _release(self, lease: Lease) -> None:
        keeper, lease.keeper = lease.keeper, None
        if keeper is not None:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeper
        try:
            async with write_session(self._sessions) as session:
                await session.execute(
                    delete(ProfileLease).where(
                        ProfileLease.team_id == lease.team_id,
                        ProfileLease.name == lease.name,
                        ProfileLease.holder == lease.holder,
                    )
                )
        except SQLAlchemyError:
            # The lease lapses by itself within lease_ttl_s; never fail the caller for it.
            log.warning("profile lease release failed", profile=lease.name, exc_info=True)

    async def _keep(self, lease: Lease) -> None:
        """Renew every third of the lease's life until cancelled or lost."""
        interval = self._ttl.total_seconds() / 3
        while True:
            await asyncio.sleep(interval)
            try:
                if not await self.renew(lease):
                    log.warning("profile lease lost", profile=lease.name)
                    return
            except SQLAlchemyError:
                # Try again next round; the lease only lapses after two more misses.
                log.warning("profile lease renewal failed", profile=lease.name, exc_info=True)

    @asynccontextmanager
    async def saving(self, team_id: str, name: str) -> AsyncIterator[Lease]:
        """Hold the lease of (team, name) for the block, released however the block ends."""
        lease = await self.acquire(team_id, name)
        try:
            yield lease
        finally:
            await self.release(lease)

"""The ``profile`` option of a scrape: load the team's browser storage before the fetch, hold the
profile's saving lease during it, save what the browser ended with, release the lease always."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import structlog
from sqlalchemy.exc import SQLAlchemyError

from webdata.contract import ApiError, ScrapeRequest
from webdata.contract.errors import unsupported
from webdata.engines.base import Fetched
from webdata.store.profiles import (
    Lease,
    LeaseLostError,
    ProfileInUseError,
    ProfileStore,
    ProfileTooLargeError,
)

log = structlog.get_logger("webdata.scrape.profile")


def profile_in_use(name: str) -> ApiError:
    return ApiError(
        409,
        f"Conflict: profile {name!r} is in use by another saving session; retry when it ends, "
        "or send saveChanges: false to use the profile without saving",
        code="SCRAPE_PROFILE_IN_USE",
    )


@dataclass(slots=True)
class ProfileSession:
    """One scrape's use of a profile: the state to load, and the lease when it saves."""

    store: ProfileStore
    team_id: str
    name: str
    state: dict[str, Any] | None
    lease: Lease | None = None

    @property
    def saving(self) -> bool:
        return self.lease is not None

    async def finish(self, fetched: Fetched | None, warnings: list[str]) -> None:
        """Save the state the browser ended with (when saving and the page work finished),
        then release the lease. Never raises: a failed save becomes a warning."""
        try:
            await asyncio.shield(self._finish(fetched, warnings))
        except Exception:  # the scrape's own outcome matters more than the bookkeeping
            log.exception("profile finish failed", profile=self.name)

    async def _finish(self, fetched: Fetched | None, warnings: list[str]) -> None:
        lease = self.lease
        if lease is None:
            return
        try:
            state = fetched.storage_state if fetched is not None else None
            if state is not None:
                try:
                    await self.store.save(self.team_id, self.name, state, lease=lease)
                except (LeaseLostError, ProfileTooLargeError) as exc:
                    warnings.append(f"The browser profile was not saved: {exc}.")
                except SQLAlchemyError:
                    log.warning("profile save failed", profile=self.name, exc_info=True)
                    warnings.append(
                        "The browser profile was not saved: the store could not be written."
                    )
        finally:
            await self.store.release(lease)


async def open_profile(
    req: ScrapeRequest, store: ProfileStore | None, team_id: str | None
) -> ProfileSession | None:
    """Load the request's profile; with ``saveChanges`` take its saving lease first (409 when
    another session holds it). The caller must call :meth:`ProfileSession.finish`."""
    profile = req.profile
    if profile is None:
        return None
    if store is None or team_id is None:
        raise unsupported(
            "profile",
            "the store of an API server (the one-shot `webdata scrape` has none: "
            "scrape through `webdata serve` instead)",
        )
    lease: Lease | None = None
    if profile.save_changes:
        try:
            lease = await store.acquire(team_id, profile.name)
        except ProfileInUseError:
            raise profile_in_use(profile.name) from None
    try:
        state = await store.load(team_id, profile.name)
    except BaseException:
        if lease is not None:
            await store.release(lease)
        raise
    return ProfileSession(store, team_id, profile.name, state, lease)

"""Scrapes a team runs at once: a slot each, and a fair (first come, first served) queue for
the scrapes over the plan's limit, bounded in length and in waiting time.

``ConcurrencySlots`` keeps them in this process (the embedded mode); ``limits.redis_slots``
shares them between API processes through Redis. Both are :class:`Slots`.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Protocol


class Slots(Protocol):
    def hold(
        self, team_id: str, limit: int, queue_limit: int, timeout_s: float
    ) -> AbstractAsyncContextManager[Slot]:
        """A slot for the block; raises QueueFull or SlotTimeout."""
        ...

    async def usage(self, team_id: str) -> tuple[int, int]:
        """(running, waiting) scrapes of the team."""
        ...


class QueueFull(Exception):
    """The team's waiting line is at its bound."""


class SlotTimeout(Exception):
    """No slot came free within the scrape's time."""


@dataclass(frozen=True, slots=True)
class Slot:
    # Whether the scrape had to wait for a slot, and how long.
    limited: bool
    waited_ms: float


@dataclass
class _Team:
    active: int = 0
    waiting: deque[asyncio.Future[None]] = field(default_factory=deque)


class ConcurrencySlots:
    def __init__(self) -> None:
        self._teams: dict[str, _Team] = {}

    async def usage(self, team_id: str) -> tuple[int, int]:
        """(running, waiting) scrapes of the team in this process."""
        team = self._teams.get(team_id)
        return (team.active, len(team.waiting)) if team is not None else (0, 0)

    @asynccontextmanager
    async def hold(
        self, team_id: str, limit: int, queue_limit: int, timeout_s: float
    ) -> AsyncIterator[Slot]:
        """A slot of the team for the block; ``limit`` 0 means no limit (still counted)."""
        team = self._teams.setdefault(team_id, _Team())
        started = time.monotonic()
        limited = False
        if limit > 0 and (team.active >= limit or team.waiting):
            if len(team.waiting) >= queue_limit:
                raise QueueFull(team_id)
            limited = True
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            team.waiting.append(turn)
            try:
                async with asyncio.timeout(max(timeout_s, 0.001)):
                    await asyncio.shield(turn)
            except BaseException as exc:
                if turn.done() and not turn.cancelled():
                    self._release(team_id, team)  # the slot came as we gave up: pass it on
                else:
                    turn.cancel()
                    team.waiting.remove(turn)
                if isinstance(exc, TimeoutError):
                    raise SlotTimeout(team_id) from None
                raise
        else:
            team.active += 1
        try:
            yield Slot(limited, (time.monotonic() - started) * 1000 if limited else 0.0)
        finally:
            self._release(team_id, team)

    def _release(self, team_id: str, team: _Team) -> None:
        while team.waiting:
            turn = team.waiting.popleft()
            if not turn.done():
                turn.set_result(None)  # the slot goes straight to the next in line
                return
        team.active -= 1
        if team.active == 0 and not team.waiting:
            self._teams.pop(team_id, None)

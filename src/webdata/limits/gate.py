"""The way into a scrape: the team's rate limit, its credits, then a concurrency slot.

The order makes refusals cheap and honest: a request over its rate is refused before it
takes credits (429 with ``Retry-After``); one without credits before it waits for a slot
(402); one that cannot get a slot in time gives its credits back (429 ``Concurrency limit
reached``). Credits taken up front are settled to the real cost when the scrape ends, and
given back when it fails (``limits.costs``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from webdata.contract import ApiError
from webdata.limits.costs import cost_of_error
from webdata.limits.rate import RateLimiter
from webdata.limits.slots import QueueFull, Slot, Slots, SlotTimeout
from webdata.store.credits import CreditStore
from webdata.store.keys import AuthContext
from webdata.store.plans import Limits, PlanStore

RATE_LIMITED = "Rate limit exceeded"
NO_CREDITS = "Payment Required: Insufficient credits"
CONCURRENCY_LIMITED = "Concurrency limit reached"


@dataclass(slots=True)
class Ticket:
    slot: Slot
    # What the scrape cost; set by the caller on success (``metadata.creditsUsed``).
    cost: int = 0


class Gate:
    def __init__(
        self,
        plans: PlanStore,
        credits: CreditStore,
        rate: RateLimiter,
        slots: Slots,
    ) -> None:
        self.plans = plans
        self.credits = credits
        self.rate = rate
        self.slots = slots

    @asynccontextmanager
    async def admit(
        self, auth: AuthContext, *, upfront: int, timeout_s: float, ref: str | None = None
    ) -> AsyncIterator[Ticket]:
        """A request's way in: rate, credits, then a slot (its plan's queue bound applies)."""
        limits = await self.check_rate(auth.team_id)
        async with self._credits_and_slot(
            limits,
            auth.team_id,
            auth.key_id,
            upfront=upfront,
            queue_limit=limits.queue_limit,
            timeout_s=timeout_s,
            ref=ref,
        ) as ticket:
            yield ticket

    async def check_rate(self, team_id: str) -> Limits:
        """Count one request against the team's rate (429 with ``Retry-After`` over it)."""
        limits = await self.plans.for_team(team_id)
        retry_after = await self.rate.hit(team_id, limits.rate_per_minute)
        if retry_after is not None:
            raise ApiError(429, RATE_LIMITED, headers={"Retry-After": str(retry_after)}, bare=True)
        return limits

    @asynccontextmanager
    async def job_item_slot(self, team_id: str, *, wait_s: float) -> AsyncIterator[Limits]:
        """The way into an item of a job the team started. Its request was rate-limited once,
        when the job was made; the item waits its turn for one of the team's slots (up to
        ``wait_s``, in no bounded line: the job's window bounds it). It pays when its result
        is recorded, in the same transaction (``debit_in``), so a worker that dies mid-item
        has taken nothing and a redelivered item is billed once."""
        limits = await self.plans.for_team(team_id)
        if not await self.has_credits_for(team_id, 1):
            raise ApiError(402, NO_CREDITS, bare=True)
        try:
            async with self.slots.hold(team_id, limits.max_concurrency, 2**31, wait_s):
                yield limits
        except (QueueFull, SlotTimeout):
            raise ApiError(429, CONCURRENCY_LIMITED, bare=True) from None

    async def has_credits_for(self, team_id: str, credits: int) -> bool:
        """Whether the team's month still holds ``credits`` (always, on a plan without an
        allowance): a job of N pages is refused up front rather than failed page by page."""
        limits = await self.plans.for_team(team_id)
        if limits.monthly_credits is None:
            return True
        balance = await self.credits.balance(team_id, limits.monthly_credits)
        return (balance.remaining or 0) >= credits

    @asynccontextmanager
    async def _credits_and_slot(
        self,
        limits: Limits,
        team_id: str,
        key_id: str | None,
        *,
        upfront: int,
        queue_limit: int,
        timeout_s: float,
        ref: str | None,
    ) -> AsyncIterator[Ticket]:
        # No allowance: nothing to check, the cost is only recorded once known.
        reservation = None
        if limits.monthly_credits is not None:
            reservation = await self.credits.reserve(
                team_id, upfront, limits.monthly_credits, api_key_id=key_id, ref=ref
            )
            if reservation is None:
                raise ApiError(402, NO_CREDITS, bare=True)
        ticket: Ticket | None = None
        try:
            async with self.slots.hold(
                team_id, limits.max_concurrency, queue_limit, timeout_s
            ) as slot:
                ticket = Ticket(slot)
                try:
                    yield ticket
                except ApiError as exc:
                    ticket.cost = cost_of_error(exc)
                    raise
                except BaseException:
                    ticket.cost = 0
                    raise
        except (QueueFull, SlotTimeout):
            raise ApiError(429, CONCURRENCY_LIMITED, bare=True) from None
        finally:
            cost = ticket.cost if ticket is not None else 0
            if reservation is not None:
                # Shielded: a request cancelled mid-scrape still settles its credits.
                await asyncio.shield(self.credits.settle(reservation, cost))
            elif cost:
                self.credits.record(team_id, cost, api_key_id=key_id, ref=ref)

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
from webdata.store.plans import PlanStore

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
        limits = await self.plans.for_team(auth.team_id)
        retry_after = await self.rate.hit(auth.team_id, limits.rate_per_minute)
        if retry_after is not None:
            raise ApiError(429, RATE_LIMITED, headers={"Retry-After": str(retry_after)}, bare=True)
        # No allowance: nothing to check, the cost is only recorded once known.
        reservation = None
        if limits.monthly_credits is not None:
            reservation = await self.credits.reserve(
                auth.team_id, upfront, limits.monthly_credits, api_key_id=auth.key_id, ref=ref
            )
            if reservation is None:
                raise ApiError(402, NO_CREDITS, bare=True)
        ticket: Ticket | None = None
        try:
            async with self.slots.hold(
                auth.team_id, limits.max_concurrency, limits.queue_limit, timeout_s
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
                self.credits.record(auth.team_id, cost, api_key_id=auth.key_id, ref=ref)

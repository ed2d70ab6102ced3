"""What a scrape costs, in credits (the README's cost table is this module in words).

* a page: 1; a PDF with ``parsers: []`` (the file itself): 1 flat; a PDF parsed with the
  ``pdf`` parser: 1 a page (when the documents engine is built);
* ``lockdown``: 5 on a cache hit, 1 on a miss (the 404 is billed);
* ``proxy: enhanced`` and ``auto`` cost the same as ``basic``; a cache hit costs as a scrape;
* a failed scrape (an error answer, a timeout, a refused request) costs nothing.
"""

from __future__ import annotations

from webdata.contract import ApiError, ScrapeRequest

PAGE = 1
LOCKDOWN_HIT = 5
LOCKDOWN_MISS = 1


def most_a_scrape_costs_upfront(req: ScrapeRequest) -> int:
    """What is taken before the work: the most the scrape can cost when its size is unknown
    (a lockdown request that may hit), else one page."""
    return LOCKDOWN_HIT if req.lockdown else PAGE


def cost_of_error(error: ApiError) -> int:
    """A failure is free, except the lockdown miss the spec bills."""
    return LOCKDOWN_MISS if error.code == "SCRAPE_LOCKDOWN_CACHE_MISS" else 0

"""Job families by kind: a new family is one module and one line here."""

from __future__ import annotations

from webdata.jobs import batch
from webdata.jobs.queue import Family

FAMILIES: dict[str, Family] = {
    batch.KIND: batch.run_item,
}

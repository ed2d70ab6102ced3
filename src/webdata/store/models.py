"""Declarative models of the store.

Teams, API keys, browser profiles, the cache index and page history so far; later tables
(credits ledger, jobs) are added here together with a new Alembic revision in
``migrations/versions/``.
Migrations never import this module: each revision spells out its own schema, so old
revisions keep working whatever these classes become.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

# Deterministic constraint names: Alembic needs them to alter or drop constraints later
# (SQLite batch mode in particular).
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    return str(uuid.uuid4())


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC timestamp on every backend.

    PostgreSQL keeps the zone (``timestamptz``); SQLite stores naive text, so values are
    normalised to UTC on the way in and marked as UTC on the way out.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given; use an aware UTC datetime")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {
        datetime: UTCDateTime(),
        list[str]: JSON(),
        dict[str, Any]: JSON(),
    }


class Team(Base):
    __tablename__ = "teams"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    # The name of the team's plan (``plans``); a plan that is gone reads as "default".
    plan: Mapped[str] = mapped_column(String(64), default="default", server_default="default")
    created_at: Mapped[datetime] = mapped_column(
        default=utcnow, server_default=text("CURRENT_TIMESTAMP")
    )

    def __repr__(self) -> str:
        return f"Team(id={self.id!r}, name={self.name!r})"


class ApiKey(Base):
    """One API key. Only the SHA-256 of the key is kept, plus its first characters for display."""

    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    team_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("teams.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(100), default="default")
    prefix: Mapped[str] = mapped_column(String(8), index=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    # "*" means every scope.
    scopes: Mapped[list[str]] = mapped_column(default=lambda: ["*"])
    created_at: Mapped[datetime] = mapped_column(
        default=utcnow, server_default=text("CURRENT_TIMESTAMP")
    )
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)
    last_used_at: Mapped[datetime | None] = mapped_column(default=None)

    # Loaded only on request (``selectinload``/``joinedload``): never a hidden query.
    team: Mapped[Team] = relationship(lazy="raise")

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    def __repr__(self) -> str:  # never the hash
        return f"ApiKey(id={self.id!r}, team_id={self.team_id!r}, prefix={self.prefix!r})"


class BrowserProfile(Base):
    """A team's named browser storage: Playwright's ``storage_state`` (cookies, and per origin
    its local storage), loaded into the browser context of every scrape naming the profile."""

    __tablename__ = "browser_profiles"
    __table_args__ = (UniqueConstraint("team_id", "name"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    team_id: Mapped[str] = mapped_column(String(36), ForeignKey("teams.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(128))
    storage_state: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(
        default=utcnow, server_default=text("CURRENT_TIMESTAMP")
    )
    updated_at: Mapped[datetime] = mapped_column(
        default=utcnow, server_default=text("CURRENT_TIMESTAMP")
    )

    def __repr__(self) -> str:  # never the cookies
        return f"BrowserProfile(team_id={self.team_id!r}, name={self.name!r})"


class ProfileLease(Base):
    """The right to save a profile, held by one scrape at a time (any process, any node).

    ``holder`` is a random token of the holding session; the holder renews ``expires_at``
    while it works, so a crashed holder's lease lapses on its own.
    """

    __tablename__ = "browser_profile_leases"

    team_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("teams.id", ondelete="CASCADE"), primary_key=True
    )
    name: Mapped[str] = mapped_column(String(128), primary_key=True)
    holder: Mapped[str] = mapped_column(String(36))
    acquired_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]

    def __repr__(self) -> str:
        return f"ProfileLease(team_id={self.team_id!r}, name={self.name!r})"


class CacheEntry(Base):
    """One cached scrape result: the newest document for a (scope, key).

    ``scope`` is the team's id, or ``SHARED_SCOPE`` for the operator-enabled shared index (no
    foreign key for that reason: rows of a deleted team age out with ``expires_at``). ``key``
    is the hash of the normalised URL and every option that changes the output
    (``scrape.cache_key``); ``url_hash`` the hash of the URL alone. ``body`` is the document's
    wire form, compressed (``store.blobs``).
    """

    __tablename__ = "cache_entries"

    scope: Mapped[str] = mapped_column(String(36), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    url_hash: Mapped[str] = mapped_column(String(64), index=True)
    status_code: Mapped[int]
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime] = mapped_column(index=True)
    body: Mapped[bytes] = mapped_column(LargeBinary)

    def __repr__(self) -> str:
        return f"CacheEntry(scope={self.scope!r}, key={self.key[:12]!r})"


class PageSnapshot(Base):
    """The latest change-tracking scrape of a URL by a team, under a tag ('' for none): what
    the next ``changeTracking`` scrape compares with. ``markdown`` is compressed."""

    __tablename__ = "page_snapshots"

    team_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("teams.id", ondelete="CASCADE"), primary_key=True
    )
    url_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    tag: Mapped[str] = mapped_column(String(128), primary_key=True)
    status_code: Mapped[int]
    scraped_at: Mapped[datetime]
    markdown: Mapped[bytes] = mapped_column(LargeBinary)

    def __repr__(self) -> str:
        return f"PageSnapshot(team_id={self.team_id!r}, tag={self.tag!r})"


class Plan(Base):
    """What a team may do: requests per minute, scrapes at once (more wait in a queue of
    ``queue_limit``), credits per calendar month (UTC). 0 and None mean no limit."""

    __tablename__ = "plans"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    rate_per_minute: Mapped[int] = mapped_column(default=0)
    max_concurrency: Mapped[int] = mapped_column(default=0)
    queue_limit: Mapped[int] = mapped_column(default=100)
    monthly_credits: Mapped[int | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(
        default=utcnow, server_default=text("CURRENT_TIMESTAMP")
    )

    def __repr__(self) -> str:
        return f"Plan(name={self.name!r})"


class CreditPeriod(Base):
    """A team's credits in one calendar month: ``used`` (debited by the ledger, atomically
    checked against the plan's allowance plus ``granted``)."""

    __tablename__ = "credit_periods"

    team_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("teams.id", ondelete="CASCADE"), primary_key=True
    )
    period_start: Mapped[datetime] = mapped_column(primary_key=True)
    used: Mapped[int] = mapped_column(default=0)
    granted: Mapped[int] = mapped_column(default=0)


class CreditEntry(Base):
    """One line of the usage ledger: credits taken (positive) or given back (negative) for a
    scrape ``ref``; per team and period the lines add up to ``CreditPeriod.used``."""

    __tablename__ = "credit_ledger"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer(), "sqlite"), primary_key=True, autoincrement=True
    )
    team_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("teams.id", ondelete="CASCADE"), index=True
    )
    api_key_id: Mapped[str | None] = mapped_column(String(36), default=None)
    period_start: Mapped[datetime]
    at: Mapped[datetime] = mapped_column(index=True)
    credits: Mapped[int]
    # "scrape" (taken before the work), "settle" (the difference once the cost is known)
    kind: Mapped[str] = mapped_column(String(16))
    ref: Mapped[str | None] = mapped_column(String(36), default=None)


class Job(Base):
    """One asynchronous job of a team (``kind``: a family of ``webdata.jobs``, e.g. a batch
    scrape). ``options`` is the request as sent, without its URL list; ``window`` how many of
    its items may be queued or running at once (the request's ``maxConcurrency``)."""

    __tablename__ = "jobs"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    team_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("teams.id", ondelete="CASCADE"), index=True
    )
    api_key_id: Mapped[str | None] = mapped_column(String(36), default=None)
    kind: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]]
    window: Mapped[int]
    total: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(index=True)
    cancelled_at: Mapped[datetime | None] = mapped_column(default=None)

    def __repr__(self) -> str:
        return f"Job(id={self.id!r}, kind={self.kind!r})"


class JobItem(Base):
    """One unit of a job (a URL of a batch): ``status`` is queued (waiting for the job's
    window), kicked (on the queue or running), done, failed or cancelled. ``document`` is the
    result's wire form, compressed; ``error`` what went wrong."""

    __tablename__ = "job_items"
    __table_args__ = (Index("ix_job_items_job_id_status", "job_id", "status"),)

    job_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("jobs.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(primary_key=True)
    url: Mapped[str] = mapped_column(String(8192))
    status: Mapped[str] = mapped_column(String(16), default="queued")
    credits: Mapped[int] = mapped_column(default=0)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    document: Mapped[bytes | None] = mapped_column(LargeBinary, default=None)
    error: Mapped[str | None] = mapped_column(String(4096), default=None)
    code: Mapped[str | None] = mapped_column(String(64), default=None)


class TokenUsage(Base):
    """LLM tokens a team's scrapes spent in one calendar month (UTC)."""

    __tablename__ = "token_usage"

    team_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("teams.id", ondelete="CASCADE"), primary_key=True
    )
    period_start: Mapped[datetime] = mapped_column(primary_key=True)
    tokens: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"), default=0)

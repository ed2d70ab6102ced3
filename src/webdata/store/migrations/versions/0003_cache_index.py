"""The cache index and the page history of change tracking.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "cache_entries",
        sa.Column("scope", sa.String(36), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("url_hash", sa.String(64), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("body", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("scope", "key", name="pk_cache_entries"),
    )
    op.create_index("ix_cache_entries_url_hash", "cache_entries", ["url_hash"])
    op.create_index("ix_cache_entries_expires_at", "cache_entries", ["expires_at"])
    op.create_table(
        "page_snapshots",
        sa.Column("team_id", sa.String(36), nullable=False),
        sa.Column("url_hash", sa.String(64), nullable=False),
        sa.Column("tag", sa.String(128), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=False),
        sa.Column("scraped_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("markdown", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["teams.id"],
            name="fk_page_snapshots_team_id_teams",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("team_id", "url_hash", "tag", name="pk_page_snapshots"),
    )


def downgrade() -> None:
    op.drop_table("page_snapshots")
    op.drop_index("ix_cache_entries_expires_at", table_name="cache_entries")
    op.drop_index("ix_cache_entries_url_hash", table_name="cache_entries")
    op.drop_table("cache_entries")

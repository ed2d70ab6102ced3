"""Plans, the team's plan, and the credit ledger.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    plans = op.create_table(
        "plans",
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("rate_per_minute", sa.Integer(), nullable=False),
        sa.Column("max_concurrency", sa.Integer(), nullable=False),
        sa.Column("queue_limit", sa.Integer(), nullable=False),
        sa.Column("monthly_credits", sa.Integer(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("name", name="pk_plans"),
    )
    # The plan every team starts on: no limits (a self-hosted service's operator sets them).
    op.bulk_insert(
        plans,
        [
            {
                "name": "default",
                "rate_per_minute": 0,
                "max_concurrency": 0,
                "queue_limit": 100,
                "monthly_credits": None,
            }
        ],
    )
    with op.batch_alter_table("teams") as batch:
        batch.add_column(sa.Column("plan", sa.String(64), server_default="default", nullable=False))
    op.create_table(
        "credit_periods",
        sa.Column("team_id", sa.String(36), nullable=False),
        sa.Column("period_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used", sa.Integer(), nullable=False),
        sa.Column("granted", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["team_id"], ["teams.id"], name="fk_credit_periods_team_id_teams", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("team_id", "period_start", name="pk_credit_periods"),
    )
    op.create_table(
        "credit_ledger",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("team_id", sa.String(36), nullable=False),
        sa.Column("api_key_id", sa.String(36), nullable=True),
        sa.Column("period_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("credits", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("ref", sa.String(36), nullable=True),
        sa.ForeignKeyConstraint(
            ["team_id"], ["teams.id"], name="fk_credit_ledger_team_id_teams", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_credit_ledger"),
    )
    op.create_index("ix_credit_ledger_team_id", "credit_ledger", ["team_id"])
    op.create_index("ix_credit_ledger_at", "credit_ledger", ["at"])


def downgrade() -> None:
    op.drop_index("ix_credit_ledger_at", table_name="credit_ledger")
    op.drop_index("ix_credit_ledger_team_id", table_name="credit_ledger")
    op.drop_table("credit_ledger")
    op.drop_table("credit_periods")
    with op.batch_alter_table("teams") as batch:
        batch.drop_column("plan")
    op.drop_table("plans")

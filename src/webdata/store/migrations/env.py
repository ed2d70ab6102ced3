"""Alembic environment: async engines, URL from the caller, never from alembic.ini.

Where the URL comes from, first match wins:

1. ``config.attributes["connection"]``: a sync connection handed in by
   :func:`webdata.store.db.migrate`, already inside the locked transaction;
2. ``config.attributes["url"]``, then ``-x url=...``, then ``sqlalchemy.url``, then the
   ``WEBDATA_DATABASE_URL`` environment variable (for ``alembic -c .../alembic.ini ...``).
"""

from __future__ import annotations

import asyncio
import os
from logging.config import fileConfig

from alembic import context
from sqlalchemy import Connection

from webdata.store.db import run_locked
from webdata.store.models import Base

config = context.config
target_metadata = Base.metadata

# Only the command-line tool configures logging; programmatic runs leave the app's alone.
if config.config_file_name is not None and "connection" not in config.attributes:
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def _url() -> str:
    url = (
        config.attributes.get("url")
        or context.get_x_argument(as_dictionary=True).get("url")
        or config.get_main_option("sqlalchemy.url")
        or os.environ.get("WEBDATA_DATABASE_URL")
    )
    if not url:
        raise RuntimeError("no database URL: set WEBDATA_DATABASE_URL or pass -x url=...")
    return str(url)


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things: autogenerate emits batch operations, which are
        # plain ALTERs on PostgreSQL.
        render_as_batch=True,
        compare_type=True,
    )


def do_run_migrations(connection: Connection) -> None:
    _configure(connection)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    context.configure(
        url=_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        do_run_migrations(connection)
    else:
        asyncio.run(run_locked(_url(), do_run_migrations))


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()

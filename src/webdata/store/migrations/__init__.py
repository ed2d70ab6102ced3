"""Alembic environment of the store (``env.py``, ``alembic.ini``, ``versions/``).

Run programmatically through :func:`webdata.store.db.migrate`. By hand::

    WEBDATA_DATABASE_URL=sqlite+aiosqlite:///.webdata/webdata.db \\
        alembic -c src/webdata/store/migrations/alembic.ini revision -m "jobs"
"""

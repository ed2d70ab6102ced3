"""The real PostgreSQL of the store tests, for the distributed job tests."""

from tests.store.conftest import pg_admin

__all__ = ["pg_admin"]

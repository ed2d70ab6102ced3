"""``webdata plans | teams | credits`` through typer's CliRunner on a temporary SQLite file; the
plan they set is the one the API applies (checked through the stores the API uses)."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from tests.store.conftest import run_sync
from tests.store.test_cli_keys import db_file  # noqa: F401  (the fixture)
from webdata.cli import app
from webdata.store.db import make_engine, make_sessionmaker
from webdata.store.keys import KeyStore
from webdata.store.plans import Limits, PlanStore

runner = CliRunner()


def invoke(*args: str) -> typer.testing.Result:
    return runner.invoke(app, list(args))


def limits_of(path: Path, team: str) -> Limits:
    async def read() -> Limits:
        engine = make_engine(f"sqlite+aiosqlite:///{path.as_posix()}")
        try:
            sessions = make_sessionmaker(engine)
            row = await KeyStore(sessions, cache_ttl=0).get_team(team)
            assert row is not None
            return await PlanStore(sessions, cache_ttl=0).for_team(row.id)
        finally:
            await engine.dispose()

    return run_sync(read)


def test_plans_teams_and_credits(db_file: Path) -> None:  # noqa: F811
    done = invoke("plans", "set", "pro", "--rate", "10", "--concurrency", "2", "--credits", "100")
    assert done.exit_code == 0, done.output
    assert invoke("teams", "create", "acme", "--plan", "pro").exit_code == 0
    assert limits_of(db_file, "acme") == Limits("pro", 10, 2, 100, 100)
    assert invoke("credits", "grant", "acme", "50").exit_code == 0
    shown = invoke("credits", "show", "acme")
    assert "used 0, granted 50, left 150" in shown.output
    listed = invoke("plans", "list").output
    assert "pro" in listed and "default" in listed
    assert "acme" in invoke("teams", "list").output
    refused = invoke("plans", "delete", "pro")
    assert refused.exit_code == 1 and "1 team" in refused.output
    assert invoke("teams", "set-plan", "acme", "default").exit_code == 0
    assert limits_of(db_file, "acme").plan == "default"
    assert invoke("plans", "delete", "pro").exit_code == 0
    missing = invoke("credits", "show", "nobody")
    assert missing.exit_code == 1 and "no team 'nobody'" in missing.output

"""``webdata keys create | list | revoke`` through typer's CliRunner, on a temporary SQLite file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from tests.store.conftest import run_sync
from webdata.cli_keys import keys_app
from webdata.config import get_settings
from webdata.store.db import make_engine, make_sessionmaker
from webdata.store.keys import AuthContext, KeyStore

runner = CliRunner()


@pytest.fixture()
def db_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "fresh" / "webdata.db"
    monkeypatch.setenv("WEBDATA_DATABASE_URL", f"sqlite+aiosqlite:///{path.as_posix()}")
    monkeypatch.setenv("COLUMNS", "200")
    get_settings.cache_clear()
    yield path
    get_settings.cache_clear()


def invoke(*args: str) -> typer.testing.Result:
    return runner.invoke(keys_app, list(args))


def authenticate(path: Path, key: str) -> AuthContext | None:
    async def check() -> AuthContext | None:
        engine = make_engine(f"sqlite+aiosqlite:///{path.as_posix()}")
        try:
            return await KeyStore(make_sessionmaker(engine), cache_ttl=0).authenticate(key)
        finally:
            await engine.dispose()

    return run_sync(check)


def create(*args: str) -> tuple[str, str]:
    """Runs ``keys create``; returns the key (alone on stdout) and the stderr text."""
    result = invoke("create", *args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.stdout
    return lines[0], result.stderr


def test_create_prints_the_key_once_and_its_id(db_file: Path) -> None:
    key, details = create()
    assert key.startswith("wd-") and len(key) == 46
    assert "created key" in details and "default" in details
    auth = authenticate(db_file, key)
    assert auth is not None and auth.team_name == "default" and auth.scopes == {"*"}
    assert auth.key_id in details
    for path in db_file.parent.glob("webdata.db*"):
        assert key.encode() not in path.read_bytes()


def test_create_with_team_name_and_scopes(db_file: Path) -> None:
    key, details = create("--team", "acme", "--name", "ci", "--scope", "scrape", "--scope", "map")
    auth = authenticate(db_file, key)
    assert auth is not None and auth.team_name == "acme"
    assert auth.scopes == {"scrape", "map"}
    assert "scrape, map" in details


def test_create_refuses_a_bad_scope(db_file: Path) -> None:
    result = invoke("create", "--scope", " ")
    assert result.exit_code == 2
    assert "invalid scope" in result.stderr


def test_list_shows_keys_but_never_their_secrets(db_file: Path) -> None:
    key1, _ = create("--team", "acme", "--name", "first")
    key2, _ = create("--team", "other", "--name", "second", "--scope", "scrape")
    result = invoke("list")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for expected in ("acme", "other", "first", "second", key1[:8], key2[:8], "scrape", "*"):
        assert expected in out
    for key in (key1, key2):
        assert key not in out and key[:9] not in out
    from webdata.store.keys import hash_key

    assert hash_key(key1) not in out and hash_key(key2) not in out

    only = invoke("list", "--team", "acme")
    assert only.exit_code == 0
    assert "first" in only.stdout and "second" not in only.stdout


def test_list_on_an_empty_store(db_file: Path) -> None:
    result = invoke("list")
    assert result.exit_code == 0, result.output
    assert "API keys (0)" in result.stdout
    assert db_file.exists()  # migrated on the way


def _key_id(path: Path, key: str) -> str:
    auth = authenticate(path, key)
    assert auth is not None
    return auth.key_id


def test_revoke_by_id(db_file: Path) -> None:
    key, _ = create()
    key_id = _key_id(db_file, key)
    result = invoke("revoke", key_id)
    assert result.exit_code == 0, result.output
    assert authenticate(db_file, key) is None
    [line] = [line for line in invoke("list").stdout.splitlines() if key_id in line]
    assert len(re.findall(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Z", line)) == 2  # created, revoked


def test_revoke_by_prefix_as_listed(db_file: Path) -> None:
    key, _ = create()
    result = invoke("revoke", key[:8] + "…")  # copied from `keys list`
    assert result.exit_code == 0, result.output
    assert authenticate(db_file, key) is None


def test_revoke_unknown_exits_1(db_file: Path) -> None:
    result = invoke("revoke", "wd-nope0")
    assert result.exit_code == 1
    assert "no key" in result.stderr


def test_revoke_an_ambiguous_prefix_exits_1(db_file: Path) -> None:
    async def two_keys() -> None:
        engine = make_engine(get_settings().database_url)
        try:
            store = KeyStore(make_sessionmaker(engine), cache_ttl=0)
            team = await store.get_or_create_team("acme")
            await store.create_key(team.id, key="wd-same-aaaaaaaaaaaaaaaaaaaa")
            await store.create_key(team.id, key="wd-same-bbbbbbbbbbbbbbbbbbbb")
        finally:
            await engine.dispose()

    assert invoke("list").exit_code == 0  # migrates
    run_sync(two_keys)
    result = invoke("revoke", "wd-same-")
    assert result.exit_code == 1
    assert "revoke one by its id" in result.stderr
    assert authenticate(db_file, "wd-same-aaaaaaaaaaaaaaaaaaaa") is not None


def test_main_cli_mounts_the_keys_commands(db_file: Path) -> None:
    from webdata.cli import app

    result = runner.invoke(app, ["keys", "list"])
    assert result.exit_code == 0, result.output

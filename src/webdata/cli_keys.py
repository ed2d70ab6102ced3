"""``webdata keys create | list | revoke``: manage API keys in the configured database.

Every command first brings the schema up to date (``migrate``), so it works on a fresh
data directory. Keys are printed once, at creation; ``list`` never shows a key or its hash.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from webdata.config import get_settings
from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import ALL_SCOPES, DEFAULT_TEAM, AmbiguousKeyError, KeyStore
from webdata.store.models import ApiKey

keys_app = typer.Typer(help="Create, list and revoke API keys.", no_args_is_help=True)

T = TypeVar("T")


def _stderr() -> Console:
    return Console(stderr=True)


def _run(action: Callable[[KeyStore], Awaitable[T]]) -> T:
    """Migrate the configured database, then run ``action`` on a key store over it."""

    async def main() -> T:
        url = get_settings().database_url
        await migrate(url)
        engine = make_engine(url)
        try:
            return await action(KeyStore(make_sessionmaker(engine), cache_ttl=0))
        finally:
            await engine.dispose()

    return asyncio.run(main())


def _when(value: datetime | None) -> str:
    return value.strftime("%Y-%m-%d %H:%M:%SZ") if value is not None else ""


@keys_app.command("create")
def create(
    team: Annotated[str, typer.Option(help="Team name (created if missing).")] = DEFAULT_TEAM,
    name: Annotated[str, typer.Option(help="A label for the key.")] = "default",
    scope: Annotated[
        list[str] | None,
        typer.Option("--scope", help="Scope the key allows (repeatable); default '*' = all."),
    ] = None,
) -> None:
    """Create a key and print it (only this once: the store keeps its hash)."""

    async def action(store: KeyStore) -> tuple[ApiKey, str]:
        team_row = await store.get_or_create_team(team)
        return await store.create_key(team_row.id, name=name, scopes=scope or [ALL_SCOPES])

    try:
        row, plaintext = _run(action)
    except ValueError as exc:
        _stderr().print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from exc
    # The key alone on stdout (KEY=$(webdata keys create)); the rest on stderr.
    typer.echo(plaintext)
    _stderr().print(
        f"created key [bold]{row.id}[/] (team {team!r}, name {row.name!r}, "
        f"scopes {', '.join(row.scopes)}); it will not be shown again",
        highlight=False,
    )


@keys_app.command("list")
def list_(
    team: Annotated[str | None, typer.Option(help="Only this team's keys.")] = None,
) -> None:
    """List keys (never the keys themselves): id, team, name, prefix, scopes, dates."""
    rows = _run(lambda store: store.list_keys(team))
    table = Table(title=f"API keys ({len(rows)})", title_justify="left")
    table.add_column("id", overflow="fold", no_wrap=True)
    table.add_column("team")
    table.add_column("name")
    table.add_column("prefix", no_wrap=True)
    table.add_column("scopes")
    table.add_column("created")
    table.add_column("revoked")
    for row in rows:
        table.add_row(
            row.id,
            row.team.name,
            row.name,
            row.prefix + "…",
            ", ".join(row.scopes),
            _when(row.created_at),
            _when(row.revoked_at),
            style="dim" if row.revoked_at is not None else None,
        )
    Console().print(table)


@keys_app.command("revoke")
def revoke(
    key: Annotated[str, typer.Argument(help="The key's id, or its 8-character prefix.")],
) -> None:
    """Revoke a key by id or prefix (takes effect on running servers within 2 s)."""
    try:
        found = _run(lambda store: store.revoke(key.rstrip("…")))
    except AmbiguousKeyError as exc:
        _stderr().print(f"[red]error:[/] {exc}", highlight=False)
        raise typer.Exit(1) from exc
    if not found:
        _stderr().print(f"[red]error:[/] no key with id or prefix {key!r}", highlight=False)
        raise typer.Exit(1)
    _stderr().print(f"revoked {key}", highlight=False)

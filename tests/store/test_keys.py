"""Teams, keys, authentication and bootstrap on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from webdata.store.db import make_engine, make_sessionmaker, migrate
from webdata.store.keys import (
    AmbiguousKeyError,
    AuthContext,
    DuplicateKeyError,
    KeyStore,
    TeamExistsError,
    UnknownTeamError,
    ensure_bootstrap,
    generate_key,
    hash_key,
    key_shape_ok,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def engine_of(store: KeyStore) -> AsyncEngine:
    return store._engine


def count_statements(engine: AsyncEngine) -> Callable[[], int]:
    """Counts SQL statements sent on ``engine`` from now on."""
    seen: list[str] = []

    @event.listens_for(engine.sync_engine, "before_cursor_execute")
    def record(*args: object) -> None:
        seen.append(str(args[2]))

    return lambda: len(seen)


@pytest.fixture()
async def other_store(store: KeyStore, db_url: str) -> AsyncIterator[Callable[..., KeyStore]]:
    """Builds more key stores over the same database, each with its own engine (another process)."""
    engines: list[AsyncEngine] = []

    def build(**kwargs: object) -> KeyStore:
        engine = make_engine(db_url)
        engines.append(engine)
        return KeyStore(make_sessionmaker(engine), **kwargs)  # type: ignore[arg-type]

    yield build
    for engine in engines:
        await engine.dispose()


# -- helpers -----------------------------------------------------------------------------


def test_generated_keys_are_long_random_and_well_formed() -> None:
    keys = {generate_key() for _ in range(1000)}
    assert len(keys) == 1000
    for key in keys:
        assert key.startswith("wd-")
        assert len(key) == 46  # 43 URL-safe characters = 256 bits
        assert key_shape_ok(key)


def test_hash_is_sha256_hex() -> None:
    assert hash_key("wd-abc") == hashlib.sha256(b"wd-abc").hexdigest()
    assert len(hash_key(generate_key())) == 64


# -- teams -------------------------------------------------------------------------------


async def test_teams(store: KeyStore) -> None:
    team = await store.create_team("acme")
    assert team.id and team.name == "acme" and team.created_at.tzinfo is not None
    with pytest.raises(TeamExistsError):
        await store.create_team("acme")
    assert (await store.get_or_create_team("acme")).id == team.id
    other = await store.get_or_create_team("other")
    assert other.id != team.id
    with pytest.raises(ValueError):
        await store.create_team("  ")


async def test_get_or_create_team_concurrently(
    store: KeyStore, other_store: Callable[..., KeyStore]
) -> None:
    stores = [store] + [other_store(cache_ttl=0) for _ in range(3)]
    teams = await asyncio.gather(*(s.get_or_create_team("racing") for s in stores))
    assert len({t.id for t in teams}) == 1


# -- keys --------------------------------------------------------------------------------


async def test_create_key_returns_the_plaintext_once_and_stores_only_its_hash(
    store: KeyStore, db_url: str
) -> None:
    team = await store.create_team("acme")
    row, plaintext = await store.create_key(team.id, name="ci")
    assert plaintext.startswith("wd-") and len(plaintext) == 46
    assert row.key_hash == hash_key(plaintext)
    assert row.prefix == plaintext[:8]
    assert row.scopes == ["*"] and row.name == "ci" and row.team_id == team.id
    assert row.revoked_at is None and row.created_at.tzinfo is not None
    assert plaintext not in repr(row) and row.key_hash not in repr(row)

    # Nothing in the database holds the plaintext (nor anything longer than the prefix).
    async with engine_of(store).connect() as conn:
        rows = (await conn.execute(text("SELECT * FROM api_keys"))).all()
    dumped = repr(rows)
    assert plaintext not in dumped
    assert plaintext[:9] not in dumped
    assert row.key_hash in dumped

    url = make_url(db_url)
    if url.get_backend_name() == "sqlite":
        await engine_of(store).dispose()  # checkpoint the WAL into the file
        assert url.database
        files = list(Path(url.database).parent.glob("webdata.db*"))
        assert files
        for path in files:
            content = path.read_bytes()
            assert plaintext.encode() not in content, path
            assert plaintext[3:].encode() not in content, path


async def test_create_key_with_a_chosen_key(store: KeyStore) -> None:
    team = await store.create_team("acme")
    chosen = "my-own-key-0123456789abcdef"
    row, plaintext = await store.create_key(team.id, key=chosen)
    assert plaintext == chosen and row.prefix == "my-own-k"
    with pytest.raises(DuplicateKeyError):
        await store.create_key(team.id, key=chosen)
    for bad in ("short", "has space in it 0123456789", "x" * 257, "ключ-0123456789abcdef"):
        with pytest.raises(ValueError):
            await store.create_key(team.id, key=bad)
    with pytest.raises(UnknownTeamError):
        await store.create_key("00000000-0000-0000-0000-000000000000")


async def test_scopes(store: KeyStore) -> None:
    team = await store.create_team("acme")
    row, key = await store.create_key(team.id, scopes=("scrape", "crawl", "scrape"))
    assert row.scopes == ["scrape", "crawl"]
    auth = await store.authenticate(key)
    assert auth is not None
    assert auth.scopes == frozenset({"scrape", "crawl"})
    assert auth.allows("scrape") and auth.allows("crawl")
    assert not auth.allows("extract") and not auth.allows("*")

    _, admin = await store.create_key(team.id, scopes=["*"])
    admin_auth = await store.authenticate(admin)
    assert admin_auth is not None and admin_auth.allows("anything")

    for bad in ((), ("",), ("  ",)):
        with pytest.raises(ValueError):
            await store.create_key(team.id, scopes=bad)


async def test_list_and_count_keys(store: KeyStore) -> None:
    acme = await store.create_team("acme")
    other = await store.create_team("other")
    first, _ = await store.create_key(acme.id, name="one")
    second, _ = await store.create_key(acme.id, name="two")
    third, _ = await store.create_key(other.id, name="three")
    assert await store.count_active_keys() == 3
    assert await store.revoke(second.id)
    assert await store.count_active_keys() == 2

    everything = await store.list_keys()
    assert [k.id for k in everything] == [first.id, second.id, third.id]
    assert [k.team.name for k in everything] == ["acme", "acme", "other"]
    assert everything[1].revoked_at is not None
    assert [k.id for k in await store.list_keys("other")] == [third.id]
    assert await store.list_keys("nobody") == []


# -- authenticate ------------------------------------------------------------------------


async def test_authenticate_a_valid_key(store: KeyStore) -> None:
    team = await store.create_team("acme")
    row, key = await store.create_key(team.id)
    auth = await store.authenticate(key)
    assert auth == AuthContext(
        team_id=team.id, team_name="acme", key_id=row.id, scopes=frozenset({"*"})
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        auth.team_id = "other"  # type: ignore[misc]


async def test_authenticate_rejects_unknown_and_revoked_keys(store: KeyStore) -> None:
    team = await store.create_team("acme")
    row, key = await store.create_key(team.id)
    assert await store.authenticate(generate_key()) is None
    assert await store.authenticate(key + "x") is None
    assert await store.authenticate(key[:-1]) is None
    assert await store.revoke(row.id)
    assert await store.authenticate(key) is None


@pytest.mark.parametrize(
    "presented",
    [
        "",
        " ",
        "wd-short",
        "x" * 257,
        "wd-" + "a" * 40 + "\x00",
        "wd-" + "a" * 40 + "\n",
        "wd-" + "a" * 20 + " " + "a" * 20,
        "wd-ключключключключключключ",
        "wd-\u200b" + "a" * 40,
    ],
)
async def test_malformed_keys_are_rejected_without_touching_the_database(
    store: KeyStore, presented: str
) -> None:
    statements = count_statements(engine_of(store))
    assert await store.authenticate(presented) is None
    assert statements() == 0


async def test_authenticate_is_one_select(store: KeyStore, db_url: str) -> None:
    team = await store.create_team("acme")
    _, key = await store.create_key(team.id)
    quiet = KeyStore(make_sessionmaker(engine_of(store)), cache_ttl=0, touch_interval=None)
    statements = count_statements(engine_of(store))
    assert await quiet.authenticate(key) is not None
    assert statements() == 1
    assert await quiet.authenticate(generate_key()) is None
    assert statements() == 2


async def test_last_used_is_recorded_at_most_once_per_interval(store: KeyStore) -> None:
    team = await store.create_team("acme")
    row, key = await store.create_key(team.id)
    assert row.last_used_at is None
    assert await store.authenticate(key) is not None
    first = await store.get_key(row.id)
    assert first is not None and first.last_used_at is not None
    assert await store.authenticate(key) is not None
    again = await store.get_key(row.id)
    assert again is not None and again.last_used_at == first.last_used_at

    eager = KeyStore(make_sessionmaker(engine_of(store)), cache_ttl=0, touch_interval=0)
    await asyncio.sleep(0.01)
    assert await eager.authenticate(key) is not None
    later = await store.get_key(row.id)
    assert later is not None and later.last_used_at is not None
    assert later.last_used_at > first.last_used_at


# -- the authentication cache ------------------------------------------------------------


async def test_cache_ttl_bounds_how_long_a_revoked_key_still_works(
    store: KeyStore, other_store: Callable[..., KeyStore]
) -> None:
    team = await store.create_team("acme")
    row, key = await store.create_key(team.id)
    clock = FakeClock()
    api = other_store(cache_ttl=1.5, clock=clock)  # the server process
    statements = count_statements(engine_of(api))
    assert await api.authenticate(key) is not None
    assert await api.authenticate(key) is not None
    used = statements()
    assert used >= 1

    assert await store.revoke(row.id)  # the CLI, another process
    clock.now += 1.0
    assert await api.authenticate(key) is not None  # still cached: no database work
    assert statements() == used
    clock.now += 0.6
    assert await api.authenticate(key) is None  # the TTL ran out: the revoke is seen


async def test_without_cache_a_revoke_is_seen_at_once(
    store: KeyStore, other_store: Callable[..., KeyStore]
) -> None:
    team = await store.create_team("acme")
    row, key = await store.create_key(team.id)
    api = other_store(cache_ttl=0)
    assert await api.authenticate(key) is not None
    assert await store.revoke(row.id)
    assert await api.authenticate(key) is None


async def test_a_revoke_through_the_same_store_clears_its_cache(
    other_store: Callable[..., KeyStore],
) -> None:
    api = other_store(cache_ttl=2, clock=FakeClock())
    team = await api.create_team("acme")
    row, key = await api.create_key(team.id)
    assert await api.authenticate(key) is not None
    assert await api.revoke(row.prefix)
    assert await api.authenticate(key) is None


async def test_failures_are_not_cached(
    store: KeyStore, other_store: Callable[..., KeyStore]
) -> None:
    api = other_store(cache_ttl=2, clock=FakeClock())
    team = await store.create_team("acme")
    chosen = "wd-chosen-later-0123456789abcdef"
    assert await api.authenticate(chosen) is None
    await store.create_key(team.id, key=chosen)
    assert await api.authenticate(chosen) is not None


def test_cache_ttl_is_at_most_two_seconds(store: KeyStore) -> None:
    sessions = make_sessionmaker(engine_of(store))
    with pytest.raises(ValueError):
        KeyStore(sessions, cache_ttl=2.5)
    with pytest.raises(ValueError):
        KeyStore(sessions, cache_ttl=-1)
    KeyStore(sessions, cache_ttl=2)


# -- revoke ------------------------------------------------------------------------------


async def test_revoke_by_id_and_by_prefix(store: KeyStore) -> None:
    team = await store.create_team("acme")
    by_id, key1 = await store.create_key(team.id)
    by_prefix, key2 = await store.create_key(team.id)
    assert await store.revoke(by_id.id)
    assert await store.revoke(by_prefix.prefix)
    assert await store.authenticate(key1) is None
    assert await store.authenticate(key2) is None
    revoked = {k.id: k.revoked_at for k in await store.list_keys()}
    assert all(revoked.values())
    # Revoking again is a no-op that still says the key exists; the first date stays.
    assert await store.revoke(by_id.id)
    assert (await store.get_key(by_id.id)).revoked_at == revoked[by_id.id]  # type: ignore[union-attr]


async def test_revoke_unknown(store: KeyStore) -> None:
    assert not await store.revoke("00000000-0000-0000-0000-000000000000")
    assert not await store.revoke("wd-nope0")
    assert not await store.revoke("")


async def test_revoke_by_an_ambiguous_prefix(store: KeyStore) -> None:
    team = await store.create_team("acme")
    a, key_a = await store.create_key(team.id, key="wd-same-aaaaaaaaaaaaaaaaaaaa")
    b, key_b = await store.create_key(team.id, key="wd-same-bbbbbbbbbbbbbbbbbbbb")
    with pytest.raises(AmbiguousKeyError):
        await store.revoke("wd-same-")
    assert await store.authenticate(key_a) is not None  # nothing was revoked
    assert await store.revoke(a.id)
    # Only one active key left with that prefix: the prefix now names it.
    assert await store.revoke("wd-same-")
    assert await store.authenticate(key_b) is None
    assert (await store.get_key(b.id)).revoked_at is not None  # type: ignore[union-attr]


# -- bootstrap ---------------------------------------------------------------------------


async def test_bootstrap_creates_a_first_key_once(store: KeyStore) -> None:
    first = await ensure_bootstrap(store, None)
    assert first is not None
    auth = await store.authenticate(first)
    assert auth is not None and auth.team_name == "default" and auth.allows("scrape")
    assert await ensure_bootstrap(store, None) is None
    assert await store.count_active_keys() == 1


async def test_bootstrap_leaves_existing_keys_alone(store: KeyStore) -> None:
    team = await store.create_team("acme")
    await store.create_key(team.id)
    assert await ensure_bootstrap(store, None) is None
    assert len(await store.list_keys()) == 1
    assert await store.get_team("default") is None


async def test_bootstrap_makes_a_new_key_when_every_key_is_revoked(store: KeyStore) -> None:
    first = await ensure_bootstrap(store, None)
    assert first is not None
    assert await store.revoke(first[:8])
    second = await ensure_bootstrap(store, None)
    assert second is not None and second != first
    assert await store.authenticate(second) is not None
    assert await store.count_active_keys() == 1


async def test_bootstrap_with_a_configured_key(store: KeyStore) -> None:
    configured = "wd-configured-0123456789abcdefghij"
    assert await ensure_bootstrap(store, configured) is None
    auth = await store.authenticate(configured)
    assert auth is not None and auth.team_name == "default" and auth.scopes == {"*"}
    # Idempotent: nothing changes on the next starts.
    before = [(k.id, k.created_at) for k in await store.list_keys()]
    assert await ensure_bootstrap(store, configured) is None
    assert await ensure_bootstrap(store, configured) is None
    assert [(k.id, k.created_at) for k in await store.list_keys()] == before
    # A configured key means no generated one.
    assert await ensure_bootstrap(store, None) is None
    assert len(await store.list_keys()) == 1


async def test_bootstrap_unrevokes_the_configured_key(store: KeyStore) -> None:
    configured = "wd-configured-0123456789abcdefghij"
    await ensure_bootstrap(store, configured)
    assert await store.revoke(configured[:8])
    assert await store.authenticate(configured) is None
    assert await ensure_bootstrap(store, configured) is None
    assert await store.authenticate(configured) is not None
    assert len(await store.list_keys()) == 1


async def test_bootstrap_keeps_a_configured_key_where_it_is(store: KeyStore) -> None:
    configured = "wd-configured-0123456789abcdefghij"
    team = await store.create_team("acme")
    row, _ = await store.create_key(team.id, key=configured, scopes=["scrape"])
    assert await ensure_bootstrap(store, configured) is None
    keys = await store.list_keys()
    assert [(k.id, k.team.name, k.scopes) for k in keys] == [(row.id, "acme", ["scrape"])]


async def test_bootstrap_refuses_a_malformed_configured_key(store: KeyStore) -> None:
    for bad in ("", "short", "with spaces 0123456789abcdef"):
        with pytest.raises(ValueError):
            await ensure_bootstrap(store, bad)
    assert await store.list_keys() == []


async def test_concurrent_first_starts_create_one_key(
    store: KeyStore, other_store: Callable[..., KeyStore]
) -> None:
    stores = [store] + [other_store(cache_ttl=0) for _ in range(4)]
    results = await asyncio.gather(*(ensure_bootstrap(s, None) for s in stores))
    assert len([r for r in results if r is not None]) == 1
    assert await store.count_active_keys() == 1
    assert len(await store.list_keys()) == 1


async def test_concurrent_configured_starts(
    store: KeyStore, other_store: Callable[..., KeyStore]
) -> None:
    configured = "wd-configured-0123456789abcdefghij"
    stores = [store] + [other_store(cache_ttl=0) for _ in range(4)]
    assert await asyncio.gather(*(ensure_bootstrap(s, configured) for s in stores)) == [None] * 5
    assert len(await store.list_keys()) == 1


async def test_the_store_needs_an_engine_bound_sessionmaker() -> None:
    from sqlalchemy.ext.asyncio import async_sessionmaker

    with pytest.raises(TypeError):
        KeyStore(async_sessionmaker())


async def test_migrate_then_store_on_a_fresh_path(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{(tmp_path / 'a' / 'b' / 'webdata.db').as_posix()}"
    await migrate(url)
    engine = make_engine(url)
    try:
        store = KeyStore(make_sessionmaker(engine), cache_ttl=0)
        key = await ensure_bootstrap(store, None)
        assert key is not None and await store.authenticate(key) is not None
    finally:
        await engine.dispose()

"""Signed artifact links: signature, expiry, team isolation, traversal, key persistence."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from webdata.store.artifacts import (
    MEDIA_TTL_S,
    ArtifactStore,
    LinkExpired,
    LinkInvalid,
    artifact_ttl_s,
    load_or_create_key,
)


def _parts(url: str) -> tuple[str, str, str]:
    split = urlsplit(url)
    query = parse_qs(split.query)
    rel = split.path.removeprefix("/v2/artifacts/")
    return rel, query["exp"][0], query["sig"][0]


@pytest.fixture()
def store(tmp_path: Path) -> ArtifactStore:
    return ArtifactStore(tmp_path / "artifacts", b"k" * 32, clock=lambda: 1_000_000.0)


def test_round_trip(store: ArtifactStore) -> None:
    rel = store.save("team-1", "screenshot", b"\x89PNG...", "png")
    url = store.signed_url("http://api.test/", rel, 3600)
    assert url.startswith("http://api.test/v2/artifacts/team-1/screenshot/")
    found = store.open(*_parts(url))
    assert found.path.read_bytes() == b"\x89PNG..."
    assert found.media_type == "image/png"


def test_tampered_signature_path_or_expiry_is_invalid(store: ArtifactStore) -> None:
    rel = store.save("team-1", "screenshot", b"x", "png")
    path, exp, sig = _parts(store.signed_url("http://a", rel, 3600))
    flipped = ("0" if sig[0] != "0" else "1") + sig[1:]
    other_team = store.save("team-2", "screenshot", b"y", "png")
    for args in [
        (path, exp, flipped),
        (path, str(int(exp) + 1), sig),  # a longer life is a different signature
        (other_team, exp, sig),  # one team's signature never opens another's file
        (path.replace("team-1", "team-2"), exp, sig),
        (path, exp, None),
        (path, None, sig),
        (path, "-5", sig),
        ("../../etc/passwd", exp, sig),
        ("team-1/screenshot/../../../signing.key", exp, sig),
        (path + "/..", exp, sig),
    ]:
        with pytest.raises(LinkInvalid):
            store.open(*args)


def test_expired_link(tmp_path: Path) -> None:
    now = [1_000_000.0]
    store = ArtifactStore(tmp_path, b"k" * 32, clock=lambda: now[0])
    rel = store.save(None, "pdf", b"%PDF-1.7", "pdf")
    parts = _parts(store.signed_url("http://a", rel, 60))
    assert store.open(*parts).media_type == "application/pdf"
    now[0] += 61
    with pytest.raises(LinkExpired):
        store.open(*parts)


def test_team_names_are_made_safe(store: ArtifactStore) -> None:
    rel = store.save("../../evil team", "screenshot", b"x", "png")
    assert rel.split("/")[0] == "______evil_team"
    assert (store.root / rel).is_file()


def test_sweep_deletes_old_files(store: ArtifactStore) -> None:
    old = store.save("t", "screenshot", b"x", "png")
    new = store.save("t", "screenshot", b"y", "png")
    os.utime(store.root / old, (1_000_000 - 7200, 1_000_000 - 7200))
    os.utime(store.root / new, (1_000_000, 1_000_000))
    assert store.sweep(3600) == 1
    assert not (store.root / old).exists() and (store.root / new).exists()


def test_key_is_created_once_and_private(tmp_path: Path) -> None:
    key = load_or_create_key(tmp_path)
    assert len(key) == 32
    assert load_or_create_key(tmp_path) == key
    assert (tmp_path / "signing.key").stat().st_mode & 0o777 == 0o600


def test_media_live_one_hour_whatever_the_default(store: ArtifactStore) -> None:
    video = store.save("t", "video", b"\x00\x00\x00\x18ftypisom", "mp4")
    audio = store.save("t", "audio", b"ID3", "mp3")
    shot = store.save("t", "screenshot", b"x", "png")
    assert artifact_ttl_s(video, 86400) == artifact_ttl_s(audio, 86400) == MEDIA_TTL_S == 3600
    assert artifact_ttl_s(shot, 86400) == 86400
    two_hours_ago = 1_000_000 - 7200
    for rel in (video, audio, shot):
        os.utime(store.root / rel, (two_hours_ago, two_hours_ago))
    assert store.sweep(86400) == 2
    assert not (store.root / video).exists() and not (store.root / audio).exists()
    assert (store.root / shot).exists()
    found = store.open(*_parts(store.signed_url("http://a", shot, 60)))
    assert found.media_type == "image/png"
    webm = store.save("t", "video", b"\x1a\x45\xdf\xa3", "webm")
    assert store.open(*_parts(store.signed_url("http://a", webm, 60))).media_type == "video/webm"

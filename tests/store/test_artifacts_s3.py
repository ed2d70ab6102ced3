"""The S3 artifact backend against a real S3-compatible server (SeaweedFS) over real HTTP.

Uploads, presigned links fetched with a plain HTTP client, expiry and tampering refused by the
server itself, team prefixes, the key prefix, the sweep, start-up checks and backend choice.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import httpx
import pytest

from tests.processes import serve
from tests.s3server import S3Server, run_s3_server
from tests.site.server import free_port
from webdata.config import Settings
from webdata.scrape.services import _artifacts
from webdata.store.artifacts import ArtifactBackendError, ArtifactStore
from webdata.store.artifacts_s3 import S3ArtifactStore, S3Options

BUCKET = "webdata-artifacts"
OTHER_BUCKET = "webdata-other"
PNG = b"\x89PNG\r\n\x1a\n" + secrets.token_bytes(64)


@pytest.fixture(scope="module")
def s3(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3Server]:
    with run_s3_server(tmp_path_factory.mktemp("s3"), (BUCKET, OTHER_BUCKET)) as server:
        yield server


def options(s3: S3Server, **overrides: Any) -> S3Options:
    values: dict[str, Any] = {
        "bucket": BUCKET,
        "access_key_id": s3.access_key,
        "secret_access_key": s3.secret_key,
        "endpoint_url": s3.endpoint,
        "region": s3.region,
        # A prefix of its own per test: tests never see each other's objects.
        "key_prefix": f"t-{secrets.token_hex(4)}",
        "path_style": True,
    }
    return S3Options(**{**values, **overrides})


@pytest.fixture()
def s3store(s3: S3Server) -> S3ArtifactStore:
    return S3ArtifactStore(options(s3))


def keys_under(s3: S3Server, prefix: str, bucket: str = BUCKET) -> set[str]:
    listing = s3.client().list_objects_v2(Bucket=bucket, Prefix=prefix)
    return {obj["Key"] for obj in listing.get("Contents", [])}


def with_query(url: str, **changes: str | None) -> str:
    """``url`` with query parameters replaced (None drops one), re-encoded."""
    split = urlsplit(url)
    query = dict(parse_qsl(split.query, keep_blank_values=True))
    for name, value in changes.items():
        if value is None:
            query.pop(name, None)
        else:
            query[name] = value
    return split._replace(query=urlencode(query)).geturl()


def test_upload_then_presigned_link_serves_the_bytes(
    s3: S3Server, s3store: S3ArtifactStore
) -> None:
    key = s3store.save("team-1", "screenshot", PNG, "png")
    team, kind, name = key.split("/")
    assert (team, kind) == ("team-1", "screenshot") and len(name) == len("0" * 32 + ".png")
    head = s3.client().head_object(Bucket=BUCKET, Key=s3store.prefix + key)
    assert head["ContentType"] == "image/png" and head["ContentLength"] == len(PNG)

    url = s3store.signed_url("http://api.example/", key, 24 * 3600)
    split = urlsplit(url)
    assert f"{split.scheme}://{split.netloc}" == s3.endpoint  # the bucket, not the API
    assert split.path == f"/{BUCKET}/{s3store.prefix}{key}"
    query = dict(parse_qsl(split.query))
    assert query["X-Amz-Expires"] == "86400"
    assert query["X-Amz-Algorithm"] == "AWS4-HMAC-SHA256"
    resp = httpx.get(url)
    assert resp.status_code == 200, resp.text
    assert resp.content == PNG and resp.headers["content-type"] == "image/png"
    # Re-encoding the query changes nothing: the refusals below are the tampering's doing.
    assert httpx.get(with_query(url)).status_code == 200


def test_names_are_unguessable_and_keys_only_of_our_shape(s3store: S3ArtifactStore) -> None:
    first = s3store.save("t", "pdf", b"%PDF-1.7", "pdf")
    second = s3store.save("t", "pdf", b"%PDF-1.7", "pdf")
    assert first != second
    for bad in ["t/pdf/../../x.pdf", "t/pdf/short.pdf", "../t/pdf/" + "0" * 32 + ".pdf"]:
        with pytest.raises(ValueError, match="not an artifact key"):
            s3store.signed_url("", bad, 60)
    with pytest.raises(ValueError, match="7 days"):
        s3store.signed_url("", first, 8 * 24 * 3600)
    with pytest.raises(ValueError, match="unsupported artifact"):
        s3store.save("t", "screenshot", b"x", "exe")


def test_expired_link_is_refused_by_the_server(s3store: S3ArtifactStore) -> None:
    key = s3store.save("team-1", "screenshot", PNG, "png")
    url = s3store.signed_url("", key, 2)
    assert httpx.get(url).status_code == 200
    time.sleep(3.2)
    resp = httpx.get(url)
    assert resp.status_code == 403
    assert "expired" in resp.text.lower()


def test_tampered_links_are_refused(s3: S3Server, s3store: S3ArtifactStore) -> None:
    key = s3store.save("team-1", "screenshot", PNG, "png")
    other = s3store.save("team-2", "screenshot", b"\x89PNG other team", "png")
    url = s3store.signed_url("", key, 3600)
    query = dict(parse_qsl(urlsplit(url).query))
    sig = query["X-Amz-Signature"]
    flipped = ("0" if sig[0] != "0" else "1") + sig[1:]
    date = query["X-Amz-Date"]
    later = date[:-3] + ("00Z" if date[-3:-1] != "00" else "01Z")
    stranger = S3ArtifactStore(options(s3, key_prefix=s3store.prefix, secret_access_key="wrong"))
    for tampered in [
        with_query(url, **{"X-Amz-Signature": flipped}),
        with_query(url, **{"X-Amz-Expires": "604800"}),  # a longer life
        with_query(url, **{"X-Amz-Date": later}),
        with_query(url, **{"X-Amz-Signature": None}),
        url.split("?")[0],  # no signature at all
        # The same signature on the other team's object (it exists: the refusal is the key's).
        url.replace(key, other),
        url.replace("team-1", "team-2"),
        # Signed with a wrong secret for the right key id.
        stranger.signed_url("", key, 3600),
    ]:
        resp = httpx.get(tampered)
        # 403 (signature, access), or 400 for a signature parameter gone (as AWS answers).
        assert resp.status_code in {400, 403}, (tampered, resp.status_code)
        assert PNG not in resp.content
    assert httpx.get(s3store.signed_url("", other, 60)).content == b"\x89PNG other team"


def test_team_prefixes_keep_teams_apart(s3: S3Server, s3store: S3ArtifactStore) -> None:
    a = s3store.save("team-a", "screenshot", b"a", "png")
    b = s3store.save("team-b", "pdf", b"b", "pdf")
    evil = s3store.save("../../evil team", "screenshot", b"e", "png")
    anon = s3store.save(None, "screenshot", b"n", "png")
    prefix = s3store.prefix
    assert keys_under(s3, f"{prefix}team-a/") == {prefix + a}
    assert keys_under(s3, f"{prefix}team-b/") == {prefix + b}
    assert evil.startswith("______evil_team/screenshot/")
    assert anon.startswith("anonymous/screenshot/")
    assert keys_under(s3, prefix) == {prefix + k for k in (a, b, evil, anon)}


def test_key_prefix_is_normalised_and_checked(s3: S3Server) -> None:
    nested = S3ArtifactStore(options(s3, key_prefix="/wd//art-xyz/"))
    assert nested.prefix == "wd/art-xyz/"
    key = nested.save("t", "screenshot", b"x", "png")
    assert keys_under(s3, "wd/art-xyz/") == {f"wd/art-xyz/{key}"}
    assert S3ArtifactStore(options(s3, key_prefix="")).prefix == ""
    with pytest.raises(ArtifactBackendError, match=re.escape("'..'")):
        S3ArtifactStore(options(s3, key_prefix="a/../b"))


def test_sweep_deletes_only_old_artifacts_under_its_prefix(
    s3: S3Server, s3store: S3ArtifactStore
) -> None:
    prefix = s3store.prefix
    saved = {s3store.save("t", "screenshot", b"x", "png") for _ in range(3)}
    client = s3.client()
    # Not ours: another shape under the prefix, and the same shape under another prefix.
    foreign = f"{prefix}notes.txt"
    client.put_object(Bucket=BUCKET, Key=foreign, Body=b"keep")
    outside = f"elsewhere-{secrets.token_hex(4)}/{next(iter(saved))}"
    client.put_object(Bucket=BUCKET, Key=outside, Body=b"keep")
    assert s3store.sweep(3600) == 0  # all fresh
    assert keys_under(s3, prefix) == {prefix + k for k in saved} | {foreign}
    # Two hours later, by the sweep's clock.
    later = S3ArtifactStore(options(s3, key_prefix=prefix), clock=lambda: time.time() + 7200)
    assert later.sweep(3600) == 3
    assert keys_under(s3, prefix) == {foreign}
    assert keys_under(s3, outside) == {outside}
    assert later.sweep(3600) == 0


def test_audio_and_video_live_one_hour(s3: S3Server, s3store: S3ArtifactStore) -> None:
    video = s3store.save("t", "video", b"\x00\x00\x00\x18ftypisom" + PNG, "mp4")
    audio = s3store.save("t", "audio", b"ID3" + PNG, "mp3")
    shot = s3store.save("t", "screenshot", PNG, "png")
    head = s3.client().head_object(Bucket=BUCKET, Key=s3store.prefix + video)
    assert head["ContentType"] == "video/mp4"
    url = s3store.signed_url("", audio, 3600)
    assert dict(parse_qsl(urlsplit(url).query))["X-Amz-Expires"] == "3600"
    resp = httpx.get(url)
    assert resp.status_code == 200 and resp.headers["content-type"] == "audio/mpeg"
    # Two hours later, with a day-long default: the media are gone, the screenshot stays.
    later = S3ArtifactStore(
        options(s3, key_prefix=s3store.prefix), clock=lambda: time.time() + 7200
    )
    assert later.sweep(24 * 3600) == 2
    assert keys_under(s3, s3store.prefix) == {s3store.prefix + shot}


def test_public_endpoint_goes_into_links(s3: S3Server) -> None:
    public = s3.endpoint.replace("127.0.0.1", "localhost")
    store = S3ArtifactStore(options(s3, public_endpoint_url=public))
    key = store.save("t", "screenshot", PNG, "png")
    url = store.signed_url("", key, 60)
    assert url.startswith(f"{public}/{BUCKET}/")
    assert httpx.get(url).content == PNG  # signed for the host the client uses


def test_check_names_what_is_wrong(s3: S3Server) -> None:
    S3ArtifactStore(options(s3)).check()
    cases = [
        (options(s3, secret_access_key="wrong"), "SignatureDoesNotMatch"),
        (options(s3, access_key_id="nobody"), "InvalidAccessKeyId"),
        (options(s3, bucket="no-such-bucket"), "NoSuchBucket"),
        (options(s3, endpoint_url=f"http://127.0.0.1:{free_port()}"), "unreachable"),
    ]
    for opts, expected in cases:
        with pytest.raises(ArtifactBackendError, match=expected) as info:
            S3ArtifactStore(opts).check()
        assert opts.secret_access_key not in str(info.value)


# --- choosing the backend from the settings (scrape.services._artifacts) ----------------


def settings(tmp_path: Path, **values: Any) -> Settings:
    return Settings(data_dir=tmp_path, **values)


def s3_settings(s3: S3Server, tmp_path: Path, **values: Any) -> Settings:
    base: dict[str, Any] = {
        "s3_endpoint_url": s3.endpoint,
        "s3_bucket": OTHER_BUCKET,
        "s3_access_key_id": s3.access_key,
        "s3_secret_access_key": s3.secret_key,
        "s3_path_style": True,
    }
    return settings(tmp_path, **{**base, **values})


def test_local_is_the_default(tmp_path: Path) -> None:
    assert isinstance(_artifacts(settings(tmp_path)), ArtifactStore)
    assert isinstance(_artifacts(settings(tmp_path, artifacts_backend="local")), ArtifactStore)


def test_s3_is_chosen_by_name_or_by_the_bucket(s3: S3Server, tmp_path: Path) -> None:
    inferred = _artifacts(s3_settings(s3, tmp_path, s3_key_prefix="chosen"))
    assert isinstance(inferred, S3ArtifactStore) and inferred.prefix == "chosen/"
    named = _artifacts(s3_settings(s3, tmp_path, artifacts_backend="s3"))
    assert isinstance(named, S3ArtifactStore)
    key = named.save("t", "screenshot", PNG, "png")
    assert httpx.get(named.signed_url("", key, 60)).content == PNG
    assert keys_under(s3, "", bucket=OTHER_BUCKET) >= {key}
    assert not (tmp_path / "artifacts").exists()
    # An explicit "local" wins over a configured bucket.
    forced = _artifacts(s3_settings(s3, tmp_path, artifacts_backend="local"))
    assert isinstance(forced, ArtifactStore)


def test_misconfigured_backend_fails_with_a_clear_message(s3: S3Server, tmp_path: Path) -> None:
    with pytest.raises(ArtifactBackendError, match=r"needs WEBDATA_S3_BUCKET, WEBDATA_S3_ACCESS"):
        _artifacts(settings(tmp_path, artifacts_backend="s3"))
    with pytest.raises(ArtifactBackendError, match=r"needs WEBDATA_S3_SECRET_ACCESS_KEY$"):
        _artifacts(s3_settings(s3, tmp_path, s3_secret_access_key=None))
    with pytest.raises(ArtifactBackendError, match="'ftp' is not one of local, s3"):
        _artifacts(settings(tmp_path, artifacts_backend="ftp"))
    with pytest.raises(ArtifactBackendError, match="above 7 days"):
        _artifacts(s3_settings(s3, tmp_path, artifact_ttl_s=8 * 24 * 3600))
    with pytest.raises(ArtifactBackendError, match="NoSuchBucket"):
        _artifacts(s3_settings(s3, tmp_path, s3_bucket="missing-bucket"))


def test_serve_refuses_to_start_without_bucket_or_credentials(tmp_path: Path) -> None:
    proc = serve(
        tmp_path, free_port(), WEBDATA_ARTIFACTS_BACKEND="s3", WEBDATA_S3_BUCKET="b",
        WEBDATA_S3_ACCESS_KEY_ID="", WEBDATA_S3_SECRET_ACCESS_KEY="",
    )  # fmt: skip
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode != 0
    assert (
        "the s3 artifacts backend needs WEBDATA_S3_ACCESS_KEY_ID, WEBDATA_S3_SECRET_ACCESS_KEY"
        in err
    ), err

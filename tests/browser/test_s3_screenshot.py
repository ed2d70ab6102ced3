"""Screenshots through the API with the S3 artifact backend: the links are presigned GETs of a
real S3-compatible bucket (SeaweedFS), fetched over real HTTP; nothing lands on local disk."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest

from tests.api.test_errors import assert_error
from tests.conftest import RunningApi, start_api
from tests.s3server import S3Server, run_s3_server

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BUCKET = "webdata-screens"
PREFIX = "artifacts"


@dataclass(frozen=True)
class S3Api:
    api: RunningApi
    s3: S3Server


@pytest.fixture(scope="module")
def s3_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3Api]:
    with run_s3_server(tmp_path_factory.mktemp("s3"), (BUCKET,)) as s3:
        apis = start_api(
            tmp_path_factory.mktemp("s3-api"),
            artifacts_backend="s3",
            s3_endpoint_url=s3.endpoint,
            s3_bucket=BUCKET,
            s3_region=s3.region,
            s3_access_key_id=s3.access_key,
            s3_secret_access_key=s3.secret_key,
            s3_key_prefix=PREFIX,
            s3_path_style=True,
        )
        try:
            yield S3Api(next(apis), s3)
        finally:
            apis.close()  # stops the API (before the bucket)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def bucket_key(s3: S3Server, link: str) -> str:
    """The object a link points to, after checking the link is a presigned GET of our bucket."""
    split = urlsplit(link)
    assert f"{split.scheme}://{split.netloc}" == s3.endpoint
    query = dict(parse_qsl(split.query))
    assert query["X-Amz-Algorithm"] == "AWS4-HMAC-SHA256" and query["X-Amz-Signature"]
    assert query["X-Amz-Expires"] == str(24 * 3600)  # the spec: screenshots expire in 24 h
    bucket, _, key = split.path.lstrip("/").partition("/")
    assert bucket == BUCKET
    return key


def test_screenshot_link_is_a_presigned_png_in_the_bucket(s3_api: S3Api, site_url: str) -> None:
    api, s3 = s3_api.api, s3_api.s3
    with api.client() as client:
        resp = client.post(
            "/v2/scrape",
            json={
                "url": f"{site_url}/browser/actions",
                "formats": ["markdown", "screenshot"],
                "actions": [{"type": "screenshot"}],
            },
        )
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    assert data["metadata"]["engine"] == "browser"
    links = [data["screenshot"], *data["actions"]["screenshots"]]
    assert len(links) == 2
    stored = s3.client().list_objects_v2(Bucket=BUCKET, Prefix=f"{PREFIX}/")
    in_bucket = {obj["Key"] for obj in stored.get("Contents", [])}
    for link in links:
        key = bucket_key(s3, link)
        prefix, team, kind, name = key.split("/")
        assert (prefix, kind) == (PREFIX, "screenshot") and team and name.endswith(".png")
        assert key in in_bucket
        shot = httpx.get(link, timeout=10)  # no API key, no API: straight from the bucket
        assert shot.status_code == 200, shot.text
        assert shot.headers["content-type"] == "image/png"
        assert png_size(shot.content) == (1280, 800)
        assert shot.content == s3.client().get_object(Bucket=BUCKET, Key=key)["Body"].read()
        # The same path with a forged signature is refused by the bucket.
        sig = dict(parse_qsl(urlsplit(link).query))["X-Amz-Signature"]
        forged = link.replace(sig, ("0" if sig[0] != "0" else "1") + sig[1:])
        assert httpx.get(forged, timeout=10).status_code == 403
        # The API's own artifact route has nothing to serve with this backend.
        local = f"{api.url}/v2/artifacts/{key.removeprefix(PREFIX + '/')}?exp=1&sig=x"
        assert assert_error(httpx.get(local), 403)["code"] == "ARTIFACT_SIGNATURE_INVALID"
    assert not (api.data_dir / "artifacts").exists()

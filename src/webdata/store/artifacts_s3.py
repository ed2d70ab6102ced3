"""Artifacts in an S3-compatible bucket (AWS S3, MinIO, SeaweedFS, Ceph, R2…), presigned links.

Objects live at ``<prefix><team>/<kind>/<random>.<ext>`` (128 random bits, the same keys as
the local backend). A link is a SigV4 presigned GET of that one object: its signature covers
the key (so the team) and the expiry (``X-Amz-Date`` + ``X-Amz-Expires``), and the bucket
checks both, so downloads never pass through the API and a link never opens another object.

boto3 is synchronous: ``save`` and ``sweep`` do network I/O and run in a thread (the scrape
does that); presigning is a local computation. Old objects go by a bucket lifecycle rule
(README) and by ``sweep``, which deletes only keys of our own shape under the prefix.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from webdata.store.artifacts import (
    MEDIA_TYPES,
    ArtifactBackendError,
    artifact_key,
    artifact_ttl_s,
    is_artifact_key,
)

if TYPE_CHECKING:
    from types_boto3_s3.client import S3Client

__all__ = ["MAX_PRESIGN_TTL_S", "S3ArtifactStore", "S3Options"]

# SigV4 presigned URLs live at most 7 days.
MAX_PRESIGN_TTL_S = 7 * 24 * 3600


@dataclass(frozen=True, slots=True)
class S3Options:
    bucket: str
    access_key_id: str
    secret_access_key: str = field(repr=False)
    # None: AWS's own endpoint for ``region``.
    endpoint_url: str | None = None
    # Host written into links, when clients reach the bucket by another address than we do.
    public_endpoint_url: str | None = None
    region: str = "us-east-1"
    key_prefix: str = ""
    # ``https://host/bucket/key`` instead of ``https://bucket.host/key`` (MinIO, SeaweedFS…).
    path_style: bool = False


def _client(options: S3Options, endpoint_url: str | None) -> S3Client:
    config = Config(
        signature_version="s3v4",
        s3={"addressing_style": "path" if options.path_style else "auto"},
        connect_timeout=5,
        read_timeout=30,
        retries={"max_attempts": 3, "mode": "standard"},
        # Checksums only where S3 demands them: many S3-compatible servers refuse the others.
        request_checksum_calculation="when_required",
        response_checksum_validation="when_required",
    )
    # A session of our own: the default one is global state, and not thread-safe to create.
    session = boto3.session.Session(
        aws_access_key_id=options.access_key_id,
        aws_secret_access_key=options.secret_access_key,
        region_name=options.region,
    )
    return session.client("s3", endpoint_url=endpoint_url, config=config)


def _prefix(raw: str) -> str:
    """``"a/b"``, ``"/a/b/"`` -> ``"a/b/"``; empty stays empty."""
    parts = [part for part in raw.split("/") if part]
    if any(part in {".", ".."} for part in parts):
        raise ArtifactBackendError(f"S3 key prefix {raw!r} may not contain '.' or '..'")
    return "".join(f"{part}/" for part in parts)


class S3ArtifactStore:
    """``ArtifactBackend`` over one bucket (thread-safe: boto3 clients are)."""

    def __init__(self, options: S3Options, *, clock: Callable[[], float] = time.time) -> None:
        self.options = options
        self.prefix = _prefix(options.key_prefix)
        self._client = _client(options, options.endpoint_url)
        self._signer = (
            _client(options, options.public_endpoint_url)
            if options.public_endpoint_url
            else self._client
        )
        self._clock = clock

    def _where(self) -> str:
        return f"S3 bucket {self.options.bucket!r} at {self.options.endpoint_url or 'AWS'}"

    def check(self) -> None:
        """Reach the bucket once (at start-up); ``ArtifactBackendError`` says what is wrong."""
        try:
            self._client.list_objects_v2(Bucket=self.options.bucket, Prefix=self.prefix, MaxKeys=1)
        except ClientError as exc:
            error = exc.response.get("Error", {})
            code, message = error.get("Code", "?"), error.get("Message", "")
            raise ArtifactBackendError(
                f"{self._where()} refused the artifacts backend: {code} {message}".rstrip()
            ) from exc
        except BotoCoreError as exc:
            raise ArtifactBackendError(f"{self._where()} is unreachable: {exc}") from exc

    def save(self, team: str | None, kind: str, data: bytes, ext: str) -> str:
        """Upload ``data``; returns its key without the prefix, ``<team>/<kind>/<id>.<ext>``."""
        key = artifact_key(team, kind, ext)
        self._client.put_object(
            Bucket=self.options.bucket,
            Key=self.prefix + key,
            Body=data,
            ContentType=MEDIA_TYPES[ext],
        )
        return key

    def signed_url(self, base_url: str, key: str, ttl_s: int) -> str:
        """A presigned GET of ``key`` valid ``ttl_s`` seconds (``base_url`` is not used)."""
        if not is_artifact_key(key):
            raise ValueError(f"not an artifact key: {key!r}")
        if not 1 <= ttl_s <= MAX_PRESIGN_TTL_S:
            raise ValueError(f"presigned links live 1 s to 7 days, not {ttl_s} s")
        return self._signer.generate_presigned_url(
            "get_object",
            Params={"Bucket": self.options.bucket, "Key": self.prefix + key},
            ExpiresIn=ttl_s,
        )

    def sweep(self, max_age_s: int) -> int:
        """Delete our objects under the prefix older than their life (``artifact_ttl_s``,
        ``max_age_s`` by default); returns the count."""
        now = self._clock()

        def expired(key: str, modified: datetime) -> bool:
            rel = key.removeprefix(self.prefix)
            if not is_artifact_key(rel):
                return False
            return modified < datetime.fromtimestamp(now - artifact_ttl_s(rel, max_age_s), UTC)

        removed = 0
        pages = self._client.get_paginator("list_objects_v2").paginate(
            Bucket=self.options.bucket, Prefix=self.prefix
        )
        for page in pages:
            doomed = [
                obj["Key"]
                for obj in page.get("Contents", [])
                if expired(obj["Key"], obj["LastModified"])
            ]
            if not doomed:
                continue
            # A listing page holds at most 1000 keys, the most one delete_objects takes.
            answer = self._client.delete_objects(
                Bucket=self.options.bucket,
                Delete={"Objects": [{"Key": key} for key in doomed], "Quiet": True},
            )
            removed += len(doomed) - len(answer.get("Errors", []))
        return removed

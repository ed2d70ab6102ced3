"""``webdata scrape`` runs the same pipeline without a server; ``webdata serve`` starts cleanly."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import httpx
import psutil

from tests.processes import WEBDATA, serve, stop, wait_healthy
from tests.site.server import free_port


def run_cli(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "WEBDATA_DATA_DIR": str(tmp_path), **env}
    return subprocess.run(
        [*WEBDATA, *args], capture_output=True, text=True, timeout=60, env=full_env, check=False
    )


def test_scrape_command_prints_markdown(site_url: str, tmp_path: Path) -> None:
    out = run_cli(
        ["scrape", f"{site_url}/articles/tomatoes"], tmp_path, WEBDATA_ALLOW_PRIVATE_NETWORKS="1"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("# Growing Tomatoes on a Balcony")


def test_scrape_command_with_formats_prints_json(site_url: str, tmp_path: Path) -> None:
    out = run_cli(
        ["scrape", f"{site_url}/articles/tomatoes", "-f", "markdown", "-f", "links"],
        tmp_path,
        WEBDATA_ALLOW_PRIVATE_NETWORKS="1",
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)["data"]
    assert set(data) == {"markdown", "links", "metadata"}
    assert f"{site_url}/guides/sun" in data["links"]


def test_scrape_command_errors_exit_1(site_url: str, tmp_path: Path) -> None:
    out = run_cli(["scrape", f"{site_url}/articles/tomatoes"], tmp_path)  # SSRF guard on
    assert out.returncode == 1
    assert "private" in out.stderr.lower()
    bad = run_cli(["scrape", "notaurl"], tmp_path)
    assert bad.returncode == 1 and "Invalid URL" in bad.stderr


def test_first_start_prints_a_working_key_once(tmp_path: Path, site_url: str) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = serve(tmp_path, port)
    wait_healthy(url, proc)
    children = psutil.Process(proc.pid).children(recursive=True)
    stderr = stop(proc)
    _gone, alive = psutil.wait_procs(children, timeout=10)
    assert not alive, f"processes left behind after serve stopped: {alive}"
    keys = re.findall(r"\bwd-[A-Za-z0-9_-]{20,}", stderr)
    assert len(keys) == 1, stderr
    # The key works (scrape of a private address is refused, but only after auth passed).
    proc = serve(tmp_path, port)
    wait_healthy(url, proc)
    resp = httpx.post(
        f"{url}/v2/scrape",
        json={"url": f"{site_url}/articles/tomatoes"},
        headers={"Authorization": f"Bearer {keys[0]}"},
    )
    assert resp.status_code == 403 and resp.json()["code"] == "SCRAPE_PRIVATE_NETWORK_BLOCKED"
    stderr = stop(proc)
    assert "wd-" not in stderr, "the key was printed a second time"
    db = (tmp_path / "webdata.db").read_bytes()
    assert keys[0].encode() not in db, "the key is stored in plain text"


def test_zero_data_retention_leaves_no_log_line(tmp_path: Path, site_url: str) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    key = "wd-zdr-test-key-000000000000000000000000"
    proc = serve(
        tmp_path, port, WEBDATA_BOOTSTRAP_API_KEY=key, WEBDATA_ALLOW_PRIVATE_NETWORKS="true",
        WEBDATA_LOG_LEVEL="info",
    )  # fmt: skip
    wait_healthy(url, proc)
    auth = {"Authorization": f"Bearer {key}"}
    logged = f"{site_url}/articles/tomatoes?visible=1"
    secret = f"{site_url}/articles/tomatoes?zdr-secret=1"
    assert httpx.post(f"{url}/v2/scrape", json={"url": logged}, headers=auth).status_code == 200
    for body, status in (
        ({"url": secret, "zeroDataRetention": True}, 200),
        # lockdown is zero data retention too: neither its miss nor its hit is logged.
        ({"url": secret.replace("zdr", "lockdown"), "lockdown": True}, 404),
        ({"url": logged.replace("visible", "zdr-secret-hit"), "lockdown": True}, 404),
        ({"url": logged, "lockdown": True, "origin": "zdr-secret-hit"}, 200),
    ):
        resp = httpx.post(f"{url}/v2/scrape", json=body, headers=auth)
        assert resp.status_code == status, resp.text
    stderr = stop(proc)
    assert logged in stderr, "the ordinary scrape was not logged, so this test proves nothing"
    assert stderr.count(logged) == 1, "the lockdown hit was logged"
    assert "zdr-secret" not in stderr and "lockdown-secret" not in stderr
    # Nothing of the ZDR page in the cache: the one entry is the ordinary scrape's.
    from tests.api.test_cache import cache_rows
    from tests.conftest import RunningApi

    api = RunningApi(url=url, key=key, data_dir=tmp_path)
    assert cache_rows(api, secret) == 0 and cache_rows(api, logged) == 1
    assert not list(tmp_path.glob("**/*zdr*"))
    assert b"zdr-secret" not in (tmp_path / "webdata.db").read_bytes()

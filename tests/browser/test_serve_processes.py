"""``webdata serve`` leaves no Chromium or Playwright process behind when it stops."""

from __future__ import annotations

import httpx
import psutil

from tests.processes import serve, stop, wait_healthy
from tests.site.server import free_port


def test_no_browser_process_outlives_serve(tmp_path, site_url: str) -> None:  # type: ignore[no-untyped-def]
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    key = "wd-browser-serve-test-0000000000000000000000"
    proc = serve(
        tmp_path, port, WEBDATA_BOOTSTRAP_API_KEY=key, WEBDATA_ALLOW_PRIVATE_NETWORKS="true",
        WEBDATA_BROWSER_COUNT="2",
    )  # fmt: skip
    wait_healthy(url, proc)
    resp = httpx.post(
        f"{url}/v2/scrape",
        json={"url": f"{site_url}/browser/spa", "formats": ["markdown", "screenshot"]},
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    )
    assert resp.status_code == 200, resp.text
    assert httpx.get(resp.json()["data"]["screenshot"]).status_code == 200
    children = psutil.Process(proc.pid).children(recursive=True)
    browsers = [p for p in children if "headless" in p.name()]
    assert browsers, f"no browser started: {children}"
    stop(proc)
    _gone, alive = psutil.wait_procs(children, timeout=10)
    assert not alive, f"processes left behind after serve stopped: {alive}"

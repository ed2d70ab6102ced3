"""``/openapi.json`` describes what the server accepts; a bounded schemathesis run finds no 500."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings

from tests.conftest import RunningApi


def test_openapi_describes_the_scrape_body(api: RunningApi) -> None:
    spec = httpx.get(f"{api.url}/openapi.json").json()
    op = spec["paths"]["/v2/scrape"]["post"]
    ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    schema = spec["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    assert schema["required"] == ["url"]
    assert schema["additionalProperties"] is False
    props = schema["properties"]
    for key in ("url", "formats", "onlyMainContent", "includeTags", "maxAge", "minAge",
                "timeout", "parsers", "actions", "location", "redactPII", "zeroDataRetention",
                "origin", "fastMode"):  # fmt: skip
        assert key in props, key
    assert props["timeout"]["minimum"] == 1000 and props["timeout"]["maximum"] == 300000
    assert {"400", "401", "408", "413", "500"} <= set(op["responses"])


# Options this build refuses (501) or answers from the (empty) cache: dropped from a copy of
# each generated body, so the generated values of everything else reach the real scrape path.
_REFUSED = (
    "actions", "waitFor", "profile", "onlyCleanContent", "minAge", "lockdown",
    "checkPromptInjection", "useMock", "domainTools", "threatProtection",
)  # fmt: skip


def _reachable(body: dict[str, Any]) -> dict[str, Any]:
    from webdata.scrape.formats import REGISTRY

    out = {k: v for k, v in body.items() if k not in _REFUSED}
    if isinstance(out.get("formats"), list):
        out["formats"] = [
            f
            for f in out["formats"]
            if REGISTRY.get(
                f if isinstance(f, str) else f.get("type", ""), REGISTRY["json"]
            ).unavailable
            is None
        ]
    return out


def _checker(  # type: ignore[no-untyped-def]
    api: RunningApi, site_url: str, failures: list[str], reached: list[int]
):
    def check(case: schemathesis.Case) -> None:
        if isinstance(case.body, dict) and "url" in case.body:
            # Keep every fetch on the fixture site: never reach outside this machine.
            case.body["url"] = f"{site_url}/articles/tomatoes"
            variant = _reachable(case.body)
            resp = httpx.post(
                f"{api.url}{case.path}", json=variant, timeout=30,
                headers={"Authorization": f"Bearer {api.key}"},
            )  # fmt: skip
            # 501 LLM_NOT_CONFIGURED: an LLM format, and this API has no model: a refusal.
            unconfigured = resp.status_code == 501 and "LLM_NOT_CONFIGURED" in resp.text
            if resp.status_code >= 500 and not unconfigured:
                failures.append(f"{variant!r} -> {resp.status_code} {resp.text[:300]}")
            reached.append(resp.status_code)
        resp = case.call(headers={"Authorization": f"Bearer {api.key}"}, timeout=30)
        if resp.status_code >= 500 and resp.status_code != 501:
            failures.append(f"{case.method} {case.path} {case.body!r} -> {resp.text[:300]}")
        content_type = resp.headers.get("content-type") or resp.headers.get("Content-Type")
        content_type = content_type[0] if isinstance(content_type, list) else content_type
        assert str(content_type).startswith("application/json"), (case.path, resp.status_code)
        if resp.status_code >= 400:
            assert resp.json()["success"] is False

    return check


@pytest.mark.slow
def test_schemathesis_finds_no_server_error(api: RunningApi, site_url: str) -> None:
    """Bounded property run over every operation: generated requests never fail the server
    (no 5xx other than 501), and every answer is JSON in the spec's error format."""
    schema = schemathesis.openapi.from_url(f"{api.url}/openapi.json")
    failures: list[str] = []
    reached: list[int] = []
    bounded = settings(
        max_examples=80, deadline=None, derandomize=True, database=None,
        suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate],
    )  # fmt: skip
    operations = [result.ok() for result in schema.get_all_operations()]
    assert any(op.path == "/v2/scrape" for op in operations)
    for op in operations:
        bounded(given(case=op.as_strategy())(_checker(api, site_url, failures, reached)))()
    assert not failures, failures[:3]
    assert reached.count(200) >= 10, f"too few generated scrapes succeeded: {reached}"

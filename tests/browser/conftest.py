"""One API with a browser for every browser test of the session (Chromium starts once)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import RunningApi, start_api


@pytest.fixture(scope="session")
def browser_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApi]:
    # A short element wait keeps the failing-action tests fast.
    yield from start_api(tmp_path_factory.mktemp("browser-api"), browser_action_timeout_ms=1000)

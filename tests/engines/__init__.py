"""Tests of the fetch engines (src/webdata/engines), and the helpers they share."""

from __future__ import annotations

import json
from typing import Any

from webdata.engines.base import FetchRequest
from webdata.engines.enhanced import EnhancedEngine
from webdata.engines.http import HttpEngine

MB = 1024 * 1024
# The engines that share the contract of test_engine_contract.py (the ``any_engine`` fixture).
AnyEngine = HttpEngine | EnhancedEngine


def req(url: str, **kwargs: Any) -> FetchRequest:
    """A request that may reach the fixture site (it lives on loopback)."""
    kwargs.setdefault("allow_private_networks", True)
    return FetchRequest(url, **kwargs)


def echoed(text: str | None) -> tuple[str, list[tuple[str, str]]]:
    """The method and the header pairs, in order, that ``/http/echo-headers`` received."""
    assert text is not None
    data = json.loads(text)
    return data["method"], [(k, v) for k, v in data["headers"]]


def header_values(pairs: list[tuple[str, str]], name: str) -> list[str]:
    return [v for k, v in pairs if k == name]

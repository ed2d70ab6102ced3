"""What the ``product`` and ``menu`` gap fillers share: the JSON Schema pieces the model answers
by, and the readers that turn its answer into the spec's values (a model may still write a
negative price or a currency name; such values are dropped, not passed on).

The schemas are strict-ready (every object closed, every property required, the optional
ones nullable), so ``extract.llm`` asks in OpenAI's strict mode where the server has it.
"""

from __future__ import annotations

import math
import re
from typing import Any
from urllib.parse import urljoin, urlsplit

from webdata.extract.structured_data import clean_text, format_money

MAX_TEXT = 5_000
MAX_IMAGES = 20

STRING: dict[str, Any] = {"type": "string"}
NULLABLE_STRING: dict[str, Any] = {"type": ["string", "null"]}
NULLABLE_NUMBER: dict[str, Any] = {"type": ["number", "null"]}


def closed(properties: dict[str, Any], *, nullable: bool = False) -> dict[str, Any]:
    """An object schema with exactly ``properties``, all required (strict mode's rule)."""
    return {
        "type": ["object", "null"] if nullable else "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def array_of(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": item}


PRICE = closed(
    {"amount": {"type": "number"}, "currency": NULLABLE_STRING, "formatted": NULLABLE_STRING},
    nullable=True,
)
AVAILABILITY = closed({"inStock": {"type": "boolean"}, "text": NULLABLE_STRING}, nullable=True)
IMAGES = array_of(closed({"url": STRING, "alt": NULLABLE_STRING}))

_ISO_4217 = re.compile(r"[A-Z]{3}")


def text_value(value: Any, limit: int = MAX_TEXT) -> str | None:
    if not isinstance(value, str):
        return None
    return clean_text(value, limit) or None


def currency(value: Any) -> str | None:
    code = value.strip().upper() if isinstance(value, str) else ""
    return code if _ISO_4217.fullmatch(code) else None


def money(value: Any, fallback_currency: str | None = None) -> dict[str, Any] | None:
    """A ``price`` object (``amount``, ``currency``, ``formatted``), or None."""
    if not isinstance(value, dict):
        return None
    amount = value.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int | float):
        return None
    if not math.isfinite(amount) or amount < 0:
        return None
    code = currency(value.get("currency")) or fallback_currency
    out: dict[str, Any] = {"amount": float(amount)}
    if code:
        out["currency"] = code
    out["formatted"] = text_value(value.get("formatted"), 100) or format_money(amount, code)
    return out


def availability(value: Any) -> dict[str, Any] | None:
    if not isinstance(value, dict) or not isinstance(value.get("inStock"), bool):
        return None
    label = text_value(value.get("text"), 200)
    return {"inStock": value["inStock"], "text": label} if label else {"inStock": value["inStock"]}


def images(value: Any, base_url: str) -> list[dict[str, str]]:
    """Image objects with absolute http(s) URLs (relative ones resolved against the page)."""
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for entry in value if isinstance(value, list) else []:
        if not isinstance(entry, dict) or not isinstance(entry.get("url"), str):
            continue
        try:
            url = urljoin(base_url, entry["url"].strip())
            scheme = urlsplit(url).scheme
        except ValueError:
            continue
        if scheme not in ("http", "https") or url in seen:
            continue
        seen.add(url)
        alt = text_value(entry.get("alt"), 300)
        out.append({"url": url, "alt": alt} if alt else {"url": url})
        if len(out) == MAX_IMAGES:
            break
    return out

"""Where the deterministic ``menu`` result has gaps a model may fill, the schema it answers by,
and the merge: what the page's data and structure gave always wins.

Gaps (one at most):

* ``menu``: no item in any section (``isMenu`` false, or a menu without items); the model is
  asked for the whole menu, and may answer that the page shows none;
* ``prices``: items without a price; the model is asked for the prices of those items only
  (named in the task), and an answer for any other item is ignored.

The source is marked in ``confidence``: a menu the model read whole gets
``MODEL_CONFIDENCE``, one whose prices the model completed at most ``FILLED_CONFIDENCE``
(the extractor's own readings score up to 0.95).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from webdata.extract import gap_values as v
from webdata.extract.menu import slug, unique_id

WHOLE = "menu"
PRICES = "prices"
MODEL_CONFIDENCE = 0.6
FILLED_CONFIDENCE = 0.8
MAX_NAME = 150
MAX_DESCRIPTION = 600
MAX_SECTIONS = 50
MAX_ITEMS = 500
MAX_ASKED = 100  # unpriced items named in one request

_ITEM = v.closed(
    {
        "name": v.STRING,
        "description": v.NULLABLE_STRING,
        "price": v.PRICE,
        "dietary": v.array_of(v.STRING),
        "calories": v.NULLABLE_NUMBER,
    }
)
_MENU = v.closed(
    {
        "isMenu": {"type": "boolean"},
        "currency": v.NULLABLE_STRING,
        "sections": v.array_of(
            v.closed(
                {"name": v.STRING, "description": v.NULLABLE_STRING, "items": v.array_of(_ITEM)}
            )
        ),
    }
)
_PRICES = v.closed(
    {"items": v.array_of(v.closed({"section": v.STRING, "name": v.STRING, "price": v.PRICE}))}
)


def menu_gaps(menu: dict[str, Any]) -> tuple[str, ...]:
    items = [i for s in menu.get("sections") or [] for i in s.get("items") or []]
    if not items:
        return (WHOLE,)
    return (PRICES,) if any("price" not in i for i in items) else ()


def unpriced(menu: dict[str, Any]) -> list[dict[str, str]]:
    """The items without a price, as ``{"section", "name"}`` (what the task names)."""
    return [
        {"section": s["name"], "name": i["name"]}
        for s in menu.get("sections") or []
        for i in s.get("items") or []
        if "price" not in i
    ][:MAX_ASKED]


@cache
def menu_schema(gaps: tuple[str, ...]) -> dict[str, Any]:
    return _MENU if WHOLE in gaps else _PRICES


def merge_menu(
    menu: dict[str, Any], answer: Any, gaps: tuple[str, ...], url: str
) -> dict[str, Any]:
    if not isinstance(answer, dict):
        return menu
    if WHOLE in gaps:
        return _whole(menu, answer, url)
    if PRICES in gaps:
        return _prices(menu, answer)
    return menu


def _key(value: str) -> str:
    return " ".join(value.casefold().split())


def _prices(menu: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    by_pair: dict[tuple[str, str], dict[str, Any]] = {}
    by_name: dict[str, list[dict[str, Any]]] = {}
    raw = answer.get("items")
    for entry in raw if isinstance(raw, list) else []:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            continue
        price = v.money(entry.get("price"), menu.get("currency"))
        if price is None:
            continue
        section = entry.get("section")
        section = section if isinstance(section, str) else ""
        by_pair.setdefault((_key(section), _key(entry["name"])), price)
        by_name.setdefault(_key(entry["name"]), []).append(price)
    filled = 0
    sections = []
    for section in menu["sections"]:
        items = []
        for item in section["items"]:
            if "price" not in item:
                found = by_pair.get((_key(section["name"]), _key(item["name"])))
                same_name = by_name.get(_key(item["name"]), [])
                found = found or (same_name[0] if len(same_name) == 1 else None)
                if found is not None:
                    item = _with_price(item, found)
                    filled += 1
            items.append(item)
        sections.append({**section, "items": items})
    if not filled:
        return menu
    confidence = min(float(menu.get("confidence", FILLED_CONFIDENCE)), FILLED_CONFIDENCE)
    return {**menu, "confidence": confidence, "sections": sections}


def _with_price(item: dict[str, Any], price: dict[str, Any]) -> dict[str, Any]:
    """``item`` with ``price`` in the extractor's place for it (after ``images``)."""
    out: dict[str, Any] = {}
    for key, value in item.items():
        out[key] = value
        if key == "images":
            out["price"] = dict(price)
    out.setdefault("price", dict(price))
    return out


def _whole(menu: dict[str, Any], answer: dict[str, Any], url: str) -> dict[str, Any]:
    if answer.get("isMenu") is not True:
        return menu
    code = v.currency(answer.get("currency"))
    used: set[str] = set()
    sections: list[dict[str, Any]] = []
    count = 0
    raw_sections = answer.get("sections")
    for raw in (raw_sections if isinstance(raw_sections, list) else [])[:MAX_SECTIONS]:
        if not isinstance(raw, dict):
            continue
        name = v.text_value(raw.get("name"), MAX_NAME) or "Menu"
        section_id = unique_id(slug(name), used)
        items = []
        raw_items = raw.get("items")
        for entry in raw_items if isinstance(raw_items, list) else []:
            if count < MAX_ITEMS and (item := _item(entry, section_id, used, url, code)):
                items.append(item)
                count += 1
        if items:
            description = v.text_value(raw.get("description"), MAX_DESCRIPTION)
            sections.append(
                {"id": section_id, "name": name, "description": description, "items": items}
            )
    if not sections:
        return menu
    out: dict[str, Any] = {
        "isMenu": True,
        "confidence": MODEL_CONFIDENCE,
        "merchant": menu["merchant"],
    }
    if code:
        out["currency"] = code
    return out | {"sections": sections, "sourceUrl": menu.get("sourceUrl", url)}


def _item(
    raw: Any, section_id: str, used: set[str], url: str, code: str | None
) -> dict[str, Any] | None:
    if not isinstance(raw, dict) or not (name := v.text_value(raw.get("name"), MAX_NAME)):
        return None
    out: dict[str, Any] = {
        "id": unique_id(f"{section_id}-{slug(name)}", used),
        "name": name,
        "description": v.text_value(raw.get("description"), MAX_DESCRIPTION),
        "images": [],
    }
    if (price := v.money(raw.get("price"), code)) is not None:
        out["price"] = price
    dietary = raw.get("dietary")
    labels = (
        [t.lower() for x in dietary if (t := v.text_value(x, 40))]
        if isinstance(dietary, list)
        else []
    )
    calories = raw.get("calories")
    if isinstance(calories, bool) or not isinstance(calories, int | float):
        calories = None
    return out | {
        "availability": {"inStock": True, "text": None},
        "dietary": list(dict.fromkeys(labels))[:10],
        "calories": float(calories) if calories is not None and 0 <= calories < 10_000 else None,
        "optionGroups": [],
        "url": None,
        "sourceUrl": url,
    }

"""Pydantic validation errors turned into the spec's per-field ``details`` (path + message)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import BaseModel

import webdata.contract as contract_pkg

# Pieces of a pydantic location that name a union branch, not a field of the body: a type
# ("str", "literal['pdf']", "tagged-union[...]") or one of the contract's model classes.
_TYPE_NAMES = frozenset({"str", "int", "float", "bool", "none", "bytes", "is-instance"})


@cache  # the contract's classes are all defined once it is imported
def _model_names() -> frozenset[str]:
    seen: set[str] = set()
    stack: list[type[BaseModel]] = [BaseModel]
    while stack:
        for sub in stack.pop().__subclasses__():
            if sub.__module__.startswith(contract_pkg.__name__) and sub.__name__ not in seen:
                seen.add(sub.__name__)
            stack.append(sub)
    return frozenset(seen)


@cache
def _tag_values() -> frozenset[str]:
    """The ``type`` values of the contract's discriminated unions (formats, actions, parsers)."""
    from typing import get_args

    tags: set[str] = set()
    stack: list[type[BaseModel]] = [BaseModel]
    while stack:
        for sub in stack.pop().__subclasses__():
            field = sub.model_fields.get("type") if sub.__module__.startswith("webdata.") else None
            if field is not None:
                tags.update(a for a in get_args(field.annotation) if isinstance(a, str))
            stack.append(sub)
    return frozenset(tags)


def _is_branch(part: object, models: frozenset[str]) -> bool:
    return isinstance(part, str) and ("[" in part or part in _TYPE_NAMES or part in models)


def _clean_path(loc: Sequence[int | str]) -> list[int | str]:
    models = _model_names()
    tags = _tag_values()
    path: list[int | str] = []
    skip_tag = False
    tag_seen = False  # at most one discriminator tag follows a list index
    for part in loc:
        if skip_tag:
            skip_tag, tag_seen = False, True
            continue
        if isinstance(part, int):
            tag_seen = False
        elif path and isinstance(path[-1], int) and part in tags and not tag_seen:
            tag_seen = True  # the tag pydantic puts after a list index for a discriminated union
            continue
        if _is_branch(part, models):
            # A tagged union's location is followed by the tag value, which is not a field.
            skip_tag = isinstance(part, str) and part.startswith("tagged-union[")
            continue
        path.append(part)
    return path


def _message(err: dict[str, Any]) -> str:
    msg = str(err.get("msg", "Invalid value"))
    if err.get("type") == "extra_forbidden":
        loc = err.get("loc") or ("?",)
        return f"Unrecognized key '{loc[-1]}': it is not part of the v2 API"
    return msg.removeprefix("Value error, ")


def _is_string_branch(loc: Sequence[int | str]) -> bool:
    return any(isinstance(p, str) and (p.startswith("literal[") or p == "str") for p in loc)


def validation_details(errors: Sequence[Any]) -> list[dict[str, Any]]:
    """One entry per problem: ``{path, message, code}``, without union-branch noise.

    For a "string or object" field, pydantic reports both branches; keep the branch that
    matches what was sent (the object branch when an object was sent, else the string one).
    """
    by_path: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for err in errors:
        loc = tuple(err.get("loc") or ())
        if loc and loc[0] == "body":
            loc = loc[1:]
        by_path.setdefault(tuple(_clean_path(loc)[:2]), []).append({**err, "loc": loc})
    out: list[dict[str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    for group in by_path.values():
        object_sent = any(isinstance(e.get("input"), dict) for e in group)
        kept = [e for e in group if _is_string_branch(e["loc"]) != object_sent] or group
        for err in kept:
            path = _clean_path(err["loc"])
            entry = {"path": path, "message": _message(err), "code": err.get("type")}
            key = (tuple(path), entry["message"])
            if key not in seen:
                seen.add(key)
                out.append(entry)
    return out


def has_url_problem(details: Sequence[dict[str, Any]]) -> bool:
    """Rule 1: a missing or malformed ``url`` is reported as ``Invalid URL``."""
    return any(d["path"][:1] == ["url"] for d in details)

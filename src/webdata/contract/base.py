"""The base of every wire model: camelCase on the wire, snake_case in code, no stray keys."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class WireModel(BaseModel):
    """Request-side model: unknown keys are rejected so typos never pass silently."""

    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        extra="forbid",
        frozen=True,
        str_strip_whitespace=False,
    )


class OpenWireModel(BaseModel):
    """Response-side model: camelCase on the wire, extra keys allowed (e.g. page metadata)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="allow")

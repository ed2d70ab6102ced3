"""The body of ``POST /v2/scrape``: every field of the spec's request table with its rule."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, cast

from pydantic import Field, StringConstraints, field_validator, model_validator

from webdata.contract.actions import MAX_ACTIONS, MAX_WAIT_MS, Action, WaitAction
from webdata.contract.base import WireModel
from webdata.contract.formats import (
    NEEDS_OBJECT,
    FormatModel,
    FormatObject,
    FormatString,
    MarkdownFormat,
    format_from_string,
)

DEFAULT_MAX_AGE_MS = 172_800_000  # 2 days
LOCKDOWN_MAX_AGE_MS = 2 * 365 * 24 * 3_600_000  # 2 years

# RFC 9110 token for header names; values may not carry CR/LF (header injection).
_HEADER_NAME = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,256}$")
_TAG = Annotated[str, StringConstraints(min_length=1, max_length=1_000)]


class Location(WireModel):
    country: Annotated[str, StringConstraints(pattern=r"^[A-Z]{2}$")] = "US"
    languages: list[Annotated[str, StringConstraints(min_length=1, max_length=35)]] | None = Field(
        None, max_length=20
    )


class Profile(WireModel):
    name: Annotated[str, StringConstraints(min_length=1, max_length=128)]
    save_changes: bool = True


class PdfParser(WireModel):
    type: Literal["pdf"]
    mode: Literal["fast", "auto", "ocr"] = "auto"
    max_pages: int | None = Field(None, ge=1, le=10_000)
    pages: bool = False
    blocks: bool = False
    page_markers: bool = False


class ImageParser(WireModel):
    """OCR of raster images as one-page documents (the SDK's ``image`` parser)."""

    type: Literal["image"]


Parser = Annotated[PdfParser | ImageParser, Field(discriminator="type")]


class RedactPIIOptions(WireModel):
    mode: Literal["accurate", "aggressive", "fast"] | None = None
    entities: (
        list[Literal["PERSON", "EMAIL", "PHONE", "LOCATION", "FINANCIAL", "SECRET"]] | None
    ) = None
    replace_style: Literal["tag", "mask", "remove"] | None = None


class ThreatProtection(WireModel):
    mode: Literal["off", "manual-only", "normal", "zscaler"] | None = None
    risk_score_threshold: int | None = Field(None, ge=0, le=100)
    blacklist: list[str] | None = Field(None, max_length=1000)
    whitelist: list[str] | None = Field(None, max_length=1000)
    blocked_tlds: list[str] | None = Field(None, max_length=1000)
    failure_policy: Literal["open", "closed"] | None = None


class AuditMetadata(WireModel):
    username: Annotated[str, StringConstraints(max_length=1024)]


def _default_formats() -> list[FormatString | FormatObject]:
    return [MarkdownFormat(type="markdown")]


def _default_parsers() -> list[Literal["pdf", "image"] | Parser]:
    return [PdfParser(type="pdf")]


class ScrapeRequest(WireModel):
    """``POST /v2/scrape``. Field names are snake_case here, camelCase on the wire."""

    url: Annotated[str, StringConstraints(min_length=1, max_length=8_192)]
    # Strings are turned into their objects by the validator; read them via `format_objects`.
    formats: list[FormatString | FormatObject] = Field(
        default_factory=lambda: _default_formats(), max_length=30
    )
    only_main_content: bool = True
    only_clean_content: bool = False
    include_tags: list[_TAG] | None = Field(None, max_length=200)
    exclude_tags: list[_TAG] | None = Field(None, max_length=200)
    max_age: int | None = Field(None, ge=0)
    min_age: int | None = Field(None, ge=1)
    headers: dict[str, str] | None = None
    wait_for: int = Field(0, ge=0, le=MAX_WAIT_MS)
    mobile: bool = False
    skip_tls_verification: bool = True
    timeout: int = Field(60_000, ge=1_000, le=300_000)
    parsers: list[Literal["pdf", "image"] | Parser] = Field(
        default_factory=lambda: _default_parsers(), max_length=2
    )  # strings become objects too: read them via `parser_objects`
    actions: list[Action] | None = Field(None, max_length=MAX_ACTIONS)
    location: Location | None = None
    remove_base64_images: bool = True
    block_ads: bool = True
    # "stealth" is the SDK's older name for "enhanced".
    proxy: Literal["basic", "enhanced", "auto", "stealth"] = "auto"
    store_in_cache: bool = True
    lockdown: bool = False
    redact_pii: bool | RedactPIIOptions = Field(False, alias="redactPII")
    profile: Profile | None = None
    threat_protection: ThreatProtection | None = None
    audit_metadata: AuditMetadata | None = None
    zero_data_retention: bool = False
    # Keys the SDK sends on its own; accepted so an unchanged SDK works.
    origin: Annotated[str, StringConstraints(max_length=256)] | None = None
    integration: Annotated[str, StringConstraints(max_length=256)] | None = None
    fast_mode: bool = False
    use_mock: Annotated[str, StringConstraints(max_length=256)] | None = None
    check_prompt_injection: bool = False
    domain_tools: bool = False
    tool_detail: Literal["compact", "summary", "full"] | None = None

    @field_validator("url", mode="after")
    @classmethod
    def _url(cls, value: str) -> str:
        from webdata.contract.urls import normalize_target_url

        return normalize_target_url(value)

    @field_validator("formats", mode="before")
    @classmethod
    def _string_formats_needing_options(cls, value: Any) -> Any:
        if isinstance(value, list):
            for item in value:
                if isinstance(item, str) and item in NEEDS_OBJECT:
                    raise ValueError(NEEDS_OBJECT[item])
        return value

    @field_validator("formats", mode="after")
    @classmethod
    def _formats_as_objects(cls, value: list[Any]) -> list[Any]:
        objects: list[FormatModel] = [
            format_from_string(f) if isinstance(f, str) else f for f in value
        ]
        seen: set[str] = set()
        for obj in objects:
            if obj.type in seen:
                raise ValueError(f"format '{obj.type}' is listed more than once")
            seen.add(obj.type)
        return objects

    @field_validator("parsers", mode="after")
    @classmethod
    def _parsers_as_objects(cls, value: list[Any]) -> list[Any]:
        objects = [
            (PdfParser(type="pdf") if p == "pdf" else ImageParser(type="image"))
            if isinstance(p, str)
            else p
            for p in value
        ]
        if len({p.type for p in objects}) != len(objects):
            raise ValueError("each parser type may appear once")
        return objects

    @field_validator("headers", mode="after")
    @classmethod
    def _headers(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        if value is None:
            return None
        if len(value) > 100:
            raise ValueError("at most 100 headers")
        for name, val in value.items():
            if not _HEADER_NAME.match(name):
                raise ValueError(f"invalid header name: {name!r}")
            if "\r" in val or "\n" in val or "\x00" in val or len(val) > 16_384:
                raise ValueError(f"invalid value for header {name!r}")
        return value

    @model_validator(mode="after")
    def _cross_field(self) -> ScrapeRequest:
        if self.wait_for and self.wait_for >= self.timeout:
            raise ValueError("waitFor must be less than timeout")
        waits = sum(a.milliseconds or 0 for a in self.actions or () if isinstance(a, WaitAction))
        if waits + self.wait_for >= self.timeout:
            raise ValueError("the total wait of waitFor and wait actions must be less than timeout")
        if self.min_age is not None and self.lockdown:
            raise ValueError("minAge and lockdown cannot be combined")
        return self

    # Derived views the pipeline uses; the wire stays as sent.
    @property
    def format_objects(self) -> list[FormatModel]:
        return cast("list[FormatModel]", self.formats)

    @property
    def parser_objects(self) -> list[PdfParser | ImageParser]:
        return cast("list[PdfParser | ImageParser]", self.parsers)

    @property
    def format_types(self) -> frozenset[str]:
        return frozenset(f.type for f in self.format_objects)

    def format_of(self, type_: str) -> FormatModel | None:
        return next((f for f in self.format_objects if f.type == type_), None)

    @property
    def effective_max_age(self) -> int:
        if self.max_age is not None:
            return self.max_age
        return LOCKDOWN_MAX_AGE_MS if self.lockdown else DEFAULT_MAX_AGE_MS

    @property
    def pdf_parser(self) -> PdfParser | None:
        return next((p for p in self.parser_objects if isinstance(p, PdfParser)), None)

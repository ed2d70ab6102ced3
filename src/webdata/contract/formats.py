"""Output formats: every type the SDK knows, as a string or as an object with its options."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator

from webdata.contract.base import WireModel

NonEmptyStr = Annotated[str, StringConstraints(min_length=1, max_length=10_000)]


class Viewport(WireModel):
    width: int = Field(ge=1, le=7680)
    height: int = Field(ge=1, le=7680)


class _Plain(WireModel):
    """A format without options."""


class MarkdownFormat(_Plain):
    type: Literal["markdown"]


class HtmlFormat(_Plain):
    type: Literal["html"]


class RawHtmlFormat(_Plain):
    type: Literal["rawHtml"]


class RawBase64Format(_Plain):
    type: Literal["rawBase64"]


class LinksFormat(_Plain):
    type: Literal["links"]


class ImagesFormat(_Plain):
    type: Literal["images"]


class SummaryFormat(_Plain):
    type: Literal["summary"]


class BrandingFormat(_Plain):
    type: Literal["branding"]


class ProductFormat(_Plain):
    type: Literal["product"]


class MenuFormat(_Plain):
    type: Literal["menu"]


class AudioFormat(_Plain):
    type: Literal["audio"]


class VideoFormat(_Plain):
    type: Literal["video"]


class ScreenshotFormat(WireModel):
    type: Literal["screenshot"]
    full_page: bool = False
    quality: int | None = Field(None, ge=1, le=100)
    viewport: Viewport | None = None


class JsonFormat(WireModel):
    type: Literal["json"]
    prompt: NonEmptyStr | None = None
    # A JSON Schema object; checked against the JSON Schema meta-schema by the json transformer.
    json_schema: dict[str, Any] | None = Field(None, alias="schema")
    check_prompt_injection: bool | None = None

    @model_validator(mode="after")
    def _prompt_or_schema(self) -> JsonFormat:
        if self.prompt is None and self.json_schema is None:
            raise ValueError("json format needs a 'prompt', a 'schema', or both")
        return self


class ChangeTrackingFormat(WireModel):
    type: Literal["changeTracking"]
    modes: list[Literal["git-diff", "json"]] = Field(default_factory=list, max_length=2)
    json_schema: dict[str, Any] | None = Field(None, alias="schema")
    prompt: NonEmptyStr | None = None
    tag: Annotated[str, StringConstraints(min_length=1, max_length=128)] | None = None


class AttributeSelector(WireModel):
    selector: NonEmptyStr
    attribute: Annotated[str, StringConstraints(min_length=1, max_length=256)]


class AttributesFormat(WireModel):
    type: Literal["attributes"]
    selectors: list[AttributeSelector] = Field(min_length=1, max_length=100)


class QuestionFormat(WireModel):
    type: Literal["question"]
    question: Annotated[str, StringConstraints(min_length=1, max_length=10_000, pattern=r"\S")]


class HighlightsFormat(WireModel):
    type: Literal["highlights"]
    query: Annotated[str, StringConstraints(min_length=1, max_length=10_000, pattern=r"\S")]


class QueryFormat(WireModel):
    """Deprecated: ``freeform`` maps to question, ``directQuote`` to highlights."""

    type: Literal["query"]
    prompt: Annotated[str, StringConstraints(min_length=1, max_length=10_000, pattern=r"\S")]
    mode: Literal["freeform", "directQuote"] = "freeform"


FormatModel = (
    MarkdownFormat
    | HtmlFormat
    | RawHtmlFormat
    | RawBase64Format
    | LinksFormat
    | ImagesFormat
    | SummaryFormat
    | BrandingFormat
    | ProductFormat
    | MenuFormat
    | AudioFormat
    | VideoFormat
    | ScreenshotFormat
    | JsonFormat
    | ChangeTrackingFormat
    | AttributesFormat
    | QuestionFormat
    | HighlightsFormat
    | QueryFormat
)

FormatObject = Annotated[FormatModel, Field(discriminator="type")]

# The string shorthand the SDK sends; formats that need options have no string form.
FormatString = Literal[
    "markdown",
    "html",
    "rawHtml",
    "rawBase64",
    "links",
    "images",
    "screenshot",
    "screenshot@fullPage",
    "summary",
    "changeTracking",
    "branding",
    "product",
    "menu",
    "audio",
    "video",
]

NEEDS_OBJECT = {
    "json": "json format must be an object with 'type' and a 'prompt' and/or 'schema'",
    "query": "query format must be an object with 'type' and 'prompt'",
    "question": "question format must be an object with 'type' and 'question'",
    "highlights": "highlights format must be an object with 'type' and 'query'",
    "attributes": "attributes format must be an object with 'type' and 'selectors'",
}

_PLAIN: dict[str, type[_Plain]] = {
    "markdown": MarkdownFormat,
    "html": HtmlFormat,
    "rawHtml": RawHtmlFormat,
    "rawBase64": RawBase64Format,
    "links": LinksFormat,
    "images": ImagesFormat,
    "summary": SummaryFormat,
    "branding": BrandingFormat,
    "product": ProductFormat,
    "menu": MenuFormat,
    "audio": AudioFormat,
    "video": VideoFormat,
}


def format_from_string(name: str) -> FormatModel:
    """The object form of a string format (``screenshot@fullPage`` is the SDK's legacy name)."""
    if name == "screenshot":
        return ScreenshotFormat(type="screenshot")
    if name == "screenshot@fullPage":
        return ScreenshotFormat(type="screenshot", full_page=True)
    if name == "changeTracking":
        return ChangeTrackingFormat(type="changeTracking")
    return _PLAIN[name].model_validate({"type": name})  # type: ignore[return-value]

"""Browser actions run on the page before its content is captured (spec: Actions)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from webdata.contract.base import WireModel
from webdata.contract.formats import Viewport

Selector = Annotated[str, StringConstraints(min_length=1, max_length=2_000)]

# Bounds that keep one scrape finite; documented in the README.
MAX_ACTIONS = 50
MAX_WAIT_MS = 60_000


class WaitAction(WireModel):
    """Either a duration or a selector to wait for, never both."""

    type: Literal["wait"]
    milliseconds: int | None = Field(None, ge=1, le=MAX_WAIT_MS)
    selector: Selector | None = None

    @model_validator(mode="after")
    def _one_of(self) -> WaitAction:
        if (self.milliseconds is None) == (self.selector is None):
            raise ValueError("wait action needs exactly one of 'milliseconds' or 'selector'")
        return self


class ScreenshotAction(WireModel):
    type: Literal["screenshot"]
    full_page: bool = False
    quality: int | None = Field(None, ge=1, le=100)
    viewport: Viewport | None = None


class ClickAction(WireModel):
    type: Literal["click"]
    selector: Selector
    all: bool = False


class WriteAction(WireModel):
    type: Literal["write"]
    text: Annotated[str, StringConstraints(max_length=100_000)]


class PressAction(WireModel):
    type: Literal["press"]
    key: Annotated[str, StringConstraints(min_length=1, max_length=64)]


class ScrollAction(WireModel):
    type: Literal["scroll"]
    direction: Literal["up", "down"] = "down"
    selector: Selector | None = None


class ScrapeAction(WireModel):
    type: Literal["scrape"]


class ExecuteJavascriptAction(WireModel):
    type: Literal["executeJavascript"]
    script: Annotated[str, StringConstraints(min_length=1, max_length=1_000_000)]


class PdfAction(WireModel):
    type: Literal["pdf"]
    format: Literal[
        "A0", "A1", "A2", "A3", "A4", "A5", "A6", "Letter", "Legal", "Tabloid", "Ledger"
    ] = "Letter"
    landscape: bool = False
    # Chromium accepts 0.1 to 2.
    scale: float = Field(1.0, ge=0.1, le=2.0)


Action = Annotated[
    WaitAction
    | ScreenshotAction
    | ClickAction
    | WriteAction
    | PressAction
    | ScrollAction
    | ScrapeAction
    | ExecuteJavascriptAction
    | PdfAction,
    Field(discriminator="type"),
]

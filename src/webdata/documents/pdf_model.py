"""Plain records shared by the PDF stages: what the text layer gave, page by page.

Coordinates are PDF points (1/72 inch, so also pixels at 72 dpi) on the page as displayed
(rotation applied), with the origin at the TOP-left corner: ``top < bottom``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Line:
    """A run of text on one baseline, without wide gaps inside it."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float  # em size in points, text and page matrices applied
    bold: bool
    hyphen: bool = False  # the run ends with a line-break hyphen (already in ``text``)
    mono: bool = False  # set in a fixed-pitch (code) font from end to end

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def width(self) -> float:
        return self.x1 - self.x0


@dataclass(slots=True)
class Table:
    """A grid of cells read row by row; ``rows[0]`` is taken as the header."""

    rows: list[list[str]]
    x0: float
    top: float
    x1: float
    bottom: float


Item = Line | Table


@dataclass(slots=True)
class PageText:
    """One page as extracted from the text layer, before any layout analysis."""

    number: int  # 1-based physical page number
    width: float
    height: float
    lines: list[Line] = field(default_factory=list)
    text_chars: int = 0  # visible characters with a Unicode mapping
    bad_chars: int = 0  # glyphs without a Unicode mapping (U+FFFD, private use, controls)
    has_graphics: bool = False  # images or vector paths: something an OCR pass could read
    truncated: bool = False  # the per-page character cap was hit
    error: str | None = None  # the page could not be read at all

    @property
    def has_text(self) -> bool:
        """Whether the text layer holds usable text (not empty, not mostly unmapped glyphs)."""
        return self.text_chars >= _MIN_TEXT_CHARS and self.bad_chars <= self.text_chars


# Fewer visible characters than this is a page number or a stray mark, not a text layer.
_MIN_TEXT_CHARS = 8

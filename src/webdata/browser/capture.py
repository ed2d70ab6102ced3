"""Screenshots and PDFs of a page, as bytes with their MIME type."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.async_api import Page

__all__ = ["Capture", "ShotSpec", "pdf", "screenshot"]


@dataclass(frozen=True, slots=True)
class ShotSpec:
    """A screenshot request: ``quality`` set means JPEG at that quality, else PNG."""

    full_page: bool = False
    quality: int | None = None
    viewport: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Capture:
    data: bytes
    mime: str

    @property
    def extension(self) -> str:
        return {"image/png": "png", "image/jpeg": "jpeg", "application/pdf": "pdf"}[self.mime]


async def screenshot(page: Page, spec: ShotSpec) -> Capture:
    """Capture at ``spec.viewport`` when given (the page's own size is restored after)."""
    previous = page.viewport_size
    if spec.viewport is not None:
        await page.set_viewport_size({"width": spec.viewport[0], "height": spec.viewport[1]})
    try:
        if spec.quality is not None:
            data = await page.screenshot(
                full_page=spec.full_page, type="jpeg", quality=spec.quality
            )
            return Capture(data, "image/jpeg")
        return Capture(await page.screenshot(full_page=spec.full_page, type="png"), "image/png")
    finally:
        if spec.viewport is not None and previous is not None:
            await page.set_viewport_size(previous)


async def pdf(page: Page, paper: str, landscape: bool, scale: float) -> Capture:
    data = await page.pdf(format=paper, landscape=landscape, scale=scale, print_background=True)
    return Capture(data, "application/pdf")

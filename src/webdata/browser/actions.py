"""Run the request's actions on a page, in order, and collect what they produce.

The action models come from ``webdata.contract.actions`` (the wire format, which imports
nothing of ours); a failing action raises ``ActionFailed`` naming its index, type and selector.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from webdata.browser.capture import Capture, ShotSpec, pdf, screenshot
from webdata.browser.settle import page_html
from webdata.contract.actions import (
    Action,
    ClickAction,
    ExecuteJavascriptAction,
    PdfAction,
    PressAction,
    ScrapeAction,
    ScreenshotAction,
    ScrollAction,
    WaitAction,
    WriteAction,
)

__all__ = ["ActionFailed", "ActionOutput", "run_actions"]

# Runs a script as an expression or statements (indirect eval gives the completion value), or,
# when it uses top-level `return`/`await`, as an async function body; then awaits the result and
# reports its type the way the API does (JS typeof, plus "null" and "array").
_EXECUTE = """
async (source) => {
  let value;
  try {
    value = (0, eval)(source);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
    value = await new AsyncFunction(source)();
  }
  value = await value;
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  let json = null;
  try {
    json = value === undefined ? null : JSON.parse(JSON.stringify(value) ?? "null");
  } catch (error) {
    json = String(value);
  }
  return { type, value: json };
}
"""
# Milliseconds a step may wait, given an optional cap.
Budget = Callable[[float | None], float]

# Scroll events fire on the next frame: wait two frames so the page's handlers have run
# before the next action or the capture reads the page.
_FRAMES = "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
_SCROLL_PAGE = (
    f"async (sign) => {{ window.scrollBy(0, sign * window.innerHeight); await {_FRAMES}; }}"
)
_SCROLL_ELEMENT = (
    "async (el, sign) => { el.scrollBy(0, sign * (el.clientHeight || window.innerHeight)); "
    f"await {_FRAMES}; }}"
)


class ActionFailed(Exception):
    def __init__(self, index: int, action: Action, reason: str) -> None:
        selector = getattr(action, "selector", None)
        where = f" on selector {selector!r}" if selector else ""
        message = f"Action {index} ({action.type}{where}) failed: {reason}"
        super().__init__(message)
        self.index = index
        self.action_type = action.type
        self.selector = selector
        self.message = message


@dataclass(slots=True)
class ActionOutput:
    """Results in the order their actions were sent, one list per kind (spec: data.actions)."""

    screenshots: list[Capture] = field(default_factory=list)
    scrapes: list[dict[str, str]] = field(default_factory=list)
    javascript_returns: list[dict[str, Any]] = field(default_factory=list)
    pdfs: list[Capture] = field(default_factory=list)


async def run_actions(
    page: Page, actions: Sequence[Action], *, deadline: float, element_timeout_ms: int
) -> ActionOutput:
    """Run ``actions``; ``deadline`` (monotonic) bounds the waits for selectors."""
    out = ActionOutput()
    for index, action in enumerate(actions):

        def budget_ms(cap: float | None = None) -> float:
            """Milliseconds this step may wait: what is left of the scrape, capped."""
            left = max((deadline - time.monotonic()) * 1000, 1.0)
            return left if cap is None else min(left, cap)

        try:
            await _run_one(page, action, out, budget_ms, element_timeout_ms)
        except PlaywrightError as exc:
            if time.monotonic() >= deadline:
                raise TimeoutError(f"action {index} ran out of the request's timeout") from None
            raise ActionFailed(index, action, _reason(exc)) from None
    return out


async def _run_one(
    page: Page, action: Action, out: ActionOutput, budget_ms: Budget, element_timeout_ms: int
) -> None:
    match action:
        case WaitAction(milliseconds=int(ms)):
            await asyncio.sleep(ms / 1000)
        case WaitAction(selector=str(selector)):
            await page.wait_for_selector(selector, state="attached", timeout=budget_ms(None))
        case ClickAction(all=True):
            for element in await page.locator(action.selector).all():
                await element.click(timeout=budget_ms(element_timeout_ms))
        case ClickAction():
            first = page.locator(action.selector).first
            await first.click(timeout=budget_ms(element_timeout_ms))
        case WriteAction():
            await page.keyboard.type(action.text)
        case PressAction():
            await page.keyboard.press(action.key)
        case ScrollAction():
            sign = -1 if action.direction == "up" else 1
            if action.selector is None:
                await page.evaluate(_SCROLL_PAGE, sign)
            else:
                element = page.locator(action.selector).first
                await element.evaluate(_SCROLL_ELEMENT, sign, timeout=budget_ms(element_timeout_ms))
        case ScrapeAction():
            out.scrapes.append({"url": page.url, "html": await page_html(page)})
        case ExecuteJavascriptAction():
            result = await page.evaluate(_EXECUTE, action.script)
            out.javascript_returns.append({"type": result["type"], "value": result["value"]})
        case ScreenshotAction():
            viewport = action.viewport
            spec = ShotSpec(
                full_page=action.full_page,
                quality=action.quality,
                viewport=(viewport.width, viewport.height) if viewport else None,
            )
            out.screenshots.append(await screenshot(page, spec))
        case PdfAction():
            out.pdfs.append(await pdf(page, action.format, action.landscape, action.scale))


def _reason(exc: PlaywrightError) -> str:
    """Playwright's first line, without its call log (which can quote page internals)."""
    first = exc.message.split("\n", 1)[0].strip()
    if first.startswith("Timeout") and "exceeded" in first:
        return f"no element matched in time ({first})"
    return first

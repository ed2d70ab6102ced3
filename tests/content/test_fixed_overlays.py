"""Fixed-position overlays (fixed_overlays): prompts pinned over the page go."""

from __future__ import annotations

from tests.content import body_markdown

URL = "https://shop.example.com/products/toolkit"
PROSE = (
    "Our most economical do-everything toolkit covers screen and battery swaps, and the "
    "household fixes in between: door knobs, appliances, eyeglasses and more. "
)


def test_pinned_prompts_go_the_content_and_fixed_width_blocks_stay() -> None:
    md = body_markdown(
        f"<main><h1>Toolkit</h1><p>{PROSE * 3}</p>"
        "<div class='fixed bottom-0 left-0 w-full z-50'><span>REGION_PROMPT Repair is "
        "universal</span><button>Continue</button></div>"
        "<div style='position: fixed; right: 20px; bottom: 20px'>CHAT_BUBBLE Talk to us</div>"
        "<div class='position-fixed top-0'>BOOTSTRAP_BAR Free shipping</div>"
        f"<div class='fixed'><p>FIXED_WIDTH {PROSE}</p></div></main>",
        URL,
        only_main_content=True,
    )
    assert "REGION_PROMPT" not in md and "CHAT_BUBBLE" not in md, md
    assert "BOOTSTRAP_BAR" not in md
    assert "FIXED_WIDTH" in md and "Our most economical" in md


def test_a_pinned_view_holding_the_page_stays() -> None:
    md = body_markdown(
        f"<div class='fixed inset-0 overflow-y-auto'><main><h1>Toolkit</h1><p>{PROSE * 3}</p>"
        "</main></div>",
        URL,
        only_main_content=True,
    )
    assert "Our most economical" in md, md

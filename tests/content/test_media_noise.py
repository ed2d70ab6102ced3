"""Image and frame noise inside the main block (media_noise)."""

from __future__ import annotations

from tests.content import body_markdown

URL = "https://shop.example.com/products/headphones"
PROSE = (
    "Planar magnetic drivers give these open-back headphones a wide, detailed sound stage. "
    "The headband is light steel and the pads are breathable velour for long sessions. "
)


def test_invisible_frames_go_an_embedded_video_stays_a_link() -> None:
    md = body_markdown(
        f"<main><h1>Headphones</h1><p>{PROSE * 3}</p>"
        "<iframe title='Buy With Prime' src='https://order.example.net/widget?sku=1' "
        "style='max-width: 940px; height: 0px; border: none; width: 100%;'></iframe>"
        "<iframe src='https://www.googletagmanager.com/ns.html?id=GTM-1' width='0' height='0'>"
        "</iframe>"
        "<iframe title='HIDDEN_FRAME' src='https://x.example.net/f' aria-hidden='true'></iframe>"
        "<iframe title='BLANK_FRAME' src='about:blank'></iframe>"
        "<iframe title='Unboxing the headphones' src='https://www.youtube.com/embed/abc123' "
        "width='560' height='315' allowfullscreen></iframe></main>",
        URL,
        only_main_content=True,
    )
    assert "Buy With Prime" not in md and "googletagmanager" not in md, md
    assert "HIDDEN_FRAME" not in md and "BLANK_FRAME" not in md
    assert "[Unboxing the headphones](https://www.youtube.com/embed/abc123)" in md

"""Decorative videos (autoplaying, muted, looping, background players) go; players stay."""

from __future__ import annotations

from webdata.content.pipeline import ContentOptions, process_html

URL = "https://shop.example.com/c/sofas"
TEXT = (
    "<p>Finding the perfect sofa is an art form: size, material, colour and shape all need to"
    " be weighed against the room it will live in and the people who will use it.</p>"
)


def markdown(inner: str) -> str:
    html = f"<html><body><main><h1>Sofas</h1>{TEXT}{inner}</main></body></html>"
    result = process_html(html, URL, ContentOptions())
    assert result.markdown is not None
    return result.markdown


def test_autoplaying_video_and_its_fallback_go() -> None:
    md = markdown(
        "<video muted loop autoplay playsinline src='https://cdn.example.com/hero.mp4'>"
        "Sorry, your browser doesn't support embedded videos.</video>"
    )
    assert "perfect sofa" in md
    assert "hero.mp4" not in md
    assert "Sorry" not in md


def test_background_player_goes() -> None:
    md = markdown(
        "<video id='player-bc2b69a3-background' class='video-player video-js'>"
        "<source src='https://cdn.example.com/loop.mp4' type='video/mp4'></video>"
    )
    assert "loop.mp4" not in md


def test_video_with_controls_stays() -> None:
    md = markdown(
        "<video controls poster='/p.jpg' src='https://cdn.example.com/yields.mp4'>"
        "Data visualization of predicted wheat yields</video>"
    )
    assert "yields.mp4" in md
    assert "predicted wheat yields" in md

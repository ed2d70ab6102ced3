"""Decorative videos.

A video without controls that plays by itself, muted or in a loop, or is named as a
background, is a moving picture (a hero, a tile's backdrop), not something to watch: the
converter writes it as a link titled 'video', a word the page never shows, and its fallback
text ('Sorry, your browser doesn't support embedded videos.') is shown only by browsers
without video. A video with controls stays, fallback text and all (there that text is often
the video's description).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode


def _decorative(video: LexborNode) -> bool:
    attrs = video.attributes
    if "controls" in attrs:
        return False
    if "autoplay" in attrs or "muted" in attrs or "loop" in attrs:
        return True
    # (players that a script starts name their background videos: "player-...-background")
    return "background" in f"{attrs.get('id') or ''} {attrs.get('class') or ''}".lower()


def video_removals(scope: LexborNode) -> list[LexborNode]:
    """Decorative ``<video>`` elements under ``scope``."""
    return [video for video in scope.css("video") if _decorative(video)]

"""Feedback widgets under the text go with their stars and notes; a question of the text
that only sounds like one stays."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://blog.example.com/hr-planning-for-events"
PROSE = (
    "Temporary teams need the same onboarding as permanent staff, compressed into a day: "
    "who to call, where the radios are, what to do when the doors open late. "
)


def _page(extra: str) -> str:
    return page_markdown(
        f"<main><h1>HR planning for events</h1><p>{PROSE * 4}</p>{extra}"
        f"<h2>Volunteers</h2><p>{PROSE * 3}</p></main>",
        URL,
    )


def test_rating_widget_goes() -> None:
    widget = (
        "<div class='widgets'><div><p>How useful was this post?</p>"
        "<p>Click on a star to rate it!</p><p>Average rating 5 / 5. Vote count: 1</p></div>"
        "<div><p>Let us improve this post!</p></div></div>"
    )
    md = _page(widget)
    assert "useful" not in md and "Click on a star" not in md and "improve this post" not in md
    assert "Volunteers" in md and "Temporary teams" in md


def test_question_inside_a_paragraph_stays() -> None:
    md = _page("<p>Was this page helpful to the volunteers? They said the map was.</p>")
    assert "They said the map was" in md

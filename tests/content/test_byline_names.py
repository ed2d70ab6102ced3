"""A name in a byline marked ``class="author"`` stays; an author box still goes."""

from __future__ import annotations

import time

from tests.content.pages import page_markdown

URL = "https://example.com/blog/"
PROSE = (
    "Tomatoes need six hours of sun a day, steady watering and a deep container. "
    "Gardeners who keep a log notice patterns across seasons and learn from them. "
) * 3


NOTES = [
    "Six hours of sun a day and steady watering make the difference.",
    "A deep container keeps the roots cool through the hottest weeks.",
    "Keeping a log shows the patterns of the seasons over the years.",
    "Saving seeds from the best plants pays back the next spring.",
]


def _teaser(n: int) -> str:
    return (
        f"<li><h2><a href='/p/{n}'>Planting note number {n}</a></h2><p>{NOTES[n]}</p>"
        f"<p>By <a href='/u/{n}' class='author url fn' rel='author'>Ann Gardener{n}</a> and"
        f" <span class='author'>Bo Planter{n}</span>, March {n + 1}, 2026</p></li>"
    )


def test_the_authors_of_listed_posts_stay() -> None:
    body = f"<main><h1>Blog</h1><ul>{''.join(_teaser(n) for n in range(4))}</ul></main>"
    md = page_markdown(body, URL)
    assert "Ann Gardener2" in md
    assert "Bo Planter3" in md


def test_an_author_box_after_an_article_still_goes() -> None:
    box = (
        "<div class='author'><img src='/a.jpg' alt=''><p>Ann Gardener writes about soil, seeds"
        " and the long patience of gardens. Follow her on every network.</p></div>"
    )
    body = f"<main><article><h1>Tomatoes</h1><p>{PROSE}</p>{box}</article></main>"
    md = page_markdown(body, URL)
    assert "Tomatoes need six hours" in md
    assert "long patience of gardens" not in md


def test_a_long_inline_author_element_is_not_a_name() -> None:
    blurb = "Ann Gardener writes about soil, seeds and the long patience of gardens every week."
    body = f"<main><h1>Tomatoes</h1><p>{PROSE}</p><span class='author'>{blurb}</span></main>"
    md = page_markdown(body, URL)
    assert "long patience of gardens" not in md


def test_linear_in_page_size() -> None:
    names = "".join(
        f"<p><a href='/u/{n}' class='author'>Name {n}</a> <span class='author'>N {n}</span></p>"
        for n in range(10000)
    )
    start = time.process_time()
    md = page_markdown(f"<main><h1>Authors</h1>{names}</main>", URL)
    # (the whole pipeline on 20000 elements takes about 1.5 s; a quadratic rule, minutes)
    assert time.process_time() - start < 4.0
    assert "Name 9999" in md

"""A marquee's row written three times over (figures, quotes, logos looping without end) is
written once; a sentence's repeated words, a gallery's photos sharing an alt and a table row
of identical marks stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://www.example.com/"
PROSE = (
    "<p>Organize your work and your life, finally. Become focused, organized and calm with "
    "the task manager and to-do list app trusted by millions of people around the world.</p>"
)
STATS = "".join(
    f"<div class='stats-box'><p>{n}</p><p>{label}</p></div>"
    for n, label in (("30 million+", "app downloads"), ("2 billion+", "tasks completed"))
)


def test_marquee_copies_written_once() -> None:
    md = page_markdown(
        f"<main><h1>Todo</h1>{PROSE * 3}<div class='scroller'>{STATS * 3}</div></main>", URL
    )
    assert md.count("app downloads") == 1 and md.count("tasks completed") == 1


def test_sentences_galleries_and_table_rows_stay() -> None:
    sentence = "<p>Returns <em>data</em> where <em>selectors</em> is true, <em>data</em> " \
        "first and <em>selectors</em> second.</p>"  # fmt: skip
    gallery = "".join(
        f"<div><img src='/g/photo{i}.jpg' alt='Essential toolkit'></div>" for i in range(4)
    )
    row = "<table><tr><th>Plan</th></tr><tr><td>yes</td><td>yes</td><td>yes</td><td>yes</td></tr>"
    md = page_markdown(
        f"<main><h1>Todo</h1>{PROSE * 3}{sentence}<div>{gallery}</div>{row}</table></main>", URL
    )
    assert "*data* where *selectors* is true, *data* first and *selectors* second" in md
    assert all(f"photo{i}.jpg" in md for i in range(4))
    assert md.count("yes") == 4


def test_marquee_of_three_wrapped_copies_written_once() -> None:
    quotes = "".join(f"<blockquote>{q}</blockquote>" for q in ("QUOTE_ONE stellar", "QUOTE_TWO"))
    copies = "".join(
        f"<div class='marquee' aria-hidden='{hidden}'>{quotes}</div>"
        for hidden in ("false", "true", "true")
    )
    md = page_markdown(f"<main><h1>Todo</h1>{PROSE * 3}<div>{copies}</div></main>", URL)
    assert md.count("QUOTE_ONE") == 1 and md.count("QUOTE_TWO") == 1

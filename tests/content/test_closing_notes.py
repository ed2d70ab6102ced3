"""The site's notes closing a post (comment prompts and notices, a licence line, an owner's
legal lines without a copyright sign) go when they end the block; the same words inside
the text, or a post's own question to its readers, stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.closing_notes import _closing_note, closing_note_removals

URL = "https://blog.example.com/2026/pipes"
PROSE = (
    "Copper pipes last for decades and resist corrosion, while PEX bends around corners and "
    "costs less to install in an older house with narrow walls. "
)


def _page(note: str) -> str:
    return page_markdown(
        f"<main><h1>Comparing pipes</h1><p>{PROSE * 6}</p><div class='x'><p>{note}</p></div>"
        "</main>",
        URL,
    )


def test_comments_closed_notice_goes() -> None:
    md = _page(
        "Comments are closed for this post, but if you have spotted an error, feel free to "
        "contact us."
    )
    assert "Comments are closed" not in md and "Copper pipes" in md


def test_comment_prompt_and_licence_line_go() -> None:
    assert "comments below" not in _page("Got tips? Please share them in the comments below!")
    assert "license" not in _page("Want to use code from this post? Check out the license.")
    assert "What do you think" not in _page("What do you think? Which pipe did you choose?")


def test_legal_lines_go() -> None:
    md = page_markdown(
        f"<main><h1>Cloud news</h1><p>{PROSE * 6}</p><p>Industry Dive is an Informa TechTarget "
        "business.</p><p>This website is owned and operated by Informa TechTarget. All "
        "copyright resides with them. Its registered office is 5 Howick Place.</p></main>",
        URL,
    )
    assert "business" not in md and "registered office" not in md and "Copper" in md


def test_prompt_inside_the_text_stays() -> None:
    md = page_markdown(
        f"<main><h1>Comparing pipes</h1><p>What do you think? {PROSE}</p><p>{PROSE * 6}</p>"
        "<p>Let me know in the comments which pipe you chose.</p></main>",
        URL,
    )
    assert "What do you think" in md and "Let me know in the comments" in md


def test_one_legal_phrase_stays() -> None:
    assert not _closing_note("Move your registered office when the company moves.")


def test_linear_on_big_pages() -> None:
    junk = "A " * 50_000 + "is an " * 20_000 + "comments " * 10_000 + "registered office " * 5000
    start = time.perf_counter()
    _closing_note(junk)
    tree = LexborHTMLParser(
        "<main>" + "<p>Please share them in the comments below.</p>" * 4000 + "</main>"
    )
    main = tree.css_first("main")
    assert main is not None
    closing_note_removals(main, 4000 * 41)
    assert time.perf_counter() - start < 1.0


def test_credit_lines_go() -> None:
    md = page_markdown(
        f"<main><h1>Episode 12</h1><p>{PROSE * 6}</p><p>Show Cover Art by Sam White "
        "<a href='https://art.example.com'>art.example.com</a></p><p>This podcast is a "
        "production of Example Architects.</p></main>",
        URL,
    )
    assert "Cover Art" not in md and "production of" not in md and "Copper" in md
    assert "appeared" not in _page(
        "Editor\u2019s Note: This article also appeared in the May/June 2024 issue of the magazine."
    )


def test_credit_naming_a_link_goes() -> None:
    md = page_markdown(
        f"<body><h1>Book reviews</h1><p>{PROSE * 6}</p><font size='1'>Produced by "
        "<a href='https://github.com/x/gen'>gen</a> v0.1</font></body>",
        URL,
    )
    assert "Produced by" not in md and "Copper" in md


def test_end_section_titles_go() -> None:
    md = page_markdown(
        f"<main><h1>Comparing pipes</h1><h2>Comments</h2><p>{PROSE * 6}</p><p><strong>Related "
        "Posts:</strong></p><h4>Discussion about this post</h4><div>No posts</div></main>",
        URL,
    )
    assert "Related" not in md and "Discussion" not in md and "No posts" not in md
    assert "## Comments" in md  # a section of the text, followed by the text

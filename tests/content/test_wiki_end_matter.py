"""End matter of MediaWiki articles (wiki_end_matter): notes, references, external links."""

from __future__ import annotations

from tests.content import body_markdown

URL = "https://en.wikipedia.org/wiki/List_of_Nobel_laureates"
PROSE = (
    "The Nobel Prizes are awarded annually by the Royal Swedish Academy of Sciences, the "
    "Swedish Academy, the Karolinska Institutet and the Norwegian Nobel Committee. "
)


def _section(ident: str, title: str, body: str) -> str:
    return f"<div class='mw-heading mw-heading2'><h2 id='{ident}'>{title}</h2></div>{body}"


def test_references_and_external_links_go_see_also_and_text_stay() -> None:
    md = body_markdown(
        "<main><h1>List of Nobel laureates</h1><div class='mw-parser-output'>"
        f"<p>{PROSE * 3}</p>"
        + _section("Secrecy", "50-year secrecy rule", f"<p>SECRECY_TEXT {PROSE}</p>")
        + _section("See_also", "See also", "<ul><li><a href='/wiki/X'>SEE_ALSO_LINK</a></li></ul>")
        + _section(
            "Notes", "Notes", "<div><p>NOTE_TEXT The prize was established in 1968.</p></div>"
        )
        + _section(
            "References",
            "References",
            "<div class='mw-references-wrap'><ol class='references'><li>REF_TEXT "
            "<a href='https://nobelprize.org/'>All Nobel Prizes</a>. Retrieved 2008-11-25.</li>"
            "</ol></div>",
        )
        + _section(
            "External_links",
            "External links",
            "<ul><li><a href='http://nobelprize.org/'>EXTERNAL_LINK Official website</a> "
            "Archived 2006-04-05 at the Wayback Machine</li></ul>",
        )
        + "</div><div class='printfooter'>Retrieved from "
        "\"<a href='https://en.wikipedia.org/w/index.php?oldid=1'>PERMALINK</a>\"</div></main>",
        URL,
        only_main_content=True,
    )
    assert "SECRECY_TEXT" in md and "SEE_ALSO_LINK" in md, md
    assert "NOTE_TEXT" not in md and "REF_TEXT" not in md and "EXTERNAL_LINK" not in md
    assert "PERMALINK" not in md and "External links" not in md


def test_a_references_heading_outside_a_wiki_stays() -> None:
    md = body_markdown(
        f"<main><h1>Weight after stopping GLP-1 drugs</h1><p>{PROSE * 3}</p>"
        "<h2 id='References'>References</h2><ol><li>SOURCE_TEXT A review, 2024.</li></ol></main>",
        URL,
        only_main_content=True,
    )
    assert "SOURCE_TEXT" in md, md

"""An alt that is a whole file name, spaces and all ("home img 1.jpg", "Blue.png"), is what a
CMS filled in from the upload: it goes, the picture stays; an alt that is a sentence naming a
file stays."""

from __future__ import annotations

from tests.content.pages import page_markdown

PROSE = (
    "We plan corporate gatherings from the first call to the last guest leaving, with venues, "
    "catering, entertainment and logistics handled by one team that knows the region well. "
)


def test_file_name_alts_go_pictures_and_sentences_stay() -> None:
    md = page_markdown(
        f"<main><h1>Corporate events</h1><p>{PROSE * 3}</p>"
        "<img src='/u/1.jpg' alt='home img 1.jpg'><img src='/u/2.png' alt='Blue.png'>"
        "<img src='/u/3.png' alt='border (1).png'>"
        "<img src='/u/4.png' alt='Our team setting up the gala dinner in the ballroom'></main>",
        "https://events.example.com/services/corporate",
    )
    assert "home img" not in md and "Blue.png" not in md and "border (1)" not in md
    assert "/u/1.jpg" in md and "/u/2.png" in md
    assert "![Our team setting up the gala dinner in the ballroom]" in md


def test_editor_placeholder_alt_goes_picture_stays() -> None:
    md = page_markdown(
        f"<main><h1>DHCP and DNS</h1><p>{PROSE * 3}</p>"
        "<img src='/i/abc.png' alt='enter image description here'></main>",
        "https://serverfault.com/questions/1145952/dhcp",
    )
    assert "description here" not in md and "/i/abc.png" in md

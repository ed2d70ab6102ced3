"""A picture shipped twice side by side with the same alt (the dark and the light theme's, the
mobile and the desktop layout's) is written once; a gallery's photos sharing an alt, and the
same alt on pictures with text between them, all stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://www.example.com/"
TEXT = (
    "<p>Our hub hosts models, datasets and applications for the machine learning community, "
    "with versioning, discussions and a web interface for every repository you create.</p>"
)


def test_theme_variants_written_once() -> None:
    md = page_markdown(
        "<main><h1>Home</h1>" + TEXT + "<div class='feature'>"
        "<img class='dark:hidden' src='/a/feed.svg' alt='Hub feed of the week'>"
        "<img class='hidden dark:block' src='/a/feed-dark.svg' alt='Hub feed of the week'></div>"
        + TEXT.replace("hub", "site")
        + "</main>",
        URL,
    )
    assert md.count("Hub feed of the week") == 1
    assert "feed.svg" in md and "feed-dark.svg" not in md


def test_gallery_and_separated_pictures_kept() -> None:
    gallery = "".join(
        f"<li><img src='/g/photo{i}.jpg' alt='Harbour view at dusk'></li>" for i in range(4)
    )
    md = page_markdown(
        "<main><h1>Home</h1>"
        + TEXT
        + f"<ul>{gallery}</ul>"
        + "<img src='/b/one.png' alt='Team at the office'><p>Our first office in 2019.</p>"
        "<img src='/b/two.png' alt='Team at the office'>" + TEXT.replace("hub", "site") + "</main>",
        URL,
    )
    assert all(f"photo{i}.jpg" in md for i in range(4))
    assert "one.png" in md and "two.png" in md

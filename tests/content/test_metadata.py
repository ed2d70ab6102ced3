"""Page metadata: standard fields, Open Graph / Dublin Core / article, raw meta keys."""

from __future__ import annotations

from webdata.content.metadata import Metadata
from webdata.content.pipeline import ContentOptions, process_html

URL = "https://example.com/news/story"

HEAD = """<!doctype html><html lang="en-GB"><head>
<meta charset="utf-8">
<title>
  Story   title
</title>
<meta name="description" content="The description.">
<meta name="keywords" content="a, b, c">
<meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width">
<meta property="og:title" content="OG title">
<meta property="og:description" content="OG description">
<meta property="og:url" content="https://example.com/news/story">
<meta property="og:image" content="https://example.com/og.jpg">
<meta property="og:audio" content="https://example.com/a.mp3">
<meta property="og:determiner" content="the">
<meta property="og:locale" content="en_GB">
<meta property="og:locale:alternate" content="fr_FR">
<meta property="og:locale:alternate" content="de_DE">
<meta property="og:site_name" content="Example News">
<meta property="og:video" content="https://example.com/v.mp4">
<meta name="dcterms.created" content="2024-01-01">
<meta name="dc.date.created" content="2024-01-02">
<meta name="dc.date" content="2024-01-03">
<meta name="dcterms.type" content="Text">
<meta name="dc.type" content="Article">
<meta name="dcterms.audience" content="Gardeners">
<meta name="dcterms.subject" content="Tomatoes">
<meta name="dc.subject" content="Plants">
<meta name="dc.description" content="DC description">
<meta name="dcterms.keywords" content="tomato, sun">
<meta property="article:published_time" content="2024-05-01T10:00:00Z">
<meta property="article:modified_time" content="2024-05-02T10:00:00Z">
<meta property="article:tag" content="garden">
<meta property="article:tag" content="vegetables">
<meta property="article:section" content="Home">
<meta name="twitter:card" content="summary_large_image">
<meta itemprop="name" content="Itemprop name">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="empty" content="">
<meta name="url" content="https://evil.example/">
<meta name="statusCode" content="500">
<meta name="num_pages" content="many">
<meta name="title" content="Meta title">
<link rel="icon" href="/favicon.png">
</head><body><svg><title>svg title</title></svg><p>Body</p></body></html>"""


def metadata(html: str, url: str = URL) -> Metadata:
    return process_html(html, url, ContentOptions(want_markdown=False)).metadata


def test_standard_fields() -> None:
    meta = metadata(HEAD)
    assert meta["title"] == "Story title"
    assert meta["description"] == "The description."
    assert meta["keywords"] == "a, b, c"
    assert meta["robots"] == "noindex"
    assert meta["language"] == "en-GB"
    assert meta["favicon"] == "https://example.com/favicon.png"


def test_sdk_camel_case_fields() -> None:
    meta = metadata(HEAD)
    expected = {
        "ogTitle": "OG title",
        "ogDescription": "OG description",
        "ogUrl": "https://example.com/news/story",
        "ogImage": "https://example.com/og.jpg",
        "ogAudio": "https://example.com/a.mp3",
        "ogDeterminer": "the",
        "ogLocale": "en_GB",
        "ogLocaleAlternate": ["fr_FR", "de_DE"],
        "ogSiteName": "Example News",
        "ogVideo": "https://example.com/v.mp4",
        "dcTermsCreated": "2024-01-01",
        "dcDateCreated": "2024-01-02",
        "dcDate": "2024-01-03",
        "dcTermsType": "Text",
        "dcType": "Article",
        "dcTermsAudience": "Gardeners",
        "dcTermsSubject": "Tomatoes",
        "dcSubject": "Plants",
        "dcDescription": "DC description",
        "dcTermsKeywords": "tomato, sun",
        "publishedTime": "2024-05-01T10:00:00Z",
        "modifiedTime": "2024-05-02T10:00:00Z",
        "articleTag": "garden",  # first value: the SDK types it as a string
        "articleSection": "Home",
    }
    for key, value in expected.items():
        assert meta[key] == value, key


def test_raw_meta_keys_are_kept_and_repeats_become_lists() -> None:
    meta = metadata(HEAD)
    assert meta["og:title"] == "OG title"
    assert meta["twitter:card"] == "summary_large_image"
    assert meta["viewport"] == "width=device-width"
    assert meta["article:tag"] == ["garden", "vegetables"]
    assert meta["og:locale:alternate"] == ["fr_FR", "de_DE"]
    assert meta["name"] == "Itemprop name"
    assert meta["X-UA-Compatible"] == "IE=edge"


def test_charset_empty_and_reserved_keys_are_skipped() -> None:
    meta = metadata(HEAD)
    assert "charset" not in meta and "empty" not in meta
    for reserved in ("url", "statusCode", "num_pages", "sourceURL", "contentType"):
        assert reserved not in meta
    assert meta["title"] == "Story title"  # a <meta name=title> never overrides it


def test_values_are_strings_or_lists_of_strings() -> None:
    for value in metadata(HEAD).values():
        assert isinstance(value, str) or (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        )


def test_og_locale_alternate_is_always_a_list() -> None:
    assert metadata("<p>x</p>")["ogLocaleAlternate"] == []
    one = "<head><meta property='og:locale:alternate' content='es_ES'></head>"
    assert metadata(one)["ogLocaleAlternate"] == ["es_ES"]


def test_title_falls_back_to_og_title() -> None:
    html = "<head><meta property='og:title' content='From OG'></head><body>x</body>"
    assert metadata(html)["title"] == "From OG"


def test_description_falls_back_to_og_description() -> None:
    html = "<head><meta property='og:description' content='OG d'></head>"
    assert metadata(html)["description"] == "OG d"


def test_svg_title_is_not_the_page_title() -> None:
    assert "title" not in metadata("<body><svg><title>icon</title></svg></body>")


def test_language_falls_back_to_content_language() -> None:
    html = "<head><meta http-equiv='Content-Language' content='de'></head>"
    assert metadata(html)["language"] == "de"


def test_meta_names_are_matched_case_insensitively_for_standard_fields() -> None:
    html = "<head><meta name='Description' content='Cap'><meta property='OG:Title' content='O'>"
    meta = metadata(html)
    assert meta["description"] == "Cap" and meta["ogTitle"] == "O"
    assert meta["OG:Title"] == "O"


def test_favicon_variants() -> None:
    shortcut = "<head><link rel='shortcut icon' href='/s.ico'></head>"
    assert metadata(shortcut)["favicon"] == "https://example.com/s.ico"
    apple = "<head><link rel='apple-touch-icon' href='/apple.png'></head>"
    assert metadata(apple)["favicon"] == "https://example.com/apple.png"
    both = "<head><link rel='apple-touch-icon' href='/apple.png'><link rel='icon' href='i.png'>"
    assert metadata(both)["favicon"] == "https://example.com/news/i.png"
    base = "<head><base href='https://cdn.example.org/'><link rel='icon' href='f.ico'></head>"
    assert metadata(base)["favicon"] == "https://cdn.example.org/f.ico"
    assert "favicon" not in metadata("<head><link rel='stylesheet' href='/s.css'></head>")


def test_metadata_is_computed_even_when_nothing_else_is_wanted() -> None:
    opts = ContentOptions(want_markdown=False, include_tags=("p",))
    result = process_html(HEAD, URL, opts)
    assert result.metadata["title"] == "Story title"
    assert result.markdown is None and result.html is None

"""Derived page metadata: JSON-LD, author, dates, canonical, favicon, hreflang, feeds,
language fallbacks, Twitter and Dublin Core fields."""

from __future__ import annotations

import json
from typing import Any

import pytest

from webdata.content import jsonld
from webdata.content.metadata_dates import normalize_date
from webdata.content.pipeline import ContentOptions, process_html

URL = "https://example.com/news/story"


def raw_metadata(html: str, url: str = URL) -> dict[str, Any]:
    return process_html(html, url, ContentOptions(want_markdown=False)).metadata


def metadata(html: str, url: str = URL) -> dict[str, Any]:
    """The metadata with its wire encodings undone: JSON-LD objects, {hreflang: URL}."""
    meta = dict(raw_metadata(html, url))
    if "jsonLd" in meta:
        meta["jsonLd"] = [json.loads(text) for text in meta["jsonLd"]]
    if "alternateLanguages" in meta:
        codes = meta.pop("alternateLanguageCodes")
        assert len(codes) == len(meta["alternateLanguages"])
        meta["alternateLanguages"] = dict(zip(codes, meta["alternateLanguages"], strict=True))
    return meta


def ld(*objects: Any, raw: str | None = None) -> str:
    body = raw if raw is not None else json.dumps(objects[0] if len(objects) == 1 else objects)
    return f'<script type="application/ld+json">{body}</script>'


GRAPH = {
    "@context": "https://schema.org",
    "@graph": [
        {"@type": "WebSite", "@id": "https://example.com/#site", "name": "Example Site"},
        {
            "@type": "Organization",
            "@id": "https://example.com/#org",
            "name": "Example Org",
        },
        {"@type": "Person", "@id": "https://example.com/#jane", "name": "Jane Doe"},
        {"@type": "BreadcrumbList", "itemListElement": []},
        {
            "@type": "WebPage",
            "@id": URL,
            "datePublished": "2023-01-01T00:00:00Z",
            "inLanguage": "fr-FR",
        },
        {
            "@type": ["NewsArticle", "Article"],
            "headline": "Story",
            "author": {"@id": "https://example.com/#jane"},
            "publisher": {"@id": "https://example.com/#org"},
            "datePublished": "2024-03-04T05:06:07+01:00",
            "dateModified": "2024-03-05",
        },
    ],
}


# -- JSON-LD -----------------------------------------------------------------------------------


def test_json_ld_graph_is_returned_and_read() -> None:
    meta = metadata(f"<head>{ld(GRAPH)}</head><body>x</body>")
    assert meta["jsonLd"] == [GRAPH]
    assert meta["type"] == "NewsArticle"
    assert meta["author"] == "Jane Doe"  # through the @id reference
    assert meta["siteName"] == "Example Org"  # the main entity's publisher
    assert meta["publishedTime"] == "2024-03-04T05:06:07+01:00"
    assert meta["modifiedTime"] == "2024-03-05"
    assert meta["language"] == "fr-FR"


def test_json_ld_lists_and_several_scripts_are_flattened() -> None:
    article = {"@type": "BlogPosting", "author": [{"name": "A"}, "B", {"name": "A"}]}
    site = {"@type": "WebSite", "name": "Site"}
    meta = metadata(f"<body>{ld([site, 3, article])}{ld({'@type': 'Thing'})}</body>")
    assert meta["jsonLd"] == [site, article, {"@type": "Thing"}]
    assert meta["author"] == ["A", "B"]
    assert meta["type"] == "BlogPosting"
    assert meta["siteName"] == "Site"  # no publisher: the WebSite node's name


def test_json_ld_auxiliary_nodes_are_not_read_and_untyped_nodes_are() -> None:
    comment = {"@type": "Comment", "author": {"name": "Troll"}, "datePublished": "1999-01-01"}
    untyped = {"@context": "https://schema.org", "author": "Un Typed", "dateModified": "2024-02"}
    meta = metadata(ld([comment, untyped]))
    assert meta["author"] == "Un Typed" and meta["modifiedTime"] == "2024-02"
    assert "publishedTime" not in meta and "type" not in meta


def test_json_ld_author_names_are_bounded() -> None:
    names = [{"name": f"N{i}"} for i in range(jsonld.MAX_NAMES + 5)]
    long = {"name": "x" * (jsonld.MAX_NAME_LEN + 1)}
    meta = metadata(ld({"@type": "Article", "author": [long, *names, "https://x.example/u"]}))
    assert meta["author"] == [f"N{i}" for i in range(jsonld.MAX_NAMES - 1)]


@pytest.mark.parametrize(
    "raw",
    [
        '<!-- {"@type": "Article", "name": "x"} -->',
        '//<![CDATA[\n{"@type": "Article", "name": "x"}\n//]]>',
        '/*<![CDATA[*/{"@type": "Article", "name": "x"}/*]]>*/',
        '{"@type": "Article", "name": "x",}',
        '{"@type": "Article", "name": ["x",],}',
        '{"@type": "Article", "name": "x"};',
        '{"@type": "Article", "name": "x"}\n{"@type": "Article", "name": "x"} garbage {',
    ],
)
def test_broken_json_ld_is_repaired(raw: str) -> None:
    objects = metadata(ld(raw=raw))["jsonLd"]
    assert objects[0]["@type"] == "Article"
    assert objects[0]["name"] in ("x", ["x"])


def test_control_characters_in_strings_and_non_finite_numbers() -> None:
    objects = metadata(ld(raw='{"name": "a\tb\nc", "v": NaN, "w": -Infinity}'))["jsonLd"]
    assert objects == [{"name": "a\tb\nc", "v": None, "w": None}]


@pytest.mark.parametrize("raw", ["", "   ", "not json", "{'single': 'quotes'}", "[1, 2]", "{"])
def test_unusable_json_ld_is_ignored(raw: str) -> None:
    meta = metadata(ld(raw=raw) + "<title>T</title>")
    assert "jsonLd" not in meta and meta["title"] == "T"


def test_only_json_ld_scripts_are_parsed() -> None:
    html = (
        '<script type="application/json">{"@type": "Article"}</script>'
        '<script>{"@type": "Article"}</script>'
        '<script type="Application/LD+JSON; charset=utf-8">{"@type": "Recipe"}</script>'
    )
    assert metadata(html)["jsonLd"] == [{"@type": "Recipe"}]


def test_json_ld_caps() -> None:
    many = "".join(ld({"@type": "Thing", "n": i}) for i in range(jsonld.MAX_SCRIPTS + 5))
    assert len(metadata(many)["jsonLd"]) == jsonld.MAX_SCRIPTS

    big = ld({"@type": "Thing", "pad": "x" * jsonld.MAX_SCRIPT_BYTES})
    assert metadata(big + ld({"@type": "Small"}))["jsonLd"] == [{"@type": "Small"}]

    wide = ld([{"@type": "Thing", "n": i} for i in range(jsonld.MAX_OBJECTS + 10)])
    assert len(metadata(wide)["jsonLd"]) == jsonld.MAX_OBJECTS

    deep: Any = {"@type": "Leaf"}
    for _ in range(jsonld.MAX_DEPTH + 1):
        deep = {"a": deep}
    assert metadata(ld(deep) + ld({"@type": "Ok"}))["jsonLd"] == [{"@type": "Ok"}]
    very_deep = "[" * 100_000 + "]" * 100_000  # the decoder's recursion limit, not a crash
    assert "jsonLd" not in metadata(ld(raw=very_deep))


def test_json_ld_total_bytes_cap() -> None:
    chunk = jsonld.MAX_SCRIPT_BYTES - 100
    scripts = "".join(ld({"@type": "Thing", "n": i, "pad": "x" * chunk}) for i in range(4))
    objects = metadata(scripts + ld({"@type": "Tail"}))["jsonLd"]
    total = sum(len(json.dumps(o)) for o in objects)
    assert total <= jsonld.MAX_TOTAL_BYTES
    assert [o["n"] for o in objects[:-1]] == [0, 1] and objects[-1] == {"@type": "Tail"}


def test_multibyte_script_size_is_counted_in_bytes() -> None:
    text = "é" * (jsonld.MAX_SCRIPT_BYTES // 2 + 10)  # fewer characters than the cap, more bytes
    assert "jsonLd" not in metadata(ld({"name": text}))


# -- author --------------------------------------------------------------------------------------


def test_author_from_meta_tags_in_order() -> None:
    ld_author = ld({"@type": "Article", "author": {"name": "LD"}})
    assert metadata(f"<meta name=author content='Meta'>{ld_author}")["author"] == "Meta"
    two = "<meta name=author content='A'><meta name=author content=' B  C '>"
    assert metadata(two)["author"] == ["A", "B C"]
    article = "<meta property='article:author' content='https://facebook.com/x'>"
    assert metadata(article + ld_author)["author"] == "LD"  # a profile URL is not a name
    named = "<meta property='article:author' content='Art Hur'>"
    assert metadata(named + "<meta name='DC.creator' content='DC'>")["author"] == "Art Hur"
    assert metadata("<meta name='DC.creator' content='DC'>")["author"] == "DC"
    assert metadata("<meta name='dcterms.creator' content='DCT'>")["author"] == "DCT"
    assert metadata(ld_author)["author"] == "LD"


def test_author_from_microdata() -> None:
    html = """<body><article itemscope itemtype="https://schema.org/Article">
    <div itemprop="author" itemscope itemtype="https://schema.org/Person">
      <a href="/u/jane"><span itemprop="name">Jane  Roe</span></a></div>
    <span itemprop="author">Second Author</span>
    <div itemprop="comment" itemscope itemtype="https://schema.org/Comment">
      <span itemprop="author">Troll</span></div>
    </article></body>"""
    assert metadata(html)["author"] == ["Jane Roe", "Second Author"]


def test_author_from_main_entity_microdata_and_rel_author_links() -> None:
    html = """<body itemscope itemtype="https://schema.org/WebPage">
    <article itemprop="mainEntity" itemscope itemtype="https://schema.org/Article">
    <span itemprop="author">Main</span></article></body>"""
    assert metadata(html)["author"] == "Main"
    links = "<body><p>By <a rel='author' href='/u/a'> Ann  Lee </a></p><a rel=author href=/x></a>"
    assert metadata(links)["author"] == "Ann Lee"
    assert "author" not in metadata("<link rel=author href=/humans.txt>")


def test_raw_author_meta_is_not_duplicated() -> None:
    meta = metadata("<meta name=author content='Jo'><meta name=Author content='Jo2'>")
    assert meta["author"] == ["Jo", "Jo2"]  # matched case-insensitively
    assert meta["Author"] == "Jo2"  # raw keys other than the reserved spelling stay


# -- dates ---------------------------------------------------------------------------------------


def test_published_time_precedence() -> None:
    article_meta = "<meta property='article:published_time' content='2024-01-01T00:00:00Z'>"
    ld_dates = ld({"@type": "Article", "datePublished": "2023-02-02", "dateModified": "2023-03-03"})
    micro = "<span itemscope><time itemprop='datePublished' datetime='2022-03-03'>x</time></span>"
    dc = "<meta name='DC.date' content='2021-04-04'>"
    time = "<article><time datetime='2020-05-05T10:00'>May</time></article>"
    assert metadata(article_meta + ld_dates + micro + dc + time)["publishedTime"] == (
        "2024-01-01T00:00:00Z"
    )
    assert metadata(ld_dates + micro + dc + time)["publishedTime"] == "2023-02-02"
    assert metadata(micro + dc + time)["publishedTime"] == "2022-03-03"
    assert metadata(dc + time)["publishedTime"] == "2021-04-04"
    assert metadata(time)["publishedTime"] == "2020-05-05T10:00"
    assert metadata(ld_dates)["modifiedTime"] == "2023-03-03"


def test_itemprop_meta_and_dcterms_dates() -> None:
    html = "<meta itemprop='datePublished' content='2024-02-02 08:30:00'>"
    assert metadata(html)["publishedTime"] == "2024-02-02T08:30:00"
    issued = "<meta name='dcterms.issued' content='2019-09-09'>"
    assert metadata(issued)["publishedTime"] == "2019-09-09"
    modified = "<meta name='DCTERMS.modified' content='2019-10-10'>"
    assert metadata(modified)["modifiedTime"] == "2019-10-10"
    updated = "<meta property='og:updated_time' content='2019-11-11T01:02:03+0000'>"
    assert metadata(updated)["modifiedTime"] == "2019-11-11T01:02:03+00:00"


def test_unparseable_dates_are_skipped_but_raw_article_time_is_kept() -> None:
    bad = "<meta property='article:published_time' content='yesterday'>"
    assert metadata(bad)["publishedTime"] == "yesterday"  # as before: nothing better
    with_ld = bad + ld({"@type": "Article", "datePublished": "2024-06-07"})
    assert metadata(with_ld)["publishedTime"] == "2024-06-07"
    assert "publishedTime" not in metadata("<meta name='date' content='soon'>")


def test_time_elements_in_the_article_only() -> None:
    html = """<body><header><time datetime="2000-01-01">nav</time></header>
    <article><p>x</p>
      <time class="updated" datetime="2024-02-02">upd</time>
      <time datetime="2024-01-01">pub</time>
      <article class="comment"><time pubdate datetime="1999-09-09">c</time></article>
    </article>
    <article><time pubdate datetime="1990-01-01">other</time></article></body>"""
    meta = metadata(html)
    assert meta["publishedTime"] == "2024-01-01"
    assert meta["modifiedTime"] == "2024-02-02"
    pubdate = "<article><time datetime='2024-01-01'>a</time><time pubdate datetime='2023-01-01'>"
    assert metadata(pubdate)["publishedTime"] == "2023-01-01"
    assert "publishedTime" not in metadata("<time datetime='2024-01-01'>outside</time>")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2024-05-01T10:00:00Z", "2024-05-01T10:00:00Z"),
        ("2024-05-01t10:00:00z", "2024-05-01T10:00:00Z"),
        ("2024-05-01 10:00", "2024-05-01T10:00"),
        ("2024-05-01T10:00:00.123+0200", "2024-05-01T10:00:00.123+02:00"),
        ("2024-05-01", "2024-05-01"),
        ("2024-05", "2024-05"),
        ("2024", "2024"),
        ("20240501T100000Z", "2024-05-01T10:00:00+00:00"),
        ("Wed, 01 May 2024 10:00:00 GMT", "2024-05-01T10:00:00+00:00"),
        ("May 1, 2024", "2024-05-01"),
        ("1 May 2024", "2024-05-01"),
        ("2024/05/01", "2024-05-01"),
        ("2024-13-01", None),
        ("2024-02-30", None),
        ("soon", None),
        ("", None),
        ("2024-05-01" * 10, None),
    ],
)
def test_normalize_date(value: str, expected: str | None) -> None:
    assert normalize_date(value) == expected


# -- links: canonical, favicon, hreflang, feeds --------------------------------------------------


def test_canonical_is_absolute() -> None:
    assert metadata("<link rel=canonical href='/a?b=1'>")["canonical"] == (
        "https://example.com/a?b=1"
    )
    assert metadata("<link rel='Canonical' href='story2'>")["canonical"] == (
        "https://example.com/news/story2"
    )
    base = "<base href='https://cdn.example.org/x/'><link rel=canonical href='y'>"
    assert metadata(base)["canonical"] == "https://cdn.example.org/x/y"
    assert "canonical" not in metadata("<link rel=canonical href='javascript:void(0)'>")
    assert "canonical" not in metadata("<link rel=canonical href=''>")


def test_favicon_choice() -> None:
    head = (
        "<link rel='apple-touch-icon' href='/apple.png'>"
        "<link rel='mask-icon' href='/mask.svg'>"
        "<link rel='shortcut icon' href='/shortcut.ico'>"
        "<link rel='icon' sizes='32x32' href='/icon32.png'>"
        "<link rel='icon' sizes='16x16' href='/icon16.png'>"
    )
    assert metadata(head)["favicon"] == "https://example.com/icon32.png"
    no_icon = head.replace("<link rel='icon' sizes='32x32' href='/icon32.png'>", "").replace(
        "<link rel='icon' sizes='16x16' href='/icon16.png'>", ""
    )
    assert metadata(no_icon)["favicon"] == "https://example.com/shortcut.ico"
    apple = (
        "<link rel='mask-icon' href='/mask.svg'><link rel='apple-touch-icon-precomposed' href=a>"
    )
    assert metadata(apple)["favicon"] == "https://example.com/news/a"
    assert metadata("<link rel='mask-icon' href='/m.svg'>")["favicon"] == (
        "https://example.com/m.svg"
    )
    assert "favicon" not in metadata("<link rel='icon' href='  '>")


def test_alternate_languages() -> None:
    html = (
        "<link rel=alternate hreflang=en href='/en/story'>"
        "<link rel=alternate hreflang='de-DE' href='https://example.de/story'>"
        "<link rel=alternate hreflang=en href='/en/dupe'>"
        "<link rel=alternate hreflang=x-default href='/'>"
        "<link rel=alternate href='/no-lang'>"
        "<link rel=alternate hreflang=fr href='mailto:x@example.com'>"
        f"<link rel=alternate hreflang='{'x' * 40}' href='/long'>"
    )
    assert metadata(html)["alternateLanguages"] == {
        "en": "https://example.com/en/story",
        "de-DE": "https://example.de/story",
        "x-default": "https://example.com/",
    }
    assert "alternateLanguages" not in metadata("<p>x</p>")


def test_alternate_languages_cap() -> None:
    from webdata.content.metadata_links import MAX_ALTERNATES

    html = "".join(
        f"<link rel=alternate hreflang=l{i} href='/{i}'>" for i in range(MAX_ALTERNATES + 5)
    )
    assert len(metadata(html)["alternateLanguages"]) == MAX_ALTERNATES


def test_feeds() -> None:
    html = (
        "<link rel=alternate type='application/rss+xml' href='/feed.xml'>"
        "<link rel=alternate type='application/atom+xml; charset=utf-8' href='atom.xml'>"
        "<link rel=alternate type='application/feed+json' href='//cdn.example.com/f.json'>"
        "<link rel=alternate type='application/rss+xml' href='/feed.xml'>"
        "<link rel=alternate type='text/html' href='/other'>"
        "<link rel=stylesheet type='application/rss+xml' href='/not-a-feed'>"
        "<link rel=alternate type='application/rss+xml' hreflang=fr href='/fr/feed.xml'>"
    )
    assert metadata(html)["feeds"] == [
        "https://example.com/feed.xml",
        "https://example.com/news/atom.xml",
        "https://cdn.example.com/f.json",
        "https://example.com/fr/feed.xml",
    ]
    assert "alternateLanguages" not in metadata(html)  # a feed with hreflang is a feed
    assert "feeds" not in metadata("<p>x</p>")


# -- language ------------------------------------------------------------------------------------


def test_language_fallbacks() -> None:
    og = "<meta property='og:locale' content='en_US'>"
    content = "<meta http-equiv='content-language' content='de'>"
    dc = "<meta name='DC.language' content='nl'>"
    ld_lang = ld({"@type": "Article", "inLanguage": "es"})
    assert metadata(f"<html lang='fr'><head>{og}{content}{dc}{ld_lang}")["language"] == "fr"
    assert metadata(f"<html lang=' '><head>{og}{content}{dc}{ld_lang}")["language"] == "de"
    assert metadata(og + dc + ld_lang)["language"] == "en-US"
    assert metadata(dc + ld_lang)["language"] == "nl"
    assert metadata(ld_lang)["language"] == "es"
    obj = ld({"@type": "Article", "inLanguage": {"@type": "Language", "alternateName": "pt"}})
    assert metadata(obj)["language"] == "pt"
    assert "language" not in metadata("<p>x</p>")


# -- site name, type, twitter, Dublin Core ---------------------------------------------------------


def test_site_name_precedence() -> None:
    og = "<meta property='og:site_name' content='OG Site'>"
    app = "<meta name='application-name' content='App'>"
    publisher = ld({"@type": "Article", "publisher": {"@type": "Organization", "name": "Pub"}})
    meta = metadata(og + app + publisher)
    assert meta["siteName"] == "OG Site" and meta["ogSiteName"] == "OG Site"
    assert metadata(app + publisher)["siteName"] == "Pub"
    meta = metadata(app)
    assert meta["siteName"] == "App" and "ogSiteName" not in meta
    assert meta["application-name"] == "App"


def test_type_from_og_or_json_ld() -> None:
    og = "<meta property='og:type' content='article'>"
    recipe = ld({"@type": "https://schema.org/Recipe"})
    assert metadata(og + recipe)["type"] == "article"
    assert metadata(recipe)["type"] == "Recipe"
    site_only = ld([{"@type": "Organization"}, {"@type": "WebSite"}, {"@type": "BreadcrumbList"}])
    assert metadata(site_only)["type"] == "Organization"
    assert "type" not in metadata(ld({"@type": "BreadcrumbList"}))


def test_twitter_fields() -> None:
    html = """<head>
    <meta name="twitter:card" content="summary">
    <meta name="twitter:title" content="TT">
    <meta name="twitter:description" content="TD">
    <meta property="twitter:image:src" content="https://example.com/t.png">
    <meta name="twitter:site" content="@site">
    <meta name="twitter:creator" content="@me">
    </head>"""
    meta = metadata(html)
    assert {k: meta[k] for k in meta if k.startswith("twitter") and ":" not in k} == {
        "twitterCard": "summary",
        "twitterTitle": "TT",
        "twitterDescription": "TD",
        "twitterImage": "https://example.com/t.png",
        "twitterSite": "@site",
        "twitterCreator": "@me",
    }
    assert meta["twitter:title"] == "TT"  # raw keys stay
    both = "<meta name=twitter:image content=a><meta name=twitter:image:src content=b>"
    assert metadata(both)["twitterImage"] == "a"


def test_dublin_core_spellings() -> None:
    html = """<head>
    <meta name="DC.Date" content="2020-01-01">
    <meta name="dcterms:description" content="Terms description">
    <meta name="DC.subject" content="Subject">
    <meta name="DCTERMS.audience" content="All">
    <meta name="dcterms.type" content="Text">
    <meta name="dc:date.created" content="2019-01-01">
    </head>"""
    meta = metadata(html)
    assert meta["dcDate"] == "2020-01-01"
    assert meta["dcDescription"] == "Terms description"  # dcterms spelling of a dc key
    assert meta["dcSubject"] == "Subject" and meta["dcTermsSubject"] == "Subject"
    assert meta["dcTermsAudience"] == "All"
    assert meta["dcType"] == "Text" and meta["dcTermsType"] == "Text"
    assert meta["dcDateCreated"] == "2019-01-01" and meta["dcTermsCreated"] == "2019-01-01"
    assert meta["DC.Date"] == "2020-01-01"  # raw keys stay
    assert metadata("<meta name='dcterms.date' content='2021'>")["dcDate"] == "2021"


# -- shapes and reserved keys --------------------------------------------------------------------

RICH = f"""<html><head>
<meta name=author content=A><meta name=author content=B>
<meta name=twitter:title content=T>
<link rel=alternate hreflang=en href=/en>
<link rel=alternate type='application/rss+xml' href=/rss>
<link rel=canonical href=/c>
{ld(GRAPH)}
</head><body><p>x</p></body></html>"""


def test_value_shapes() -> None:
    meta = raw_metadata(RICH)
    assert meta["jsonLd"] and meta["alternateLanguages"]
    for key, value in meta.items():  # the spec: a string or a list of strings, every key
        assert isinstance(value, str) or (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        ), key
    json.dumps(meta, allow_nan=False)


def test_raw_meta_cannot_shadow_derived_keys() -> None:
    html = (
        "<meta name=jsonLd content=x><meta name=feeds content=y><meta name=canonical content=z>"
        "<meta name=siteName content=s><meta name=alternateLanguages content=a>"
        "<meta name=twitterTitle content=t><meta name=type content=q><meta name=json_ld content=j>"
    )
    meta = metadata(html)
    for key in ("jsonLd", "feeds", "canonical", "siteName", "alternateLanguages", "twitterTitle",
                "type", "json_ld"):  # fmt: skip
        assert key not in meta, key


def test_no_derived_keys_on_a_bare_page() -> None:
    meta = metadata("<html><body><p>Hello</p></body></html>")
    assert meta == {"ogLocaleAlternate": []}

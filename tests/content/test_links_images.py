"""links and images: the whole page, absolute http(s), de-duplicated, in document order."""

from __future__ import annotations

from urllib.parse import urlsplit

from hypothesis import given, settings
from hypothesis import strategies as st

from webdata.content.pipeline import ContentOptions, process_html

URL = "https://example.com/blog/post"
LINKS_AND_IMAGES = ContentOptions(want_markdown=False, want_links=True, want_images=True)


def links(html: str, url: str = URL) -> list[str]:
    result = process_html(html, url, LINKS_AND_IMAGES)
    assert result.links is not None
    return result.links


def images(html: str, url: str = URL) -> list[str]:
    result = process_html(html, url, LINKS_AND_IMAGES)
    assert result.images is not None
    return result.images


def test_links_cover_the_whole_page_and_are_absolute() -> None:
    html = (
        "<body><nav><a href='/nav'>n</a></nav><main><a href='next'>x</a>"
        "<a href='https://other.org/a#part'>o</a></main><footer><a href='//cdn.org/f'>f</a>"
        "</footer></body>"
    )
    assert links(html) == [
        "https://example.com/nav",
        "https://example.com/blog/next",
        "https://other.org/a#part",
        "https://cdn.org/f",
    ]


def test_links_are_deduplicated_in_order() -> None:
    html = "<a href='/a'>1</a><a href='/b'>2</a><a href='https://example.com/a'>3</a><a href='/b'>"
    assert links(html) == ["https://example.com/a", "https://example.com/b"]


def test_non_http_and_fragment_only_links_are_dropped() -> None:
    html = (
        "<a href='#top'>t</a><a href=' #x'>t</a><a href='javascript:void(0)'>j</a>"
        "<a href='mailto:me@example.com'>m</a><a href='tel:+100'>p</a>"
        "<a href='data:text/html,x'>d</a><a href='ftp://example.com/f'>f</a><a href=''>e</a>"
        "<a>no href</a><a href='http://[::1'>broken</a><a href='/ok'>ok</a>"
    )
    assert links(html) == ["https://example.com/ok"]


def test_links_honour_base_href() -> None:
    html = "<head><base href='https://static.example.org/x/'></head><a href='y'>y</a>"
    assert links(html) == ["https://static.example.org/x/y"]


def test_links_ignore_include_and_main_content_options() -> None:
    html = "<nav><a href='/n'>n</a></nav><main><p>text</p></main>"
    opts = ContentOptions(include_tags=("main",), want_links=True)
    assert process_html(html, URL, opts).links == ["https://example.com/n"]


def test_images_srcset_largest_picture_sources_and_dedup() -> None:
    html = (
        "<img src='/a.jpg' alt=''>"
        "<img src='/s.jpg' srcset='/s.jpg 300w, /l.jpg 1200w'>"
        "<picture><source srcset='/p.webp 1x, /p2.webp 2x' type='image/webp'>"
        "<img src='/p.jpg'></picture>"
        "<img src='/a.jpg'>"
        "<img src='data:image/png;base64,AAAA' alt='inline'>"
        "<img data-src='/lazy.jpg' src='data:image/gif;base64,R0lG'>"
    )
    assert images(html) == [
        "https://example.com/a.jpg",
        "https://example.com/l.jpg",
        "https://example.com/p2.webp",
        "https://example.com/p.jpg",
        "https://example.com/lazy.jpg",
    ]


def test_og_image_and_video_sources_are_not_images() -> None:
    html = (
        "<head><meta property='og:image' content='https://example.com/og.jpg'></head>"
        "<video><source src='/v.mp4'></video><img src='/only.png'>"
    )
    assert images(html) == ["https://example.com/only.png"]


def test_formats_not_requested_are_none() -> None:
    result = process_html("<a href='/x'>x</a><img src='/i.png'>", URL, ContentOptions())
    assert result.links is None and result.images is None and result.html is None
    assert result.markdown is not None


hrefs = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["/", "//", "#", "?", "..", "http://", "https:", "//[", "\\\\x", " ", ""]),
    st.builds(lambda a, b: a + b, st.sampled_from(["/", "//h", "http://", "../", "?"]), st.text()),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(hrefs, max_size=8), st.sampled_from([URL, "http://h:8080/a/b?q=1#f"]))
def test_links_are_always_absolute_http(values: list[str], url: str) -> None:
    html = "".join(f'<a href="{v.replace(chr(34), "&quot;")}">x</a>' for v in values)
    out = links(html, url)
    assert len(out) == len(set(out))
    for link in out:
        parts = urlsplit(link)
        assert parts.scheme in ("http", "https")
        assert parts.netloc

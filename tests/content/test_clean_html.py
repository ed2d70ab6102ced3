"""The cleaned ``html`` output: junk removed, URLs absolute, srcset resolved to the largest."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from webdata.content.pipeline import ContentOptions, process_html

URL = "https://example.com/blog/post.html"
HTML_ONLY = ContentOptions(only_main_content=False, want_markdown=False, want_html=True)


def cleaned(html: str, url: str = URL, **options: Any) -> str:
    result = process_html(html, url, replace(HTML_ONLY, **options))
    assert result.html is not None
    return result.html


@pytest.mark.parametrize(
    ("fragment", "gone"),
    [
        ("<script>var SECRET = 1;</script>", "SECRET"),
        ("<script type='application/ld+json'>{\"SECRET\": 1}</script>", "SECRET"),
        ("<style>.SECRET { color: red }</style>", "SECRET"),
        ("<noscript><p>SECRET</p></noscript>", "SECRET"),
        ("<meta name='SECRET' content='x'>", "SECRET"),
        ("<link rel='stylesheet' href='/SECRET.css'>", "SECRET"),
        ("<template><p>SECRET</p></template>", "SECRET"),
        ("<!-- SECRET comment -->", "SECRET"),
    ],
)
def test_never_content_elements_are_removed(fragment: str, gone: str) -> None:
    html = f"<html><head><title>T</title></head><body><p>kept</p>{fragment}</body></html>"
    out = cleaned(html)
    assert gone not in out
    assert "<p>kept</p>" in out


def test_head_is_removed_entirely() -> None:
    html = (
        "<html><head><title>HEAD_TITLE</title><meta charset='utf-8'>"
        "<style>p{}</style><script>x()</script></head><body><p>body</p></body></html>"
    )
    out = cleaned(html)
    assert "HEAD_TITLE" not in out and "<head" not in out and "<meta" not in out
    assert out.strip() == "<p>body</p>"


@pytest.mark.parametrize(
    ("fragment", "expected"),
    [
        ("<a href='other.html'>x</a>", 'href="https://example.com/blog/other.html"'),
        ("<a href='/root'>x</a>", 'href="https://example.com/root"'),
        ("<a href='../up'>x</a>", 'href="https://example.com/up"'),
        ("<a href='//cdn.example.net/a'>x</a>", 'href="https://cdn.example.net/a"'),
        ("<a href='?page=2'>x</a>", 'href="https://example.com/blog/post.html?page=2"'),
        ("<a href='#part'>x</a>", 'href="https://example.com/blog/post.html#part"'),
        ("<img src='img/a.png' alt=''>", 'src="https://example.com/blog/img/a.png"'),
        ("<video poster='/p.jpg' src='v.mp4'></video>", 'poster="https://example.com/p.jpg"'),
        ("<video poster='/p.jpg' src='v.mp4'></video>", 'src="https://example.com/blog/v.mp4"'),
        ("<form action='/search'><input name='q'></form>", 'action="https://example.com/search"'),
        ("<blockquote cite='/source'>q</blockquote>", 'cite="https://example.com/source"'),
        ("<iframe src='/embed/1'></iframe>", 'src="https://example.com/embed/1"'),
        (
            "<picture><source srcset='/a.webp 1x, /b.webp 2x'><img src='/c.jpg'></picture>",
            'srcset="https://example.com/a.webp, https://example.com/b.webp 2x"',
        ),
        ("<a href='  /spaced  '>x</a>", 'href="https://example.com/spaced"'),
    ],
)
def test_relative_urls_become_absolute(fragment: str, expected: str) -> None:
    assert expected in cleaned(f"<body>{fragment}<p>text</p></body>")


def test_absolute_and_special_urls_are_left_alone() -> None:
    out = cleaned(
        "<body><a href='https://other.org/x'>a</a><a href='mailto:me@example.com'>m</a>"
        "<a href='javascript:void(0)'>j</a><img src='data:image/png;base64,AAAA'></body>"
    )
    assert 'href="https://other.org/x"' in out
    assert 'href="mailto:me@example.com"' in out
    assert 'href="javascript:void(0)"' in out
    assert 'src="data:image/png;base64,AAAA"' in out


def test_base_href_is_honoured() -> None:
    html = (
        "<html><head><base href='https://static.example.org/assets/'></head>"
        "<body><a href='page.html'>p</a><img src='i.png' alt=''><a href='/root'>r</a></body></html>"
    )
    out = cleaned(html)
    assert 'href="https://static.example.org/assets/page.html"' in out
    assert 'src="https://static.example.org/assets/i.png"' in out
    assert 'href="https://static.example.org/root"' in out
    assert "<base" not in out


def test_relative_base_href_resolves_against_the_page() -> None:
    html = "<head><base href='/docs/v2/'></head><body><a href='intro'>i</a></body>"
    assert 'href="https://example.com/docs/v2/intro"' in cleaned(html)


def test_srcset_largest_width_goes_into_src() -> None:
    html = "<body><img src='/s.jpg' srcset='/s.jpg 480w, /l.jpg 1200w, /m.jpg 800w' alt='x'></body>"
    out = cleaned(html)
    assert 'src="https://example.com/l.jpg"' in out
    assert "https://example.com/m.jpg 800w" in out  # srcset kept, absolute


def test_srcset_density_largest_goes_into_src() -> None:
    out = cleaned("<body><img src='/a.jpg' srcset='/b.jpg 2x, /c.jpg 3x' alt=''></body>")
    assert 'src="https://example.com/c.jpg"' in out


def test_src_counts_as_1x_against_smaller_density() -> None:
    out = cleaned("<body><img src='/a.jpg' srcset='/b.jpg 0.5x' alt=''></body>")
    assert 'src="https://example.com/a.jpg"' in out


def test_img_without_src_gets_the_srcset_choice() -> None:
    out = cleaned("<body><img srcset='/x.jpg 100w, /y.jpg 300w' alt=''></body>")
    assert 'src="https://example.com/y.jpg"' in out


def test_lazy_loaded_image_uses_its_real_address() -> None:
    out = cleaned("<body><img src='data:image/gif;base64,R0lGOD' data-src='/real.jpg'></body>")
    assert 'src="https://example.com/real.jpg"' in out


def test_data_placeholder_src_loses_to_the_srcset() -> None:
    out = cleaned("<body><img src='data:image/gif;base64,R0lGOD' srcset='/r.jpg 1x'></body>")
    assert 'src="https://example.com/r.jpg"' in out


def test_comments_are_removed_from_html_only_output() -> None:
    out = cleaned("<body><div><!-- a --><p>x<!-- b --></p></div></body>")
    assert "<!--" not in out


def test_html_respects_only_main_content() -> None:
    html = (
        "<body><nav><a href='/'>NAV</a></nav><main><h1>T</h1><p>Main text.</p></main>"
        "<footer>FOOT</footer></body>"
    )
    out = cleaned(html, only_main_content=True)
    assert out.startswith("<main>") and "NAV" not in out and "FOOT" not in out


def test_mathjax_scripts_become_delimited_math_spans() -> None:
    html = cleaned(
        "<p>A <script type='math/tex'>x < 1</script></p>"
        "<script type='math/tex; mode=display'>\\sum i</script><script>var JS = 1;</script>"
    )
    assert '<span class="math">\\(x &lt; 1\\)</span>' in html
    assert '<span class="math">\\[\\sum i\\]</span>' in html
    assert "JS" not in html

"""process_html as a whole: what it returns for each option, and that it never crashes."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webdata.content.pipeline import ContentOptions, ContentResult, process_html

URL = "https://example.com/"
EVERYTHING = ContentOptions(want_markdown=True, want_html=True, want_links=True, want_images=True)


def test_each_output_only_when_wanted() -> None:
    html = "<title>T</title><main><p>Hi <a href='/x'>x</a><img src='/i.png'></p></main>"
    nothing = process_html(html, URL, ContentOptions(want_markdown=False))
    assert (nothing.markdown, nothing.html, nothing.links, nothing.images) == (
        None,
        None,
        None,
        None,
    )
    assert nothing.metadata["title"] == "T"
    everything = process_html(html, URL, EVERYTHING)
    assert everything.markdown == "Hi [x](https://example.com/x)![](https://example.com/i.png)"
    assert everything.html is not None and everything.html.startswith("<main>")
    assert everything.links == ["https://example.com/x"]
    assert everything.images == ["https://example.com/i.png"]
    assert everything.warning is None


def test_result_is_a_frozen_dataclass() -> None:
    result = process_html("<p>x</p>", URL, ContentOptions())
    assert isinstance(result, ContentResult)
    assert result.markdown == "x"


def test_html_and_markdown_come_from_the_same_selection() -> None:
    html = "<nav><a href='/n'>NAV</a></nav><article><h1>T</h1><p>Body text.</p></article>"
    result = process_html(html, URL, EVERYTHING)
    assert result.html is not None and result.markdown is not None
    assert "NAV" not in result.html and "NAV" not in result.markdown
    assert "https://example.com/n" in (result.links or [])


def test_markdown_is_not_html_escaped_twice() -> None:
    result = process_html("<p>A &amp; B &lt;3</p>", URL, ContentOptions())
    assert result.markdown == "A & B <3"


def test_non_utf8_like_text_and_control_characters() -> None:
    result = process_html("<p>\x00\x01 caf\u00e9 \ud7ff</p>", URL, EVERYTHING)
    assert result.markdown is not None and "café" in result.markdown


html_snippets = st.lists(
    st.one_of(
        st.text(max_size=40),
        st.sampled_from(
            [
                "<html>", "<body>", "<main>", "</main>", "<nav>", "<a href='/x'>", "</a>",
                "<img srcset='a 1x, b 2x'>", "<table><tr><td>", "<pre><code class='language-x'>",
                "<!--", "-->", "<script>", "</script>", "<base href='//[x'>", "<title>", "<meta ",
                "<svg>", "<template>", "<p class='cookie'>", "<h1>", "<ul><li>", "<br>", "&amp;",
            ]
        ),
    ),
    max_size=30,
).map("".join)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(html_snippets, st.booleans(), st.sampled_from(["https://example.com/a", "", "not a url"]))
def test_process_html_never_raises(html: str, main_only: bool, url: str) -> None:
    options = ContentOptions(
        only_main_content=main_only,
        exclude_tags=("script",),
        want_html=True,
        want_links=True,
        want_images=True,
    )
    result = process_html(html, url, options)
    assert isinstance(result.markdown, str) and isinstance(result.html, str)
    assert "\n\n\n" not in result.markdown or "```" in result.markdown
    for value in result.metadata.values():
        assert isinstance(value, str | list)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_raises(text: str) -> None:
    result = process_html(text, URL, EVERYTHING)
    assert result.markdown is not None

"""includeTags / excludeTags: CSS selectors, validation, and how they combine."""

from __future__ import annotations

import pytest

from webdata.content.pipeline import (
    NO_MATCH_WARNING,
    ContentOptions,
    process_html,
    validate_selector,
)

URL = "https://example.com/p"
PAGE = """<html><head><title>T</title><script>var SCRIPT = 1;</script></head><body>
<nav id="top-nav"><a href="/home">NAV_HOME</a></nav>
<main>
  <h1>Main title</h1>
  <p class="intro">INTRO paragraph</p>
  <div class="box" data-kind="note"><p>NOTE text</p><p class="ad">AD inside note</p></div>
  <table><tr><th>h</th></tr><tr><td>CELL</td></tr></table>
  <pre><code>CODE_BLOCK</code></pre>
</main>
<footer><p class="legal">LEGAL text</p></footer>
</body></html>"""


def md(**options: object) -> str:
    result = process_html(PAGE, URL, ContentOptions(**options))  # type: ignore[arg-type]
    assert result.markdown is not None
    return result.markdown


@pytest.mark.parametrize(
    ("selector", "present", "absent"),
    [
        ("table", ["CELL"], ["INTRO", "NOTE", "Main title"]),
        (".intro", ["INTRO"], ["NOTE", "CELL"]),
        ("#top-nav", ["NAV_HOME"], ["INTRO"]),
        ("[data-kind=note]", ["NOTE"], ["INTRO"]),
        ("main > p", ["INTRO"], ["NOTE", "LEGAL"]),
        ("div p:first-child", ["NOTE"], ["AD inside", "INTRO"]),
    ],
)
def test_include_tags_select_only_the_matches(
    selector: str, present: list[str], absent: list[str]
) -> None:
    out = md(include_tags=(selector,))
    for text in present:
        assert text in out
    for text in absent:
        assert text not in out


def test_include_tags_are_concatenated_in_document_order() -> None:
    out = md(include_tags=(".legal", "h1", ".intro"))
    assert out.index("Main title") < out.index("INTRO") < out.index("LEGAL")


def test_nested_matches_are_not_repeated() -> None:
    out = md(include_tags=(".box", ".box p"))
    assert out.count("NOTE text") == 1


def test_include_tags_apply_to_the_whole_page_not_only_main_content() -> None:
    # nav and footer are chrome for onlyMainContent, but were asked for explicitly
    out = md(include_tags=("nav", "footer"), only_main_content=True)
    assert "NAV_HOME" in out and "LEGAL" in out and "INTRO" not in out


def test_include_tags_never_bring_back_scripts() -> None:
    assert "SCRIPT" not in md(include_tags=("body",))
    assert "SCRIPT" not in md(include_tags=("head",))


def test_exclude_tags_remove_the_matches() -> None:
    out = md(exclude_tags=("pre", ".ad"))
    assert "CODE_BLOCK" not in out and "AD inside" not in out
    assert "INTRO" in out and "NOTE text" in out


def test_exclusions_apply_after_inclusion() -> None:
    out = md(include_tags=(".box",), exclude_tags=(".ad",))
    assert "NOTE text" in out and "AD inside" not in out


def test_excluding_an_included_element_drops_it() -> None:
    out = md(include_tags=(".box", "table"), exclude_tags=(".box",))
    assert "CELL" in out and "NOTE" not in out


def test_exclude_tags_with_only_main_content_false() -> None:
    out = md(exclude_tags=("nav", "footer"), only_main_content=False)
    assert "NAV_HOME" not in out and "LEGAL" not in out and "INTRO" in out


def test_excluding_body_leaves_nothing() -> None:
    assert md(exclude_tags=("body",), only_main_content=False) == ""


def test_include_tags_matching_nothing_warn() -> None:
    result = process_html(PAGE, URL, ContentOptions(include_tags=(".missing",)))
    assert result.markdown == ""
    assert result.warning == NO_MATCH_WARNING


def test_include_and_exclude_apply_to_html_output_too() -> None:
    result = process_html(
        PAGE,
        URL,
        ContentOptions(include_tags=(".box",), exclude_tags=(".ad",), want_html=True),
    )
    assert result.html is not None
    assert result.html.strip() == '<div class="box" data-kind="note"><p>NOTE text</p></div>'


@pytest.mark.parametrize("bad", ["div[", "", "   ", "p::before", ">p", "a,,b", "!!", "p:nope"])
def test_invalid_selectors_are_reported(bad: str) -> None:
    message = validate_selector(bad)
    assert message is not None
    if bad.strip():
        assert repr(bad) in message


@pytest.mark.parametrize(
    "good", ["div", ".a", "#b", "[data-x='1']", "ul > li", "a:not(.x)", "p:nth-child(2n+1)", "*"]
)
def test_valid_selectors_pass(good: str) -> None:
    assert validate_selector(good) is None


@pytest.mark.parametrize("field", ["include_tags", "exclude_tags"])
def test_process_html_raises_value_error_naming_the_selector(field: str) -> None:
    with pytest.raises(ValueError, match=r"div\["):
        process_html(PAGE, URL, ContentOptions(**{field: ("p", "div[")}))  # type: ignore[arg-type]

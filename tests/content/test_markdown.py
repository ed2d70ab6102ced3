"""Markdown fidelity: headings, tables, code languages, lists, links, blank lines."""

from __future__ import annotations

import pytest

from tests.content import body_markdown
from webdata.content.markdown import html_to_markdown, mend_markdown, tidy_markdown
from webdata.content.markdown_prepass import _join_lines

URL = "https://example.com/docs/page"


def md(body: str) -> str:
    return body_markdown(body, URL, only_main_content=False)


def test_headings_h1_to_h6_are_atx() -> None:
    out = md("".join(f"<h{i}>Level {i}</h{i}>" for i in range(1, 7)))
    assert out == "\n\n".join(f"{'#' * i} Level {i}" for i in range(1, 7))


def test_no_front_matter_and_trimmed() -> None:
    out = md("\n\n<p>Only this</p>\n\n")
    assert out == "Only this"
    assert not out.startswith("---")


def test_gfm_table_escapes_pipes_in_cells() -> None:
    out = md(
        "<table><thead><tr><th>Name</th><th>a|b</th></tr></thead>"
        "<tbody><tr><td>x | y</td><td>2</td></tr></tbody></table>"
    )
    lines = out.splitlines()
    assert lines[0].startswith("| Name") and "a\\|b" in lines[0]
    assert set(lines[1].replace(" ", "")) <= {"|", "-", ":"}
    assert "x \\| y" in lines[2]


@pytest.mark.parametrize(
    ("block", "lang"),
    [
        ('<pre><code class="language-python">x = 1</code></pre>', "python"),
        ('<pre class="language-rust"><code>let x = 1;</code></pre>', "rust"),
        ('<pre><code class="lang-js">let x;</code></pre>', "js"),
        ('<pre><code class="highlight-ruby">x = 1</code></pre>', "ruby"),
        ('<pre class="highlight-go"><code>x := 1</code></pre>', "go"),
        ('<div class="highlight highlight-source-shell"><pre>ls -la</pre></div>', "shell"),
        ('<pre><code data-lang="sql">select 1</code></pre>', "sql"),
        ('<pre lang="toml">a = 1</pre>', "toml"),
        ('<pre class="brush: php">echo 1;</pre>', "php"),
    ],
)
def test_fenced_code_keeps_the_language(block: str, lang: str) -> None:
    out = md(block)
    assert out.startswith(f"```{lang}\n")
    assert out.endswith("```")


def test_human_lang_attribute_is_not_a_code_language() -> None:
    assert md('<pre lang="en">plain words</pre>').startswith("```\n")


def test_code_blank_lines_are_preserved() -> None:
    out = md('<pre><code class="language-python">a = 1\n\n\n\nb = 2\n</code></pre>')
    assert "a = 1\n\n\n\nb = 2" in out


def test_nested_lists() -> None:
    out = md(
        "<ol><li>one<ol><li>one.a</li><li>one.b</li></ol></li><li>two<ul><li>dot</li></ul></li>"
        "</ol>"
    )
    assert out == "1. one\n   1. one.a\n   2. one.b\n2. two\n   - dot"


def test_links_and_images_are_absolute() -> None:
    out = md("<p><a href='../guide'>guide</a> <img src='img/a.png' alt='pic'></p>")
    assert "[guide](https://example.com/guide)" in out
    assert "![pic](https://example.com/docs/img/a.png)" in out


def test_srcset_largest_image_is_used_in_markdown() -> None:
    out = md("<img src='/s.png' srcset='/s.png 100w, /big.png 900w' alt='x'>")
    assert out == "![x](https://example.com/big.png)"


def test_at_most_one_blank_line() -> None:
    out = md("<p>a</p><div><br><br><br><br></div><p>&nbsp;</p><div></div><p>b</p>")
    assert "\n\n\n" not in out
    assert out == "a\n\nb"


def test_inline_svg_is_left_out() -> None:
    out = md("<p>before</p><svg width='10'><text>icon</text></svg><p>after</p>")
    assert out == "before\n\nafter"


def test_hidden_but_reachable_content_is_kept() -> None:
    assert "Panel two" in md("<div role='tabpanel' hidden><p>Panel two</p></div><p>x</p>")


def test_html_to_markdown_of_empty_input() -> None:
    assert html_to_markdown("") == ""
    assert html_to_markdown("   ") == ""


def test_tidy_markdown() -> None:
    assert tidy_markdown("\n\na\n\n\n\nb\n \n\t\nc\n\n") == "a\n\nb\n\nc"
    fenced = "x\n\n\n```\n1\n\n\n2\n```\n\n\ny"
    assert tidy_markdown(fenced) == "x\n\n```\n1\n\n\n2\n```\n\ny"
    tilde = "~~~~\n```\n\n\n~~~\nstill code\n\n\n~~~~\n\n\nz"
    assert tidy_markdown(tilde) == "~~~~\n```\n\n\n~~~\nstill code\n\n\n~~~~\n\nz"


def test_text_passes_stay_linear_on_hostile_input() -> None:
    """A 5 MB page once took minutes here: per-character lookaheads scanned to the next tag."""
    import time

    from webdata.content.markdown_prepass import _fix_text

    hostile = [
        "<p>" + "\n" * 200_000 + "</p>",
        "<p>" + "_" * 200_000 + "</p>",
        "<p>" + " \n" * 100_000 + "x</p>",
        "<p>" + "[" * 100_000 + "]</p>",
        "<div>" + "a_b " * 100_000 + "</div>",
    ]
    for html in hostile:
        started = time.perf_counter()
        _fix_text(html)
        assert time.perf_counter() - started < 1.0, html[:20]


def test_control_characters_are_dropped_before_conversion() -> None:
    # Enough C0/C1 controls make the converter refuse the input as binary data.
    noise = "\x1f\x08\x80\x00\x07\x9f" * 50
    md = html_to_markdown(f"<p>{noise}kept words{noise}</p><p>tab\there</p>")
    assert "kept words" in md
    assert "tab\there" in md
    assert not any(ch in md for ch in "\x1f\x08\x80\x00\x07\x9f")


def test_links_inside_code_keep_their_text_only() -> None:
    # Code shows markdown literally: "[docs](url)" inside a fence would be wrong text.
    md = html_to_markdown(
        '<pre><code>see <a href="https://e.com/d">docs</a>\n'
        'mail = "<a href="/cdn-cgi/l/email-protection">[email&#160;protected]</a>"</code></pre>'
        '<p><code>run <a href="https://e.com/r">make</a></code> or read '
        '<a href="https://e.com/y">the guide</a></p>'
    )
    assert "see docs\n" in md
    assert 'mail = "[email\xa0protected]"' in md or 'mail = "[email protected]"' in md
    assert "`run make`" in md
    assert "[the guide](https://e.com/y)" in md
    assert "](https://e.com/d)" not in md and "](https://e.com/r)" not in md


def test_line_ends_lose_spaces_and_invisible_characters() -> None:
    # "&nbsp;" paragraphs, zero-width characters and a <br> that ends a block leave nothing
    # at a line end; a <br> inside a block stays a "  " hard break. Code is not touched.
    md = html_to_markdown(
        "<p>one&nbsp;</p><p>&nbsp;</p><p>&#8205;</p><p>two&#8203;</p>"
        "<p>three<br></p><p>four<br>five</p><pre><code>code  \n&nbsp;\nend</code></pre>"
    )
    assert md == "one\n\ntwo\n\nthree\n\nfour  \nfive\n\n```\ncode  \n\xa0\nend\n```"


def test_empty_list_items_are_dropped_or_joined_with_their_block() -> None:
    # An item that opens with an empty link (an avatar) and then a block prints "- " and
    # its content on later lines, read as an empty item: the content moves up to the marker.
    # Items with nothing in them ("-", "1." alone: carousel dots) are dropped.
    md = html_to_markdown(
        '<ul><li><a href="https://e.com/u"></a><div><b>user</b> | Premium</div>'
        "<p>Hi there</p></li><li>last</li></ul><ol><li></li><li> </li></ol><p>after</p>"
    )
    assert md == "- **user** | Premium\n\n  Hi there\n\n- last\n\nafter"


def test_invisible_characters_in_words_are_dropped_outside_code() -> None:
    # Soft hyphens, zero-width spaces, word joiners and BOMs split words for a tokenizer;
    # zero-width joiners are kept (emoji sequences); code keeps every character.
    md = html_to_markdown(
        "<p>co&shy;operation &#8203;Call out&#8203; &#8203;your &#xfeff;Our&#8288;s "
        "\U0001f937&#8205;\u2642</p><pre><code>a&#8203;b&shy;c</code></pre>"
    )
    assert md == "cooperation Call out your Ours \U0001f937\u200d\u2642\n\n```\na\u200bb\xadc\n```"


def test_images_without_a_source_are_dropped() -> None:
    # The converter writes "![alt](<>)" for an image with no source: nothing to show.
    md = html_to_markdown(
        '<p><img src="" alt="35.jpg"> <img alt="x"> Shop <img alt="z"></p>'
        '<ul><li><img src="" alt="q"></li><li>b</li></ul>'
    )
    assert md == "Shop\n\n- b"


def test_a_heading_bold_all_through_loses_the_bold() -> None:
    md = html_to_markdown(
        "<h2><strong>Overview</strong></h2><h3><b>1 <a href='https://e.com/m'>Mondly</a></b></h3>"
        "<h3><b>Part</b> one</h3><p><b>not a heading</b></p><pre><code># **kept**</code></pre>"
    )
    assert md == (
        "## Overview\n\n### 1 [Mondly](https://e.com/m)\n\n### **Part** one\n\n"
        "**not a heading**\n\n```\n# **kept**\n```"
    )


def test_a_link_around_blank_lines_is_dropped() -> None:
    # The converter prints a link around only whitespace and empty blocks (its image lost)
    # as "[", blank lines, "](url)": a stray bracket paragraph and a bare target.
    md = tidy_markdown(
        mend_markdown(
            "x\n\n[  \n\n](https://e.com/v)\n\n1. [\n\n   ](https://e.com/b)\n2. Books"
            "\n\n```\n[\n\n](k)\n```"
        )
    )
    assert md == "x\n\n2. Books\n\n```\n[\n\n](k)\n```"


def test_a_link_around_an_image_without_a_source_is_dropped() -> None:
    # The converter gives such a link its own URL for text ("[u](u)"); a link whose text
    # really is its URL is written "<u>" and stays.
    md = html_to_markdown(
        '<p>a <a href="https://e.com/p"><img></a> b</p>'
        '<ul><li><a href="https://e.com/(q)"><img src="" alt=""></a></li><li>c</li></ul>'
        '<p><a href="https://e.com/r">https://e.com/r</a> <a href="https://e.com/s">Shop</a></p>'
    )
    assert md == "a  b\n\n- c\n\n<https://e.com/r> [Shop](https://e.com/s)"


def test_a_link_whose_text_is_bracketed_keeps_its_brackets_outside() -> None:
    # "[[1]](url)" is valid but lost by text tools that read links by regex; it reads the same.
    md = html_to_markdown(
        '<p>Peace.<sup><a href="https://e.com/w#cite-1">[1]</a></sup> See '
        '<a href="https://e.com/a(b)" title="T">[Chen \'20]</a>, [x] and '
        '<a href="https://e.com/y">y</a></p>'
    )
    assert md == (
        "Peace.<sup>\\[[1](https://e.com/w#cite-1)\\]</sup> See "
        '\\[[Chen \'20](https://e.com/a(b) "T")\\], [x] and [y](https://e.com/y)'
    )


def test_newlines_join_words_but_not_blanks_after_the_last_word() -> None:
    assert _join_lines("one\ntwo \n three") == "one two   three"
    assert _join_lines("\n one\n\n  ") == "  one \n  "  # one newline after the last word
    assert _join_lines("word \n") == "word \n"  # a space came first
    assert _join_lines(" \n\t") == " \n\t"  # blanks alone stay


def test_the_native_options_built_once_convert_like_the_public_call() -> None:
    from html_to_markdown import convert

    from webdata.content import markdown

    assert markdown._NATIVE_OPTIONS is not None  # the installed package still has the names
    html = "<h2>T</h2><ul><li><b>a</b> b</li></ul><table><tr><td>1</td></tr></table>"
    assert markdown._convert(html).content == convert(html, markdown.OPTIONS).content

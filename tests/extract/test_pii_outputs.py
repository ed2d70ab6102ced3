"""``redactPII`` over many texts at once, HTML, JSON values and PDF blocks
(``webdata.extract.pii_outputs``)."""

from __future__ import annotations

from webdata.extract.pii import redact
from webdata.extract.pii_outputs import (
    PiiOptions,
    redact_blocks,
    redact_html,
    redact_text,
    redact_texts,
    redact_value,
)

TAGS = PiiOptions(mode="fast")
KEY = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEpAIBAAKCAQEA7V1qX3m9aT0kQ2bLw8xYzR4sN6pF1uJ3cH5dG2eK9oM0\n"
    "-----END RSA PRIVATE KEY-----"
)


def test_texts_are_redacted_each_in_its_place() -> None:
    texts = ["Mail jane@corp.io", "", "nothing here", "card 4111 1111 1111 1111 or bob@corp.io"]
    assert redact_texts(texts, TAGS) == [
        "Mail <EMAIL>",
        "",
        "nothing here",
        "card <FINANCIAL> or <EMAIL>",
    ]
    assert redact_texts([], TAGS) == []
    assert redact_texts(["a", "b"], TAGS) == ["a", "b"]


def test_one_pass_equals_a_pass_per_text() -> None:
    texts = [
        "Call +44 20 7946 0958 today",
        "Dr. Jane Doe wrote",
        "IBAN GB82 WEST 1234 5698 7654 32",
    ]
    options = PiiOptions(mode="accurate")
    each = [redact(t, mode="accurate").text for t in texts]
    assert redact_texts(texts, options) == each


def test_a_span_running_over_the_edge_of_a_text_is_cut_there() -> None:
    # A private key block is the one span that may cross line breaks, so the join's too.
    head, tail = KEY[:40], KEY[40:]
    out = redact_texts([head, tail, "after"], TAGS)
    assert out[2] == "after"
    assert "MIIEpAIBAAKCAQEA" not in "".join(out)


def test_styles_and_entities_are_honoured() -> None:
    text = "jane@corp.io, +44 20 7946 0958"
    assert redact_text(text, PiiOptions(mode="fast", replace_style="mask")) == (
        "****@****.**, +** ** **** ****"
    )
    assert redact_text(text, PiiOptions(mode="fast", replace_style="remove")) == ", "
    only_phone = PiiOptions(mode="fast", entities=frozenset({"PHONE"}))
    assert redact_text(text, only_phone) == "jane@corp.io, <PHONE>"


def test_html_text_and_attributes() -> None:
    html = (
        '<p class="lead">Write to <a href="mailto:jane@corp.io" title="jane@corp.io">'
        "jane@corp.io</a> &amp; friends.</p>"
        '<a href="https://x.io/f?a=1&amp;token=Zx81kQ0pL2mN7vB4">file</a><!-- jane@corp.io -->'
    )
    out = redact_html(html, TAGS)
    assert out == (
        '<p class="lead">Write to <a href="mailto:&lt;EMAIL&gt;" title="&lt;EMAIL&gt;">'
        "&lt;EMAIL&gt;</a> &amp; friends.</p>"
        '<a href="https://x.io/f?a=1&amp;token=&lt;SECRET&gt;">file</a><!-- jane@corp.io -->'
    )


def test_html_without_pii_is_left_byte_for_byte() -> None:
    html = '<p title="a &quot;b&quot;">caf&eacute; &nbsp; <br>x &lt; y</p>'
    assert redact_html(html, TAGS) == html


def test_json_string_leaves() -> None:
    value = {
        "people": [{"email": "jane@corp.io", "age": 41}, {"email": None}],
        "jane@corp.io": "key stays",
        "ok": True,
    }
    assert redact_value(value, TAGS) == {
        "people": [{"email": "<EMAIL>", "age": 41}, {"email": None}],
        "jane@corp.io": "key stays",
        "ok": True,
    }
    assert redact_value(7, TAGS) == 7
    assert redact_value("bob@corp.io", TAGS) == "<EMAIL>"


def test_blocks_point_into_the_redacted_markdown() -> None:
    original = "# Statement\n\nMail jane@corp.io now.\n\nThe end."
    markdown = redact_text(original, TAGS)
    contents = ["# Statement", "Mail jane@corp.io now.", "The end.", "dropped furniture"]
    blocks = [
        {
            "pageNumber": 1,
            "items": [
                {"content": c, "markdownSpan": [original.find(c), original.find(c) + len(c)]}
                for c in contents[:3]
            ]
            + [{"content": contents[3], "markdownSpan": None}],
        }
    ]
    out = redact_blocks(blocks, markdown, TAGS)
    items = out[0]["items"]
    assert [i["content"] for i in items] == [
        "# Statement",
        "Mail <EMAIL> now.",
        "The end.",
        contents[3],
    ]
    for item in items[:3]:
        start, end = item["markdownSpan"]
        assert markdown[start:end] == item["content"]
    assert items[3]["markdownSpan"] is None

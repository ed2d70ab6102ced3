"""The tokens of a code block stay although the chrome rules read their words as labels
("print", "login", "messages"); a hidden element or a control inside the block still goes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.code_tokens import _HIDING_STYLE, keep_code_tokens
from webdata.content.dom import measuring

URL = "https://docs.example.org/guide/quickstart/"
TEXT = "<p>" + "The view below answers a request and logs what the visitor asked for. " * 6 + "</p>"
CODE = (
    '<div class="highlight"><pre><span></span><span class="nd">@app</span>.'
    '<span class="n">route</span>(<span class="s1">&#39;/login&#39;</span>)\n'
    '<span class="k">def</span> <span class="nf">login</span>():\n'
    '    <span class="nb">print</span>(<span class="s1">&#39;Messages&#39;</span>)\n'
    "    <span hidden>HIDDEN_TOKEN</span>\n"
    "</pre></div>"
)


def test_code_tokens_kept() -> None:
    md = page_markdown(f"<main><h1>Quickstart</h1>{TEXT}{CODE}{TEXT}</main>", URL)
    assert "print('Messages')" in md
    assert "def login():" in md and "route('/login')" in md


def test_hidden_token_still_removed() -> None:
    md = page_markdown(f"<main><h1>Quickstart</h1>{TEXT}{CODE}{TEXT}</main>", URL)
    assert "HIDDEN_TOKEN" not in md


def test_only_code_text_kept() -> None:
    html = (
        "<html><body><main><pre><span class=a>print</span><button>Copy</button></pre>"
        "<p><span class=b>Print</span></p><code class=c>login</code></main></body></html>"
    )
    body = LexborHTMLParser(html).body
    assert body is not None
    found = [n for n in body.css("span, button, code")]
    with measuring():
        kept = keep_code_tokens(body, found)
    assert [n.tag for n in kept] == ["button", "span"]
    assert kept[1].attributes.get("class") == "b"


def test_regex_on_hostile_input() -> None:
    start = time.perf_counter()
    _HIDING_STYLE.search("display " * 20000 + ":")
    _HIDING_STYLE.search("visibility:" + " " * 100_000 + "x")
    assert time.perf_counter() - start < 0.1


def test_linear_on_big_pages() -> None:
    html = f"<html><body><main>{CODE * 5000}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    found = body.css("span")
    start = time.perf_counter()
    with measuring():
        kept = keep_code_tokens(body, found)
    assert len(kept) == 5000  # (the hidden ones)
    assert time.perf_counter() - start < 1


def test_code_comments_left_to_the_class_rule() -> None:
    html = '<html><body><pre><span class="token comment">// note</span></pre></body></html>'
    body = LexborHTMLParser(html).body
    assert body is not None
    found = body.css("span")
    with measuring():
        assert keep_code_tokens(body, found) == found

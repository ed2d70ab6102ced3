from selectolax.lexbor import LexborHTMLParser

from webdata.content.dom import (
    link_text_len,
    measuring,
    phrase_hits,
    text_len,
    token_words,
    widest_while,
)


def test_measures_are_the_same_with_the_memo() -> None:
    body = LexborHTMLParser(
        "<div><p>One <a href=x>two</a></p><p> three <a href=y> four </a></p></div>"
    ).body
    assert body is not None
    nodes = [body, *body.css("*")]
    plain = [(text_len(n), link_text_len(n)) for n in nodes]
    with measuring():
        assert [(text_len(n), link_text_len(n)) for n in nodes] == plain
        assert [(text_len(n), link_text_len(n)) for n in nodes] == plain  # from the memo


def test_the_memo_ends_with_its_block() -> None:
    tree = LexborHTMLParser("<div><p>one</p></div>")
    div = tree.css_first("div")
    assert div is not None
    with measuring():
        assert text_len(div) == 3
    p = div.css_first("p")
    assert p is not None
    p.decompose()
    assert text_len(div) == 0  # measured again, not remembered


def test_token_words_are_remembered_but_each_caller_gets_its_own_list() -> None:
    first = token_words("siteHeader_nav-2")
    assert first == ["site", "header", "nav", "2"]
    first.append("changed")
    assert token_words("siteHeader_nav-2") == ["site", "header", "nav", "2"]
    assert token_words("container") == ["container"]
    assert token_words("NAVBar") == ["navbar"]


def test_widest_while_stops_at_the_first_ancestor_that_does_not_fit_and_below_scope() -> None:
    tree = LexborHTMLParser(
        "<section><div id=big><div id=a><p id=b><span>x</span></p></div> more</div></section>"
    )
    scope, span = tree.css_first("section"), tree.css_first("span")
    assert scope is not None and span is not None
    small = widest_while(span, scope, lambda n: text_len(n) <= 1)
    assert small is not None and small.attributes.get("id") == "a"
    whole = widest_while(span, scope, lambda n: True)
    assert whole is not None and whole.attributes.get("id") == "big"  # not the scope
    assert widest_while(span, scope, lambda n: False) is None
    assert widest_while(span, scope, lambda n: n.tag != "p") is None  # no climbing past b


def test_phrase_hits_are_the_short_elements_holding_a_word() -> None:
    tree = LexborHTMLParser(
        "<section><p>We use Cookies.</p><div>cookies <span>and a much longer text</span></div>"
        "</section>"
    )
    scope = tree.css_first("section")
    assert scope is not None
    assert [text for _, text in phrase_hits(scope, ("cookies",), 20)] == ["We use Cookies."]
    assert len(phrase_hits(scope, ("cookies",), 100)) == 2
    assert phrase_hits(scope, ("consent",), 100) == []

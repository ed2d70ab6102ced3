from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.keep_filters import spare_outermost, spared


def _nodes(html: str) -> dict[str, LexborNode]:
    body = LexborHTMLParser(html).body
    assert body is not None
    return {str(n.attributes["id"]): n for n in body.css("[id]")}


HTML = (
    "<div id='chrome'><div id='quote'><p id='line'>x</p></div></div>"
    "<div id='press'><p id='source'>y</p></div><div id='ad'>z</div>"
)


def test_spared_takes_what_a_kept_element_holds() -> None:
    n = _nodes(HTML)
    found = [n["press"], n["source"], n["ad"]]
    assert spared(found, {n["press"].mem_id}) == [n["ad"]]
    assert spared(found, set()) is found


def test_spare_outermost_leaves_one_inside_a_removed_container() -> None:
    n = _nodes(HTML)
    found = [n["chrome"], n["quote"], n["line"], n["press"], n["source"], n["ad"]]
    kept = spare_outermost(found, [n["quote"], n["press"]])
    # the quote sits in a removed container, which still goes (and takes it along)
    assert [node.attributes["id"] for node in kept] == ["chrome", "quote", "line", "ad"]

"""A page's JSON-LD is decoded once: the page marks reuse the graph metadata built."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from webdata.content import jsonld
from webdata.content.jsonld import JsonLdGraph, graph_from_dumps, share_graph
from webdata.content.pipeline import ContentOptions, process_html

LD = [
    {"@context": "https://schema.org", "@type": "Product", "name": "Blue kettle"},
    {"@type": "BreadcrumbList", "itemListElement": []},
    {"@type": "DiscussionForumPosting", "headline": "Kettles", "author": "Ann"},
]
PAGE = (
    "<html><head><title>Blue kettle</title><meta property='og:type' content='article'>"
    + "".join(f"<script type='application/ld+json'>{json.dumps(obj)}</script>" for obj in LD)
    + "</head><body><main><h1>Blue kettle</h1><p>"
    + "A kettle that boils water quickly and quietly. " * 20
    + "</p></main></body></html>"
)


class _CountingDecoder(json.JSONDecoder):
    calls = 0

    def raw_decode(self, s: str, idx: int = 0) -> tuple[Any, int]:
        type(self).calls += 1
        return super().raw_decode(s, idx)


def test_the_page_json_ld_is_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[str] = []

    def counting_loads(text: str, **kwargs: Any) -> Any:
        loads.append(text)
        return json.loads(text, **kwargs)

    monkeypatch.setattr(jsonld, "json", SimpleNamespace(loads=counting_loads))
    monkeypatch.setattr(jsonld, "_DECODER", _CountingDecoder(strict=False))
    _CountingDecoder.calls = 0
    result = process_html(PAGE, "https://shop.example/kettle", ContentOptions())
    assert result.markdown is not None and "boils water" in result.markdown
    assert len(result.metadata["jsonLd"]) == len(LD)
    assert _CountingDecoder.calls == len(LD)  # each script once, by metadata
    assert loads == []  # the product, thread and article marks decoded nothing again


def test_graph_from_dumps_answers_the_shared_graph_for_equal_texts_only() -> None:
    texts = [json.dumps(obj) for obj in LD]
    graph = JsonLdGraph(LD)
    share_graph(texts, graph)
    assert graph_from_dumps(texts) is graph
    assert graph_from_dumps(list(texts)) is graph  # equal texts, another list
    texts.append(json.dumps({"@type": "Article"}))  # the caller's list changed afterwards
    other = graph_from_dumps(texts)
    assert other is not graph and len(other.nodes) == len(LD) + 1
    assert graph_from_dumps(texts[:1]).nodes == [LD[0]]

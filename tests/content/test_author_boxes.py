"""After an article, the author's box (the name the metadata gives, a lead-in, a short
biography) goes whatever its class names say; a mention of the author inside the story
stays, and so does the box on a page that names no author or is not an article."""

from __future__ import annotations

import json
import re
import time

from tests.content.pages import page_markdown
from webdata.content.author_boxes import _name_pattern

URL = "https://blog.example.com/posts/tiny-houses"
STORY = "<h1>Tiny house living</h1>" + "".join(
    f"<p>STORY_{i} A tiny house costs less to heat and to furnish, but every object has to "
    "earn its place, and a family of four soon finds the walls close; Alexa Amador spoke to "
    "owners who moved back to larger homes after their second winter.</p>"
    for i in range(5)
)
BOX = (
    "<div class='q1'><img src='/a.jpg' alt=''><div class='q2'><h4>{lead}</h4>"
    "<p>BIO Alexa Amador is a writer and graphic designer who has covered housing for the "
    "blog since 2019.</p></div></div>"
)


def page(body: str, *, author: str | None = "Alexa Amador", article: bool = True) -> str:
    ld: dict[str, object] = {"@context": "https://schema.org", "@type": "BlogPosting"}
    if not article:
        ld["@type"] = "WebPage"
    if author:
        ld["author"] = {"@type": "Person", "name": author}
    head = f"<script type='application/ld+json'>{json.dumps(ld)}</script>"
    return page_markdown(f"<div class='q'>{body}</div>", URL, head=head)


def test_author_box_after_article_goes() -> None:
    for lead in ("Alexa Amador", "About Alexa", "Written by Alexa Amador"):
        md = page(STORY + BOX.format(lead=lead))
        assert "BIO" not in md, lead
        assert "STORY_4" in md and "Alexa Amador spoke to owners" in md


def test_box_stays_without_author_metadata() -> None:
    md = page(STORY + BOX.format(lead="About Alexa"), author=None)
    assert "BIO" in md


def test_box_stays_when_not_an_article() -> None:
    md = page(STORY + BOX.format(lead="Alexa Amador"), article=False)
    assert "BIO" in md


def test_box_before_the_story_ends_stays() -> None:
    md = page(STORY[:300] + BOX.format(lead="Alexa Amador") + STORY[300:])
    assert "BIO" in md


def test_name_regex_is_linear() -> None:
    pattern = _name_pattern(["Alexa Amador", "a" * 60])
    start = time.perf_counter()
    for junk in ("written by " * 20000, "about " + " " * 100000 + "x", "a " * 50000):
        pattern.match(junk)
    assert time.perf_counter() - start < 1
    assert isinstance(pattern, re.Pattern)


def test_linear_on_many_names() -> None:
    names = "<div><p><b>Alexa Amador</b></p><span>Alexa Amador</span></div>" * 5000
    start = time.process_time()  # CPU, not wall time: CI machines are shared
    page(STORY * 20 + names)
    assert time.process_time() - start < 10  # the whole pipeline; the rule itself is linear

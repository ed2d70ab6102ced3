"""Thread pages known by their structure (thread_structure.py): sibling posts of one shape,
each with a poster's profile link and a date, by several posters, make a thread page even
without JSON-LD, microdata or forum software's post ids; the thread rules then apply."""

from __future__ import annotations

import time
from collections.abc import Callable

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import THREAD_TEXTS, THREAD_URL, page_markdown, thread_posts
from webdata.content.forum_noise import ENGINE_MARK, THREAD_MARK
from webdata.content.page_marks import get_mark
from webdata.content.thread_structure import DATE, mark_thread_structure, thread_structure

URL, TEXTS = THREAD_URL, THREAD_TEXTS


def post(i: int, name: str, date: str, text: str) -> str:
    # class names say nothing (hashed); ids are not post ids
    return (
        f"<div class='x1a2'><div class='x3b4'><a href='/members/{name}/'>NAME_{name}</a>"
        f"<span class='x5c6'>{date}</span><span class='x7d8'>{i + 3} likes</span></div>"
        f"<div class='x9e0'><p>{text}</p></div></div>"
    )


def thread(names: tuple[str, ...] = ("ann", "bob", "cat")) -> str:
    posts = thread_posts(post, names)
    return f"<div class='xf00'><h1>Oil change intervals</h1><div class='xf01'>{posts}</div></div>"


def test_posts_by_several_posters_make_a_thread_page() -> None:
    md = page_markdown(thread(), URL)
    for kept in ("POST_ONE", "POST_THREE", "NAME_bob", "Jun 8, 2017"):
        assert kept in md
    assert "likes" not in md  # the per-post like counters of thread pages go


def test_one_posters_posts_are_no_thread() -> None:
    md = page_markdown(thread(("ann", "ann", "ann")), URL)
    assert "4 likes" in md


def test_posts_without_dates_are_no_thread() -> None:
    body = thread().replace("Jun 7, 2017", "").replace("Jun 8, 2017", "")
    assert not thread_structure(LexborHTMLParser(body).body)  # type: ignore[arg-type]


def test_teasers_by_several_writers_are_no_thread() -> None:
    items = "".join(
        f"<div class='story'><a href='/u/w{i}'>Writer {i}</a> <time>Mar {i + 1}</time>"
        f"<h2><a href='/post/{i}'>How we rebuilt the search index {i}</a></h2>"
        f"<p>{TEXTS[i % 3]}</p></div>"
        for i in range(4)
    )
    assert not thread_structure(LexborHTMLParser(f"<div>{items}</div>").body)  # type: ignore[arg-type]


def test_a_topic_list_is_no_thread() -> None:
    # rows of links: the topic, its starter, its last poster
    rows = "".join(
        f"<li><a href='/t/{i}'>A topic about engines and oil number {i}</a> "
        f"<a href='/u/s{i}'>starter{i}</a> <a href='/u/l{i}'>last{i}</a> Mar {i + 1}, 2024</li>"
        for i in range(5)
    )
    assert not thread_structure(LexborHTMLParser(f"<ul>{rows}</ul>").body)  # type: ignore[arg-type]


def test_linear_on_a_big_thread() -> None:
    posts = "".join(post(i, f"u{i % 50}", "Jun 7, 2017", TEXTS[i % 3]) for i in range(4000))
    body = LexborHTMLParser(f"<div>{posts}</div>").body
    assert body is not None
    start = time.process_time()
    assert thread_structure(body)
    assert time.process_time() - start < 1.0


def test_two_posts_holding_the_page_make_a_thread() -> None:
    # a question and its one answer, most of the page's text
    posts = "".join(post(i, n, "Jun 7, 2017", TEXTS[i]) for i, n in enumerate(("ann", "bob")))
    md = page_markdown(f"<div class='xf00'><h1>Oil</h1><div class='xf01'>{posts}</div></div>", URL)
    assert "POST_TWO" in md
    assert "likes" not in md


def test_two_small_posts_under_an_article_are_no_thread() -> None:
    posts = "".join(post(i, n, "Jun 7, 2017", "Nice.") for i, n in enumerate(("ann", "bob")))
    article = "<p>" + "An article about engines and oil, long enough to be the page. " * 20
    body = LexborHTMLParser(f"<div>{article}</p><div>{posts}</div></div>").body
    assert not thread_structure(body)  # type: ignore[arg-type]


def test_weekday_dates_date_posts() -> None:
    # a recent thread dated by weekday and time ("Tuesday at 12:03 PM")
    days = ("Tuesday at 12:03 PM", "Tuesday at 3:30 PM", "Wednesday at 4:26 PM")
    posts = "".join(
        post(i, n, d, TEXTS[i])
        for i, (n, d) in enumerate(zip(("ann", "bob", "cat"), days, strict=True))
    )
    assert thread_structure(LexborHTMLParser(f"<div>{posts}</div>").body)  # type: ignore[arg-type]


def test_no_backtracking_on_hostile_text() -> None:
    junk = "Tuesday at 1" * 10000 + "Mar " * 10000 + "1/" * 10000
    start = time.process_time()
    for text in (junk, "x" * 100000):
        DATE.search(text)
    assert time.process_time() - start < 1.0


def panel_post(i: int, name: str, text: str) -> str:
    # no link names the poster: a bold name heads a panel of labelled fields; the posts'
    # classes differ after the first (odd, even, first)
    extra = ("p1 p2 p3", "p4")[i % 2]
    return (
        f"<div class='x1a2 {extra}'><h2><a href='?pid={i}#p{i}'>2025-11-0{i + 1} 15:14</a></h2>"
        f"<div class='x3b4'><dl><dt><strong>NAME_{name}</strong></dt><dd>Member</dd>"
        f"<dd><span>Registered: 2016-07-02</span></dd><dd><span>Posts: {i + 7}</span></dd></dl>"
        f"<div class='x9e0'><p>{text}</p></div><p>{i + 3} likes</p></div></div>"
    )


def test_posters_panels_stand_for_profile_links() -> None:
    posts = "".join(panel_post(i, n, TEXTS[i]) for i, n in enumerate(("ann", "bob")))
    body = LexborHTMLParser(f"<div><h1>Oil</h1><div>{posts}</div></div>").body
    assert body is not None
    assert thread_structure(body)
    md = page_markdown(f"<div><h1>Oil</h1><div>{posts}</div></div>", URL)
    assert "POST_TWO" in md
    assert "likes" not in md


def test_one_posters_panels_are_no_thread() -> None:
    posts = "".join(panel_post(i, "ann", TEXTS[i]) for i in range(3))
    assert not thread_structure(LexborHTMLParser(f"<div>{posts}</div>").body)  # type: ignore[arg-type]


def test_panels_linear_on_a_big_thread() -> None:
    posts = "".join(panel_post(i % 9, f"u{i % 50}", TEXTS[i % 3]) for i in range(4000))
    body = LexborHTMLParser(f"<div>{posts}</div>").body
    assert body is not None
    start = time.process_time()
    assert thread_structure(body)
    assert time.process_time() - start < 1.0


def permalinked_post(i: int, name: str, date: str, text: str, site: str = ".") -> str:
    # a post's date links its own anchor, as forum software writes it (ids renamed)
    quote = f"<blockquote><p>{TEXTS[0]}</p></blockquote>" if i == 2 else ""
    return (
        f"<div class='x1a2' id='h{i}f'><div class='x3b4'><a href='/members/{name}/'>"
        f"NAME_{name}</a> <a href='{site}/viewtopic.php?p={i + 100}#p{i + 100}'>{date}</a>"
        f"</div><div class='x9e0'>{quote}<p>{text}</p></div></div>"
    )


def permalinked_thread(post: Callable[[int, str, str, str], str]) -> str:
    posts = thread_posts(post)
    return f"<div class='xf00'><h1>Oil change intervals</h1><div class='xf01'>{posts}</div></div>"


def test_posts_linking_their_anchors_drop_quote_copies() -> None:
    # the posts' permalinks (#p101) are the engine's post ids: the thread is an engine's,
    # and a reply's quote of a post shown above goes, as on threads known by their ids
    md = page_markdown(permalinked_thread(permalinked_post), URL)
    assert md.count("POST_ONE") == 1
    assert "POST_THREE" in md


def test_posts_without_permalinks_keep_quote_copies() -> None:
    # a thread known by its structure only keeps them (the rule stays off there)
    def plain(i: int, name: str, date: str, text: str) -> str:
        return permalinked_post(i, name, date, text).replace("<a href='./viewtopic", "<a x='")

    md = page_markdown(permalinked_thread(plain), URL)
    assert md.count("POST_ONE") == 2


def test_links_to_posts_on_another_site_are_no_permalinks() -> None:
    def elsewhere(i: int, name: str, date: str, text: str) -> str:
        return permalinked_post(i, name, date, text, site="https://other.example.net")

    md = page_markdown(permalinked_thread(elsewhere), URL)
    assert md.count("POST_ONE") == 2


def test_permalinks_linear_on_a_big_thread() -> None:
    # 4000 posts, each with a permalink and many links with long hostile fragments
    junk = "".join(f"<a href='x#p{'1' * 5000}x'>l</a>" for _ in range(5))
    posts = "".join(
        permalinked_post(i % 9, f"u{i % 50}", "Jun 7, 2017", TEXTS[i % 3] + junk)
        for i in range(4000)
    )
    body = LexborHTMLParser(f"<div>{posts}</div>").body
    assert body is not None
    start = time.process_time()
    mark_thread_structure(body)
    assert get_mark(body, THREAD_MARK) == ENGINE_MARK
    assert time.process_time() - start < 2.0

"""Posters' fields found by their constancy (poster_fields.py): on a thread page, a short text
of one shape shown the same on every post of a poster goes (a title, a banner, an avatar's
letter); the posters' names, the dates, the posts and quotes stay."""

from __future__ import annotations

import json
import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.forum_noise import THREAD_MARK
from webdata.content.poster_fields import poster_field_removals

URL = "https://board.example.org/t/oil-change-intervals/4242"
THREAD_LD = json.dumps(
    {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}
)
HEAD = f"<script type='application/ld+json'>{THREAD_LD}</script>"


def post(name: str, banner: str, date: str, text: str) -> str:
    return (
        f"<div class='x1'><div class='x2'><a href='/members/{name}/'>{name[0].upper()}</a>"
        f"<a href='/members/{name}/'>NAME_{name}</a><b class='x3'>{banner}</b>"
        f"<span class='x4'>{date}</span></div><div class='x5'><p>{text}</p></div></div>"
    )


POSTS = (
    post("ann", "7+ Year Member", "Jun 7, 2017", "POST_ONE How often do you change the oil?")
    + post("bob", "10+ Year Member", "Jun 7, 2017", "POST_TWO Every five thousand miles.")
    + post("ann", "7+ Year Member", "Jun 8, 2017", "POST_THREE Thanks, that is what I do too.")
    + post("cat", "New Member", "Jun 9, 2017", "POST_FOUR Twice a year, filter each time.")
)


def test_a_posters_constant_fields_go() -> None:
    md = page_markdown(f"<div><h1>Oil change intervals</h1>{POSTS}</div>", URL, head=HEAD)
    for gone in ("Year Member", "New Member", "\nA\n"):
        assert gone not in f"\n{md}\n"
    for kept in ("NAME_ann", "NAME_bob", "Jun 8, 2017", "POST_ONE", "POST_THREE", "POST_FOUR"):
        assert kept in md


def test_fields_varying_on_a_posters_posts_stay() -> None:
    posts = POSTS.replace("7+ Year Member</b><span class='x4'>Jun 8", "Moderator</b>"
                          "<span class='x4'>Jun 8")  # fmt: skip
    md = page_markdown(f"<div><h1>Oil change intervals</h1>{posts}</div>", URL, head=HEAD)
    assert "10+ Year Member" in md and "Moderator" in md


def test_linear_on_a_big_thread() -> None:
    posts = "".join(
        post(f"u{i % 50}", f"Rank {i % 50}", "Jun 7, 2017", f"Post number {i} says this.")
        for i in range(4000)
    )
    tree = LexborHTMLParser(f"<html><body><div>{posts}</div></body></html>")
    assert tree.root is not None and tree.body is not None
    tree.root.attrs[THREAD_MARK] = "1"
    start = time.process_time()
    assert len(poster_field_removals(tree.body)) >= 4000
    assert time.process_time() - start < 2.0  # linear: a quadratic pass takes minutes


def test_an_avatars_letter_goes_beside_the_name() -> None:
    # one post each: no constancy to see, but the letter links a profile named elsewhere
    posts = "".join(
        f"<div class='x1'><a href='/members/{n}/'><img src='/a/{n}.png' alt=''>"
        f"<span class='x9'>{n[0].upper()}</span></a><a href='/members/{n}/'>NAME_{n}</a>"
        f"<span>Jun {i + 1}, 2017</span><p>POST_{i} says something about oil.</p></div>"
        for i, n in enumerate(("ann", "bob", "cat"))
    )
    md = page_markdown(f"<div><h1>Oil change intervals</h1>{posts}</div>", URL, head=HEAD)
    assert "NAME_bob" in md and "POST_1" in md
    assert "B\n" not in md and "B]" not in md


def signed(name: str, date: str, text: str, signature: str) -> str:
    return (
        f"<div class='x1'><div class='x2'><a href='/members/{name}/'>NAME_{name}</a>"
        f"<span class='x4'>{date}</span></div><div class='x5'><p>{text}</p></div>"
        f"<div class='x6'>{signature}</div><div class='x7'><a href='#{date}'>Share</a></div></div>"
    )  # (the signature is not the post's last block)


ANN_SIG = (
    "<b>SIG_ANN Workshop: Myford ML7 lathe, Bridgeport mill</b><br>"
    "Shed: old tools and rust<br><a href='https://video.example.com/ann'>My channel</a>"
)
BOB_SIG = "<i>SIG_BOB Garage: two motorbikes and a Land Rover Series III</i><br>Forever apart"
LONG = " More detail on the filters, the grades and the intervals I used over the years." * 2


def test_a_posters_signature_goes() -> None:
    posts = (
        signed("ann", "Jun 7, 2017", "POST_ONE How often do you change the oil?" + LONG, ANN_SIG)
        + signed("bob", "Jun 7, 2017", "POST_TWO Every five thousand miles." + LONG, BOB_SIG)
        + signed("ann", "Jun 8, 2017", "POST_THREE Thanks, that is what I do." + LONG, ANN_SIG)
        + signed("bob", "Jun 9, 2017", "POST_FOUR Twice a year, filter each time." + LONG, BOB_SIG)
    )
    md = page_markdown(f"<div><h1>Oil change intervals</h1>{posts}</div>", URL, head=HEAD)
    assert "SIG_ANN" not in md and "SIG_BOB" not in md
    for kept in ("NAME_ann", "POST_ONE", "POST_THREE", "POST_FOUR"):
        assert kept in md


def test_a_body_posted_twice_stays() -> None:
    same = "POST_SAME I change it every spring, with the filter, and never had a problem since."
    posts = (
        signed("ann", "Jun 7, 2017", same, "")
        + signed("bob", "Jun 7, 2017", "POST_TWO Every five thousand miles, myself.", "")
        + signed("ann", "Jun 8, 2017", same, "")
        + signed("cat", "Jun 9, 2017", "POST_FOUR Twice a year, with the filter.", "")
    )
    md = page_markdown(f"<div><h1>Oil change intervals</h1>{posts}</div>", URL, head=HEAD)
    for kept in ("POST_SAME", "POST_TWO", "POST_FOUR"):
        assert kept in md

"""Per-post chrome of forum engines, by the engines' own markup (forum_engines.py): posters'
groups and stats, post buttons, signatures, reply boxes, link previews' descriptions, reaction
links and the topic's title written again as the first post's subject go on thread pages;
the posts, the posters' names and the topic's title stay."""

from __future__ import annotations

import json

import pytest

from tests.content.pages import page_markdown
from webdata.content import forum_engines

URL = "https://forum.example.com/threads/oil-change-intervals.4242/"
THREAD_LD = json.dumps(
    {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}
)
HEAD = f"<script type='application/ld+json'>{THREAD_LD}</script>"
POST_ONE = (
    "POST_ONE How often do you change the oil in an older engine that burns a little of it "
    "between changes, and does the brand of filter make any difference at all?"
)
POST_TWO = (
    "POST_TWO Every five thousand miles has served me well for years; the filter matters "
    "less than the interval, as long as it is a decent one from a known maker."
)


def markdown(body: str, *, head: str = HEAD) -> str:
    return page_markdown(body, URL, head=head)


def smf_post(n: int, text: str) -> str:
    return (
        "<div class='windowbg'><div class='post_wrapper'>"
        f"<div class='poster'><h4><a href='/u/{n}'>NAME_{n}</a></h4><ul class='reset smalltext'>"
        "<li class='membergroup'>GROUP_TEXT Global Moderator</li>"
        "<li class='postgroup'>POSTGROUP_TEXT Hero Member</li>"
        "<li class='karma'>KARMA_TEXT Karma: +5/-0</li></ul></div>"
        f"<div class='postarea'><div class='post'><div class='inner' id='msg_{n}'>{text}</div>"
        f"</div></div><div class='moderatorbar'><div class='smalltext modified' id='modified_{n}'>"
        "EDIT_TEXT Last Edit: January 01, 2015, 10:05:00 AM by bob</div>"
        "<div class='smalltext reportlinks'><a>REPORT_TEXT Report to moderator</a> Logged</div>"
        "</div></div></div>"
    )


def test_smf_posters_groups_edit_notes_and_report_links_go() -> None:
    md = markdown(
        "<div id='forumposts'><div class='cat_bar'><h3>BAR_TEXT Topic: Oil (Read 1234 times)"
        "</h3></div>" + smf_post(101, POST_ONE) + smf_post(102, POST_TWO) + "</div>"
    )
    assert "POST_ONE" in md and "POST_TWO" in md
    assert "NAME_101" in md and "NAME_102" in md
    for chrome in ("GROUP_TEXT", "POSTGROUP_TEXT", "KARMA_TEXT", "EDIT_TEXT", "REPORT_TEXT"):
        assert chrome not in md
    assert "BAR_TEXT" not in md


def ips_post(n: int, text: str) -> str:
    return (
        f"<article id='elComment_{n}' class='cPost ipsComment'>"
        f"<aside class='cAuthorPane'><h3 class='cAuthorPane_author'>NAME_{n}</h3></aside>"
        "<div class='ipsComment_content'>"
        f"<div data-role='commentContent' class='ipsType_richText'>{text}</div>"
        "<ul class='ipsComment_controls' data-role='commentControls'><li><a>QUOTE_BUTTON Quote"
        "</a></li></ul><div data-role='memberSignature'><div>SIGNATURE_TEXT my 1998 wagon"
        "</div></div></div></article>"
    )


def test_invision_signatures_buttons_and_reply_box_go() -> None:
    md = markdown(
        "<main><div data-role='commentFeed'>"
        + ips_post(1, POST_ONE)
        + ips_post(2, POST_TWO)
        + "</div><div data-role='replyArea' class='cTopicPostArea'><h2>REPLY_BOX Join the "
        "conversation</h2><p>You can post now and register later.</p></div></main>"
    )
    assert "POST_ONE" in md and "POST_TWO" in md and "NAME_1" in md
    for chrome in ("QUOTE_BUTTON", "SIGNATURE_TEXT", "REPLY_BOX"):
        assert chrome not in md


def vb3_post(n: int, text: str, subject: str) -> str:
    return (
        f"<table id='post{n}'><tr><td class='alt2'><div id='postmenu_{n}'><a>NAME_{n}</a></div>"
        "<div class='smallfont'>USER_TITLE Senior Member</div></td>"
        f"<td class='alt1' id='td_post_{n}'><div class='smallfont'><strong>{subject}</strong>"
        f"</div><hr><div id='post_message_{n}'>{text}</div>"
        "<div>__________________<br>SIGNATURE_TEXT my 1998 wagon</div></td></tr></table>"
    )


def test_vbulletin_subjects_titles_and_signatures_go() -> None:
    md = markdown(
        "<div id='posts'>"
        + vb3_post(101, POST_ONE, "SUBJECT_ONE Oil change intervals")
        + vb3_post(102, POST_TWO, "SUBJECT_TWO Re: Oil change intervals")
        + "</div>"
    )
    assert "POST_ONE" in md and "POST_TWO" in md and "NAME_101" in md
    for chrome in ("USER_TITLE", "SUBJECT_ONE", "SUBJECT_TWO", "SIGNATURE_TEXT", "_____"):
        assert chrome not in md


def test_signature_rule_only_on_thread_pages() -> None:
    body = (
        "<div id='posts'>"
        + vb3_post(101, POST_ONE, "Oil change intervals")
        + vb3_post(102, POST_TWO, "Re: Oil change intervals")
        + "</div>"
    )
    # without the thread mark (no JSON-LD, no post ids) the engine rules do not run
    md = markdown(body.replace("id='post101'", "").replace("id='post102'", ""), head="")
    assert "SIGNATURE_TEXT" in md


def bbpress_reply(n: int, text: str) -> str:
    return (
        f"<div class='post-{n} reply'><div class='bbp-reply-author'><span>NAME_{n}</span>"
        "<div class='bbp-author-role'>ROLE_TEXT Participant</div></div>"
        f"<div class='bbp-reply-content'>{text}</div></div>"
    )


def test_bbpress_roles_and_table_rows_go() -> None:
    md = markdown(
        "<ul class='forums bbp-replies'><li class='bbp-header'><div class='bbp-reply-author'>"
        "HEADER_AUTHOR Author</div><div class='bbp-reply-content'>Posts</div></li>"
        "<li class='bbp-body'>"
        + bbpress_reply(1, POST_ONE)
        + bbpress_reply(2, POST_TWO)
        + "</li></ul>"
    )
    assert "POST_ONE" in md and "POST_TWO" in md and "NAME_1" in md
    assert "ROLE_TEXT" not in md and "HEADER_AUTHOR" not in md


def phpbb_post(n: int, subject: str, text: str) -> str:
    return (
        f"<div id='p{n}' class='post'><div class='postbody'><h3><a href='#p{n}'>{subject}</a>"
        f"</h3><p class='author'>by NAME_{n} » Sat Feb 24, 2024 12:41 pm</p>"
        f"<div class='content'>{text}</div></div></div>"
    )


def test_topic_title_repeated_as_first_subject_goes() -> None:
    md = markdown(
        "<div id='page-body'><h2 class='topic-title'><a>Oil change intervals</a></h2>"
        + phpbb_post(1, "Oil change intervals", POST_ONE)
        + phpbb_post(2, "Re: Oil change intervals", POST_TWO)
        + phpbb_post(3, "Re: Oil change intervals", "POST_THREE Agreed, five thousand it is.")
        + "</div>"
    )
    assert md.count("Oil change intervals") == 1  # the topic's <h2>
    assert "## Oil change intervals" in md
    assert "POST_ONE" in md and "POST_TWO" in md


def test_posters_names_repeated_as_headings_stay() -> None:
    posts = "".join(
        f"<article class='message' id='post-{n}'><div class='message-user'>"
        "<h4 class='message-name'><a href='/members/jane.1/'>jane_poster</a></h4></div>"
        "<div class='message-body'>"
        f"<div class='bbWrapper'>{text}</div></div></article>"
        for n, text in ((1, POST_ONE), (2, POST_TWO))
    )
    md = markdown(f"<div class='p-body'><h1>Oil change intervals</h1><div>{posts}</div></div>")
    assert md.count("jane_poster") == 2  # only <h1>/<h2> titles are looked for again


def test_link_preview_description_goes_link_stays() -> None:
    onebox = (
        "<aside class='onebox' data-onebox-src='https://videos.example.com/@channel'>"
        "<header class='source'><a href='https://videos.example.com/@channel'>VideoSite</a>"
        "</header><article class='onebox-body'><h3><a href='https://videos.example.com/@channel'>"
        "CHANNEL_NAME</a></h3><p>PREVIEW_TEXT The channel is focused on everything technology, "
        "with in-depth reviews of graphics cards, processors, storage and laptops, plus "
        "tutorials and how-to videos so that you can do it yourself at home.</p></article></aside>"
    )
    posts = "".join(
        f"<div class='topic-post' id='post_{n}'><div class='topic-body'><div class='cooked'>"
        f"{text}</div></div></div>"
        for n, text in ((1, POST_ONE + onebox), (2, POST_TWO))
    )
    md = markdown(f"<main><div class='post-stream'>{posts}</div></main>")
    assert "POST_ONE" in md and "POST_TWO" in md
    assert "PREVIEW_TEXT" not in md
    assert "videos.example.com/@channel" in md


def test_reaction_links_go() -> None:
    def post(n: int, text: str) -> str:
        return (
            f"<article class='message' id='post-{n}'><div class='message-body'>"
            f"<div class='bbWrapper'>{text}</div></div><ul class='rating-bar'><li>"
            f"<a href='/posts/{n}/reactions?reaction_id=1' title='Like'>REACTION_COUNT 4</a>"
            "</li></ul></article>"
        )

    md = markdown(f"<div class='block'>{post(1, POST_ONE)}{post(2, POST_TWO)}</div>")
    assert "POST_ONE" in md and "POST_TWO" in md
    assert "REACTION_COUNT" not in md


@pytest.mark.parametrize(
    "flag",
    [
        "CHROME",
        "TITLE_COPIES",
        "PREVIEWS",
        "REACTION_LINKS",
        "SIGNATURES",
        "QA_COUNTERS",
        "BOARD_BANDS",
    ],
)
def test_switches_default_on(flag: str) -> None:
    assert getattr(forum_engines, flag) is True


def test_answer_counter_lines_go_on_any_page() -> None:
    def answer(n: int, text: str) -> str:
        return (
            f"<div class='answer'><div><a href='/profile/{n}'>NAME_{n}</a>"
            "<span> · </span><span>CREDENTIAL_TEXT Retired engineer</span><span> · </span>"
            "<span>Author has <span>9.6K</span> answers and <span>47.1M</span> answer views"
            f"</span></div><div class='body'>{text}</div></div>"
        )

    # (no thread mark: the phrase says what the line is)
    md = markdown(f"<main>{answer(1, POST_ONE)}{answer(2, POST_TWO)}</main>", head="")
    assert "POST_ONE" in md and "POST_TWO" in md and "CREDENTIAL_TEXT" in md
    assert "answer views" not in md


def test_board_band_above_the_topic_goes() -> None:
    md = markdown(
        "<div id='upper_section'><div class='user'><time>March 05, 2026, 07:16:19 AM</time></div>"
        "<div class='news'><h2>News:</h2><p>BAND_TEXT Wondering if this will always be free?"
        "</p></div></div><div id='content_section'><div id='forumposts'>"
        + smf_post(101, POST_ONE)
        + smf_post(102, POST_TWO)
        + "</div></div>"
    )
    assert "POST_ONE" in md and "POST_TWO" in md
    assert "BAND_TEXT" not in md


def test_suggested_topics_and_options_menus_go() -> None:
    def post(n: int, text: str) -> str:
        return (
            f"<div class='topic-post' id='post_{n}'><div class='topic-body'>"
            f"<div class='cooked'>{text}</div></div><div class='lia-menu-navigation-wrapper'>"
            "<ul class='lia-menu-dropdown-items'><li>MENU_TEXT Mark as New</li><li>Bookmark"
            "</li><li>Print</li></ul></div></div>"
        )

    md = markdown(
        "<main><div class='post-stream'>"
        + post(1, POST_ONE)
        + post(2, POST_TWO)
        + "</div><div id='suggested-topics' class='suggested-topics'><h3>Suggested Topics</h3>"
        "<table><tr><td><a href='/t/other/1'>TOPIC_LINK Synthetic oil in a 1998 wagon?</a>"
        "</td><td>12</td></tr></table></div></main>"
    )
    assert "POST_ONE" in md and "POST_TWO" in md
    assert "TOPIC_LINK" not in md and "MENU_TEXT" not in md


def test_edit_notes_go() -> None:
    def post(n: int, text: str) -> str:
        return (
            f"<article class='message' id='post-{n}'><div class='message-body'>"
            f"<div class='bbWrapper'>{text}</div></div><div class='message-lastEdit'>"
            "EDIT_NOTE Last edited by a moderator: Jul 6, 2024</div></article>"
        )

    md = markdown(f"<div class='block'>{post(1, POST_ONE)}{post(2, POST_TWO)}</div>")
    assert "POST_ONE" in md and "POST_TWO" in md
    assert "EDIT_NOTE" not in md

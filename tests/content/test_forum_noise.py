"""Furniture of forum and Q&A thread pages (notices of the forum software, post numbers, like
and vote counts, avatars' letters, quotes copying a post of the page...) goes; the posts' text,
other quotes and code stay. An article
with comments keeps its byline and its comments."""

from __future__ import annotations

import json

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.forum_noise import THREAD_MARK, keep_post_bylines
from webdata.content.page_marks import set_mark

URL = "https://forum.example.com/threads/best-closed-headphones.973407/"
THREAD_LD = {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "T"}


def page(body: str, *, head: str = "") -> str:
    return page_markdown(body, URL, head=head)


def ld(obj: dict[str, str]) -> str:
    return f"<script type='application/ld+json'>{json.dumps(obj)}</script>"


def post(n: int, text: str, *, extra: str = "") -> str:
    return (
        f"<article class='message' id='post-{n}'>"
        f"<div class='message-avatar'><a href='/members/{n}'>B</a></div>"
        f"<header class='message-attribution'><a href='/u/{n}'>user{n}</a>"
        "<span class='user-badge'>Premium Sailor</span>"
        f"<ul class='message-attribution-opposite'><li><a href='/p/{n}'>#{n}</a></li></ul>"
        f"</header><div class='message-content'><div class='bbWrapper'>{text}</div>{extra}"
        f"<div class='message-lastEdit'>Last edited: Jul 6, 2024</div>"
        f"<div class='post-likes'>{n + 2} likes</div></div></article>"
    )


POSTS = (
    "POST_ONE I currently own a pair of open headphones and would like something closed for "
    "the office, where my colleagues complain about the sound leaking out all day long.",
    "POST_TWO <blockquote>QUOTE_TEXT closed for the office</blockquote> Try the studio pair "
    "from the usual brands; they isolate well and are comfortable for long sessions.",
    "POST_THREE <pre><code>CODE_TEXT eq preset = flat</code></pre> and a flat preset helps.",
)


def thread_body() -> str:
    return (
        "<div class='p-body'>"
        "<div class='notices'><div class='notice'>NOTICE_TEXT Scam alert: members are reminded "
        "never to send money to anyone they met here.</div></div>"
        "<div class='p-description'><ul><li><span>Thread starter</span> <a>futurebsd</a></li>"
        "<li><span>Start date</span> <time>Jul 5, 2024</time></li></ul></div>"
        "<div class='block'>"
        + "".join(post(i + 1, t) for i, t in enumerate(POSTS))
        + "</div><dl class='blockStatus'><dt>Status</dt><dd>Not open for further replies."
        "</dd></dl></div>"
    )


def test_thread_furniture_goes_posts_stay() -> None:
    md = page(thread_body(), head=ld(THREAD_LD))
    for kept in ("POST_ONE", "POST_TWO", "QUOTE_TEXT", "POST_THREE", "CODE_TEXT"):
        assert kept in md
    for gone in ("NOTICE_TEXT", "Thread starter", "Start date", "Last edited", "likes", "#2"):
        assert gone not in md
    assert "further replies" not in md and "Premium Sailor" not in md
    assert "\nB\n" not in f"\n{md}\n"  # the avatar's letter


def test_thread_mark_from_microdata_comments() -> None:
    body = thread_body().replace("class='message'", "class='message' itemscope "
                                 "itemtype='https://schema.org/Comment'")  # fmt: skip
    md = page(body)
    assert "POST_TWO" in md
    assert "3 likes" not in md and "#1" not in md


def test_counters_stay_without_thread_signal() -> None:
    # (no dates in the posts either: posts with dates by several posters make a thread)
    md = page(thread_body().replace("Last edited: Jul 6, 2024", "Last edited:"))
    assert "POST_ONE" in md
    assert "likes" in md  # no thread signal: post counters are not touched
    assert "Last edited" not in md  # ... but the forum software's own lines are


def test_forum_software_notices_anywhere() -> None:
    body = (
        "<div><div class='notice'>You are using an out of date browser. It may not display "
        "this or other websites correctly. You should upgrade or use an alternative browser."
        "</div><main><p>"
        + "BODY_TEXT A long paragraph of the thread's text. "
        * 10
        + "</p><table><tr><td>Posting Rules</td></tr><tr><td><div>"
        "<div>You <b>may not</b> post new threads</div><div>You <b>may not</b> post replies</div>"
        "<div><a href='/bb'>BB code</a> is <b>On</b></div></div></td></tr></table>"
        "<div class='smallfont'><form><strong>Forum Jump</strong><br><select>"
        + "".join(f"<option>FORUM_{i} General Discussion</option>" for i in range(60))
        + "</select></form></div>"
        "<div>All times are GMT +1. The time now is <span>14:01</span>.</div>"
        "<div><p><a>Code:</a> <a>Select all</a></p><pre>CODE_TEXT x = 1</pre></div>"
        "</main></div>"
    )
    md = page(body)
    assert "BODY_TEXT" in md and "CODE_TEXT" in md
    for gone in ("out of date", "may not", "BB code", "Forum Jump", "FORUM_1", "All times"):
        assert gone not in md
    assert "Select all" not in md and "Posting Rules" not in md


def test_board_banners_and_poster_counters() -> None:
    body = (
        "<main><div class='banner-unit'>This forum made possible through the generous support "
        "of our members, donors and sponsors. Thank you.</div><table><tr><td><b>Welcome to the "
        "Video Forum, the place for everyone interested in encoding.</b><br>Before you start "
        "posting please read the <a href='/rules'>forum rules</a>. By posting to this forum you "
        "agree to abide by the rules.</td></tr></table><div class='post'><div>Join Date: Mar 2016"
        "</div><p>POST_TEXT " + "words of the post " * 20 + "</p></div>"
        "<div class='topic-info'><span>23</span> <span>3 posters</span> <span>928 views</span>"
        "</div></main>"
    )
    md = page(body)
    assert "POST_TEXT" in md
    for gone in ("made possible", "Welcome to", "forum rules", "Join Date"):
        assert gone not in md
    assert "3 posters 928 views" in md  # a thread's counters: on thread pages only
    md = page(body, head=ld(THREAD_LD))
    assert "POST_TEXT" in md and "posters" not in md and "928" not in md


def test_reply_headings_of_several_posts() -> None:
    posts = "".join(
        f"<div class='post'><h3>Re: Turning off the LEDs</h3><p>REPLY_{i} " + "text " * 30
        + "</p></div>"
        for i in range(3)
    )  # fmt: skip
    md = page(f"<main><h1>Turning off the LEDs</h1>{posts}</main>")
    assert "Re: Turning" not in md and "REPLY_2" in md
    one = page("<main><h1>Letters</h1><h3>Re: your letter</h3><p>" + "text " * 40 + "</p></main>")
    assert "Re: your letter" in one  # a lone "Re:" heading is the page's own


def test_question_page_votes_and_meta() -> None:
    head = ld({"@context": "https://schema.org", "@type": "QAPage"})
    answer = (
        "<div class='answer'><div class='votecell'><div class='js-vote-count'>427</div></div>"
        "<div class='post-text'>ANSWER_TEXT You at least want to log the error and re-raise it "
        "so that the program still terminates when something unexpected happens.</div>"
        "<div class='menu'><a href='/edit'>Improve this answer</a></div>"
        "<div class='comment-count'>COMMENTS_HEADER {} comments</div></div>"
    )
    body = (
        "<main><h1>Why is except: pass bad?</h1>"
        "<div class='d-flex'><div>Asked <time>11 years ago</time></div>"
        "<div>Modified <a>6 months ago</a></div><div>Viewed 4k times</div></div>"
        f"<div class='question'><p>QUESTION_TEXT {'word ' * 30}</p></div>"
        "<h2>19 Answers</h2>" + answer.format(9) + answer.format(3)
        + "<div class='bottom-notice'><p>Start asking to get answers</p>"
        "<p>Find the answer to your question by asking.</p></div></main>"
    )  # fmt: skip
    md = page(body, head=head)
    assert "QUESTION_TEXT" in md and "ANSWER_TEXT" in md and "9 comments" in md
    for gone in ("427", "Improve this", "Asked", "Viewed", "19 Answers", "Start asking"):
        assert gone not in md


def test_article_with_comments_keeps_byline_and_comments() -> None:
    head = ld({"@context": "https://schema.org", "@type": "NewsArticle", "headline": "H"})
    comment = (
        "<li class='response' itemscope itemtype='https://schema.org/Comment'>"
        "<div class='response-name'>Jane</div><p>COMMENT_TEXT_{n} I agree with the point about "
        "the council's budget.</p><div class='response-likes'>{n} likes</div></li>"
    )
    body = (
        "<article><h1>Council budget</h1><p>By REPORTER_NAME, Start date of the "
        "scheme: March</p><p>ARTICLE_TEXT " + "The council voted on the budget. " * 12 + "</p>"
        "<p>#1 priority for residents is housing.</p>"
        "<ol class='responses'>"
        + "".join(comment.replace("{n}", str(n)) for n in range(3))
        + "</ol></article>"
    )
    md = page(body, head=head)
    for kept in ("ARTICLE_TEXT", "REPORTER_NAME", "Start date of the scheme", "#1 priority"):
        assert kept in md
    assert "COMMENT_TEXT_2" in md and "2 likes" in md


def phpbb_post(n: int, text: str) -> str:
    return (
        f"<div id='p{100 + n}' class='post bg{n % 2 + 1}'><div class='postbody'>"
        f"<h3><a href='#p{100 + n}'>Thread title</a></h3><div class='content'>{text}</div>"
        f"</div><dl class='postprofile'><dd>Posts: {n * 7}</dd></dl>"
        f"<div class='post-likes'>{n + 2} likes</div></div>"
    )


def test_thread_mark_from_post_anchors() -> None:
    posts = "".join(phpbb_post(i + 1, f"<p>POST_{i + 1} {'some words of a reply ' * 8}</p>")
                    for i in range(3))  # fmt: skip
    md = page(f"<main><h1>Thread title</h1>{posts}</main>")
    assert "POST_3" in md and "likes" not in md  # phpBB ids p101, p102...: a thread
    teasers = posts.replace("<div id='p", "<article id='post-").replace(
        "likes</div></div>", "likes</div></article>"
    )
    md = page(f"<main><h1>Blog</h1>{teasers}</main>")
    assert "POST_3" in md and "3 likes" in md  # a blog's <article id="post-123"> teasers


def test_quote_repeating_a_post_of_the_page_goes() -> None:
    first = "FIRST_POST I want to run Linux on the old laptop and keep Windows in a machine."
    other = "OTHER_TEXT a post from an earlier page of the thread, not shown on this one."
    posts = [
        f"<p>{first}</p>",
        f"<blockquote><div>user1 said:</div><div>{first}</div></blockquote><p>REPLY_ONE yes.</p>",
        f"<blockquote><div>user9 said:</div><div>{other}</div></blockquote><p>REPLY_TWO no.</p>",
    ]
    thread = "".join(phpbb_post(i, t) for i, t in enumerate(posts))
    md = page(f"<main><h1>Linux</h1>{thread}</main>")
    assert md.count("FIRST_POST") == 1 and "user1 said" not in md  # the copy goes
    assert "REPLY_ONE" in md and "REPLY_TWO" in md
    assert "OTHER_TEXT" in md and "user9 said" in md  # its post is not on the page: kept


def test_post_author_lines_stay_on_thread_pages() -> None:
    byline = "<p class='author'>by <a href='/u/{n}'>POSTER_{n}</a> » Sun Dec 17, 2023</p>"
    posts = "".join(
        phpbb_post(n, byline.replace("{n}", str(n)) + f"<p>POST_{n} {'words of a reply ' * 9}</p>")
        for n in range(3)
    )
    md = page(f"<main><h1>Thread title</h1>{posts}</main>")
    assert "POSTER_2" in md and "Dec 17, 2023" in md  # a thread's post bylines are content
    article = "<p class='author'>by <a href='/a'>WRITER</a></p><p>" + "words " * 60 + "</p>"
    assert "WRITER" not in page(f"<main><h1>News</h1>{article}</main>")  # elsewhere: chrome


def test_posters_online_status_goes_on_thread_pages() -> None:
    posts = "".join(
        phpbb_post(n, f"<div>user{n} is offline</div><div>Online</div><p>POST_{n} Keep the "
                   f"offline backups somewhere safe {'and test them ' * 6}</p>")
        for n in range(3)
    )  # fmt: skip
    md = page(f"<main><h1>Backups</h1>{posts}</main>")
    assert "POST_2" in md and "offline backups" in md
    assert "is offline" not in md and "\nOnline\n" not in f"\n{md}\n"


def test_edit_notes_time_gaps_counters_and_software_credit_go() -> None:
    extras = (
        "<p><strong>Edited January 29 by ErnestQ</strong> <a href='/edits/1'>(see edit history)"
        "</a></p>",
        "<div class='ipsComment_spacer'>2 weeks later...</div>",
        "<dl class='userstats'><dd>29,553 posts</dd><dd>518 helpful votes</dd></dl>"
        "<div>Location: South Africa</div>",
    )
    body = (
        thread_body()
        .replace("<div class='message-lastEdit'>", extras[0] + "<div class='message-lastEdit'>", 1)
        .replace("</article>", "</article>" + extras[1], 1)
        .replace("<div class='message-content'>", extras[2] + "<div class='message-content'>", 1)
        + "<p><a href='/extern.php?type=atom'>Atom topic feed</a></p>"
        "<div><a href='/posting.php?mode=reply'>Post a reply</a></div>"
        "<div><a href='/prev'>Previous topic</a> - <a href='/next'>Next topic</a></div>"
        "<span><a href='/login'><span>Followers</span></a> <span>0</span></span>"
        "<p>Powered by <a href='https://fluxbb.org/'>FluxBB</a></p>"
    )
    md = page(f"<main>{body}</main>", head=ld(THREAD_LD))
    for kept in ("POST_ONE", "POST_TWO", "POST_THREE"):
        assert kept in md
    for gone in ("ErnestQ", "edit history", "weeks later", "29,553", "helpful votes", "Atom",
                 "FluxBB", "Post a reply", "Next topic", "Followers", "South Africa"):  # fmt: skip
        assert gone not in md, gone


def test_microdata_ordinals_and_status_icons_go() -> None:
    body = (
        thread_body()
        .replace(
            "<div class='message-content'>",
            "<span class='crawler-post-infos'><time>February 20, 2026, 4:55pm</time>"
            "<span itemprop='position'>17</span></span><div class='message-content'>",
            1,
        )
        .replace(
            "</article>",
            "<img src='/statusicon/user_offline.gif' alt='microfast is offline'></article>",
            1,
        )
    )
    md = page(f"<main>{body}</main>", head=ld(THREAD_LD))
    assert "POST_ONE" in md and "February 20, 2026" in md
    assert "17" not in md and "offline" not in md


def test_reaction_bars_go() -> None:
    bar = (
        "<div class='ipsReact ipsPos_right'><div class='ipsReact_blurb'>"
        "<ul class='ipsReact_reactions'><li><img src='/react_like.png' alt='Thanks'>"
        "<span>REACT_COUNT 5</span></li></ul></div></div>"
    )
    body = thread_body().replace("</article>", bar + "</article>", 1)
    md = page(f"<main>{body}</main>", head=ld(THREAD_LD))
    assert "POST_ONE" in md and "REACT_COUNT" not in md


def test_thread_tag_list_goes() -> None:
    tags = (
        "<dl class='tagList tagList--thread-2509029'><dt>Tags</dt><dd>"
        "<a class='tagItem' href='/tags/apple/'>TAG_APPLE</a> "
        "<a class='tagItem' href='/tags/ipad-pro/'>TAG_IPAD</a></dd></dl>"
    )
    md = page(f"<main>{tags}{thread_body()}</main>", head=ld(THREAD_LD))
    assert "POST_ONE" in md and "TAG_APPLE" not in md and "TAG_IPAD" not in md


def test_user_titles_go() -> None:
    body = thread_body().replace(
        "<div class='message-content'>",
        "<dl><dd class='usertitle'><strong>USER_TITLE Member</strong></dd></dl>"
        "<div class='message-content'>",
        1,
    )
    md = page(f"<main>{body}</main>", head=ld(THREAD_LD))
    assert "POST_ONE" in md and "USER_TITLE" not in md


def test_poster_panel_keeps_the_name() -> None:
    panel = (
        "<aside class='ipsComment_author cAuthorPane'><h3 class='cAuthorPane_author'>"
        "<a href='/profile/1-gringeo/'>PANEL_NAME</a></h3><ul class='cAuthorPane_info'>"
        "<li>PANEL_RANK Community Regular</li><li>360 posts</li></ul></aside>"
    )
    # the same poster on every post: a name repeated like a card's label, kept all the same
    body = thread_body().replace("<div class='message-content'>", panel
                                 + "<div class='message-content'>")  # fmt: skip
    md = page(f"<main>{body}</main>", head=ld(THREAD_LD))
    assert "POST_ONE" in md and "PANEL_RANK" not in md
    assert md.count("PANEL_NAME") == len(POSTS)


def test_poster_panel_name_kept_when_another_rule_picked_its_link() -> None:
    tree = LexborHTMLParser(
        "<html><body><main><article><aside class='cAuthorPane'><h3 class='cAuthorPane_author'>"
        "<a href='/profile/1/'>NAME</a></h3><ul><li>RANK</li></ul></aside><p>POST</p>"
        "</article></main></body></html>"
    )
    set_mark(tree, THREAD_MARK)
    scope, aside, link = (tree.css_first(q) for q in ("main", "aside", "h3 a"))
    assert scope is not None and aside is not None and link is not None
    kept = keep_post_bylines(scope, [aside, link])  # the link: a repeated name, say
    texts = [n.text(strip=True) for n in kept]
    assert "RANK" in texts and "NAME" not in texts and aside.mem_id not in {n.mem_id for n in kept}


def test_phpbb_profile_panel_keeps_the_username() -> None:
    def profile(n: int) -> str:
        return (
            f"<dl class='postprofile' id='profile{n}'><dt class='has-avatar'>"
            f"<div class='avatar-container'><a href='/u/{n}' class='avatar'>"
            f"<img class='avatar' src='/a/{n}.jpg' alt='User avatar'></a></div>"
            f"<a href='/memberlist.php?u={n}' class='username'>POSTER_{n}</a></dt>"
            f"<dd class='profile-posts'><strong>Posts:</strong> <a href='/s'>9179</a></dd>"
            "<dd class='profile-joined'><strong>Joined:</strong> Wed Feb 04, 2015</dd></dl>"
        )

    body = "".join(
        f"<div id='p{n}' class='post'>{profile(n)}<div class='postbody'><p>POST_{n} "
        + "words of the post " * 12
        + "</p></div></div>"
        for n in (101, 102, 103)
    )
    md = page(f"<main>{body}</main>")
    for n in (101, 102, 103):
        assert f"POST_{n}" in md and f"POSTER_{n}" in md
    assert "Joined" not in md and "9179" not in md


def test_short_posts_saying_powered_by_or_edited_stay() -> None:
    short = ("SHORT_ONE mine is powered by solar panels.", "SHORT_TWO edited the config by hand")
    body = "".join(post(n, text) for n, text in enumerate(POSTS + short, start=1))
    md = page(f"<main><div class='block'>{body}</div></main>", head=ld(THREAD_LD))
    assert "SHORT_ONE" in md and "SHORT_TWO" in md


def test_post_header_keeps_the_post_date() -> None:
    def smf_post(n: int) -> str:
        return (
            f"<div id='msg{n}' class='windowbg'><div class='postarea'><div class='keyinfo'>"
            f"<div class='subject_title'><a href='/index.php?msg={n}'>Re: Thread title</a></div>"
            f"<div class='postinfo'><a href='/index.php?msg={n}' class='smalltext'>"
            f"June 0{n % 9 + 1}, 2024, 11:23:55 AM</a></div></div>"
            f"<div class='post'><p>POST_{n} {'words of the post ' * 12}</p></div></div></div>"
        )

    md = page(f"<main>{''.join(smf_post(n) for n in (101, 102, 103))}</main>")
    assert "POST_103" in md and "June 05, 2024, 11:23:55 AM" in md  # the post's date stays
    assert "Re: Thread title" not in md  # the rest of the header goes


def test_truncated_preview_goes_when_the_full_post_is_a_hidden_sibling() -> None:
    full = "FULL_START " + " ".join(f"word{i}" for i in range(60)) + " FULL_END"
    cut = full[:200] + "Continue Reading"
    answer = (
        f"<div class='answer'><div class='preview'><p>{cut}</p></div>"
        f"<div class='qu-display--none'><p>{full}</p></div></div>"
    )
    md = page(f"<main><h1>Question?</h1>{answer}</main>")
    assert md.count("FULL_START") == 1 and "FULL_END" in md and "Continue Reading" not in md
    shown = answer.replace("qu-display--none", "rest")  # both shown: not a preview
    assert page(f"<main><h1>Question?</h1>{shown}</main>").count("FULL_START") == 2


def test_preview_of_a_post_hidden_by_any_hiding_style() -> None:
    full = "FULL_START " + " ".join(f"word{i}" for i in range(60)) + " FULL_END"
    cut = full[:200] + "Continue Reading"
    for style in ("visibility: hidden", "DISPLAY: NONE"):
        answer = (
            f"<div class='answer'><div class='preview'><p>{cut}</p></div>"
            f"<div style='{style}'><p>{full}</p></div></div>"
        )
        md = page(f"<main><h1>Question?</h1>{answer}</main>")
        assert "Continue Reading" not in md, style

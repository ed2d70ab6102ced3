"""Calls to action inside the main block: sales pitches closing posts.

Two shapes, each the site's pitch rather than the page's text:

- on article pages, a section opened by a pitch heading: "Ready to get started?", "Get the
  free eBook!", "Contact us for a project discussion", "Try X yourself", "What our
  customers are saying", a paywall's "This article is exclusive to subscribers" (the
  largest wrapper that heading opens, small relative to the block:
  ``boilerplate.heading_block``). On service pages such bands and testimonials are part of
  what the page offers, and a box named ``cta`` holds its features: both were measured and
  left alone there (WCXB service fell); on any page, the free-download and paywall pitches
  ("Get the free eBook!", "What is included in a subscription?"): articles whose head does
  not say so have them too;
- on article pages, a box named ``cta`` (class/id word: ``blog-cta``, ``phone-cta``,
  ``_ctaButtons``) without a heading, at most 600 characters: an inserted button or pitch line;
- a lead form built without ``<form>`` (script-driven sign-up and contact boxes: name,
  e-mail and phone inputs in ``<div>``s), which the form rule of ``boilerplate`` cannot see:
  the box around the inputs goes like a form's box.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import is_article_page
from webdata.content.boilerplate import _form_box, heading_block
from webdata.content.dom import elements, inside, named, named_hits, text_len

_PITCH_HEADINGS = "h2, h3, h4, h5, h6"
# Pitches on any page: an offer of a free download, a paywall's pitch where the rest of the
# story would be (page types are marked from the head; articles without the mark have them too)
_ANY_PAGE_PITCHES = (
    r"get\s+(?:the|your|our)\s+free\s+\w+(?:\s+\w+)?|"  # "Get the FREE eBook!"
    r"(?:this|the\s+rest\s+of\s+this)\s+(?:article|story|post|piece)\s+is\s+"
    r"(?:exclusive|only\s+available|available\s+only)\s+(?:to|for)\b.{0,40}|"
    r"unlock\s+(?:this|the\s+full)\s+(?:article|story|post|piece)\b.{0,60}|"
    r"what(?:'|\u2019)?s?\s+(?:is\s+)?included\s+in\s+(?:a|your|the)\s+subscription"
)
# ... and on article pages, sales pitches a service page makes as part of its offer too
_ARTICLE_PITCHES = (
    r"ready\s+to\s+\S.{0,60}\?.*|"  # "Ready to get started? Schedule a free estimate"
    r"(?:contact|call)\s+us\s+(?:for|about|to)\b.{0,40}|"
    r"try\s+\S+(?:\s+\S+)?\s+(?:yourself|for\s+free|free)|"
    r"discuss\s+your\b.{0,30}\bwith\s+us|"
    r"start\s+(?:creating|building)\s+with\s+\S+(?:\s+\S+)?|"
    r"(?:see\s+)?what\s+our\s+(?:customers|clients|users)\s+(?:are\s+)?say(?:ing)?\b.{0,40}|"
    r"(?:see\s+)?why\s+(?:our\s+)?(?:customers|clients|users)\s+love\s+us"
)
_ANY_PAGE_PITCH = re.compile(rf"^\W*(?:{_ANY_PAGE_PITCHES})\W*$", re.IGNORECASE)
_PITCH_HEADING = re.compile(rf"^\W*(?:{_ARTICLE_PITCHES}|{_ANY_PAGE_PITCHES})\W*$", re.IGNORECASE)
_CTA_WORDS = frozenset({"cta", "ctas"})
_CTA_PARTS = ("cta",)  # (the candidates: a class or id holding it)
_CTA_CHARS = 600
_SMALL_SHARE = 0.3
_LEAD_INPUTS = "input[type=email], input[type=tel], textarea"
_FIELDS = "input:not([type=hidden]):not([type=submit]):not([type=button]), textarea, select"
_MIN_FIELDS = 2


def pitch_section_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Sections opened by a sales-pitch heading, on article pages (a service page's closing
    "Ready to ...?" band and its testimonials are part of what it offers); on other pages only
    the free-download and paywall pitches."""
    out: list[LexborNode] = []
    pattern = _PITCH_HEADING if is_article_page(scope) else _ANY_PAGE_PITCH
    for heading in elements(scope, _PITCH_HEADINGS):
        block = heading_block(heading, scope, total, pattern)
        if block is not None:
            out.append(block)
    return out


def formless_form_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Lead forms made of ``<div>``s: the box around a field asking for the reader's e-mail,
    phone or message, with at least ``_MIN_FIELDS`` fields, outside any ``<form>``."""
    out: list[LexborNode] = []
    done: set[int] = set()
    for field in scope.css(_LEAD_INPUTS):
        if inside(field, "form"):
            continue
        holder = field.parent
        while holder is not None and holder.mem_id != scope.mem_id:
            if len(holder.css(_FIELDS)) >= _MIN_FIELDS:
                break
            holder = holder.parent
        if holder is None or holder.mem_id == scope.mem_id or holder.mem_id in done:
            continue
        done.add(holder.mem_id)
        if text_len(holder) <= 0.3 * total:
            out.append(_form_box(holder, scope))
    return out


def named_cta_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """On article pages, boxes whose class/id has the word ``cta`` (a call to action: "Book
    now", "Looking for junk removal that doesn't stink?"), at most ``_CTA_CHARS`` and 30% of
    the block, without a heading (a headed band is a section a page may offer as its text)."""
    out: list[LexborNode] = []
    if not is_article_page(scope):
        return out
    limit = min(_CTA_CHARS, _SMALL_SHARE * total)
    for node in named_hits(scope, _CTA_PARTS, _CTA_PARTS):
        if node.mem_id == scope.mem_id or text_len(node) > limit:
            continue
        if named(node, _CTA_WORDS) and node.css_first("h1, h2, h3, h4, h5, h6") is None:
            out.append(node)
    return out


def cta_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The calls to action of ``scope`` (text length ``total``)."""
    return (
        pitch_section_removals(scope, total)
        + formless_form_removals(scope, total)
        + named_cta_removals(scope, total)
    )

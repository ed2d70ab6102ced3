"""E-mail sign-up boxes whose address field is not typed ``email``.

``boilerplate`` takes a form asking for the reader's e-mail (``input[type=email]``) with the
small box around it ("Get the newsletter", its blurb, the privacy note). Many page builders
and apps write the field as a plain text input named or labelled for an e-mail
(``<input type=text placeholder="Email" name="signup_email">``), often without a
``<form>``; then the field goes as a control but its title and blurb stay, and under hashed
class names nothing else marks the box.

Rule: a text input whose name, id, placeholder, label or autocomplete asks for an e-mail,
in a group of at most ``_MAX_INPUTS`` text inputs (a sign-up, not a checkout or a contact
form with many fields), goes with its highest wrapper of at most ``_BOX_CHARS`` characters
(and 30% of the block) that holds no ``<h1>`` and no price.
"""

from __future__ import annotations

import re
from functools import partial

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, text_len, widest_while

_FIELDS = "input:not([type]), input[type=text], input[type=email]"
_EMAIL = re.compile(r"e-?mail", re.IGNORECASE)
_SIGNALS = ("name", "id", "placeholder", "aria-label", "autocomplete")
_MAX_INPUTS = 3  # e-mail, maybe a name or two; a checkout or a contact form asks for more
_BOX_CHARS = 400
_SMALL_SHARE = 0.3
_PRICE = re.compile(r"[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹]|usd|eur|gbp)\b", re.IGNORECASE)


def _asks_email(field: LexborNode) -> bool:
    attrs = field.attributes
    return attrs.get("type") == "email" or any(_EMAIL.search(attrs.get(a) or "") for a in _SIGNALS)


def email_signup_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The e-mail sign-up boxes of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    fits = partial(_sign_up_box, min(_BOX_CHARS, _SMALL_SHARE * total))
    for field in scope.css(_FIELDS):
        if not _asks_email(field):
            continue
        best = widest_while(field, scope, fits)
        if best is not None:
            out.append(best)
    return out


def _sign_up_box(limit: float, node: LexborNode) -> bool:
    """Whether ``node`` may be a sign-up box: within ``limit``, without an ``<h1>``, a price
    or more than ``_MAX_INPUTS`` text inputs."""
    if text_len(node) > limit or node.css_first("h1") is not None:
        return False
    return len(node.css(_FIELDS)) <= _MAX_INPUTS and not _PRICE.search(deep_text(node))

"""The language of code blocks, from the usual class and attribute conventions.

The markdown converter reads ``language-x`` / ``lang-x`` classes; this module finds the
language in the other conventions (``highlight-x``, ``highlight-source-x`` on a wrapper,
``brush: x``, ``lang`` / ``data-lang`` attributes) and adds a ``language-x`` class so the
fenced block keeps it.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

_CLASS_LANG = re.compile(
    r"(?:^|\s)(?:(?:language|lang|highlight-source|highlight)-|brush:\s*)([\w+#.\-]+)"
)
_LANG_ATTRS = ("data-lang", "data-language", "lang")
_NOT_LANGUAGES = frozenset({"", "none", "text", "plain", "plaintext", "nohighlight", "source"})
# ``lang`` is also the human-language attribute: never read "en" or "en-GB" as a language.
_HUMAN_LANG = re.compile(
    r"^(?:en|de|fr|es|it|pt|nl|ru|ja|zh|ko|pl|sv|da|no|fi|tr|ar|he)$|^[a-z]{2,3}-[a-z]{2,4}$"
)


def _from_class(value: str | None) -> str | None:
    if not value:
        return None
    for m in _CLASS_LANG.finditer(value):
        lang = m.group(1).lower().strip("-.")
        if lang not in _NOT_LANGUAGES:
            return lang
    return None


def code_language(pre: LexborNode) -> str | None:
    """The language of a ``<pre>`` block, or None."""
    code = pre.css_first("code")
    wrapper = pre.parent
    for node in (code, pre):
        if node is None:
            continue
        if (lang := _from_class(node.attributes.get("class"))) is not None:
            return lang
    for node in (code, pre):
        if node is None:
            continue
        attrs = node.attributes
        for name in _LANG_ATTRS:
            value = (attrs.get(name) or "").strip().lower()
            if value and value not in _NOT_LANGUAGES and " " not in value:
                if name == "lang" and _HUMAN_LANG.match(value):
                    continue
                return value
    if wrapper is not None and wrapper.tag == "div":
        return _from_class(wrapper.attributes.get("class"))
    return None


def mark_code_languages(root: LexborNode) -> None:
    """Give every ``<pre>`` whose language is known a ``language-x`` class (on its code)."""
    for pre in root.css("pre"):
        lang = code_language(pre)
        if lang is None:
            continue
        target = pre.css_first("code") or pre
        classes = target.attributes.get("class") or ""
        token = f"language-{lang}"
        if token not in classes.split():
            target.attrs["class"] = f"{classes} {token}".strip()

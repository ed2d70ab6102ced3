"""Recognise an anti-bot wall: the page a bot-protection service answers instead of the site.

Pure: status, lower-cased headers and text in, the name of the wall (or None) out. It is
conservative: each rule needs a mark only the interstitial itself carries (a vendor's
challenge script or header, its fixed title), or, for generic captcha and "access denied"
pages, such a mark together with an error status or a page that says almost nothing else.
An article about captchas or a login form with a reCAPTCHA widget is not a wall.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property

__all__ = ["is_challenge"]

# Interstitials are small; the marks sit in the first kilobytes of the page.
_SCAN_CHARS = 256 * 1024
# Above this much visible text a page is content, whatever widget it embeds.
_SHORT_TEXT = 400
_BLOCK_STATUSES = frozenset({401, 403, 405, 429, 503})

_SCRIPT_STYLE = re.compile(r"<(script|style|noscript|template)\b.*?</\1\s*>", re.I | re.S)
_TAG = re.compile(r"<[^>]*>")
_TITLE = re.compile(r"<title[^>]*>(.*?)</title", re.I | re.S)


@dataclass(frozen=True)
class _Page:
    status: int
    headers: Mapping[str, str]
    html: str  # lower-cased head of the body

    def header(self, name: str) -> str:
        return self.headers.get(name, "").lower()

    def has(self, *marks: str) -> bool:
        return any(mark in self.html for mark in marks)

    @cached_property
    def title(self) -> str:
        match = _TITLE.search(self.html)
        return " ".join(match.group(1).split()) if match else ""

    @cached_property
    def short(self) -> bool:
        """The page shows almost no text of its own."""
        if len(self.html) > 64 * 1024:
            return False
        text = _TAG.sub(" ", _SCRIPT_STYLE.sub(" ", self.html))
        return len(" ".join(text.split())) < _SHORT_TEXT


def _cloudflare(p: _Page) -> bool:
    if p.header("cf-mitigated") == "challenge":
        return True
    if p.has("window._cf_chl_opt", "/cdn-cgi/challenge-platform/h/", "cf-chl-widget"):
        return p.title.startswith(("just a moment", "attention required")) or p.has(
            "cf-challenge", "challenge-form", "cf_chl_"
        )
    from_cloudflare = "cloudflare" in p.header("server") or "cf-ray" in p.headers
    return (
        from_cloudflare
        and p.status in _BLOCK_STATUSES
        and (
            p.title.startswith(("just a moment", "attention required"))
            or p.has("cf-error-details", "sorry, you have been blocked")
        )
    )


def _datadome(p: _Page) -> bool:
    marked = "x-datadome" in p.headers or "x-dd-b" in p.headers
    return p.has("captcha-delivery.com") and (marked or p.status in _BLOCK_STATUSES)


def _perimeterx(p: _Page) -> bool:
    script = p.has("_pxcaptcha", "px-captcha", "captcha.px-cdn.net", "/_px/captcha")
    return script and (p.status in _BLOCK_STATUSES or p.has("press & hold", "press &amp; hold"))


def _imperva(p: _Page) -> bool:
    return p.has("_incapsula_resource", "incapsula incident id") and (
        p.status in _BLOCK_STATUSES or p.short
    )


def _akamai(p: _Page) -> bool:
    if p.has("sec-if-cpt-container", "/_sec/cp_challenge/"):
        return True
    return (
        p.status in _BLOCK_STATUSES
        and "akamaighost" in p.header("server")
        and "access denied" in p.title
    )


def _aws_waf(p: _Page) -> bool:
    return p.has("awswafintegration", "token.awswaf.com", "captcha.awswaf.com") and (
        p.status in {202, 405, *_BLOCK_STATUSES} or p.short
    )


def _kasada(p: _Page) -> bool:
    return p.status == 429 and p.has("kpsdk", "ips.js?")


def _google_sorry(p: _Page) -> bool:
    return p.has("our systems have detected unusual traffic") and p.short


_HUMAN_CHECK = (
    "verify you are human", "verify that you are human", "are you a robot",
    "not a robot", "human verification", "complete the security check",
    "checking your browser", "please enable javascript and cookies",
)  # fmt: skip


def _captcha_wall(widget: tuple[str, ...]) -> Callable[[_Page], bool]:
    """A page that is little more than a captcha asking whether the visitor is human."""

    def rule(p: _Page) -> bool:
        if not p.has(*widget) or not p.short:
            return False
        return p.status in _BLOCK_STATUSES or p.has(*_HUMAN_CHECK)

    return rule


_DENIED_TITLES = ("access denied", "access to this page has been denied", "request blocked",
                  "you have been blocked", "bot detected")  # fmt: skip


def _access_denied(p: _Page) -> bool:
    """An error page that only says access was denied (many WAFs, no vendor mark)."""
    if p.status not in _BLOCK_STATUSES or not p.short:
        return False
    title = p.title
    return title.startswith(_DENIED_TITLES) or (not title and p.has("<h1>access denied"))


_RULES: tuple[tuple[str, Callable[[_Page], bool]], ...] = (
    ("Cloudflare", _cloudflare),
    ("DataDome", _datadome),
    ("PerimeterX", _perimeterx),
    ("Imperva", _imperva),
    ("Akamai", _akamai),
    ("AWS WAF", _aws_waf),
    ("Kasada", _kasada),
    ("Google", _google_sorry),
    ("hCaptcha", _captcha_wall(("hcaptcha.com/1/api.js", 'class="h-captcha"'))),
    ("reCAPTCHA", _captcha_wall(("google.com/recaptcha/", "recaptcha.net/recaptcha/"))),
    ("access denied", _access_denied),
)


def is_challenge(status: int, headers: Mapping[str, str], text: str | None) -> str | None:
    """The name of the anti-bot wall this response is, or None for a real page.

    ``headers`` keys are lower-case (as in ``Fetched``); ``text`` is the decoded body.
    """
    page = _Page(status, headers, (text or "")[:_SCAN_CHARS].lower())
    for name, rule in _RULES:
        if rule(page):
            return name
    return None

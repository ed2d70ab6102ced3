"""``blockAds``: which requests of a page are ads or trackers, and how consent pop-ups are hidden.

Pure: the shipped filter list (``data/adblock.txt``, its syntax is described at its top) is
read and compiled once; :func:`is_ad_request` is a set lookup per host suffix plus one regex
search on the path. ``FilterList.candidates`` is one regex that matches every URL that can be
an ad (and some more): the browser routes only those URLs to Python, so the other requests of
a page are not slowed down.

The consent part is a stylesheet that hides the common consent managers (OneTrust, Cookiebot,
Quantcast, TrustArc, Didomi, Usercentrics, Osano, CookieYes…) and gives the page its scroll
back; :data:`CONSENT_INIT_SCRIPT` adopts it in every document before the page's scripts run.
CSS does not change the DOM the content pipeline reads, so :data:`REMOVE_CONSENT_SCRIPT`
removes the same elements just before the page is captured.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any
from urllib.parse import urlsplit

__all__ = [
    "CONSENT_INIT_SCRIPT",
    "CONSENT_SELECTOR",
    "CONSENT_STYLESHEET",
    "REMOVE_CONSENT_SCRIPT",
    "FilterList",
    "filter_list",
    "is_ad_request",
    "parse_filter_list",
]

# EasyList's `^`: a character that is not a letter, a digit or one of `_ - . %`, or the end.
# Written for both Python's `re` and JavaScript's RegExp (the route pattern runs in both).
_SEPARATOR = r"(?:[^A-Za-z0-9_.%-]|$)"
_REGEX_SPECIAL = frozenset(".?+()[]{}\\|$")
_HOST = re.compile(r"^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]*[a-z]{2,}[a-z0-9-]*$")
_WEB_SCHEMES = frozenset({"http", "https"})


@dataclass(frozen=True, slots=True)
class FilterList:
    """A compiled filter list: host rules, host + path rules and generic path rules."""

    hosts: frozenset[str]
    host_paths: Mapping[str, re.Pattern[str]]
    paths: re.Pattern[str] | None
    candidates: re.Pattern[str]

    def is_ad_request(self, url: str, resource_type: str, page_url: str | None = None) -> bool:
        """Whether the request is an ad or tracker to block.

        ``resource_type`` is Playwright's (``script``, ``image``, ``xhr``…); ``document``, the
        page itself, is never blocked: the caller passes ``subdocument`` for a frame inside the
        page. Host rules do not apply to the site of ``page_url`` (its own resources).
        """
        if resource_type == "document":
            return False
        try:
            parts = urlsplit(url)
            host = (parts.hostname or "").rstrip(".")
        except ValueError:
            return False
        if parts.scheme not in _WEB_SCHEMES or not host:
            return False
        target = parts.path or "/"
        if parts.query:
            target = f"{target}?{parts.query}"
        rule = self._host_rule(host, target)
        if rule is not None and not _on_site(_host_of(page_url), rule):
            return True
        return self.paths is not None and self.paths.search(target) is not None

    def _host_rule(self, host: str, target: str) -> str | None:
        """The host rule (a suffix of ``host``) that matches the request, if any."""
        labels = host.split(".")
        for i in range(len(labels) - 1):
            suffix = ".".join(labels[i:])
            if suffix in self.hosts:
                return suffix
            pattern = self.host_paths.get(suffix)
            if pattern is not None and pattern.match(target):
                return suffix
        return None


def _host_of(url: str | None) -> str:
    if not url:
        return ""
    try:
        return (urlsplit(url).hostname or "").rstrip(".")
    except ValueError:
        return ""


def _on_site(host: str, rule: str) -> bool:
    return host == rule or host.endswith("." + rule)


def _rule_atoms(rule: str) -> tuple[str, ...]:
    """A rule as regex atoms: `*`, `^` and a final `|` as such, every other character literal."""
    anchored = rule.endswith("|")
    if anchored:
        rule = rule[:-1]
    out = []
    for ch in rule.lower():
        if ch == "*":
            out.append(".*")
        elif ch == "^":
            out.append(_SEPARATOR)
        elif ch in _REGEX_SPECIAL:
            out.append("\\" + ch)
        else:
            out.append(ch)
    if anchored:
        out.append("$")
    return tuple(out)


def _alternation(rules: Iterable[tuple[str, ...]]) -> str:
    """One regex matching any of ``rules``, their common prefixes shared (a trie), so a search
    tries one branch per character instead of every rule at every position."""
    trie: dict[str, Any] = {}
    for atoms in rules:
        node = trie
        for atom in atoms:
            node = node.setdefault(atom, {})
        node[""] = {}  # end of a rule

    def emit(node: dict[str, Any]) -> str:
        ends = "" in node
        branches = [atom + emit(child) for atom, child in sorted(node.items()) if atom]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if ends:
            return f"(?:{body})?" if len(branches) == 1 else body[:-1] + ")?"
        return body

    return emit(trie)


def _check_host(host: str, line: str) -> str:
    host = host.lower()
    if not _HOST.match(host):
        raise ValueError(f"adblock list: not a host name in {line!r}")
    return host


def parse_filter_list(lines: Iterable[str]) -> FilterList:
    """Compile the rules of ``lines``; an unsupported rule is a ``ValueError``."""
    hosts: set[str] = set()
    host_paths: dict[str, list[tuple[str, ...]]] = {}
    paths: list[tuple[str, ...]] = []
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("!") or (line[0] == "#" and line[:2] != "##"):
            continue
        if line.startswith("||"):
            body = line[2:]
            cut = min((i for i in (body.find("/"), body.find("^")) if i >= 0), default=len(body))
            host, rest = _check_host(body[:cut], line), body[cut:]
            if rest in ("", "^"):
                hosts.add(host)
            elif rest.startswith("/"):
                host_paths.setdefault(host, []).append(_rule_atoms(rest))
            else:
                raise ValueError(f"adblock list: unsupported rule {line!r}")
        elif line.startswith("/"):
            paths.append(_rule_atoms(line))
        elif "$" in line or "##" in line or line.startswith("@@"):
            raise ValueError(f"adblock list: unsupported rule {line!r}")
        else:
            hosts.add(_check_host(line, line))
    compiled = {
        host: re.compile(_alternation(rules), re.IGNORECASE)
        for host, rules in host_paths.items()
        if host not in hosts
    }
    path_alternation = _alternation(paths)
    path_re = re.compile(path_alternation, re.IGNORECASE) if paths else None
    alternatives = []
    if hosts or compiled:
        names = _alternation(_rule_atoms(h) for h in hosts | compiled.keys())
        # Scheme, optional user info or subdomains, the host, optional port, then the path.
        alternatives.append(rf"^https?://(?:[^/?#]*[.@])?{names}\.?(?::\d+)?(?:[/?#]|$)")
    if paths:
        alternatives.append(path_alternation)
    # Matches nothing when the list is empty (the route must have some pattern).
    candidates = re.compile("|".join(alternatives) or "(?!)", re.IGNORECASE)
    return FilterList(frozenset(hosts), compiled, path_re, candidates)


@cache
def filter_list() -> FilterList:
    """The shipped list, read and compiled on first use."""
    text = files("webdata.browser").joinpath("data", "adblock.txt").read_text(encoding="utf-8")
    return parse_filter_list(text.splitlines())


def is_ad_request(url: str, resource_type: str, page_url: str | None = None) -> bool:
    """:meth:`FilterList.is_ad_request` with the shipped list."""
    return filter_list().is_ad_request(url, resource_type, page_url)


# ---------------------------------------------------------------------------------------------
# Consent pop-ups
# ---------------------------------------------------------------------------------------------

# The consent managers' own containers and overlays: hidden and removed wherever they are.
_CONSENT_MANAGERS = (
    # OneTrust
    "#onetrust-consent-sdk", "#onetrust-banner-sdk", "#onetrust-pc-sdk",
    ".onetrust-pc-dark-filter", "#ot-sdk-btn-floating",
    # Cookiebot
    "#CybotCookiebotDialog", "#CybotCookiebotDialogBodyUnderlay", "#CookiebotWidget",
    # Quantcast Choice
    "#qc-cmp2-container", ".qc-cmp2-container", ".qc-cmp-ui-container", "#qcCmpUi",
    # TrustArc / TRUSTe
    "#truste-consent-track", "#truste-consent-content", ".truste_overlay",
    ".truste_box_overlay", "#trustarc-banner-overlay", "#consent_blackbar", ".trustarc-banner",
    # Didomi
    "#didomi-host", "#didomi-popup", "#didomi-notice", ".didomi-popup-backdrop",
    # Usercentrics
    "#usercentrics-root", "#usercentrics-cmp-ui", "#uc-center-container",
    # Osano
    ".osano-cm-window", ".osano-cm-dialog",
    # CookieYes / Cookie Law Info
    "#cookie-law-info-bar", "#cookie-law-info-again", "#cliSettingsPopup",
    ".cli-modal-backdrop", ".cky-consent-container", ".cky-overlay", ".cky-modal",
    # Complianz, Borlabs, iubenda, Termly, Sourcepoint, consentmanager.net, Ketch, CookieFirst
    "#cmplz-cookiebanner-container", ".cmplz-cookiebanner", "#BorlabsCookieBox",
    "#iubenda-cs-banner", "#termly-code-snippet-support", "[id^='sp_message_container_']",
    "#cmpbox", "#cmpbox2", ".cmpboxBG", "#lanyard_root", ".cookiefirst-root",
    # Osano's open-source cookieconsent, orestbida/cookieconsent
    ".cc-window[aria-label='cookieconsent']", ".cc-window.cc-banner", ".cc-revoke",
    "#cc-main", "#cc--main",
    # WordPress plugins, HubSpot, Shopify, Cookie Script, Axeptio, Evidon, CookieHub, Fides
    "#cookie-notice", "#moove_gdpr_cookie_info_bar", "#catapult-cookie-bar",
    "#hs-eu-cookie-confirmation", "#shopify-pc__banner", "#cookiescript_injected",
    "#axeptio_overlay", "#_evidon_banner", "#_evidon-background", ".ch2-container",
    "#fides-overlay", ".eupopup-container", "#cookieChoiceInfo", "#cookies-eu-banner",
    # Google Funding Choices (consent and ad-blocker walls)
    ".fc-consent-root", ".fc-ab-root",
)  # fmt: skip

# Unknown consent banners, found by name. Never the page's root or main content, nor a wrapper
# holding it (a theme's `<div id="page" class="has-cookie-banner">`).
_GENERIC = (
    "cookie-banner", "cookiebanner", "cookie-consent", "cookieconsent", "cookie-notice",
    "cookie-bar", "cookie-popup", "consent-banner", "gdpr-banner", "gdpr-consent",
)  # fmt: skip
_GENERIC_BY_NAME = ", ".join(f'[id*="{w}" i], [class*="{w}" i]' for w in _GENERIC)
_GENERIC_DIALOGS = (
    '[role="dialog"][aria-label*="cookie" i], [role="dialog"][aria-labelledby*="cookie" i], '
    '[role="alertdialog"][aria-label*="cookie" i], [role="region"][aria-label*="cookie" i]'
)
_GENERIC_SELECTOR = (
    f":is({_GENERIC_BY_NAME}, {_GENERIC_DIALOGS}):not(html, body, main, article, [role=main])"
)
_GUARDED_GENERIC = f'{_GENERIC_SELECTOR}:not(:has(main, article, [role="main"], h1))'

#: Every consent pop-up element: what the stylesheet hides and what is removed before capture.
CONSENT_SELECTOR = ", ".join((*_CONSENT_MANAGERS, _GUARDED_GENERIC))
_ANY_CONSENT = ", ".join((*_CONSENT_MANAGERS, _GENERIC_SELECTOR))  # no :has() inside :has()
# Ad slots left empty once their scripts are blocked (for screenshots).
_AD_SLOTS = (
    'ins.adsbygoogle, [id^="div-gpt-ad"], [id^="google_ads_iframe"], '
    'iframe[src*="doubleclick.net"], iframe[src*="googlesyndication.com"]'
)

CONSENT_STYLESHEET = f"""
{CONSENT_SELECTOR} {{ display: none !important; }}
{_AD_SLOTS} {{ display: none !important; }}
html:has({_ANY_CONSENT}), html:has({_ANY_CONSENT}) > body {{ overflow: auto !important; }}
.async-hide {{ opacity: 1 !important; }}
"""

# Adopted (not a <style> element) so the captured HTML stays the page's own; adopted again on
# DOMContentLoaded and load in case the page replaced the document's adopted sheets.
CONSENT_INIT_SCRIPT = f"""
(() => {{
  let sheet = null;
  const adopt = () => {{
    try {{
      if (sheet === null) {{
        sheet = new CSSStyleSheet();
        sheet.replaceSync({json.dumps(CONSENT_STYLESHEET)});
      }}
      const sheets = document.adoptedStyleSheets;
      if (!sheets.includes(sheet)) document.adoptedStyleSheets = [...sheets, sheet];
    }} catch (error) {{}}
  }};
  adopt();
  document.addEventListener("DOMContentLoaded", adopt);
  window.addEventListener("load", adopt);
}})();
"""

# Removes the consent pop-ups (argument: CONSENT_SELECTOR) and the scroll lock they set inline;
# returns how many elements went.
REMOVE_CONSENT_SCRIPT = """
(selector) => {
  let removed = 0;
  for (const element of document.querySelectorAll(selector)) {
    if (element.isConnected) { element.remove(); removed += 1; }
  }
  if (removed) {
    for (const element of [document.documentElement, document.body]) {
      const style = element && element.style;
      if (style && (style.overflow === "hidden" || style.overflowY === "hidden")) {
        style.removeProperty("overflow");
        style.removeProperty("overflow-y");
      }
    }
  }
  return removed;
}
"""

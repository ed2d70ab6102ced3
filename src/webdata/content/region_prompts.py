"""Region and locale prompts, known by what they ask: "Please confirm your country or region".

Shops serving several countries ask the reader where they are ("Region Check. Please
confirm your country or region to ensure you're browsing the correct site", "Please choose
your region and preferred language", "See Acme in your region") with a list of countries
or sites to pick. The class words of ``main_content`` (``country-selector``) find most; under
hashed class names the question itself is what gives the prompt away.

Rule: an element whose whole text (at most ``_PROMPT_CHARS``) asks the reader to choose,
select, confirm or change their country, region, location or language, or offers the site
"in your region / country", goes with its wrappers while they add only short lines (a
title, the countries, a "Continue" button: each at most ``_LINE_CHARS``), small in the
block (``_MAX_CHARS``, 30%).
"""

from __future__ import annotations

import re
from functools import partial

from selectolax.lexbor import LexborNode

from webdata.content.dom import phrase_hits, text_len, widest_while

_PLACE = (
    r"(?:country|region|location|language|locale|country\s+or\s+region|country\s*/\s*region|"
    r"region\s+and\s+(?:preferred\s+)?language)"
)
# asked at the start of a sentence ("Please confirm your country", "Choose your region"),
# not told in one ("you can change your region at checkout")
_ASKS = (
    r"(?:please\s+)?(?:choose|select|confirm|change|set|update)\s+your\s+(?:preferred\s+)?"
    + _PLACE,
    r"(?:see|visit|shop|browse)\b[^.]{0,40}\bin\s+your\s+(?:country|region)\b",
    r"(?:it\s+)?(?:looks\s+like\s+)?you(?:'re|\u2019re|\s+are)\s+(?:visiting|browsing)\s+from\b",
)
# (``\W*`` takes the spaces after the stop too: a ``\s*`` before it only made the engine
# try every split of a run of spaces)
_PROMPT = re.compile(r"(?:^|[.!?:])\W*(?:" + "|".join(_ASKS) + ")", re.IGNORECASE)
_WORDS = (
    "your country",
    "your region",
    "your location",
    "your language",
    "your preferred",
    "browsing from",
    "visiting from",
)
_PROMPT_CHARS = 200
_LINE_CHARS = 40
_MAX_CHARS = 1500
_SMALL_SHARE = 0.3


def region_prompt_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The region prompts of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    limit = min(_MAX_CHARS, _SMALL_SHARE * total)
    for node, prompt in phrase_hits(scope, _WORDS, _PROMPT_CHARS):
        if not _PROMPT.search(prompt):
            continue
        out.append(widest_while(node, scope, partial(_prompt_box, prompt, limit)) or node)
    return out


def _prompt_box(prompt: str, limit: float, node: LexborNode) -> bool:
    """Whether ``node``, a wrapper of ``prompt``, is still its box: within ``limit``, adding
    only short lines."""
    return text_len(node) <= limit and _short_lines(node, prompt)


def _short_lines(node: LexborNode, prompt: str) -> bool:
    """Whether every line of ``node``'s text but the prompt's is short (a list of places)."""
    lines = node.text(deep=True, separator="\n", strip=True).split("\n")
    return all(len(line) <= _LINE_CHARS or line in prompt for line in lines)

"""PII redaction of scraped text: the engine behind the scrape option ``redactPII``.

Pure functions, no I/O, no model downloads. :func:`redact` finds personally identifiable
information in a text (markdown, plain text, a summary) and replaces it; :func:`detect` only
finds it; :func:`replace_spans` applies spans found earlier. The recognisers live in
:mod:`webdata.extract.pii_recognizers`.

Entities (the six names the API accepts, and what each covers here)
    ``EMAIL``      ``local@domain.tld`` with a real-looking domain and top-level domain.
                   Not: the reserved example domains, file names (``logo@2x.png``), URL user
                   info (``https://user@host``), scp remotes (``git@github.com:org/repo``).
                   Aggressive mode adds ``jane [at] corp [dot] com`` spellings.
    ``PHONE``      ``+CC`` / ``00CC`` international numbers (a real ITU country code, 8 to 15
                   digits, North American rules for +1); North American ``(415) 555-0132``,
                   ``415.555.0132``, ``1-800-555-0199`` (area and exchange start with 2-9,
                   consistent separators); national numbers with a trunk 0 and separators
                   (``020 7946 0958``, ``06 12 34 56 78``, ``089/1234567``, 9 to 12 digits); and
                   any 7 to 15 digit number right after a phone word ("Tel:", "Phone", "Call",
                   "Fax", "mobile", ...). Not phones: dates and times, versions, prices,
                   SSN-shaped numbers, numbers after "order", "invoice", "ISBN", "SKU", "ref",
                   "id" and the like, and groups inside a longer number (IBAN, card). Without
                   the ``phonenumbers`` package (not installed), national numbers without a
                   trunk 0 or a phone word (Italian or Spanish mobiles) are missed.
    ``FINANCIAL``  payment cards (Luhn, plus a card network's prefix and length), IBANs
                   (country length and mod 97), and the national identifiers used for tax and
                   social security: US SSN (``536-22-1234``; invalid areas, groups, serials
                   and the famous advertising numbers excluded; bare nine digits only after
                   "SSN"), UK National Insurance numbers (valid prefixes, suffix A-D),
                   Spanish DNI/NIF and NIE (mod-23 control letter), French NIR (mod-97 key;
                   mainland departments only, not 2A/2B). These identifiers are grouped with
                   money because identity fraud runs on them and the API has no ID entity.
    ``SECRET``     credentials: ``user:password@`` in URLs, the values of token-like query
                   parameters (``token``, ``access_token``, ``api_key``, ``key``, ``sig``,
                   ``signature``, ``X-Amz-Signature``, ``session_id``, ...), ``password: ...`` /
                   ``API_KEY=...`` / ``"secret": "..."`` assignments, Authorization headers
                   (Bearer, Basic), vendor key shapes (AWS ``AKIA``/``ASIA``, GitHub ``ghp_`` /
                   ``github_pat_``, Slack ``xox?-`` and webhooks, Stripe ``sk_live_``,
                   ``rk_live_``, ``whsec_``, ``sk-`` keys, Google ``AIza``, GitLab ``glpat-``,
                   npm, Hugging Face, SendGrid), JWTs (the header must decode), PEM/PGP private
                   key bodies, and public IP addresses. IP addresses have no entity of their
                   own in the API; they identify a visitor or a machine on the network, closer
                   to a credential than to a name, so they are SECRET (kind ``ip_address``).
                   Only globally routable addresses count: private, loopback, link-local,
                   documentation ranges and the big public resolvers (8.8.8.8, 1.1.1.1, ...)
                   are not PII; IPv6 must be global unicast (2000::/3). Version strings
                   (``Chrome/120.0.0.0``, "version 1.2.3.4") are not addresses. Aggressive
                   mode adds long random-looking tokens (32+ characters, mixed case and
                   digits, high entropy).
    ``PERSON``     people's names: accurate and aggressive modes only.
    ``LOCATION``   postal addresses and postcodes: accurate and aggressive modes only.

Modes
    ``fast``        the validated pattern recognisers for EMAIL, PHONE, FINANCIAL and SECRET
                    above. PERSON and LOCATION need context no pattern has: fast finds none.
    ``accurate``    fast, plus high-precision cues. PERSON: a title before a capitalised name
                    ("Dr. Jane Doe", "Mrs Smith", "Herr Müller"; the name, not the title, is
                    redacted), labelled fields at a line start or after a separator ("Name:",
                    "Full name:", "Patient:", "Customer:", "Cardholder:", "First name:", ...;
                    "From:", "To:", "Attn:" only with a known given name), bylines ("By
                    Priya Patel", "Written by ..." where the first word is a known given name),
                    signatures (a name alone on the line after "Best regards," "Thanks," "--"
                    and the like), and "Dear <given name>". LOCATION: labelled address fields
                    ("Address:", "Shipping address:", "Anschrift:", ...; the value to the end
                    of the line, when it holds a digit; "Email address:", "IP address:" are
                    not postal). With an NER backend (:func:`set_ner_backend`) also the
                    model's people (PERSON; spans with digits or markup, field labels and stop
                    words are dropped) and facilities (LOCATION).
    ``aggressive``  accurate, plus: a known given name followed by a capitalised surname
                    anywhere ("Priya Patel", "Mary K. Johnson", "Ludwig van Beethoven"; the
                    list is ``data/given_names.txt``), greetings ("Hi John"), street addresses
                    ("221B Baker Street", "1600 W. Pennsylvania Avenue, Suite 4", "12 rue de la
                    Paix", "Musterstraße 12", "Calle Mayor 5"), postcodes (UK, Canada, a US ZIP
                    after ", ST", five digits before a city name after a comma or at a line
                    start), obfuscated e-mails, high-entropy tokens, and with an NER backend
                    the model's places (cities, regions, countries) as LOCATION. Expect false
                    positives ("Mark Complete"): that is the trade.

Replacement styles (``replace_style``)
    ``tag``     the entity name in angle brackets, as firecrawl-py documents the style:
                ``<EMAIL>``, ``<PHONE>``, ``<SECRET>``, ... Unlike ``[EMAIL]`` it can
                never open a markdown link or a link reference definition, and unlike an
                autolink it has no colon or ``@``, so no renderer turns it into a link.
    ``mask``    every letter and digit becomes ``*``; every other character (``@ . - + ( )
                space _ : /``) is kept, so the text keeps its length and the value its
                shape: ``jane.doe@corp.io`` -> ``****.***@****.**``.
    ``remove``  the match is deleted (the spaces around it are left as they were).

Decisions
    * Markdown stays valid: no recogniser matches link syntax, so ``[text](url)`` keeps its
      brackets and parentheses while PII inside the text or the URL is replaced
      (``[<EMAIL>](mailto:<EMAIL>)``, ``(https://x.io/cb?token=<SECRET>)``). An autolink
      whose whole content is PII (``<jane@x.io>``) becomes the text ``<<EMAIL>>``. As a
      safety net, a span holding an unbalanced bracket or parenthesis, a backtick or a
      line break is split around them.
    * Fenced and inline code is redacted like any other text: credentials pasted into
      snippets are the most common leak on the web, and a tag cannot break a fence.
    * Addresses at the reserved example domains (example.com/.org/.net, ``.example``,
      ``.test``, ``.invalid``, ``.localhost``) are not redacted in any mode: they belong to
      nobody, and documentation is full of them. Likewise obvious placeholders
      (``api_key=YOUR_API_KEY``, ``password: <password>``, ``AKIA...EXAMPLE``,
      ``postgres://user:password@localhost``).
    * Overlapping detections are merged into one span (their union), named after the
      strongest entity (SECRET > FINANCIAL > EMAIL > PHONE > PERSON > LOCATION; a pattern
      recogniser's entity before an NER model's), so no detected character is left out.
    * Spans never carry the matched text, so they can be logged.
    * Cost is linear in the text: about 0.1 ms per KB of PII-dense markdown in fast mode and
      0.25 ms per KB in aggressive mode on one core (``benchmarks/pii.py``); no input makes
      a pattern backtrack without bound (``tests/extract/test_pii.py`` has the hostile cases).
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from webdata.extract import pii_recognizers as rec
from webdata.extract.pii_recognizers import (
    EMAIL,
    FINANCIAL,
    LOCATION,
    PERSON,
    PHONE,
    SECRET,
    Hit,
)

ENTITIES: frozenset[str] = frozenset({PERSON, EMAIL, PHONE, LOCATION, FINANCIAL, SECRET})
MODES: tuple[str, ...] = ("fast", "accurate", "aggressive")
REPLACE_STYLES: tuple[str, ...] = ("tag", "mask", "remove")

# Lower wins when overlapping detections are merged.
_PRIORITY = {SECRET: 0, FINANCIAL: 1, EMAIL: 2, PHONE: 3, PERSON: 4, LOCATION: 5}


@dataclass(frozen=True, slots=True)
class Span:
    """One redacted range of the original text: ``text[start:end]``."""

    entity: str  # one of ENTITIES
    start: int
    end: int
    kind: str  # the recogniser: "email", "card", "iban", "us_ssn", "ip_address", "jwt", ...


@dataclass(frozen=True, slots=True)
class Redaction:
    text: str  # the redacted text
    spans: list[Span]  # what was replaced, in order, offsets into the original text

    def counts(self) -> dict[str, int]:
        """Spans per entity, e.g. ``{"EMAIL": 2}``."""
        return dict(Counter(span.entity for span in self.spans))


class NerBackend(Protocol):
    """A named-entity recogniser for the accurate and aggressive modes.

    ``entities`` yields ``(label, start, end)`` over ``text`` with label ``"PERSON"`` (a
    person), ``"LOCATION"`` (a street address, building or facility) or ``"PLACE"`` (a city,
    region or country: used only by the aggressive mode). Other labels are ignored.
    """

    def entities(self, text: str) -> Iterable[tuple[str, int, int]]: ...


_ner_backend: NerBackend | None = None


def set_ner_backend(backend: NerBackend | None) -> None:
    """Use ``backend`` for PERSON/LOCATION in accurate and aggressive modes (None: heuristics
    only, the default). Typically called once at start-up with :func:`load_spacy_ner`."""
    global _ner_backend
    _ner_backend = backend


def get_ner_backend() -> NerBackend | None:
    return _ner_backend


def _check(mode: str, entities: Iterable[str] | None, replace_style: str) -> frozenset[str]:
    if mode not in MODES:
        raise ValueError(f"unknown redaction mode {mode!r}; expected one of {MODES}")
    if replace_style not in REPLACE_STYLES:
        raise ValueError(f"unknown replace style {replace_style!r}; expected {REPLACE_STYLES}")
    if entities is None:
        return ENTITIES
    wanted = frozenset(entities)
    unknown = wanted - ENTITIES
    if unknown:
        raise ValueError(f"unknown PII entities {sorted(unknown)}; expected {sorted(ENTITIES)}")
    return wanted


def _find(text: str, mode: str, wanted: frozenset[str], ner: NerBackend | None) -> list[Hit]:
    hits: list[Hit] = []
    aggressive = mode == "aggressive"
    if EMAIL in wanted:
        hits += rec.emails(text)
        if aggressive:
            hits += rec.obfuscated_emails(text)
    if wanted & {PHONE, FINANCIAL, SECRET}:
        hits += rec.numbers(text, wanted)
    if FINANCIAL in wanted:
        hits += rec.upper_ids(text, wanted)
    if SECRET in wanted:
        hits += rec.url_credentials(text)
        hits += rec.query_tokens(text)
        hits += rec.key_values(text)
        hits += rec.api_keys(text)
        hits += rec.private_keys(text)
        hits += rec.ipv6(text)
        if aggressive:
            hits += rec.high_entropy_tokens(text)
    if mode != "fast":
        if wanted & {PERSON, LOCATION}:
            hits += rec.labelled_fields(text, PERSON in wanted, LOCATION in wanted)
        if PERSON in wanted:
            hits += rec.persons_accurate(text)
            if aggressive:
                hits += rec.persons_aggressive(text)
        if LOCATION in wanted and aggressive:
            hits += rec.addresses_aggressive(text)
        backend = ner if ner is not None else _ner_backend
        if backend is not None and wanted & {PERSON, LOCATION}:
            hits += _ner_hits(backend, text, aggressive)
    hits = [h for h in hits if h.entity in wanted]
    payloads = [m.span(1) for m in _DATA_URI.finditer(text)] if "base64," in text else []
    if payloads:
        hits = [h for h in hits if not any(lo <= h.start and h.end <= hi for lo, hi in payloads)]
    return hits


# An inline image's bytes are random-looking but nobody's secret; redacting pieces of them
# would only break the image (and removeBase64Images after it).
_DATA_URI = re.compile(r"data:[\w.+-]+/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,([A-Za-z0-9+/=]+)")


_NER_NOT_NAME = re.compile(r"[\d@/=_:|<>\[\](){}•*#]")
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019\-][^\W\d_]+)*")


def _ner_person(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A model's PERSON span, trimmed of titles, or None when it cannot be a name.

    Small models tag field labels ("Email", "Tel"), addresses and code as people in
    markdown; a name has no digits or markup, is not a field label (followed by ":"), and
    has a capitalised word that is not a stop word.
    """
    if _NER_NOT_NAME.search(text, start, end) or text[end : end + 1] == ":":
        return None
    words = list(_WORD.finditer(text, start, end))
    while words and words[0].group() in rec.NAME_STOPWORDS:
        words.pop(0)  # "Mrs Smith" -> "Smith"
    if not words or not any(w.group()[0].isupper() for w in words):
        return None
    if all(w.group() in rec.NAME_STOPWORDS for w in words):
        return None
    return words[0].start(), words[-1].end()


def _ner_hits(backend: NerBackend, text: str, aggressive: bool) -> list[Hit]:
    hits: list[Hit] = []
    n = len(text)
    for label, start, end in backend.entities(text):
        start, end = max(0, start), min(n, end)
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start >= end:
            continue
        if label == PERSON:
            span = _ner_person(text, start, end)
            if span is not None:
                hits.append(Hit(PERSON, span[0], span[1], "ner_person"))
        elif "@" in text[start:end] or "=" in text[start:end]:
            continue
        elif label == LOCATION:
            hits.append(Hit(LOCATION, start, end, "ner_location"))
        elif label == "PLACE" and aggressive:
            hits.append(Hit(LOCATION, start, end, "ner_place"))
    return hits


def _markdown_safe(text: str, start: int, end: int, kind: str) -> Iterator[tuple[int, int]]:
    """The span, or its pieces between markdown structure characters if it holds any
    unbalanced (a safety net: recognisers are written not to produce such spans)."""
    piece = text[start:end]
    balanced = piece.count("[") == piece.count("]") and piece.count("(") == piece.count(")")
    if balanced and "`" not in piece and ("\n" not in piece or kind == "private_key"):
        yield start, end
        return
    pos = start
    for i in range(start, end + 1):
        if i == end or text[i] in "[]()`\n":
            lo, hi = pos, i
            while lo < hi and text[lo].isspace():
                lo += 1
            while hi > lo and text[hi - 1].isspace():
                hi -= 1
            if hi > lo:
                yield lo, hi
            pos = i + 1


def _rank(entity: str, kind: str) -> tuple[bool, int]:
    # A model's guess names a merged span only when no pattern recogniser is part of it.
    return kind.startswith("ner_"), _PRIORITY[entity]


def _merge(text: str, hits: list[Hit]) -> list[Span]:
    """Overlapping hits become one span, named after the strongest entity among them."""
    spans: list[Span] = []
    cur: list[Any] | None = None  # [start, end, entity, kind]
    for hit in sorted(hits, key=lambda h: (h.start, -h.end)):
        if hit.start >= hit.end:
            continue
        if cur is not None and hit.start < cur[1]:
            cur[1] = max(cur[1], hit.end)
            if _rank(hit.entity, hit.kind) < _rank(cur[2], cur[3]):
                cur[2], cur[3] = hit.entity, hit.kind
            continue
        if cur is not None:
            spans.extend(
                Span(cur[2], lo, hi, cur[3])
                for lo, hi in _markdown_safe(text, cur[0], cur[1], cur[3])
            )
        cur = [hit.start, hit.end, hit.entity, hit.kind]
    if cur is not None:
        spans.extend(
            Span(cur[2], lo, hi, cur[3]) for lo, hi in _markdown_safe(text, cur[0], cur[1], cur[3])
        )
    return spans


def detect(
    text: str,
    *,
    mode: str = "fast",
    entities: frozenset[str] | None = None,
    ner: NerBackend | None = None,
) -> list[Span]:
    """The PII spans of ``text`` (merged, in order) for ``mode`` and ``entities`` (None: all).

    ``ner`` overrides the backend set with :func:`set_ner_backend` for this call.
    """
    wanted = _check(mode, entities, "tag")
    if not text or not wanted:
        return []
    return _merge(text, _find(text, mode, wanted, ner))


_MASKABLE = re.compile(r"[^\W_]")


def _mask(value: str) -> str:
    return _MASKABLE.sub("*", value)


def replace_spans(text: str, spans: Iterable[Span], replace_style: str = "tag") -> str:
    """``text`` with each span replaced in ``replace_style`` (spans sorted, not overlapping)."""
    if replace_style not in REPLACE_STYLES:
        raise ValueError(f"unknown replace style {replace_style!r}; expected {REPLACE_STYLES}")
    parts: list[str] = []
    pos = 0
    for span in spans:
        parts.append(text[pos : span.start])
        if replace_style == "tag":
            parts.append(f"<{span.entity}>")
        elif replace_style == "mask":
            parts.append(_mask(text[span.start : span.end]))
        pos = span.end
    parts.append(text[pos:])
    return "".join(parts)


def redact(
    text: str,
    *,
    mode: str = "fast",
    entities: frozenset[str] | None = None,
    replace_style: str = "tag",
    ner: NerBackend | None = None,
) -> Redaction:
    """Redact the PII of ``text``: see the module documentation for modes and styles.

    >>> redact("Mail jane@corp.io or call +44 20 7946 0958.").text
    'Mail <EMAIL> or call <PHONE>.'
    """
    wanted = _check(mode, entities, replace_style)
    if not text or not wanted:
        return Redaction(text, [])
    spans = _merge(text, _find(text, mode, wanted, ner))
    if not spans:
        return Redaction(text, [])
    return Redaction(replace_spans(text, spans, replace_style), spans)


# ---------------------------------------------------------------------------------------------
# Optional NER through spaCy. spaCy is not a dependency of webdata: an operator who installs it
# and an English pipeline package gets model-based PERSON/LOCATION in accurate and aggressive
# modes by calling set_ner_backend(load_spacy_ner()). Nothing is downloaded at run time.

_SPACY_LABELS = {"PERSON": PERSON, "FAC": LOCATION, "GPE": "PLACE", "LOC": "PLACE"}


class SpacyNer:
    """A :class:`NerBackend` over a loaded spaCy pipeline.

    Text is fed in paragraph-aligned chunks of ``chunk_chars``; only the first ``max_chars``
    go through the model (a small English pipeline takes about 25 ms per KB on one core, so
    an unbounded 10 MB page would take minutes). The pattern heuristics still cover the rest.
    """

    def __init__(self, nlp: Any, *, max_chars: int = 1_000_000, chunk_chars: int = 20_000):
        self._nlp = nlp
        self.max_chars = max_chars
        self.chunk_chars = chunk_chars

    def entities(self, text: str) -> Iterator[tuple[str, int, int]]:
        chunks = list(_chunks(text[: self.max_chars], self.chunk_chars))
        docs = self._nlp.pipe(chunk for _, chunk in chunks)
        for (offset, _), doc in zip(chunks, docs, strict=True):
            for ent in doc.ents:
                label = _SPACY_LABELS.get(ent.label_)
                if label is not None:
                    yield label, offset + ent.start_char, offset + ent.end_char


def _chunks(text: str, size: int) -> Iterator[tuple[int, str]]:
    """``(offset, piece)`` pieces of at most ``size`` characters, cut at blank lines where
    possible, else at a newline or a space."""
    pos = 0
    n = len(text)
    while pos < n:
        end = min(n, pos + size)
        if end < n:
            for sep in ("\n\n", "\n", " "):
                cut = text.rfind(sep, pos + size // 2, end)
                if cut != -1:
                    end = cut + len(sep)
                    break
        yield pos, text[pos:end]
        pos = end


def load_spacy_ner(model: str = "en_core_web_sm", **options: int) -> SpacyNer | None:
    """A spaCy backend for ``model`` (an installed pipeline package), or None when spaCy or
    the model is not installed. ``options`` go to :class:`SpacyNer`."""
    try:
        spacy = importlib.import_module("spacy")
    except ImportError:
        return None
    try:
        nlp = spacy.load(
            model, exclude=["parser", "tagger", "lemmatizer", "attribute_ruler", "senter"]
        )
    except (OSError, ImportError, ValueError):
        return None
    return SpacyNer(nlp, **options)

"""Plan one scrape before any I/O: refuse what cannot be done, decide what to compute.

Refusals come first so a request that would fail never touches the target (and never costs).
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from urllib.parse import urlsplit

from webdata.content.pipeline import validate_selector
from webdata.contract import ApiError, ScrapeRequest
from webdata.contract.errors import bad_request, forbidden, unsupported
from webdata.contract.formats import ChangeTrackingFormat
from webdata.extract.llm import schema_problem
from webdata.scrape.formats import REGISTRY, Transformer


@dataclass(frozen=True, slots=True)
class Plan:
    transformers: tuple[tuple[Transformer, object], ...]
    content_needs: frozenset[str]
    # Whether the model is asked (LLM formats, onlyCleanContent, changeTracking's json).
    needs_llm: bool = False


def llm_not_configured() -> ApiError:
    """An LLM format without a configured model: refused before anything is fetched."""
    return ApiError(
        501,
        "Not Implemented: this request needs a language model and none is configured; set "
        "WEBDATA_LLM_BASE_URL and WEBDATA_LLM_MODEL (and WEBDATA_LLM_API_KEY if the server "
        "needs one) to any OpenAI-compatible server",
        code="LLM_NOT_CONFIGURED",
        details={"settings": ["WEBDATA_LLM_BASE_URL", "WEBDATA_LLM_MODEL", "WEBDATA_LLM_API_KEY"]},
    )


def _json_schema_problems(req: ScrapeRequest) -> ApiError | None:
    """A json format's schema must be a valid JSON Schema: 422 before any fetching."""
    for i, fmt in enumerate(req.format_objects):
        schema = getattr(fmt, "json_schema", None)
        if schema is None:
            continue
        problem = schema_problem(schema)
        if problem is not None:
            return ApiError(
                422,
                f"Unprocessable Entity: invalid JSON Schema in formats[{i}]: {problem}",
                code="SCRAPE_INVALID_JSON_SCHEMA",
                details=[{"path": ["formats", i, "schema"], "message": problem}],
            )
    return None


def _option_refusals(req: ScrapeRequest) -> ApiError | None:
    """Options whose engine is not built yet: named, never ignored."""
    checks: list[tuple[bool, str, str]] = [
        (req.use_mock is not None, "useMock", "recorded mocks"),
        (req.domain_tools, "domainTools", "domain tools"),
        (
            req.threat_protection is not None
            and req.threat_protection.mode in ("normal", "zscaler"),
            "threatProtection scanning",
            "a threat-scanning provider",
        ),
    ]
    for refused, capability, needs in checks:
        if refused:
            return unsupported(capability, needs)
    return None


def _threat_lists(req: ScrapeRequest) -> ApiError | None:
    """The manual part of threatProtection: whitelist wins, then blacklist and blocked TLDs."""
    tp = req.threat_protection
    if tp is None or tp.mode == "off":
        return None
    host = (urlsplit(req.url).hostname or "").lower().rstrip(".")

    def matches(patterns: list[str] | None) -> bool:
        return any(fnmatch.fnmatchcase(host, p.lower()) for p in patterns or ())

    if matches(tp.whitelist):
        return None
    tld = host.rsplit(".", 1)[-1]
    if matches(tp.blacklist) or tld in {t.lower().lstrip(".") for t in tp.blocked_tlds or ()}:
        return forbidden("Forbidden: the URL is blocked by threat protection", "SCRAPE_BLOCKED_URL")
    return None


def _change_tracking_problems(req: ScrapeRequest) -> list[dict[str, object]]:
    """changeTracking keeps a copy of the page and compares a fresh one with it."""
    index = next((i for i, f in enumerate(req.format_objects) if f.type == "changeTracking"), None)
    if index is None:
        return []
    fmt = req.format_objects[index]
    problems: list[dict[str, object]] = []
    json_mode = isinstance(fmt, ChangeTrackingFormat) and "json" in fmt.modes
    if (
        json_mode
        and getattr(fmt, "json_schema", None) is None
        and getattr(fmt, "prompt", None) is None
    ):
        problems.append(
            {
                "path": ["formats", index],
                "message": "the json mode of changeTracking needs a 'schema' or a 'prompt' "
                "saying which values to compare",
            }
        )
    clashes = [
        (req.zero_data_retention, "zeroDataRetention", "stores nothing of the page"),
        (req.lockdown, "lockdown", "is zero data retention and never fetches the page"),
        (req.min_age is not None, "minAge", "answers from the cache without fetching"),
    ]
    return problems + [
        {
            "path": ["formats", index],
            "message": f"changeTracking keeps a copy of the page to compare the next scrape "
            f"with, and compares a freshly fetched page; {name} {why}",
        }
        for clash, name, why in clashes
        if clash
    ]


def make_plan(req: ScrapeRequest) -> Plan:
    """Validate what the schema cannot, then list the transformers to run, in request order."""
    problems: list[dict[str, object]] = [
        {"path": [field, i], "message": msg}
        for field, tags in (("includeTags", req.include_tags), ("excludeTags", req.exclude_tags))
        for i, sel in enumerate(tags or ())
        if (msg := validate_selector(sel))
    ]
    if req.zero_data_retention and req.profile is not None and req.profile.save_changes:
        # Saving would keep the page's cookies and storage: the opposite of retaining nothing.
        problems.append(
            {
                "path": ["profile", "saveChanges"],
                "message": "zeroDataRetention stores nothing of the page: a profile can be "
                "loaded (saveChanges: false) but not saved",
            }
        )
    problems.extend(_change_tracking_problems(req))
    if req.only_clean_content and req.zero_data_retention:
        problems.append(
            {
                "path": ["onlyCleanContent"],
                "message": "onlyCleanContent sends the page to a language model, which "
                "zero data retention requests do not support",
            }
        )
    if problems:
        raise bad_request(problems)
    for refusal in (_threat_lists(req), _option_refusals(req), _json_schema_problems(req)):
        if refusal is not None:
            raise refusal
    chosen: list[tuple[Transformer, object]] = []
    for fmt in req.format_objects:
        transformer = REGISTRY[fmt.type]
        if transformer.unavailable is not None:
            raise unsupported(*transformer.unavailable)
        chosen.append((transformer, fmt))
    needs = frozenset().union(*(t.needs_content for t, _ in chosen)) if chosen else frozenset()
    tracking = req.format_of("changeTracking")
    needs_llm = (
        req.only_clean_content
        or any(t.needs_llm is not None and t.needs_llm(fmt) for t, fmt in chosen)
        or (isinstance(tracking, ChangeTrackingFormat) and "json" in tracking.modes)
    )
    if req.only_clean_content:
        needs |= {"markdown"}
    return Plan(tuple(chosen), needs, needs_llm)

"""Turn request options into what the browser engine does: device, locale, timezone, waits,
actions, the screenshot format and the branding format's style samples."""

from __future__ import annotations

from webdata.browser.capture import ShotSpec
from webdata.contract import ScrapeRequest
from webdata.contract.formats import ScreenshotFormat
from webdata.engines.browser import PageTask
from webdata.scrape.fetch_options import COUNTRY_LANGUAGE
from webdata.scrape.profile import ProfileSession

# The main (most populous) time zone of a country, for `location`.
COUNTRY_TIMEZONE = {
    "US": "America/New_York", "GB": "Europe/London", "AU": "Australia/Sydney",
    "CA": "America/Toronto", "IE": "Europe/Dublin", "NZ": "Pacific/Auckland",
    "IN": "Asia/Kolkata", "DE": "Europe/Berlin", "AT": "Europe/Vienna", "CH": "Europe/Zurich",
    "FR": "Europe/Paris", "BE": "Europe/Brussels", "ES": "Europe/Madrid",
    "MX": "America/Mexico_City", "AR": "America/Argentina/Buenos_Aires",
    "CO": "America/Bogota", "CL": "America/Santiago", "IT": "Europe/Rome",
    "PT": "Europe/Lisbon", "BR": "America/Sao_Paulo", "NL": "Europe/Amsterdam",
    "SE": "Europe/Stockholm", "NO": "Europe/Oslo", "DK": "Europe/Copenhagen",
    "FI": "Europe/Helsinki", "PL": "Europe/Warsaw", "CZ": "Europe/Prague",
    "SK": "Europe/Bratislava", "HU": "Europe/Budapest", "RO": "Europe/Bucharest",
    "GR": "Europe/Athens", "TR": "Europe/Istanbul", "RU": "Europe/Moscow", "UA": "Europe/Kyiv",
    "IL": "Asia/Jerusalem", "SA": "Asia/Riyadh", "AE": "Asia/Dubai", "EG": "Africa/Cairo",
    "JP": "Asia/Tokyo", "KR": "Asia/Seoul", "CN": "Asia/Shanghai", "TW": "Asia/Taipei",
    "HK": "Asia/Hong_Kong", "SG": "Asia/Singapore", "TH": "Asia/Bangkok",
    "VN": "Asia/Ho_Chi_Minh", "ID": "Asia/Jakarta", "MY": "Asia/Kuala_Lumpur",
    "PH": "Asia/Manila", "ZA": "Africa/Johannesburg", "NG": "Africa/Lagos",
    "KE": "Africa/Nairobi",
}  # fmt: skip


def screenshot_spec(req: ScrapeRequest) -> ShotSpec | None:
    fmt = req.format_of("screenshot")
    if not isinstance(fmt, ScreenshotFormat):
        return None
    viewport = (fmt.viewport.width, fmt.viewport.height) if fmt.viewport else None
    return ShotSpec(full_page=fmt.full_page, quality=fmt.quality, viewport=viewport)


def page_task(req: ScrapeRequest, profile: ProfileSession | None = None) -> PageTask:
    locale = timezone = None
    if req.location is not None:
        country = req.location.country
        languages = req.location.languages or [COUNTRY_LANGUAGE.get(country, "en-US")]
        locale = languages[0]
        timezone = COUNTRY_TIMEZONE.get(country)
    return PageTask(
        wait_for_ms=req.wait_for,
        mobile=req.mobile,
        locale=locale,
        timezone_id=timezone,
        actions=tuple(req.actions or ()),
        screenshot=screenshot_spec(req),
        storage_state=profile.state if profile is not None else None,
        capture_storage=profile is not None and profile.saving,
        block_ads=req.block_ads,
        branding="branding" in req.format_types,
    )


def needs_browser(req: ScrapeRequest) -> bool:
    """Options only a browser can honour; `mobile` alone is a user agent, HTTP does it."""
    return (
        bool(req.actions)
        or req.wait_for > 0
        or "screenshot" in req.format_types
        or "branding" in req.format_types
        or req.profile is not None
    )

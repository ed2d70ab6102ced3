"""Turn request options into what the HTTP engine sends: headers for mobile and location."""

from __future__ import annotations

from webdata.contract import ScrapeRequest

MOBILE_USER_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36"
)

# The main language of a country, for Accept-Language when `location.languages` is not given.
COUNTRY_LANGUAGE = {
    "US": "en-US", "GB": "en-GB", "AU": "en-AU", "CA": "en-CA", "IE": "en-IE", "NZ": "en-NZ",
    "IN": "en-IN", "DE": "de-DE", "AT": "de-AT", "CH": "de-CH", "FR": "fr-FR", "BE": "fr-BE",
    "ES": "es-ES", "MX": "es-MX", "AR": "es-AR", "CO": "es-CO", "CL": "es-CL", "IT": "it-IT",
    "PT": "pt-PT", "BR": "pt-BR", "NL": "nl-NL", "SE": "sv-SE", "NO": "nb-NO", "DK": "da-DK",
    "FI": "fi-FI", "PL": "pl-PL", "CZ": "cs-CZ", "SK": "sk-SK", "HU": "hu-HU", "RO": "ro-RO",
    "GR": "el-GR", "TR": "tr-TR", "RU": "ru-RU", "UA": "uk-UA", "IL": "he-IL", "SA": "ar-SA",
    "AE": "ar-AE", "EG": "ar-EG", "JP": "ja-JP", "KR": "ko-KR", "CN": "zh-CN", "TW": "zh-TW",
    "HK": "zh-HK", "SG": "en-SG", "TH": "th-TH", "VN": "vi-VN", "ID": "id-ID", "MY": "ms-MY",
    "PH": "en-PH", "ZA": "en-ZA", "NG": "en-NG", "KE": "en-KE",
}  # fmt: skip


def accept_language(req: ScrapeRequest) -> str | None:
    """Accept-Language for ``location``: its languages in priority order, else the country's."""
    loc = req.location
    if loc is None:
        return None
    langs = list(loc.languages or []) or [COUNTRY_LANGUAGE.get(loc.country, "en-US")]
    parts = []
    for i, lang in enumerate(langs[:10]):
        q = round(1.0 - i * 0.1, 1)
        parts.append(lang if i == 0 else f"{lang};q={q}")
    return ", ".join(parts)


def target_headers(req: ScrapeRequest) -> dict[str, str]:
    """Headers for the target: the option-derived ones, then the caller's (which win)."""
    headers: dict[str, str] = {}
    if req.mobile:
        headers["User-Agent"] = MOBILE_USER_AGENT
    if (lang := accept_language(req)) is not None:
        headers["Accept-Language"] = lang
    lowered = {k.lower() for k in (req.headers or {})}
    headers = {k: v for k, v in headers.items() if k.lower() not in lowered}
    headers.update(req.headers or {})
    return headers

"""The ``options`` part of ``POST /v2/parse``: the scrape options that make sense for a file.

firecrawl-py sends them as a JSON string in a multipart field beside the file (its ``parse``
drops the cache options and refuses browser-only ones before sending); this model refuses
the same ones for any other client, with the field named.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from webdata.contract.scrape_request import ScrapeRequest

# Formats that need a live page (firecrawl-py refuses them for uploads too).
PAGE_ONLY_FORMATS = frozenset({"changeTracking", "screenshot", "branding", "audio", "video"})


class ParseRequest(ScrapeRequest):
    # An upload has no URL; the document's ``sourceURL`` names the file instead.
    url: str = Field("upload", exclude=True)

    @model_validator(mode="after")
    def _file_options_only(self) -> ParseRequest:
        refused = [
            (bool(self.actions), "actions"),
            (self.wait_for > 0, "waitFor"),
            (self.location is not None, "location"),
            (self.mobile, "mobile"),
            (self.profile is not None, "profile"),
            (self.headers is not None, "headers"),
            (self.proxy not in ("auto", "basic"), "proxy"),
            (self.min_age is not None, "minAge"),
            (self.lockdown, "lockdown"),
        ]
        names = [name for bad, name in refused if bad]
        names += sorted(PAGE_ONLY_FORMATS & self.format_types)
        if names:
            raise ValueError(
                f"parse uploads do not support {', '.join(names)}: they need a live page or "
                "the cache, and a file has neither"
            )
        return self

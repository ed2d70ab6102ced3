"""Fetch failures. Each carries the error code the API reports and the HTTP status it maps to."""

from __future__ import annotations


class FetchError(Exception):
    """A target could not be fetched. ``code`` is stable; ``message`` is for people."""

    code = "SCRAPE_FETCH_ERROR"
    http_status = 500

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BlockedAddressError(FetchError):
    """The URL or a redirect hop resolves to a private, loopback, link-local or metadata IP."""

    code = "SCRAPE_PRIVATE_NETWORK_BLOCKED"
    http_status = 403


class DNSResolutionError(FetchError):
    code = "SCRAPE_DNS_RESOLUTION_ERROR"


class TLSError(FetchError):
    code = "SCRAPE_SSL_ERROR"


class ConnectError(FetchError):
    code = "SCRAPE_CONNECTION_ERROR"


class ProxyError(FetchError):
    """The configured proxy refused, failed or could not be reached (the spec's 502 row)."""

    code = "SCRAPE_PROXY_ERROR"
    http_status = 502


class RedirectError(FetchError):
    """Too many redirects, a redirect loop, or a redirect to a non-http(s) URL."""

    code = "SCRAPE_REDIRECT_ERROR"


class ResponseTooLargeError(FetchError):
    code = "SCRAPE_RESPONSE_TOO_LARGE"


class FetchTimeoutError(FetchError):
    code = "SCRAPE_TIMEOUT"
    http_status = 408


class ActionError(FetchError):
    """An action failed; the request was valid, so this is the server side's 500, not a 400."""

    code = "SCRAPE_ACTION_ERROR"


class BrowserError(FetchError):
    """The browser failed (crashed, could not start, a navigation it could not complete)."""

    code = "SCRAPE_BROWSER_ERROR"

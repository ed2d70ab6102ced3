"""The error body every non-2xx response carries, and the exception that produces it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class ErrorBody(BaseModel):
    """``{success: false, error, details?, code?}`` (spec: Errors)."""

    success: bool = False
    error: str
    details: Any = None
    code: str | None = None


class ApiError(Exception):
    """Raised anywhere below the API; the API turns it into the spec's error body.

    ``bare`` bodies carry only ``error`` (the spec's 402 and 429 bodies for scrape).
    """

    def __init__(
        self,
        status: int,
        error: str,
        *,
        code: str | None = None,
        details: Any = None,
        headers: dict[str, str] | None = None,
        bare: bool = False,
    ) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.code = code
        self.details = details
        self.headers = headers or {}
        self.bare = bare

    def body(self) -> dict[str, Any]:
        if self.bare:
            return {"error": self.error}
        out: dict[str, Any] = {"success": False, "error": self.error}
        if self.code is not None:
            out["code"] = self.code
        if self.details is not None:
            out["details"] = self.details
        return out


# Common errors, worded as the spec's table.
def bad_request(details: Any, error: str = "Bad Request") -> ApiError:
    return ApiError(400, error, details=details)


def unauthorized() -> ApiError:
    return ApiError(401, "Unauthorized: Invalid token")


def forbidden(error: str = "Forbidden", code: str | None = None) -> ApiError:
    return ApiError(403, error, code=code)


def not_found(error: str = "Not Found", code: str | None = None) -> ApiError:
    return ApiError(404, error, code=code)


def request_timeout(details: Any = None) -> ApiError:
    return ApiError(408, "Request Timeout", code="SCRAPE_TIMEOUT", details=details)


def unsupported(capability: str, needs: str) -> ApiError:
    """A valid request for something this build cannot do yet: said plainly, never ignored."""
    return ApiError(
        501,
        f"Not Implemented: {capability} needs {needs}, which this webdata build does not have yet",
        code="FEATURE_NOT_AVAILABLE",
        details={"capability": capability, "needs": needs},
    )

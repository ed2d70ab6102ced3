"""``GET /v2/artifacts/{path}``: a screenshot or PDF through its signed, expiring link.

The signature is the credential (like a presigned S3 URL), so no API key is asked for: the
links go to people and tools that have none. Only the local backend's links come here; with
the S3 backend they are presigned URLs of the bucket.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from webdata.contract import ApiError, ErrorBody
from webdata.store.artifacts import ArtifactStore, LinkExpired, LinkInvalid

router = APIRouter(tags=["artifacts"])


@router.get(
    "/v2/artifacts/{path:path}",
    summary="Download an artifact by its signed link",
    response_class=FileResponse,
    responses={
        200: {"content": {"image/png": {}, "image/jpeg": {}, "application/pdf": {}}},
        403: {"model": ErrorBody, "description": "Invalid or tampered link"},
        410: {"model": ErrorBody, "description": "The link has expired"},
    },
)
async def artifact(request: Request, path: str) -> FileResponse:
    store = request.app.state.services.artifacts
    try:
        if not isinstance(store, ArtifactStore):
            # Another backend (a bucket) serves its own links; this route has no files.
            raise LinkInvalid(path)
        found = store.open(path, request.query_params.get("exp"), request.query_params.get("sig"))
    except LinkInvalid:
        raise ApiError(
            403, "Forbidden: invalid artifact link", code="ARTIFACT_SIGNATURE_INVALID"
        ) from None
    except LinkExpired:
        raise ApiError(
            410, "Gone: the artifact link has expired", code="ARTIFACT_LINK_EXPIRED"
        ) from None
    return FileResponse(
        found.path, media_type=found.media_type, headers={"Cache-Control": "private, max-age=300"}
    )

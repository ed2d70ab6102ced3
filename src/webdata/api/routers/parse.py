"""``POST /v2/parse`` (a file uploaded as multipart, with the scrape options as JSON) and
``GET /v2/parse/formats``, in the shapes firecrawl-py's ``parse`` sends and reads."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.datastructures import UploadFile

from webdata.api.auth import require
from webdata.api.errors import validation_error
from webdata.contract.errors import ApiError, bad_request
from webdata.contract.parse_request import ParseRequest
from webdata.limits.gate import Gate
from webdata.scrape.parse_formats import PARSE_FORMATS
from webdata.scrape.run import run_parse
from webdata.scrape.upload import fetched_from_upload
from webdata.store.keys import AuthContext

router = APIRouter(tags=["parse"])


def _payload_too_large(limit: int) -> ApiError:
    return ApiError(413, f"Payload Too Large: the file is above {limit} bytes")


@router.post("/v2/parse", summary="Parse an uploaded file")
async def parse(request: Request, auth: AuthContext = Depends(require("parse"))) -> Any:
    limit: int = request.app.state.settings.max_body_bytes
    try:
        form = await request.form(max_files=1, max_fields=20, max_part_size=1024 * 1024)
    except Exception as exc:  # the multipart parser's errors carry no status of their own
        raise bad_request(
            [{"path": ["file"], "message": f"the body is not a valid multipart upload: {exc}"}]
        ) from None
    upload = form.get("file")
    if not isinstance(upload, UploadFile):
        raise bad_request([{"path": ["file"], "message": "a file part named 'file' is required"}])
    options = form.get("options")
    raw = options if isinstance(options, str) and options.strip() else "{}"
    try:
        req = ParseRequest.model_validate_json(raw, by_alias=True, by_name=False)
    except ValidationError as exc:
        raise validation_error(list(exc.errors())) from None
    data = await upload.read(limit + 1)
    if len(data) > limit:
        raise _payload_too_large(limit)
    fetched = fetched_from_upload(data, upload.filename or "upload", upload.content_type)
    gate: Gate = request.app.state.gate
    async with gate.admit(auth, upfront=1, timeout_s=req.timeout / 1000) as ticket:
        doc = await run_parse(req, fetched, request.app.state.services, team_id=auth.team_id)
        ticket.cost = doc.metadata.credits_used or 0
    return JSONResponse({"success": True, "data": doc.to_wire()})


@router.get("/v2/parse/formats", summary="The file formats parse accepts")
async def parse_formats(_: AuthContext = Depends(require("parse"))) -> Any:
    return JSONResponse({"success": True, "data": {"formats": [f.wire() for f in PARSE_FORMATS]}})

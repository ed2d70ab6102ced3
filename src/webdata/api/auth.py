"""``Authorization: Bearer <key>``: 401 for a missing, malformed, unknown or revoked key, 403
for a key without the endpoint's scope."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import Request

from webdata.contract.errors import forbidden, unauthorized
from webdata.store.keys import AuthContext, KeyStore


def require(scope: str) -> Callable[[Request], Awaitable[AuthContext]]:
    async def dependency(request: Request) -> AuthContext:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token or " " in token:
            raise unauthorized()
        keys: KeyStore = request.app.state.keys
        auth = await keys.authenticate(token)
        if auth is None:
            raise unauthorized()
        if not auth.allows(scope):
            raise forbidden()
        return auth

    return dependency

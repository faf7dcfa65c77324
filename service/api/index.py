"""`GET /`: where to start, for someone who opens the service's address.

Answers the links a newcomer needs (the browsable docs, also by Swagger UI's own
name, the replay viewer, the table in the browser, the contract) and one line per
operation, read from the served contract itself, so the list never lags behind it.
"""

from __future__ import annotations

from typing import Any

from litestar import Litestar, Request, get

from service import version
from service.api.openapi import served_schema
from service.api.play import PLAY_PATH
from service.api.schemas import Index, Operation
from service.api.viewer import VIEWER_PATH

DOCS_PATH = "/schema"
#: One of the two paths of `service.api.docs.render_plugins`' Swagger UI page.
SWAGGER_PATH = f"{DOCS_PATH}/swagger"
CONTRACT_PATH = f"{DOCS_PATH}/openapi.json"
_METHODS = ("get", "post", "put", "patch", "delete")


def operations(app: Litestar) -> tuple[Operation, ...]:
    """Every documented operation, in the contract's path order."""
    found = []
    paths: dict[str, Any] = served_schema(app).get("paths", {})
    for path, item in sorted(paths.items()):
        for method in _METHODS:
            operation = item.get(method)
            if isinstance(operation, dict):
                found.append(
                    Operation(
                        operation_id=str(operation.get("operationId", "")),
                        method=method.upper(),
                        path=path,
                        summary=str(operation.get("summary", "")),
                    )
                )
    return tuple(found)


@get(
    "/",
    operation_id="getIndex",
    summary="Where to start: the docs, the viewer, the table, the contract and every operation.",
)
async def index(request: Request[Any, Any, Any]) -> Index:
    cached = getattr(request.app.state, "index", None)
    if not isinstance(cached, Index):
        cached = Index(
            service="Penang Rummy rules service",
            version=version(),
            docs=DOCS_PATH,
            swagger=SWAGGER_PATH,
            viewer=VIEWER_PATH,
            play=PLAY_PATH,
            openapi=CONTRACT_PATH,
            operations=operations(request.app),
        )
        request.app.state.index = cached
    return cached

"""`GET /`: where to start, for someone who opens the service's address.

Answers the links a newcomer needs (the browsable docs, also by Swagger UI's own
name, the replay viewer, the table in the browser, the contract) and one line per
operation, read from the served contract itself, so the list never lags behind it.
A browser, which asks for HTML first, is answered the same as a page (`index_page`);
every other client, the JSON it asked for (content negotiation, `Vary: Accept`).
"""

from __future__ import annotations

from html import escape
from typing import Any, cast

from litestar import Litestar, MediaType, Request, Response, get

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
async def index(request: Request[Any, Any, Any]) -> Response[Index]:
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
    vary = {"Vary": "Accept"}
    if request.accept.best_match([MediaType.JSON, MediaType.HTML]) == MediaType.HTML:
        page = Response(index_page(cached), media_type=MediaType.HTML, headers=vary)
        return cast("Response[Index]", page)  # the same answer, as a page for a person
    return Response(cached, headers=vary)


def index_page(found: Index) -> str:
    """The index as a page: where to start, then every operation."""
    links = (
        (found.play, "Play at a table in the browser"),
        (found.viewer, "The replay viewer"),
        (found.docs, "The API documentation"),
        (found.openapi, "The contract (OpenAPI)"),
    )
    items = "".join(
        f'<li><a href="{escape(href)}">{escape(words)}</a></li>' for href, words in links
    )
    rows = "".join(
        f"<tr><td><code>{escape(op.method)} {escape(op.path)}</code></td>"
        f"<td>{escape(op.operation_id)}</td><td>{escape(op.summary)}</td></tr>"
        for op in found.operations
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(found.service)}</title>"
        '<link rel="icon" href="data:,"><link rel="stylesheet" href="/viewer/viewer.css">'
        f"</head><body><header><h1>{escape(found.service)}</h1></header><main>"
        f"<p>Version {escape(found.version)}. Where to start:</p><ul>{items}</ul>"
        '<h2 id="ops">Every operation</h2><div class="scroll" tabindex="0" role="region" '
        'aria-labelledby="ops"><table><thead><tr><th scope="col">Request</th>'
        '<th scope="col">Operation</th><th scope="col">What it does</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div></main></body></html>"
    )

"""The browsable API docs under /schema, served whole by the service: they work offline.

Litestar's render plugins load their scripts, styles and favicon from CDNs by default
(Redoc even from an unpinned `latest`), so `/schema` is blank without internet. Here
the docs page is Swagger UI, whose files come from the `swagger-ui-py` package, pinned
to one exact version in pyproject.toml (it ships Swagger UI 5, which reads OpenAPI
3.1), and are served by a static route of the app, `/schema/assets/swagger-ui/`.

Only pages whose every asset ships in a Python package are served: `/schema` and
`/schema/swagger` (Swagger UI), `/schema/openapi.json` and `/schema/openapi.yaml`.
Redoc, Stoplight Elements, RapiDoc and Scalar are not served: on PyPI only packages
for other web frameworks ship their bundles (Redoc's in Django's and FastAPI's), and
a second web framework is too heavy a runtime dependency for a page. The asset route
stays out of the contract (`include_in_schema=False`): it is how the page loads, not
an operation of the API.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from litestar.openapi.plugins import (
    JsonRenderPlugin,
    OpenAPIRenderPlugin,
    SwaggerRenderPlugin,
    YamlRenderPlugin,
)
from litestar.router import Router
from litestar.static_files import create_static_files_router

#: Where the app serves Swagger UI's files (absolute: the page is served at two depths).
SWAGGER_ASSETS: Final = "/schema/assets/swagger-ui"
#: The files the page loads, by their name in the package's static folder.
SWAGGER_FILES: Final = (
    "swagger-ui-bundle.js",
    "swagger-ui-standalone-preset.js",
    "swagger-ui.css",
    "favicon-32x32.png",
)


def swagger_ui_directory() -> Path:
    """Swagger UI's static folder in the installed `swagger-ui-py` package.

    Found without importing the package: its `__init__` loads Jinja and handlers for
    other frameworks, none of which the service needs.
    """
    spec = importlib.util.find_spec("swagger_ui")
    if spec is None or spec.origin is None:
        raise RuntimeError("the swagger-ui-py package is not installed (see pyproject.toml)")
    directory = Path(spec.origin).parent / "static"
    missing = [name for name in SWAGGER_FILES if not (directory / name).is_file()]
    if missing:
        raise RuntimeError(f"swagger-ui-py lacks {', '.join(missing)} in {directory}")
    return directory


def render_plugins() -> Sequence[OpenAPIRenderPlugin]:
    """The /schema pages: Swagger UI at the root and at /swagger, and the raw contract."""
    swagger = SwaggerRenderPlugin(
        path=["/", "/swagger"],
        js_url=f"{SWAGGER_ASSETS}/swagger-ui-bundle.js",
        css_url=f"{SWAGGER_ASSETS}/swagger-ui.css",
        standalone_preset_js_url=f"{SWAGGER_ASSETS}/swagger-ui-standalone-preset.js",
        favicon=f"<link rel='icon' type='image/png' href='{SWAGGER_ASSETS}/favicon-32x32.png'>",
    )
    return (swagger, JsonRenderPlugin(), YamlRenderPlugin())


def assets_router() -> Router:
    """The static route for Swagger UI's files."""
    return create_static_files_router(
        path=SWAGGER_ASSETS,
        directories=[swagger_ui_directory()],
        name="swagger-ui-assets",
        include_in_schema=False,
    )

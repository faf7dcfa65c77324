"""Errors become HTTP here, once: one table from exception type to status and problem.

Handlers only raise. `problem_handler` is registered on the app for every type in
`PROBLEMS` (the table, `service.api.problem_table`) and answers with an RFC 9457
`application/problem+json` body carrying a stable `code` (the domain error's own code
where there is one), the rule id of a rule violation, the offending action's index (or,
for an imported record, the index of its first bad or altered event), and a `detail`
that speaks only of what the caller may know (the domain's messages name only the
acting seat's cards).
"""

from __future__ import annotations

import logging
from typing import Any

from litestar import Request, Response
from litestar.exceptions import (
    HTTPException,
    ValidationException,
)
from litestar.types import ExceptionHandlersMap

from domain.errors import (
    InvalidRules,
    RuleViolation,
    RummyError,
    UnreadableAction,
)
from service.api.problem_table import PROBLEMS, TYPE_PREFIX, row_for
from service.api.schemas import FieldError, Problem
from service.errors import (
    InvalidRecord,
    InvalidRequest,
    MalformedAction,
    RateLimited,
    ServiceError,
    StaleVersion,
    TooManyStreams,
    UnknownBot,
    VersionConflict,
    VersionNotFound,
)
from service.metrics import Metrics

PROBLEM_MEDIA_TYPE = "application/problem+json"
_log = logging.getLogger("service.api.problems")

#: Headers a refusal carries besides the problem.
_AUTH_HEADERS = {"WWW-Authenticate": 'Bearer realm="penang-rummy"'}


def to_problem(exc: Exception) -> tuple[Problem, dict[str, str]]:
    """The problem body and headers answering `exc`."""
    row = row_for(exc)
    status, headers = row.status, {}
    extra: dict[str, Any] = {}
    if isinstance(exc, HTTPException) and row.slug == "http-error":
        status = row.status if exc.status_code == 400 else exc.status_code
    if isinstance(exc, HTTPException) and exc.headers:
        headers.update(exc.headers)
    if status == 401:
        headers.update(_AUTH_HEADERS)
    if status == 503:
        headers["Retry-After"] = "1"
    if isinstance(exc, TooManyStreams | RateLimited):
        headers["Retry-After"] = str(exc.retry_after)
    if isinstance(exc, RateLimited):
        headers.update(exc.fields)
    code, detail = row.slug, "the request could not be served"
    if isinstance(exc, RummyError | ServiceError):
        code, detail = exc.code, exc.message
        extra["rule"] = exc.rule
    if isinstance(exc, RuleViolation | MalformedAction | UnreadableAction):
        extra["action_index"] = exc.action_index
    if isinstance(exc, InvalidRules | InvalidRequest):
        extra["field"] = exc.field
    if isinstance(exc, UnknownBot):
        extra["bots"] = exc.bots
    if isinstance(exc, StaleVersion | VersionConflict):
        extra["version"] = exc.version
        headers["ETag"] = f'"{exc.version}"'
    if isinstance(exc, VersionNotFound):
        extra["version"] = exc.version
    if isinstance(exc, InvalidRecord):
        extra["rule"], extra["event_index"] = exc.rule, exc.event_index
    if isinstance(exc, ValidationException):
        detail, extra = _validation(exc)
    elif isinstance(exc, HTTPException) and status < 500:
        detail = exc.detail
    problem = Problem(
        type=TYPE_PREFIX + row.slug,
        title=row.title,
        status=status,
        detail=detail,
        code=code,
        **{key: value for key, value in extra.items() if value is not None},
    )
    return problem, headers


def _validation(exc: ValidationException) -> tuple[str, dict[str, Any]]:
    """Litestar's validation errors as a detail naming the fields, and `errors`."""
    items = exc.extra if isinstance(exc.extra, list) else []
    errors = tuple(
        FieldError(field=_field(item), message=str(item.get("message", "invalid")))
        for item in items
        if isinstance(item, dict)
    )
    if not errors:
        return exc.detail, {}
    detail = "; ".join(f"{error.field}: {error.message}" for error in errors)
    return detail, {"field": errors[0].field, "errors": errors}


def _field(item: dict[str, Any]) -> str:
    key = str(item.get("key", "body"))
    return "body" if key == "data" else key


def problem_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Problem]:
    """The one exception handler: the table's answer for `exc`, counted in the app's figures
    (a refusal by its code and rule) or logged (an error of the service's own)."""
    problem, headers = to_problem(exc)
    if problem.status == 503:
        # The store is down: one line each time, not a traceback per probe.
        _log.warning("%s on %s %s: %s", problem.code, request.method, request.url.path, exc)
    elif problem.status >= 500:
        _log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    else:
        metrics = request.app.state.get("metrics")
        if isinstance(metrics, Metrics):
            metrics.refused(problem.status, problem.code, problem.rule)
    return Response(
        problem, status_code=problem.status, headers=headers, media_type=PROBLEM_MEDIA_TYPE
    )


def exception_handlers() -> ExceptionHandlersMap:
    """The handlers to register on the app: one per table row, all the same function."""
    return dict.fromkeys(PROBLEMS, problem_handler)

"""No bearer token in a URL: refused on every operation, and kept out of the logs.

A URL is written down everywhere a request passes (access logs, proxies, a browser's
history, a `Referer`), so a seat's token in one is as good as published. The service
takes tokens in `Authorization` only, and stream tickets (single use, a minute long)
where a client cannot send that header. A request with `?token=` or `?access_token=`
(the query form of RFC 6750 §2.3, which it never supported), or a player's key as
`?key=` or `?api_key=`, is refused, 422
`token-in-url` naming the parameter, before its operation runs (`refuse`, called by
`service.api.inputs.check_inputs`).

The request's line is still logged by the server: `RedactSecrets` is a logging filter
that replaces those parameters' values (and a `ticket`'s) with `REDACTED` in uvicorn's
access lines (`redacted` does it to any path).
"""

from __future__ import annotations

import logging
import re
from typing import Any, Final

from litestar import Request

from service.errors import TokenInUrl

#: Query parameters that would carry a bearer token (a seat's token, a player's key): refused.
TOKEN_PARAMETERS: Final = ("token", "access_token", "key", "api_key")
#: Query parameters whose values are never written to a log.
SECRET_PARAMETERS: Final = (*TOKEN_PARAMETERS, "ticket")
REDACTED: Final = "REDACTED"
_SECRET = re.compile(
    r"(?P<key>(?:^|[?&;])(?:" + "|".join(SECRET_PARAMETERS) + r")=)(?P<value>[^&;#\s]*)",
    re.IGNORECASE,
)


def refuse(request: Request[Any, Any, Any]) -> None:
    """Refuse a request carrying a token in its query string (module doc)."""
    for name in request.query_params:
        if name.lower() in TOKEN_PARAMETERS:
            raise TokenInUrl(
                f"`{name}` in the URL: a bearer token is never taken there (logs and "
                "histories keep URLs); send it as `Authorization: Bearer …`, or, for a "
                "stream opened by a browser, ask for a stream ticket",
                name,
            )


def redacted(target: str) -> str:
    """`target` (a path with its query) with every secret parameter's value replaced."""
    if "?" not in target:
        return target
    path, _, query = target.partition("?")
    return path + "?" + _SECRET.sub(lambda found: found["key"] + REDACTED, query)


class RedactSecrets(logging.Filter):
    """Redacts the request target of uvicorn's access lines (`redacted`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(redacted(arg) if isinstance(arg, str) else arg for arg in args)
        return True

"""The Penang Rummy rules service: HTTP API, event store wiring, auth and CLI.

`service.app.create_app` builds the app; `service.games` holds the use cases; the
rules themselves are all in `domain`.
"""

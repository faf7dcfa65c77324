"""The Penang Rummy rules service, around the rules engine in `domain`.

- `service.app.create_app`: the composition root (the CLI and tests call it);
- `service.api`: the HTTP API (routes, parameters, problems, the OpenAPI contract);
- `service.usecases`: what the API does (games, records, tokens), free of HTTP;
- `service.store`: the eventsourcing event store, free of HTTP;
- `service.cli`: the `penang-rummy` command;
- `service.signing` and `service.keyfiles`: signing records, checking their signatures,
  the key files (used by the API and the offline `verify` alike);
- `service.settings` and `service.errors`: shared by all of them.
"""

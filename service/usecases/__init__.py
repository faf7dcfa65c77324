"""The use cases: each is load, one domain call, append, the caller's view.

`games` (deal, read, play), `records` (export and import of game records), `auth`
(seat tokens), and `messages`, the structs they take and give.
"""

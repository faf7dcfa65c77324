"""Players who come back (U1-U9): handles, keys and their scopes, each player a stream.

`handles` checks and normalises a handle (U1-U5, R64), `events` holds a player's events,
`state` folds them and decides a player's commands (U6-U8). Nothing here knows of HTTP,
storage, clocks or randomness: a key's hash, its id and the time enter as inputs.
"""

"""Ratings per game (R70-R74): a finished game's result, the model that rates it, and
the fold of many results into a table and its history.

`results` reads a finished game's result from its deal and its end (which tables are
rated, R70; the places, R71; an abandoned game, R73), `model` rates one result
(openskill's Weng-Lin Plackett-Luce, shown as its ordinal, R72; provisional, R74), and
`table` applies results in order. Nothing here knows of storage, HTTP or clocks: the
order of the results is the caller's (the store's log of finished games).
"""

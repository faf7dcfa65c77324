"""Matches: several games at one table, with the dealer rules between them (P6–P8, R5).

A match is its own stream of events, beside the streams of its games, each of which
stays an ordinary game. `events` (the match's facts), `options` (how it is scored and
how it ends), `state` (the fold), `commands` (open, claim and leave seats, start,
score a game, close), `views` (what anyone may see of it: everything in a match is
public; the games keep their own secrecy), `codec` (stored form) and `audit` (checking
a match record offline, dealer choices included).
"""

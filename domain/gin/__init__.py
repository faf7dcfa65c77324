"""Gin Rummy: two players, ten cards each, knock or gin (seeds/RULES.md G1–G17)."""

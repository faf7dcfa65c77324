"""Unit tests of Gin Rummy's rules (domain/gin/), and its differential against OpenSpiel."""

"""The play page speaks English, Bahasa Melayu and Simplified Chinese (issue 31): every
key the page uses is in every language's catalogue, and no catalogue has a key the
others lack, so a string added in one language only fails here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

PLAY = Path(__file__).resolve().parents[2] / "service" / "static" / "play"
CATALOGUES: dict[str, dict[str, str]] = json.loads((PLAY / "messages.json").read_text("utf-8"))
LANGUAGES = ("en", "ms", "zh-Hans")


def used_keys() -> set[str]:
    """The keys the page's HTML marks and its modules look up with `t("key")`."""
    html = (PLAY / "index.html").read_text("utf-8")
    keys = set(re.findall(r'data-i18n(?:-label)?="([\w.]+)"', html))
    for module in PLAY.glob("*.js"):
        source = module.read_text("utf-8")
        keys |= set(re.findall(r'\bt\(\s*"([\w.]+)"', source))
        # A key chosen between two: t(flag ? "a.b" : "c.d").
        for call in re.findall(r"\bt\(([^()]*\?[^()]*)\)", source):
            keys |= set(re.findall(r'"([a-z_]+\.[\w.]+)"', call))
    return keys


def test_the_page_offers_the_three_languages() -> None:
    assert tuple(CATALOGUES) == LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_page_uses_is_in_each_language(language: str) -> None:
    used = used_keys()
    assert len(used) > 40  # the reading above found the page's keys
    missing = sorted(used - set(CATALOGUES[language]))
    assert missing == [], f"{language} lacks {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalogue_has_the_same_keys_and_the_same_placeholders(language: str) -> None:
    english = CATALOGUES["en"]
    assert sorted(CATALOGUES[language]) == sorted(english)
    for key, words in CATALOGUES[language].items():
        assert words.strip(), f"{language} {key} is empty"
        assert set(re.findall(r"\{\w+\}", words)) == set(re.findall(r"\{\w+\}", english[key])), key

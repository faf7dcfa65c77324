"""The README sends a newcomer to `GET /`, and says what it links to: every link it gives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .support import Api

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _links(value: Any) -> Iterator[str]:
    if isinstance(value, str) and value.startswith("/"):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _links(item)


def test_the_quick_start_names_every_link_of_the_index(api: Api) -> None:
    index = api.client.get("/").json()
    start = README.index("Open the service's address")
    sentence = README[start : README.index("\n\n", start)]
    links = sorted(_links({key: value for key, value in index.items() if key != "operations"}))
    assert links, index
    missing = [link for link in links if f"`{link}`" not in sentence]
    assert not missing, f"the README's sentence on GET / leaves out {missing}"
    assert "every operation" in sentence and index["operations"]

"""Every curl walk-through of README.md and docs/ answers what the page shows.

Each page's walk-throughs run, as they are written, in bash with curl and jq against
a `penang-rummy serve` process (tests/api/docs_replay.py): every answer a page shows
after a command (`# {...}`) must be the line the service's answer prints, so the pages
cannot drift from the service. A block that cannot be replayed says why in the page.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from .docs_replay import DOCUMENTS, ROOT, Block, matches, replay, walkthroughs
from .support import serve

#: The pages whose walk-throughs are replayed: a parse that found none would test nothing.
PAGES = [path for path in DOCUMENTS if any(b.skipped is None for b in walkthroughs(path))]
#: The pages with walk-throughs that only the slow run replays (they take minutes).
SLOW_PAGES = [path for path in PAGES if any(b.slow for b in walkthroughs(path))]
#: Seconds one page's walk-throughs may take: generous for a busy machine (the long loops,
#: in the slow run, took 19 minutes on one).
TIMEOUT = 3600


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    missing = [tool for tool in ("bash", "curl", "jq") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"the walk-throughs need {', '.join(missing)}, which this machine lacks")
    # Commits are not synced one by one: a match played command by command is many writes.
    # docs/clients.md's players show a site's operator key (U9), which has no default.
    operator = {"PENANG_RUMMY_OPERATOR_KEY": "site-operator-key-1"}
    workdir = tmp_path_factory.mktemp("docs-server")
    with serve(workdir, "--sqlite-synchronous", "normal", settings=operator) as url:
        yield url


def test_the_walkthroughs_found_are_the_pages_that_have_them() -> None:
    names = {str(path.relative_to(ROOT)) for path in PAGES}
    # The README's tour plays a Penang game, docs/clients.md every other game and the
    # matches, docs/auditors.md a record.
    assert {"README.md", "docs/clients.md", "docs/auditors.md"} <= names, names


def test_every_curl_command_of_a_page_stands_in_an_sh_block() -> None:
    for path in DOCUMENTS:
        for language, code in re.findall(r"^```(\w*)\n(.*?)^```$", _text(path), re.M | re.S):
            has_curl = re.search(r"^curl |\$\(curl ", code, re.MULTILINE)
            assert language == "sh" or not has_curl, f"{path.name}: curl outside an sh block"


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_long_loops_are_left_to_the_slow_run() -> None:
    # The Gin match and the Hollywood match, played command by command, take minutes on a
    # quiet machine and a quarter of an hour on a busy one: only the slow run replays them.
    slow = {block.where: block.slow for page in PAGES for block in walkthroughs(page)}
    long_loops = [
        where
        for page in PAGES
        for block in walkthroughs(page)
        if block.skipped is None and (where := block.where) and _plays_a_match(block.code)
    ]
    assert long_loops, "no walk-through plays a match command by command"
    assert all(slow[where] for where in long_loops), long_loops


def _plays_a_match(code: str) -> bool:
    """A loop that plays until a match is over (`until … status) = over`)."""
    return bool(re.search(r'^until .*\$M .*status\)" = over', code, re.MULTILINE))


@pytest.mark.parametrize("page", PAGES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_answer_a_page_shows_is_the_services(page: Path, served: str, tmp_path: Path) -> None:
    blocks = [b for b in walkthroughs(page) if b.skipped is None and b.slow is None]
    _replayed_as_shown(blocks, served, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("page", SLOW_PAGES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_answer_a_page_shows_with_its_long_loops_is_the_services(
    page: Path, served: str, tmp_path: Path
) -> None:
    _replayed_as_shown([b for b in walkthroughs(page) if b.skipped is None], served, tmp_path)


def _replayed_as_shown(blocks: list[Block], served: str, tmp_path: Path) -> None:
    assert any(block.shown for block in blocks), "the page shows no answer"
    wrong = [
        _difference(run.block, run.printed, run.errors)
        for run in replay(blocks, served, tmp_path, TIMEOUT)
        if not matches(run.block.shown, run.printed)
    ]
    assert not wrong, "\n\n".join(wrong)


def _difference(block: Block, printed: list[str], errors: str) -> str:
    shown = "\n".join(f"  # {line}" for line in block.shown)
    got = "\n".join(f"  # {line}" for line in printed)
    return f"{block.where} shows:\n{shown}\nbut printed:\n{got}\nand on standard error:\n{errors}"

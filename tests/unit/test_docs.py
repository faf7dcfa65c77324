"""The README and docs/ tell a newcomer what the code does: quick start, settings, loops, lock.

The README is a front page (what the service is, the quick start, the repository's map and
a page per audience); everything else stands once, on its audience's page under docs/.
"""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path

from spec.conformance import rule_ids

from domain.games import GAMES, contract_name
from service.api.problem_table import PROBLEMS
from service.settings import SETTINGS, markdown_table

ROOT = Path(__file__).resolve().parents[2]


def _section(page: str, title: str) -> str:
    text = (ROOT / page).read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def _introduction() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text[: text.index("\n## Quick start\n")]


def test_the_introduction_says_the_service_plays_every_game_of_the_engine() -> None:
    introduction = _introduction()
    for spec in GAMES.values():
        assert f"**{spec.title}**" in introduction, spec.title
        assert f'"game": "{spec.name}"' in introduction or f'"{spec.name}"' in introduction


def test_the_layout_names_every_event_type_of_every_game() -> None:
    named = set(re.findall(r"`(\w+)`", _section("docs/development.md", "The layout")))
    for spec in GAMES.values():
        missing = sorted(set(spec.codec.types) - named)
        assert not missing, f"{spec.title}: {missing}"


#: Who the documentation is for: the README links one page for each (its table's "for").
AUDIENCES = ("players", "client developers", "auditors", "operators", "contributors")


def test_the_readme_is_a_front_page_with_a_page_for_each_audience() -> None:
    readme = _text("README.md")
    titles = re.findall(r"^## (.+)$", readme, re.MULTILINE)
    tour = "A five-minute tour: a whole short game with curl"
    assert titles == ["Quick start", tour, "The repository", "Documentation"], titles
    # The quick start's two commands and the tour's walk-through; the rest of the
    # walk-throughs are on the audiences' pages. The docs' replay runs them all.
    quick = re.findall(r"^```", _section("README.md", "Quick start"), re.MULTILINE)
    assert len(quick) == 2, "the quick start is one block: its two commands"
    table = _section("README.md", "Documentation")
    rows = re.findall(r"^\| \[docs/[\w-]+\.md\]\([^)]+\) \| ([^|]+) \|", table, re.MULTILINE)
    for audience in AUDIENCES:
        assert any(audience in row for row in rows), f"no page for {audience}: {rows}"


def test_no_paragraph_stands_on_two_pages() -> None:
    # Every fact lands in one place: a paragraph written again drifts from the first.
    where: dict[str, list[str]] = {}
    for page in _pages():
        prose = re.sub(r"^```.*?^```$", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
        for paragraph in re.split(r"\n\s*\n", prose):
            words = " ".join(paragraph.split())
            if len(words) >= 120:
                where.setdefault(words, []).append(str(page.relative_to(ROOT)))
    twice = {words[:80]: pages for words, pages in where.items() if len(pages) > 1}
    assert not twice, twice


def test_every_label_the_players_page_quotes_is_on_the_pages() -> None:
    # The players' page sends people to buttons and headings by their words ("Open a table").
    shipped = "\n".join(
        path.read_text(encoding="utf-8")
        for path in sorted((ROOT / "service" / "static").rglob("*"))
        if path.suffix in {".html", ".js"}
    )
    titles = {spec.title[:1].upper() + spec.title[1:] for spec in GAMES.values()}
    labels = [" ".join(q.split()) for q in re.findall(r'"([A-Z][^"]+)"', _text("docs/players.md"))]
    assert labels, "the players' page quotes no label"
    for label in labels:
        quick = re.fullmatch(r"(.+) against a bot", label)
        if quick is not None:  # one button per game: `${g.title} against a bot`
            assert quick[1] in titles and "${g.title} against a bot" in shipped, label
        else:
            assert label in shipped, label


def test_the_quick_start_is_two_commands_for_a_bare_python3() -> None:
    block = re.findall(r"```sh\n(.*?)```", _section("README.md", "Quick start"), re.DOTALL)[0]
    commands = [line.split("#")[0].strip() for line in block.splitlines()]
    assert commands == ["python3 -m service serve", "python3 tests/run.py"]


def test_the_quick_start_says_how_to_run_the_command_from_anywhere() -> None:
    quick_start = _section("README.md", "Quick start")
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (command,) = scripts["scripts"]
    for phrase in (f"`.venv/bin/{command}`", "`. .venv/bin/activate`", "No module named service"):
        assert phrase in quick_start, phrase


def test_the_quick_start_picks_a_port_with_the_flag_serve_takes() -> None:
    quick_start = _section("README.md", "Quick start")
    (flag,) = set(re.findall(r"`python3 -m service serve (--[a-z-]+) 8001`", quick_start))
    port = next(row for row in SETTINGS if row.variable == "PENANG_RUMMY_PORT")
    assert flag == port.option
    assert "H=http://127.0.0.1:8001" in quick_start


def test_the_configuration_table_is_the_settings_table() -> None:
    assert markdown_table() in _section("docs/operators.md", "Configuration"), (
        "docs/operators.md's configuration table differs from service/settings.py SETTINGS: "
        "paste service.settings.markdown_table()"
    )


def test_the_fast_loop_and_skipping_the_benchmarks_are_documented() -> None:
    development = _section("docs/development.md", "The fast loop")
    for phrase in (
        "SKIP_BENCH=1 python3 tests/run.py",
        ".venv/bin/python -m pytest tests/unit -q",
        "-k passport",
        "-m P29",
    ):
        assert phrase in development, phrase
    assert "`met` or `not met`" in _section("docs/benchmarks.md", "Benchmarks")


def test_the_busy_run_and_the_slow_run_are_documented() -> None:
    suite = _section("docs/development.md", "The whole suite")
    for phrase in ("python3 tests/run.py --busy", "python3 tests/run.py --slow", "-m slow"):
        assert phrase in suite, phrase


def test_the_lock_is_updated_as_its_own_header_says() -> None:
    header = (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()[1]
    command = header.lstrip("# ").strip()
    assert command.startswith("uv pip compile ") and "--generate-hashes" in command
    assert f".venv/bin/{command}\n" in _section("docs/development.md", "Dependencies")


def test_a_client_is_generated_outside_the_checkout_or_where_git_ignores_it() -> None:
    # A client generated into the checkout is linted by its ruff: the suite fails.
    text = (ROOT / "docs" / "clients.md").read_text(encoding="utf-8")
    outputs = re.findall(r"openapi-python-client generate .*--output-path (\S+)", text)
    outputs += re.findall(r"npx openapi-typescript \S+ -o (\S+?)`", text)
    assert len(outputs) == 2, outputs
    for output in outputs:
        variable = re.fullmatch(r"\$(\w+)/.+", output)
        if variable is not None:
            assert re.search(rf"^{variable[1]}=\$\(mktemp -d\)", text, re.MULTILINE), output
        else:
            ignored = subprocess.run(["git", "check-ignore", "-q", output], cwd=ROOT, check=False)
            assert ignored.returncode == 0, f"{output}: inside the checkout, and not ignored"


def test_the_conformance_page_names_every_family_of_rule_ids_and_counts_nothing() -> None:
    # The summary has a line per rule id of every family; a count written by hand goes stale.
    page = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    summary = page[page.index("**The summary.**") : page.index("**What may not run.**")]
    for family in sorted({rule[0] for rule in rule_ids()}):
        assert re.search(rf"\b{family}\b", summary), f"the summary leaves out the {family} ids"
    counted = re.findall(r"\b\d+ (?:of them|scenarios|@http)\b", page)
    assert not counted, counted


def test_the_operations_table_lists_every_operation_of_the_contract() -> None:
    contract = json.loads(_text("openapi/openapi.json"))
    operations = {
        operation["operationId"]
        for item in contract["paths"].values()
        for method, operation in item.items()
        if method in {"get", "post", "put", "patch", "delete"}
    }
    page = _text("docs/clients.md")
    table = page[page.index("\n| operation | request | what it does |") :]
    table = table[: table.index("\n\n")]
    listed = {
        name
        for cell in re.findall(r"^\| ([^|]+) \|", table, re.M)
        for name in re.findall(r"`(\w+)`", cell)
    }
    assert listed == operations, (sorted(operations - listed), sorted(listed - operations))


def test_the_create_game_row_names_every_game_and_its_view() -> None:
    row = re.search(r"^\| `createGame` \|.*$", _text("docs/clients.md"), re.M)
    assert row is not None
    for spec in GAMES.values():
        assert f"`{spec.name}`" in row[0], spec.name
        for view in spec.view_types:
            assert f"`{contract_name(view)}`" in row[0], (spec.name, contract_name(view))


def test_the_errors_list_gives_every_status_the_service_answers_with() -> None:
    page = (ROOT / "docs" / "clients.md").read_text(encoding="utf-8")
    errors = page[page.index("**Errors**") : page.index("**Secrecy.**")]
    listed = [int(status) for status in re.findall(r"^- (\d{3}): ", errors, re.MULTILINE)]
    assert sorted(listed) == sorted({row.status for row in PROBLEMS.values()})


def test_every_measured_figure_of_the_benchmarks_page_says_when_it_was_measured() -> None:
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    date = re.compile(r"\b20\d\d-\d\d-\d\d\b")
    timed = [m for m in re.finditer(r"^```.*?^```$", page, re.M | re.S) if _timing(m[0])]
    assert len(timed) >= 2, "the simulations' summaries are gone"
    for block in timed:
        assert date.search(_text_before(page, block.start())), f"no date before {block[0][:60]!r}"
    table = page.index("\n| benchmark | figure | goal |")
    assert date.search(_text_before(page, table)), "the figures' table has no date"


def _text_before(page: str, end: int) -> str:
    """The paragraph of text before `end`, past any fenced blocks and comments between."""
    text = re.sub(r"^```.*?^```$|<!--.*?-->", "", page[:end], flags=re.M | re.S)
    return text.rstrip().rsplit("\n\n", 1)[-1]


def _timing(text: str) -> bool:
    return re.search(r"\d s, \d+(\.\d+)? (games|matches)/s", text) is not None


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _text(page: str) -> str:
    return (ROOT / page).read_text(encoding="utf-8")


def test_adding_a_game_names_the_registry_and_the_test_that_keeps_the_core_neutral() -> None:
    # What a new game touches is named by its files and folders (that each exists is
    # test_docs_paths.py's check), and its registration is the registry's.
    section = _section("docs/development.md", "Adding a game")
    paths = re.findall(r"`([\w.<>-]+/[\w./<>-]*)`", section)
    assert "domain/games.py" in paths and "tests/unit/test_core_names_no_game.py" in paths

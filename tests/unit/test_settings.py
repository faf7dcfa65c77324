"""`service.settings.SETTINGS` is the one list of settings: every field, read and printed."""

from __future__ import annotations

import typing

import msgspec
import pytest

from service.settings import SETTINGS, Setting, Settings, SettingsError, environment_help


def test_every_field_of_settings_has_one_row() -> None:
    fields = [field.name for field in msgspec.structs.fields(Settings)]
    assert sorted(row.field for row in SETTINGS) == sorted(fields)
    assert len({row.variable for row in SETTINGS}) == len(SETTINGS)


@pytest.mark.parametrize("row", SETTINGS, ids=lambda row: row.variable)
def test_every_variable_is_read_and_printed(row: Setting) -> None:
    assert row.variable in environment_help()
    assert row.variable.removeprefix("PENANG_RUMMY_").lower() == row.field
    empty = Settings.from_env({row.variable: "  "})
    assert empty == Settings.from_env({}), "an empty variable is unset"


def test_the_environment_switches_the_rate_limits_on_and_code_leaves_them_off() -> None:
    # `serve` reads the environment: a public service is limited unless told otherwise;
    # an app built from `Settings()` (the tests) is not, unless a test asks.
    assert Settings.from_env({}).rate_limit
    assert not Settings().rate_limit
    assert not Settings.from_env({"PENANG_RUMMY_RATE_LIMIT": "off"}).rate_limit
    assert Settings.from_env({}) == Settings(rate_limit=True, bot_think_ms=1000)


def test_bots_think_a_second_for_serve_and_not_at_all_in_code() -> None:
    # R35: a person can follow a bot's turn at a table `serve` runs; the tests' bots
    # play at once.
    assert Settings.from_env({}).bot_think_ms == 1000
    assert Settings().bot_think_ms == 0
    assert Settings.from_env({"PENANG_RUMMY_BOT_THINK_MS": "0"}).bot_think_ms == 0


def test_values_are_parsed_by_the_field_type() -> None:
    settings = Settings.from_env(
        {
            "PENANG_RUMMY_PORT": " 9000 ",
            "PENANG_RUMMY_STORE": "Postgres",
            "PENANG_RUMMY_ALLOW_DECK": "Yes",
            "PENANG_RUMMY_POSTGRES_POOL_SIZE": "3",
        }
    )
    assert (settings.port, settings.store, settings.allow_deck) == (9000, "postgres", True)
    assert settings.postgres_pool_size == 3


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("PENANG_RUMMY_PORT", "0"),
        ("PENANG_RUMMY_POSTGRES_PORT", "65536"),
        ("PENANG_RUMMY_POSTGRES_POOL_SIZE", "-1"),
        ("PENANG_RUMMY_STORE", "sqlite3"),
    ],
)
def test_a_value_out_of_range_names_its_variable(variable: str, value: str) -> None:
    with pytest.raises(SettingsError, match=f"^{variable} must be .*, not '{value}'$"):
        Settings.from_env({variable: value})


def test_the_store_line_names_the_file_or_the_database() -> None:
    assert Settings(sqlite_path="/x/y.sqlite").describe_store() == (
        "SQLite file /x/y.sqlite (synchronous=full)"
    )
    postgres = Settings(store="postgres", postgres_db="games", postgres_port=6000)
    assert postgres.describe_store() == "PostgreSQL database games at 127.0.0.1:6000 as postgres"


def test_each_row_is_read_from_its_fields_annotation() -> None:
    # The struct is the one declaration: a row's meaning and bounds are its field's Meta.
    hints = typing.get_type_hints(Settings, include_extras=True)
    for row in SETTINGS:
        (meta,) = [
            arg for arg in typing.get_args(hints[row.field]) if isinstance(arg, msgspec.Meta)
        ]
        assert row.meaning == meta.description
        assert row.bounds == (None if meta.ge is None else (meta.ge, meta.le))


def test_every_integer_setting_is_bounded_and_msgspec_enforces_the_bounds() -> None:
    integers = [row for row in SETTINGS if isinstance(getattr(Settings(), row.field), int)]
    integers = [row for row in integers if not isinstance(getattr(Settings(), row.field), bool)]
    assert integers
    for row in integers:
        assert row.bounds is not None, row.field
        low, high = row.bounds
        with pytest.raises(msgspec.ValidationError):
            Settings().replace({row.field: high + 1})
        with pytest.raises(msgspec.ValidationError):
            Settings().replace({row.field: low - 1})


def test_address_lists_are_separated_by_commas_since_ipv6_holds_colons() -> None:
    settings = Settings.from_env(
        {
            "PENANG_RUMMY_TRUSTED_PROXIES": " 10.0.0.0/8, ::1 ,fd00::/8",
            "PENANG_RUMMY_METRICS_ALLOW": "192.0.2.7",
        }
    )
    assert settings.trusted_proxies == ("10.0.0.0/8", "::1", "fd00::/8")
    assert settings.metrics_allow == ("192.0.2.7",)
    assert Settings().trusted_proxies == (), "no proxy is trusted unless configured"
    assert Settings().metrics_allow == ("127.0.0.0/8", "::1")


@pytest.mark.parametrize("variable", ["PENANG_RUMMY_TRUSTED_PROXIES", "PENANG_RUMMY_METRICS_ALLOW"])
def test_an_address_that_is_not_one_names_its_variable_and_the_item(variable: str) -> None:
    with pytest.raises(SettingsError, match=f"^{variable}: 'proxy.local' is not accepted: not an"):
        Settings.from_env({variable: "10.0.0.1,proxy.local"})


def test_the_header_the_proxies_write_is_a_choice() -> None:
    chosen = Settings.from_env({"PENANG_RUMMY_FORWARDED_HEADER": "Forwarded"})
    assert chosen.forwarded_header == "forwarded"
    assert Settings().forwarded_header == "x-forwarded-for"
    with pytest.raises(SettingsError, match=r"^PENANG_RUMMY_FORWARDED_HEADER must be"):
        Settings.from_env({"PENANG_RUMMY_FORWARDED_HEADER": "x-real-ip"})


def test_the_log_choices_are_checked() -> None:
    settings = Settings.from_env(
        {"PENANG_RUMMY_LOG_FORMAT": "json", "PENANG_RUMMY_LOG_LEVEL": "WARNING"}
    )
    assert (settings.log_format, settings.log_level) == ("json", "warning")
    with pytest.raises(
        SettingsError, match=r"^PENANG_RUMMY_LOG_FORMAT must be auto or json or text"
    ):
        Settings.from_env({"PENANG_RUMMY_LOG_FORMAT": "yaml"})
    # On by default: one line per request, at level info.
    assert (Settings().access_log, Settings().log_level) == (True, "info")


def test_metrics_are_restricted_to_this_machine_unless_told_otherwise() -> None:
    assert Settings.from_env({"PENANG_RUMMY_METRICS": "Open"}).metrics == "open"
    with pytest.raises(
        SettingsError, match=r"^PENANG_RUMMY_METRICS must be off or open or restricted"
    ):
        Settings.from_env({"PENANG_RUMMY_METRICS": "public"})
    assert (Settings().metrics, Settings().metrics_token) == ("restricted", "")

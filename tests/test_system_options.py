"""Every built-in system names the options it reads (``PairingSystem.option_names``), which the
web page uses to refuse a typed key the system would ignore. A key read in a system's source
but not declared would be refused on the page although it works: this test reads the source."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import fairdraw.systems  # noqa: F401  (registers the built-in systems)
from fairdraw.core.player_rules import PLAYER_RULE_OPTIONS
from fairdraw.core.registry import all_systems

_READ = re.compile(r"""\b(?:opts|options)(?:\.get\(|\[)["']([a-z_]+)["']|whole_number_option\([\w.]+, ["']([a-z_]+)["']""")


def _sources(cls: type) -> list[Path]:
    """The system's module, or every module of its subpackage."""
    path = Path(inspect.getsourcefile(cls) or "")
    package = path.parent
    return sorted(package.glob("*.py")) if package.name != "systems" else [path]


def test_every_built_in_system_declares_the_options_its_source_reads() -> None:
    built_in = [cls for cls in all_systems() if cls.__module__.startswith("fairdraw.systems")]
    assert len(built_in) >= 8
    for cls in built_in:
        assert cls.option_names is not None, cls.name
        read = {a or b for path in _sources(cls) for a, b in _READ.findall(path.read_text(encoding="utf-8"))}
        undeclared = read - cls.option_names - PLAYER_RULE_OPTIONS
        assert not undeclared, (cls.name, sorted(undeclared))


def test_the_systems_listing_shows_the_options_a_person_may_type(cli) -> None:  # type: ignore[no-untyped-def]
    """``fairdraw systems`` lists each system's options, less those the program sets itself
    (a re-plan's ``previous``, the page's ``withdrawn``): what the web page's options box takes."""
    from fairdraw.core.registry import get_system, typed_options

    assert typed_options(type(get_system("meerkamp"))) == ["double", "group_size", "grouping"]
    assert typed_options(type(get_system("mahjong-league"))) == ["iterations", "prefer", "separate", "sessions"]
    result = cli("systems")
    assert result.code == 0
    assert "group_size" in result.out and "rematch_after" in result.out and "table_size" in result.out
    assert "previous" not in result.out and "keep_order" not in result.out and "withdrawn" not in result.out


@pytest.mark.parametrize(("system", "options", "named"), [
    ("meerkamp", {"group_size": "abc"}, "group_size: expected a whole number, got 'abc'"),
    ("mahjong", {"table_size": [4]}, "table_size: expected a whole number"),
    ("mahjong-league", {"iterations": 10**9}, "iterations: expected a whole number from 1 to"),
    ("mahjong-league", {"prefer": 4.5}, "prefer: expected a whole number"),
    ("club-swiss", {"analyse_limit": True}, "analyse_limit: expected a whole number"),
    ("heller", {"scheme": 10**6}, "scheme: expected a whole number from 1 to 50"),
    ("keizer", {"keizer": 40}, "keizer: expected the Keizer scoring's settings"),
])
def test_an_option_of_the_wrong_kind_is_refused_by_name(system: str, options: dict, named: str) -> None:
    """Typed on the web page, ``group_size=abc`` stopped the pairing with a ValueError (the page
    could only say that the system failed) and ``iterations=1000000000`` kept it busy for hours."""
    from fairdraw.core.errors import InputError
    from fairdraw.core.model import Participant
    from fairdraw.core.registry import PairingRequest, get_system

    players = tuple(Participant(id=i, name=f"P{i}", rating=2000 - i) for i in range(1, 17))
    with pytest.raises(InputError, match=re.escape(named)):
        get_system(system).pair(PairingRequest(players=players, total_rounds=4, seed="s", options=options))


def test_a_whole_number_option_reads_text_and_keeps_its_default() -> None:
    from fairdraw.core.option_values import whole_number_option

    assert whole_number_option({"k": "5"}, "k", 4) == 5
    assert whole_number_option({"k": None}, "k", 4) == 4
    assert whole_number_option({"k": " "}, "k", 4) == 4
    assert whole_number_option({}, "k", 4, low=1, high=9) == 4


@pytest.mark.parametrize("system, key, word, value", [("berger", "double", "false", False),
                                                     ("berger", "varma", "no", False),
                                                     ("meerkamp", "double", "yes", True),
                                                     ("mahjong", "byes", "on", True)])
def test_a_yes_or_no_option_takes_yes_or_no_and_nothing_else(system: str, key: str, word: str, value: bool) -> None:
    """``double=maybe`` made a double round robin without a word (``bool("maybe")``), and the
    text "false" read as true; words for yes or no are read as such, anything else is named."""
    from fairdraw.core.errors import InputError
    from fairdraw.core.model import Participant
    from fairdraw.core.registry import PairingRequest, get_system

    players = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 10))  # 9: mahjong needs byes

    def pair(option: object):  # type: ignore[no-untyped-def]
        return get_system(system).pair(PairingRequest(players=players, total_rounds=2 if system == "mahjong" else None,
                                                      options={key: option}))

    with pytest.raises(InputError, match=f"{key}: expected true or false, got 'maybe'"):
        pair("maybe")
    assert pair(word).rounds == pair(value).rounds

"""Every built-in system names the options it reads (``PairingSystem.option_names``), which the
web page uses to refuse a typed key the system would ignore. A key read in a system's source
but not declared would be refused on the page although it works: this test reads the source."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import fairdraw.systems  # noqa: F401  (registers the built-in systems)
from fairdraw.core.player_rules import PLAYER_RULE_OPTIONS
from fairdraw.core.registry import all_systems

_READ = re.compile(r"""\b(?:opts|options)(?:\.get\(|\[)["']([a-z_]+)["']""")


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
        read = {key for path in _sources(cls) for key in _READ.findall(path.read_text(encoding="utf-8"))}
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

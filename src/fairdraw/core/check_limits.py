"""The range of each numeric limit the independent checker takes, in one place.

Why: a limit below its range asks for something no schedule can be or mean (a pair meeting
at most -1 times, tables of 0 seats), so the check would report a breach at every table, or
none, and say nothing true about the schedule. ``fairdraw check`` gives these minimums to
Typer (``min=``: the option is refused before anything is read, exit 2) and ``CheckRules``
refuses them too, for every other caller. The module is small so that the CLI can import it
without loading the checker.
"""

from __future__ import annotations

from fairdraw.core.errors import InputError

#: The smallest meaningful value of each limit of ``fairdraw.core.checker.CheckRules``;
#: none has an upper bound.
LIMIT_MINIMUMS: dict[str, int] = {
    "max_meetings": 1,  # a pair that may never meet: no table could hold two players
    "max_colour_diff": 0,  # |whites - blacks| = 0: perfectly balanced colours
    "max_colour_run": 1,  # a run of 0 games: no game could be played
    "max_byes": 0,  # no byes at all
    "table_size": 2,  # a chess board has two seats; a table of one is no game
    "rematch_after": 2,  # a pair may meet again 1 round after its last game: no limit at all
}


def check_limit(name: str, value: object) -> None:
    """Refuse a limit that is not a whole number in its range (``None``: not checked).

    InputError names the limit (``--max-meetings`` on the command line) and the range."""
    if value is None:
        return
    low = LIMIT_MINIMUMS[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        option = "--" + name.replace("_", "-")
        raise InputError(f"{option} must be a whole number of at least {low}, got {value!r}", field=name)

"""A schedule JSON's results in any spelling the readers accept pair as the canonical one.

docs/formats.md: "Chess results are written White first; readers also accept ½-½ and =" (and
``scoring.results.normalise_result`` takes 0.5-0.5, 1-0f, a typographic dash ...). `standings`
and the Keizer ladder read them so, but the FIDE Dutch engine and the club Swiss refused a
hand-edited or imported "=" ("unknown result '='", exit 2): the same event then scored but
could not be paired.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Round, Table
from fairdraw.core.registry import PairingRequest, get_system

PLAYERS = tuple(Participant(id=i, name=f"P{i}", rating=2000 - 10 * i) for i in range(1, 7))
CANONICAL = ("1-0", "1/2-1/2", "+/-")
SPELLINGS = [("1-0", "=", "+/-"), ("1\u20130", "0.5-0.5", "1-0f"), ("1-0", "½-½", "+-"), (" 1 - 0 ", ".5-.5", "+/-")]


def _round_1(results: tuple[str, ...]) -> Round:
    seats = ((1, 4), (5, 2), (3, 6))
    return Round(1, tuple(Table(i, s, result=r) for i, (s, r) in enumerate(zip(seats, results, strict=True), 1)))


@pytest.mark.parametrize("system", ["dutch", "club-swiss", "keizer"])
@pytest.mark.parametrize("spelling", SPELLINGS)
def test_accepted_spellings_pair_as_the_canonical_results(system: str, spelling: tuple[str, ...]) -> None:
    engine = get_system(system)
    base = PairingRequest(players=PLAYERS, history=(_round_1(CANONICAL),), total_rounds=5, seed="s")
    expected = engine.pair(base).rounds[-1]
    got = engine.pair(replace(base, history=(_round_1(spelling),))).rounds[-1]
    assert got.tables == expected.tables and got.byes == expected.byes


@pytest.mark.parametrize("system", ["dutch", "club-swiss"])
def test_a_result_nobody_can_read_is_still_refused(system: str) -> None:
    request = PairingRequest(players=PLAYERS, history=(_round_1(("1-0", "2-0", "+/-")),), total_rounds=5)
    with pytest.raises(InputError, match="2-0"):
        get_system(system).pair(request)


@pytest.mark.parametrize("forfeit", ["+/-", "+-", "1-0f", "-/-", "--", "-+"])
def test_a_keizer_forfeit_in_any_spelling_is_no_meeting(forfeit: str) -> None:
    """Keizer rule 2 avoids rematches of games played; a forfeit was not played (as its colours
    and the checker read it), whichever way the result is written."""
    from fairdraw.systems.keizer import _last_games

    history = (Round(1, (Table(1, (1, 2), result=forfeit), Table(2, (3, 4), result="="))),)
    assert _last_games(history) == {frozenset((3, 4)): 1}

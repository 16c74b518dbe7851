"""Heller: a fixed schedule of R rounds (default 5) for one group (seed 002, "Heller").

Seed 002: the club's period competition plays groups of (usually) 8, 10 or 12 players
over five evenings with all pairings known at the start; the schemes differ in colour
distribution and in the sum of opponents. Issue 2 item 9 makes the rules precise:
nobody meets twice; each player's whites minus blacks within +-1, never three same
colours in a row; the sum of the opponents' pairing numbers as equal as possible
(spread = max - min sum, minimised; a bye counts as an opponent numbered N+1, see
heller_metrics). Odd N: the dummy N+1 gives one player a bye each round, nobody twice.

Where the schemes come from: shipped data for 6-20 players and 5 rounds (verified on
load, heller_data) unless a seed asks for a fresh search, else CP-SAT (heller_search).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Schedule
from fairdraw.core.option_values import whole_number_option
from fairdraw.core.registry import PairingRequest, PairingSystem, register
from fairdraw.systems.berger import rounds_to_schedule_rounds
from fairdraw.systems.heller_search import PROVE_UP_TO, FoundScheme, search_schemes, validate


def default_rounds(players: int) -> int:
    """Five rounds (seed 002), fewer when the field is too small for five."""
    return min(5, players + (players % 2) - 1)


#: The most schemes one request may ask for (``--schemes``, the page's ``scheme`` option).
MAX_SCHEMES = 50


def find_schemes(
    players: int, rounds: int | None = None, schemes: int = 1, seed: str | None = None
) -> list[FoundScheme]:
    """The best ``schemes`` schemes, ranked by spread then colour quality."""
    rounds = default_rounds(players) if rounds is None else rounds
    validate(players, rounds)
    if not 1 <= schemes <= MAX_SCHEMES:
        # each scheme beyond the shipped ones is a search of its own (20 take some 15 s of CPU):
        # a slip of the keyboard (a million) must not keep the command or the page busy for days
        raise InputError(f"--schemes must be from 1 to {MAX_SCHEMES}, got {schemes}", field="schemes")
    if seed is None:
        from fairdraw.systems.heller_data import load_shipped

        shipped = load_shipped(players, rounds)
        if shipped is not None and len(shipped[0]) >= schemes:
            return shipped[0][:schemes]
    graph_work = 5.0 if players <= PROVE_UP_TO else 2.0
    return search_schemes(players, rounds, schemes, seed=seed, graph_work=graph_work)


def statement(players: int, scheme: FoundScheme) -> str:
    """ "optimal: proven by CP-SAT" (N <= 12, issue 2 item 9), else "best found" (with the
    proof added when the solver happened to prove it for a larger field)."""
    if players <= PROVE_UP_TO:
        return scheme.statement
    if scheme.proven_optimal:
        return f"best found; optimal: proven by {scheme.source}"
    return f"best found (lower bound {scheme.lower_bound})"


def scheme_schedule(
    players: list[Participant], scheme: FoundScheme, *, seed: str | None = None, index: int = 1
) -> Schedule:
    """The scheme as a Schedule: participant k gets pairing number k; metrics in ``meta``."""
    n = len(players)
    by_number = {i: p.id for i, p in enumerate(players, start=1)}
    metrics = scheme.metrics
    meta = {
        "scheme": index,
        "spread": metrics.spread,
        "optimality": statement(n, scheme),
        "proven_optimal": scheme.proven_optimal,
        "lower_bound": scheme.lower_bound,
        "colour_cost": {"excess_imbalance": metrics.excess_imbalance, "repeats": metrics.colour_repeats},
        "bye_counts_as": n + 1 if n % 2 else None,
        "lines": [
            {
                "number": line.number,
                "colours": line.colours,
                "opponents": list(line.opponents),
                "opponent_sum": line.opponent_sum,
            }
            for line in metrics.lines
        ],
    }
    return Schedule(
        system="heller",
        players=tuple(players),
        rounds=tuple(rounds_to_schedule_rounds([list(r) for r in scheme.rounds], by_number)),
        numbers={p.id: i for i, p in enumerate(players, start=1)},
        seed=seed,
        meta=meta,
    )


@register
class Heller(PairingSystem):
    """Seed 002's Heller periods. ``total_rounds`` (default 5); ``options``: ``scheme``
    (1-based rank of the scheme to use, default 1). Players are numbered in input order."""

    name = "heller"
    description = "Fixed R-round schedule for one group: no rematch, balanced colours, equal opponent sums (seed 002)"
    kind = "fixed"
    option_names = frozenset({"scheme"})
    seats_per_table = 2
    numbers_by_strength = True  # seed 002: the opponent-number sums count number 1 as the strongest

    def check_options(self, options: Mapping[str, Any]) -> None:
        """``scheme``: which of the schemes found, 1 (the best) to ``MAX_SCHEMES``."""
        whole_number_option(options, "scheme", 1, low=1, high=MAX_SCHEMES)

    def pair(self, request: PairingRequest) -> Schedule:
        players = list(request.players)
        rank = whole_number_option(request.options, "scheme", 1, low=1, high=MAX_SCHEMES)  # 1 = the best
        found = find_schemes(len(players), request.total_rounds, rank, request.seed)
        if len(found) < rank:
            raise InputError(f"only {len(found)} different schemes were found", field="scheme")
        return scheme_schedule(players, found[rank - 1], seed=request.seed, index=rank)

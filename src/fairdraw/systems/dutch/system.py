"""The FIDE Dutch system (C.04.3, rules in force 2025) as a registered pairing system.

``pair`` takes the rounds played and returns them plus the next round: boards in the
order FIDE's pairing lists use (C.04.2: by the higher score of the pair, then the lower
score, then the higher player's pairing number), the pairing-allocated bye last, and the
announced absences (H, F, Z byes) as byes of their kind.
"""

from __future__ import annotations

from fairdraw.core.model import Bye, Round, Schedule, Table
from fairdraw.core.player_rules import PLAYER_RULE_OPTIONS
from fairdraw.core.registry import PairingRequest, PairingSystem, check_round_budget, register
from fairdraw.systems.dutch.brackets import Outcome, pair_round
from fairdraw.systems.dutch.colours import allocate
from fairdraw.systems.dutch.explain import explain
from fairdraw.systems.dutch.state import WHITE, Context, Player, build_context


def boards(ctx: Context, outcome: Outcome) -> list[tuple[Player, Player, str]]:
    """(white, black, colour reason) per board, in publication order."""
    result: list[tuple[Player, Player, str]] = []
    for a, b in outcome.pairs:
        first, second = (a, b) if a.id < b.id else (b, a)
        colour, reason = allocate(ctx, first, second)
        white, black = (first, second) if colour == WHITE else (second, first)
        result.append((white, black, reason))

    def key(entry: tuple[Player, Player, str]) -> tuple[int, int, int]:
        w, b, _ = entry
        sw, sb = ctx.scores_unaccelerated[w.id], ctx.scores_unaccelerated[b.id]
        higher, lower = (w, b) if (sw, -w.rank) > (sb, -b.rank) else (b, w)
        return (-ctx.scores_unaccelerated[higher.id], -ctx.scores_unaccelerated[lower.id], higher.rank)

    result.sort(key=key)
    return result


def next_round(request: PairingRequest) -> tuple[Round, Context, Outcome, list[str]]:
    """The next round, the context and outcome it came from, and the colour reasons."""
    ctx = build_context(request)
    outcome = pair_round(ctx)
    ordered = boards(ctx, outcome)
    number = len(request.history) + 1
    tables = tuple(Table(table=i + 1, seats=(w.id, b.id)) for i, (w, b, _) in enumerate(ordered))
    byes: list[Bye] = []
    if outcome.bye is not None:
        byes.append(Bye(outcome.bye.id, "bye"))
    present = {p.id for p in ctx.players}
    for pid in sorted(ctx.requested):
        if pid not in present:
            byes.append(Bye(pid, ctx.requested[pid]))
    for p in request.players:
        if p.id not in present and p.id not in ctx.requested:
            byes.append(Bye(p.id, "absent"))
    return Round(round=number, tables=tables, byes=tuple(byes)), ctx, outcome, [r for _, _, r in ordered]


@register
class DutchSystem(PairingSystem):
    """FIDE Dutch Swiss: one round at a time, identical to the FIDE-endorsed engines."""

    name = "dutch"
    description = "FIDE Dutch Swiss system (C.04.3, 2025), one round at a time"
    kind = "per-round"
    # the scoring points, the Baku acceleration and the first colour (dutch/state.py)
    option_names = PLAYER_RULE_OPTIONS | {"points", "baku", "initial_colour"}
    seats_per_table = 2

    def pair(self, request: PairingRequest) -> Schedule:
        check_round_budget(request, "C.04.1 a")  # the number of rounds is declared beforehand
        rnd, ctx, outcome, reasons = next_round(request)
        # the pairing number is the place in the initial ranking (C.04.3 A.2): the order of
        # the players given (a TRF16's start ranks, so there it equals the id)
        numbers = {p.id: index for index, p in enumerate(request.players, start=1)}
        meta = {
            "explanation": explain(ctx, outcome, rnd, reasons, numbers),
            "matchings": outcome.solves,
        }
        return Schedule(
            system=self.name,
            players=request.players,
            rounds=tuple(request.history) + (rnd,),
            numbers=numbers,
            seed=request.seed,
            meta=meta,
        )

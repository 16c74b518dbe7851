"""The club Swiss of seed 002 ("Zwitsers", chess club UVS) as the system ``club-swiss``.

One round at a time: replay the history (ordering), give the bye to the last one left
(bye), then pair everyone else by a maximum-weight perfect matching whose weights encode
seed 002's tiers (weights), colour each board (colours) and say why (explain).

Options read from ``PairingRequest.options``:
- ``absent``: ids (or a mapping id -> bye kind) that do not play the round being paired;
  they are recorded as byes of that kind ("absent", zero points, by default);
  ``requested_byes`` (id -> kind) is read the same way (the TRF16 adapter's name);
- ``withdrawn`` (ids: paired no more, no bye) and ``forbidden_pairs`` (groups of ids none of
  whom may meet, as TRF XXP gives them);
  these, and ``accelerations`` (which this system does not use), are read and checked by
  ``fairdraw.core.player_rules`` as the Dutch engine reads them: an id that is no player of
  the event is an InputError naming the field;
- ``analyse_limit`` (int, default 150): up to this many players to pair, every relaxed rule
  is explained by counterfactual re-solves; above it the report names the breaches only.
"""

from __future__ import annotations

from fairdraw.core.errors import UnsolvableError
from fairdraw.core.model import Bye, Round, Schedule, Table
from fairdraw.core.option_values import whole_number_option
from fairdraw.core.player_rules import PLAYER_RULE_OPTIONS, player_rules
from fairdraw.core.registry import PairingRequest, PairingSystem, check_round_budget, register
from fairdraw.systems.club_swiss.explain import describe_board, name, relaxations
from fairdraw.systems.club_swiss.ordering import build_states, points
from fairdraw.systems.club_swiss.rules import ABSOLUTE_RULES, PAIRING_ABSOLUTES
from fairdraw.systems.club_swiss.weights import Constraints, Context, feasible, solve

DEFAULT_ANALYSE_LIMIT = 150


def choose_bye(ctx: Context, present: list[int]) -> tuple[int | None, list[str]]:
    """Seed 002: an odd field gives the last one left a bye, never the same player twice.

    "The last one left" of pairing from the top of the order: the lowest player in the
    order who has had no bye (absolute rule 3) and without whom the rest can be paired
    under the absolute rules. Returns the id and the explanation lines.
    """
    if len(present) % 2 == 0:
        return None, []
    notes: list[str] = []
    for pid in sorted(present, key=lambda p: ctx.states[p].rank, reverse=True):
        st = ctx.states[pid]
        if st.pairing_byes:
            notes.append(f"{name(ctx, pid)} had a bye already ({ABSOLUTE_RULES['A3']})")
            continue
        rest = [p for p in present if p != pid]
        if feasible(ctx, rest):
            lines = [f"Bye: {name(ctx, pid)}, {points(st.score)} pts: the last one left in the order"]
            if notes:
                lines.append("  passed over: " + "; ".join(notes))
            return pid, lines
        notes.append(f"{name(ctx, pid)}: the others could not then be paired under the absolute rules")
    if all(ctx.states[p].pairing_byes for p in present):
        raise UnsolvableError(
            f"round {ctx.next_round}: the field is odd and every player has had a bye ({ABSOLUTE_RULES['A3']})"
        )
    raise UnsolvableError(_unsolvable_reason(ctx, present))


def _unsolvable_reason(ctx: Context, present: list[int]) -> str:
    """Name the absolute rules whose lifting would make the round pairable."""

    def pairable(cons: Constraints) -> bool:
        if len(present) % 2 == 0:
            return feasible(ctx, present, cons)
        return any(
            feasible(ctx, [p for p in present if p != bye], cons) for bye in present if not ctx.states[bye].pairing_byes
        )

    culprits = [rule for rule in PAIRING_ABSOLUTES if pairable(Constraints(lifted=frozenset({rule})))]
    isolated = [name(ctx, p) for p in present if not any(feasible(ctx, [p, q]) for q in present if q != p)]
    parts = [f"round {ctx.next_round}: no pairing keeps every absolute rule of seed 002"]
    if culprits:
        parts.append("it would be possible without " + " or without ".join(ABSOLUTE_RULES[r] for r in culprits))
    else:
        parts.append(
            "the absolute rules together (" + ", ".join(ABSOLUTE_RULES[r] for r in PAIRING_ABSOLUTES) + ") block it"
        )
    if isolated:
        parts.append("no allowed opponent at all for: " + ", ".join(isolated))
    return "; ".join(parts)


@register
class ClubSwiss(PairingSystem):
    """Seed 002's club Swiss: tiers of absolute rules, strong rules and preferences."""

    name = "club-swiss"
    description = "Club Swiss of seed 002 (UVS): score, weerstandspunten, rating, seeded draw; three rule tiers"
    kind = "per-round"
    option_names = PLAYER_RULE_OPTIONS | {"analyse_limit"}
    seats_per_table = 2

    def pair(self, request: PairingRequest) -> Schedule:
        players = tuple(request.players)
        history = tuple(request.history)
        states = build_states(players, history, request.seed)
        # seed 002: absolute rule 1: never more rounds than configured.
        check_round_budget(request, ABSOLUTE_RULES["A1"])
        next_round = (max(r.round for r in history) + 1) if history else 1
        # every id an option names is a player of the event, checked as the Dutch engine does
        rules = player_rules(states, request.options)
        absent = rules.requested_byes
        # players who left the event are paired no more (and get no bye): as the Dutch engine
        present = [p.id for p in players if p.id not in absent and p.id not in rules.withdrawn]
        max_diff = max((st.score for st in states.values()), default=0) - min(
            (st.score for st in states.values()), default=0
        )
        ctx = Context(states=states, next_round=next_round, seed=request.seed, max_score_diff=max_diff,
                      forbidden=rules.forbidden_pairs())
        explanation = [
            (
                f"Round {next_round}: {len(present)} players ordered by score, weerstandspunten, rating, "
                + (f"seeded random number (seed {request.seed!r})" if request.seed
                   else "random number from the empty seed (no seed given: reproducible, but no real draw)")
            )
        ]
        bye, bye_lines = choose_bye(ctx, present)
        pool = sorted((p for p in present if p != bye), key=lambda p: states[p].rank)
        solution = solve(ctx, pool)
        if solution is None:
            raise UnsolvableError(_unsolvable_reason(ctx, present))
        boards = sorted(solution.boards, key=lambda e: min(states[e.orient.white].rank, states[e.orient.black].rank))
        tables = tuple(Table(table=i, seats=(e.orient.white, e.orient.black)) for i, e in enumerate(boards, start=1))
        explanation += [describe_board(ctx, i, e) for i, e in enumerate(boards, start=1)]
        explanation += bye_lines
        explanation += [f"Absent: {name(ctx, pid)} ({kind})" for pid, kind in absent.items()]
        limit = whole_number_option(request.options, "analyse_limit", DEFAULT_ANALYSE_LIMIT, low=0)
        relaxed = relaxations(ctx, pool, solution, analyse=len(pool) <= limit)
        byes = ((Bye(id=bye, kind="bye"),) if bye is not None else ()) + tuple(
            Bye(id=pid, kind=kind) for pid, kind in absent.items()
        )
        new_round = Round(round=next_round, tables=tables, byes=byes)
        order = sorted(states.values(), key=lambda st: st.rank)
        return Schedule(
            system=self.name,
            players=players,
            rounds=history + (new_round,),
            # the pairing numbers follow the field as given (the initial order at round 1, the
            # numbers already recorded later, late entries after): a number fixed once, as the
            # page keeps it, so the lists printed for earlier rounds still match the file; the
            # round's own order is meta.order and the "#k" of the explanations
            numbers={p.id: i for i, p in enumerate(players, start=1)},
            seed=request.seed,
            meta={
                "round": next_round,
                "total_rounds": request.total_rounds,
                "order": [{"id": st.id, "score": st.score / 2, "wp": st.wp / 2} for st in order],
                "explanation": explanation,
                "relaxed": relaxed,
            },
        )

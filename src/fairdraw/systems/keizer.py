"""The Keizer ladder as the system ``keizer``: each round paired from the Keizer ranking.

Many Dutch clubs run their season as a Keizer competition (GUIDE: the club match secretary
"sets up Meerkamp groups, Heller periods, a club Swiss or a Keizer ladder"): the ranking is
the Keizer one (``scoring.keizer``: each result worth the opponent's ranking value, iterated
to a fixed point) and each club evening pairs the players present from the top of it,
neighbours against neighbours, away from recent opponents. The rules, in priority order:

1. everyone present plays once; an odd field gives the bye to the lowest-ranked present
   player among those with the fewest pairing byes so far;
2. a pair meets again ``rematch_after`` rounds after its last game at the earliest (default: never
   while it can be avoided; after that window a rematch is as good as any pairing); when
   rematches cannot be avoided, the fewest, then those whose last game lies furthest back;
3. the squared ranking distances of the boards add up to as little as possible (neighbours
   meet, and one long pairing costs more than two short ones);
4. colours: the player with the lower colour balance (whites minus blacks in games
   played; a forfeit gives no colour, as in the Swiss systems and the checker) gets white,
   else the one who had black last, else the higher-ranked.

Rules 2 and 3 are one exact maximum-weight perfect matching (``core.matching``) whose
weight packs them in that order. Options besides the shared player rules of
``core.player_rules`` (``requested_byes``/``absent``, ``withdrawn``, ``forbidden_pairs``):
``rematch_after`` (whole number of rounds, at least 2) and ``keizer`` (the scoring's
settings, e.g. ``{"first_value": 40, "step": 1}``: ``scoring.keizer.KeizerParams``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from fairdraw.core.errors import InputError, UnsolvableError
from fairdraw.core.history_rules import check_chess_history
from fairdraw.core.matching import max_weight_matching
from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.core.player_rules import PLAYER_RULE_OPTIONS, player_rules, withdrawal_rounds
from fairdraw.core.registry import PairingRequest, PairingSystem, check_round_budget, register
from fairdraw.scoring.results import FORFEITS, normalise_result


def keizer_ranking(players: tuple[Participant, ...], history: tuple[Round, ...],
                   settings: Mapping[str, Any], withdrawn_at: Mapping[int, int] | None = None,
                   ) -> tuple[tuple[int, ...], dict[int, float], str]:
    """(ids best first, Keizer score per id, a line on how the ranking was reached); a player
    withdrawn from round w on (``withdrawn_at``) earns no absence share from w on."""
    from fairdraw.scoring.keizer import (
        initial_ranking,
        keizer,
        params_from,
        without_shares_after_withdrawal,
        without_shares_before_entry,
    )
    from fairdraw.scoring.results import chess_entries

    numbers = {p.id: i for i, p in enumerate(players, start=1)}
    start = initial_ranking(players, numbers)
    try:
        params = params_from(dict(settings))
    except ValueError as exc:
        raise InputError(str(exc), field="keizer") from None
    if not history:
        return start, {}, "no games yet: the initial order (rating, then pairing number)"
    played = Schedule("keizer", players, history, numbers=numbers)
    entries = without_shares_after_withdrawal(chess_entries(played), withdrawn_at or {})
    result = keizer(without_shares_before_entry(entries, played.first_rounds()), start, params)
    how = (f"converged in {result.iterations} iterations" if result.converged
           else f"a cycle of {result.cycle_length} rankings; the most stable one is used")
    return result.ranking, {pid: float(v) for pid, v in result.scores.items()}, how


def _last_games(history: tuple[Round, ...]) -> dict[frozenset[int], int]:
    """Per pair that met over the board (a forfeit is no meeting), the round of its last game.

    The result is read in any accepted spelling ("+-" and "1-0f" are forfeits too: the ranking
    and the colours read them through ``normalise_result``); the raw text made "+-" a meeting."""
    out: dict[frozenset[int], int] = {}
    for rnd in history:
        for table in rnd.tables:
            if table.result is None or normalise_result(table.result) not in FORFEITS:
                out[frozenset(table.seats)] = rnd.round
    return out


def _board_weights(pool: Sequence[int], rank: Mapping[int, int], last: Mapping[frozenset[int], int],
                   next_round: int, window: int | None, forbidden: frozenset[frozenset[int]]) -> list[tuple[int, int, int]]:
    """Edges (i, j, weight) of the matching: rule 2 above rule 3, and any perfect matching
    above every smaller one (each edge carries ``full``, more than a whole matching's costs)."""
    half = len(pool) // 2 + 1
    distance_cap = half * max(rank.values(), default=1) ** 2 + 1  # more than any sum of squared distances
    age_cap = half * next_round * distance_cap + 1  # more than any sum of the recency costs below it
    full = half * (half * age_cap + age_cap) + 1
    edges = []
    for i, a in enumerate(pool):
        for j in range(i + 1, len(pool)):
            b = pool[j]
            pair = frozenset((a, b))
            if pair in forbidden:
                continue
            cost = (rank[a] - rank[b]) ** 2
            met = last.get(pair)
            if met is not None and (window is None or next_round - met < window):
                cost += age_cap + met * distance_cap  # a rematch, the dearer the more recent
            edges.append((i, j, full - cost))
    return edges


class _ColourHistory:
    """Each player's whites minus blacks and last colour in games played, read once from the
    history (a forfeit was not played: no colour, as ``core.checker`` and the Dutch engine read it)."""

    def __init__(self, history: tuple[Round, ...]) -> None:
        self.balance: Counter[int] = Counter()
        self.last: dict[int, str] = {}
        for rnd in history:
            for table in rnd.tables:
                if table.result is not None and normalise_result(table.result) in FORFEITS:
                    continue
                white, black = table.seats
                self.balance[white] += 1
                self.balance[black] -= 1
                self.last[white], self.last[black] = "w", "b"

    def colours(self, a: int, b: int, rank: Mapping[int, int]) -> tuple[int, int]:
        """(white, black) by rule 4."""
        balance, last = self.balance, self.last
        if balance[a] != balance[b]:
            return (a, b) if balance[a] < balance[b] else (b, a)
        if last.get(a) != last.get(b) and "b" in (last.get(a), last.get(b)):
            return (a, b) if last.get(a) == "b" else (b, a)
        return (a, b) if rank[a] < rank[b] else (b, a)


def _window(options: Mapping[str, Any]) -> int | None:
    value = options.get("rematch_after")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        # a pair may meet again ``value`` rounds after its last game: 1 is the very next round,
        # no limit at all and weaker than leaving the option out (an audit: one pair met in
        # rounds 1, 2 and 3)
        raise InputError(f"rematch_after must be a whole number of rounds of at least 2 (1 would let a pair meet "
                         f"every round; leave it out for no rematch at all), got {value!r}", field="rematch_after")
    return value


@register
class KeizerLadder(PairingSystem):
    """A Keizer competition: each round from the Keizer ranking, neighbours, no recent rematch."""

    name = "keizer"
    description = "Keizer ladder (Dutch clubs): each round from the Keizer ranking, neighbours meet, no recent rematch"
    kind = "per-round"
    option_names = PLAYER_RULE_OPTIONS | {"rematch_after", "keizer"}
    seats_per_table = 2

    def pair(self, request: PairingRequest) -> Schedule:
        players = tuple(request.players)
        history = tuple(request.history)
        check_round_budget(request, "the rounds announced for the competition")
        # a player listed twice, or seated twice in a round, is refused as by the other Swiss systems
        check_chess_history((p.id for p in players), history)
        for rnd in history:
            missing = [t.table for t in rnd.tables if t.result is None]
            if missing:
                raise InputError(f"round {rnd.round}, board {missing[0]}: no result yet; the Keizer ranking the "
                                 "next round is paired from needs every result", field="result")
        next_round = max((r.round for r in history), default=0) + 1
        rules = player_rules((p.id for p in players), request.options)
        window = _window(request.options)
        settings = request.options.get("keizer") or {}
        if not isinstance(settings, Mapping):  # the page passes its scoring.* options here
            raise InputError(f"keizer: expected the Keizer scoring's settings (the scoring.first_value=40 kind of "
                             f"option), got {settings!r}", field="keizer")
        ranking, values, how = keizer_ranking(players, history, settings,
                                              withdrawal_rounds(request.options, field="withdrawn_at"))
        rank = {pid: i + 1 for i, pid in enumerate(ranking)}
        present = sorted((p.id for p in players if p.id not in rules.requested_byes and p.id not in rules.withdrawn),
                         key=rank.__getitem__)
        names = {p.id: p.name for p in players}
        explanation = [f"Round {next_round}: {len(present)} present, in Keizer order ({how})"]
        bye = None
        if len(present) % 2:
            had = Counter(b.id for r in history for b in r.byes if b.kind == "bye")
            bye = max(present, key=lambda pid: (-had[pid], rank[pid]))
            explanation.append(f"Bye: {names[bye]} (place {rank[bye]}): the lowest placed with the fewest byes")
        pool = [pid for pid in present if pid != bye]
        last = _last_games(history)
        edges = _board_weights(pool, rank, last, next_round, window, rules.forbidden_pairs())
        matched = max_weight_matching(len(pool), edges)
        if 2 * len(matched) != len(pool):
            raise UnsolvableError(f"round {next_round}: the forbidden pairs leave no way to pair everyone present")
        boards = sorted(((pool[i], pool[j]) for i, j in matched), key=lambda pair: min(rank[p] for p in pair))
        tables = []
        colour_history = _ColourHistory(history)
        for number, (a, b) in enumerate(boards, start=1):
            white, black = colour_history.colours(a, b, rank)
            tables.append(Table(table=number, seats=(white, black)))
            met = last.get(frozenset((a, b)))
            again = f"; they met in round {met}" if met is not None else ""
            explanation.append(f"Board {number}: {names[white]} (place {rank[white]}) - {names[black]} "
                               f"(place {rank[black]}){again}")
        byes = ((Bye(bye, "bye"),) if bye is not None else ()) + tuple(
            Bye(pid, kind) for pid, kind in rules.requested_byes.items())
        return Schedule(
            system=self.name,
            players=players,
            rounds=history + (Round(round=next_round, tables=tuple(tables), byes=byes),),
            numbers={p.id: i for i, p in enumerate(players, start=1)},
            seed=request.seed,
            meta={"explanation": explanation, "keizer_scores": {str(k): v for k, v in values.items()}},
        )

"""Keizer scoring: the ranking-value system of many Dutch chess clubs.

Every participant has a value that depends on their place in the ranking: the leader is
worth ``first_value``, each next place ``step`` less (never below 0). A win scores the
opponent's value, a draw ``draw`` of it and a loss ``loss`` of it; a round without a game
scores a share of the participant's own value (``bye`` for an allocated bye, a full-point
bye, a Meerkamp sit-out or a forfeit win; ``absence`` for an announced absence, a half-
or zero-point bye; ``forfeit_loss`` for not showing up). Classic Keizer also adds the own
value once (``own``, 100 % by default). Because the values come from the ranking and the
ranking from the scores, the scores are recomputed until the ranking no longer changes:
a fixed point. The iteration can cycle; then the ranking of the cycle that is closest to a
fixed point (fewest places that move when it is scored again; the earliest on a tie) is
taken, so the answer is deterministic, and the cycle is reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from fairdraw.core.model import Participant, Schedule
from fairdraw.core.player_rules import withdrawal_rounds
from fairdraw.scoring.base import ScoreSheet, Scoring, as_fraction, register_scoring
from fairdraw.scoring.results import FORFEIT_LOSS, FORFEIT_WIN, GAME, ChessEntry, chess_entries

_BYE_LIKE = frozenset({"bye", "full-point", "meerkamp-bye", FORFEIT_WIN})
_ABSENCE_LIKE = frozenset({"absent", "half-point", "zero-point", "unpaired"})


@dataclass(frozen=True)
class KeizerParams:
    """The club's settings; percentages are fractions (0.5 = 50 %)."""

    first_value: Fraction | None = None  # None: the number of participants
    step: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    bye: Fraction = Fraction(2, 3)
    absence: Fraction = Fraction(1, 3)
    forfeit_loss: Fraction = Fraction(0)
    own: Fraction = Fraction(1)
    max_iterations: int = 100


@dataclass(frozen=True)
class KeizerResult:
    """Final ranking (ids, best first), values and scores, and how the iteration ended."""

    ranking: tuple[int, ...]
    values: dict[int, Fraction]
    scores: dict[int, Fraction]
    iterations: int
    converged: bool
    cycle_length: int = 0


def initial_ranking(players: tuple[Participant, ...], numbers: dict[int, int]) -> tuple[int, ...]:
    """Start from the rating order (unrated last), then the pairing number."""
    order = {p.id: i for i, p in enumerate(players)}
    return tuple(
        p.id
        for p in sorted(players, key=lambda p: (-(p.rating or 0), p.rating is None, numbers.get(p.id, order[p.id] + 1)))
    )


#: the rounds without a game a withdrawn player no longer earns a share for
_AWAY = frozenset({"absent", "unpaired"})


def without_shares_after_withdrawal(entries: dict[int, list[ChessEntry]],
                                    withdrawn_at: Mapping[int, int]) -> dict[int, list[ChessEntry]]:
    """The entries with a withdrawn player's rounds away from the withdrawal on left out.

    Why: the absence share rewards a club member who sends word for an evening, not one who
    has left the competition (a player who lost one game and withdrew was second after three
    rounds on two absence shares, ahead of a player with two wins of three); the points earned
    before the withdrawal stay, as a withdrawn player's games do in any standings."""
    if not withdrawn_at:
        return entries
    return {pid: [e for e in rows if not (pid in withdrawn_at and e.round >= withdrawn_at[pid] and e.kind in _AWAY)]
            for pid, rows in entries.items()}


def without_shares_before_entry(entries: dict[int, list[ChessEntry]],
                                first: Mapping[int, int]) -> dict[int, list[ChessEntry]]:
    """The entries with a late entry's rounds away before their first round (``first``: id ->
    round, ``Schedule.first_rounds``) left out. Why: as after a withdrawal, the absence
    share rewards a member who sends word for an evening, not one who had not joined yet (an
    audit: a late entry earned absence shares for the rounds before joining)."""
    return {pid: [e for e in rows if not (e.round < first.get(pid, 0) and e.kind in _AWAY)]
            for pid, rows in entries.items()}


def values_for(ranking: tuple[int, ...], params: KeizerParams) -> dict[int, Fraction]:
    """Value of each participant from their place in ``ranking``."""
    first = params.first_value if params.first_value is not None else Fraction(len(ranking))
    return {pid: max(Fraction(0), first - i * params.step) for i, pid in enumerate(ranking)}


def entry_score(entry: ChessEntry, own: Fraction, values: dict[int, Fraction], params: KeizerParams) -> Fraction:
    """Keizer points of one round."""
    if entry.kind == GAME:
        assert entry.opponent is not None
        share = {"W": Fraction(1), "D": params.draw, "L": params.loss}[entry.outcome]
        return share * values[entry.opponent]
    if entry.kind in _BYE_LIKE:
        return params.bye * own
    if entry.kind == FORFEIT_LOSS:
        return params.forfeit_loss * own
    if entry.kind in _ABSENCE_LIKE:
        return params.absence * own
    raise ValueError(f"unknown entry kind {entry.kind!r}")


def scores_for(
    entries: dict[int, list[ChessEntry]], values: dict[int, Fraction], params: KeizerParams
) -> dict[int, Fraction]:
    """Every participant's Keizer score under fixed values."""
    return {
        pid: params.own * values[pid] + sum((entry_score(e, values[pid], values, params) for e in es), Fraction(0))
        for pid, es in entries.items()
    }


def rank_by(scores: dict[int, Fraction], previous: tuple[int, ...], start: tuple[int, ...]) -> tuple[int, ...]:
    """Order by score; equal scores keep the starting order (not the previous one, so that a
    fixed point does not depend on the path that led to it)."""
    position = {pid: i for i, pid in enumerate(start)}
    return tuple(sorted(previous, key=lambda pid: (-scores[pid], position[pid])))


def keizer(entries: dict[int, list[ChessEntry]], start: tuple[int, ...], params: KeizerParams) -> KeizerResult:
    """Iterate values -> scores -> ranking until the ranking is a fixed point (or cycles)."""
    ranking = start
    seen: dict[tuple[int, ...], int] = {ranking: 0}
    history = [ranking]
    for iteration in range(1, params.max_iterations + 1):
        values = values_for(ranking, params)
        scores = scores_for(entries, values, params)
        new = rank_by(scores, ranking, start)
        if new == ranking:
            return KeizerResult(ranking, values, scores, iteration, True)
        if new in seen:
            cycle = history[seen[new] :]
            best = min(cycle, key=lambda r: (_moves(entries, r, start, params), cycle.index(r)))
            values = values_for(best, params)
            return KeizerResult(best, values, scores_for(entries, values, params), iteration, False, len(cycle))
        seen[new] = len(history)
        history.append(new)
        ranking = new
    values = values_for(ranking, params)
    return KeizerResult(ranking, values, scores_for(entries, values, params), params.max_iterations, False)


def _moves(
    entries: dict[int, list[ChessEntry]], ranking: tuple[int, ...], start: tuple[int, ...], params: KeizerParams
) -> int:
    again = rank_by(scores_for(entries, values_for(ranking, params), params), ranking, start)
    return sum(1 for a, b in zip(ranking, again, strict=True) if a != b)


def params_from(options: dict[str, Any]) -> KeizerParams:
    """KeizerParams from CLI/library options (numbers or text such as "2/3")."""
    known = set(KeizerParams.__dataclass_fields__)
    unknown = set(options) - known
    if unknown:
        raise ValueError(f"unknown Keizer option(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
    kwargs: dict[str, Any] = {}
    for key, value in options.items():
        if key == "max_iterations":
            whole = (value if isinstance(value, int) and not isinstance(value, bool)
                     else int(value) if isinstance(value, float) and value.is_integer()
                     else int(value) if isinstance(value, str) and value.strip().isdigit() else None)
            if whole is None or whole < 1:
                # 0 or -1 paired by rating alone under "stopped on a cycle"; true or 2.7 read as 1 and 2
                raise ValueError(f"max_iterations: expected a whole number of at least 1, got {value!r}")
            kwargs[key] = whole
        elif value is None:
            kwargs[key] = None
        else:
            kwargs[key] = as_fraction(value, key)
            low, high = _RANGES.get(key, (Fraction(0), None))
            if kwargs[key] < low or (high is not None and kwargs[key] > high) or (key == "first_value" and kwargs[key] == 0):
                span = f"from {low} to {high}" if high is not None else ("above 0" if key == "first_value" else f"at least {low}")
                raise ValueError(f"{key}: expected a value {span}, got {value!r}")
    return KeizerParams(**kwargs)


#: What each setting may be (docs/standings.md): the leader's value above 0 and each next place
#: worth ``step`` less (never more); a draw, a loss, a bye, an absence or a forfeit worth a share
#: of a value from none to all of it; ``own`` (the share of one's own value added once) from
#: none up. An audit found step -1, a first value of 0 and a draw worth 150 % run without a
#: word.
_RANGES: dict[str, tuple[Fraction, Fraction | None]] = {
    "first_value": (Fraction(0), None), "step": (Fraction(0), None), "own": (Fraction(0), None),
    "draw": (Fraction(0), Fraction(1)), "loss": (Fraction(0), Fraction(1)), "bye": (Fraction(0), Fraction(1)),
    "absence": (Fraction(0), Fraction(1)), "forfeit_loss": (Fraction(0), Fraction(1)),
}


@register_scoring
class KeizerScoring(Scoring):
    """Keizer: results worth the opponent's ranking value, iterated to a fixed point."""

    name: ClassVar[str] = "keizer"
    description: ClassVar[str] = "Keizer ranking values: each result worth the opponent's value, iterated until stable"
    game: ClassVar[Literal["chess", "mahjong"]] = "chess"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.params = params_from(dict(options))  # a bad option is named here, not mid-standings

    def score(self, schedule: Schedule) -> ScoreSheet:
        params = self.params
        entries = without_shares_after_withdrawal(chess_entries(schedule), withdrawal_rounds(schedule.meta))
        entries = without_shares_before_entry(entries, schedule.first_rounds())
        start = initial_ranking(schedule.players, schedule.numbers)
        result = keizer(entries, start, params)
        meta = {
            "iterations": result.iterations,
            "converged": result.converged,
            "cycle_length": result.cycle_length,
            "values": {str(pid): float(v) for pid, v in result.values.items()},
        }
        # not converged (a cycle, or the iteration limit): the standings follow the ranking the
        # next round is paired from (docs/swiss.md), which its own points do not sort back into
        return ScoreSheet(points=result.scores, per_round=None, meta=meta,
                          order=None if result.converged else result.ranking)

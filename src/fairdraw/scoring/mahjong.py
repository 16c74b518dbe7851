"""Mahjong (riichi) scoring: placement points (uma), oka and penalties, EMA defaults.

Each game ends with a final score per seat; the scores add up to ``start`` times the
number of seats (every point changes hands, leftover riichi sticks go to the winner).
A player's result for the game is ``score - return`` plus the uma of their placement,
plus the oka (``(return - start) x seats``) for first place, minus penalties. Players
on equal scores share their placements: the uma (and oka) of the places they occupy is
split equally (EMA riichi rules, "tied players split uma"). Chombo penalties are
subtracted after uma, so they never change placements (EMA: the penalty is applied to the
final result, not to the table score). EMA defaults: start 30,000, return 30,000 (so no
oka), uma +15,000 / +5,000 / -5,000 / -15,000. Results are reported in thousands of points
(+23.4), the usual way of writing them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from fairdraw.core.errors import InputError
from fairdraw.core.model import Schedule
from fairdraw.scoring.base import ScoreSheet, Scoring, has_huge_exponent, register_scoring
from fairdraw.scoring.results import completed_rounds

EMA_UMA = (15000, 5000, -5000, -15000)
#: the default uma by table size when none is given: EMA's for four seats; for three
#: (sanma) the common +15,000 / 0 / -15,000, which keeps the uma summing to zero
DEFAULT_UMA = {4: EMA_UMA, 3: (15000, 0, -15000)}


@dataclass(frozen=True)
class MahjongParams:
    """Start score, return score, uma per placement (raw points; None: the default for the
    table size), oka (None: derived)."""

    start: int = 30000
    return_: int = 30000
    uma: tuple[int, ...] | None = None
    oka: int | None = None
    check_total: bool = True

    def uma_for(self, seats: int) -> tuple[int, ...] | None:
        """The uma of a table of ``seats``, or None when none fits (no default, or a given
        uma with another number of places)."""
        if self.uma is None:
            return DEFAULT_UMA.get(seats)
        return self.uma if len(self.uma) == seats else None

    def oka_for(self, seats: int) -> int:
        """The oka: what every player put in above the return, to the winner."""
        return self.oka if self.oka is not None else (self.return_ - self.start) * seats


@dataclass(frozen=True)
class SeatResult:
    """One player's result in one game."""

    round: int
    table: int
    game: int
    player: int
    score: int
    placement: Fraction
    uma: Fraction
    penalty: int
    points: Fraction  # in thousands


def placements(scores: Sequence[int]) -> list[tuple[Fraction, list[int]]]:
    """Groups of seat indexes with equal scores, best first, with their shared placement.

    The shared placement is the average of the places the group occupies (two players tied
    for first both place 1.5)."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    groups: list[tuple[Fraction, list[int]]] = []
    pos = 0
    while pos < len(order):
        group = [i for i in order if scores[i] == scores[order[pos]]]
        places = range(pos + 1, pos + len(group) + 1)
        groups.append((Fraction(sum(places), len(group)), sorted(group)))
        pos += len(group)
    return groups


#: The largest table score taken, either way: a hanchan starts from some 25,000-30,000 points
#: and the highest limit hands are worth some 100,000 to 200,000 (several yakuman 400,000 or so).
SCORE_LIMIT = 10_000_000


def check_penalties(penalties: Sequence[int], seats: int) -> str | None:
    """What is wrong with a game's penalties (chombo), or None: one per seat, none negative,
    none beyond ``SCORE_LIMIT`` (a keyboard slip of 1,000,000,000,000 for 20,000 was stored and
    scored, while a score of that size was refused). Used by the page, ``fairdraw result``, the
    library's ``with_mahjong_scores`` and the standings alike."""
    if len(penalties) != seats:
        return f"expected {seats} penalties (one per seat), got {len(penalties)}"
    if any(p < 0 for p in penalties):
        return "a penalty is a positive amount to subtract"
    wild = next((p for p in penalties if p > SCORE_LIMIT), None)
    if wild is not None:
        return f"a penalty of {wild} is beyond any game's (at most {SCORE_LIMIT:,} points)"
    return None


def check_game(scores: Sequence[int], seats: int, params: MahjongParams) -> str | None:
    """What is wrong with a game's scores, or None (used by ``fairdraw result`` too)."""
    if len(scores) != seats:
        return f"expected {seats} scores (one per seat), got {len(scores)}"
    wild = next((x for x in scores if abs(x) > SCORE_LIMIT), None)
    if wild is not None:  # a slip of the keyboard (10^27 points were taken, summing right)
        return f"a score of {wild} is beyond any game's (at most {SCORE_LIMIT:,} points either way)"
    if params.uma_for(seats) is None:
        if params.uma is None:
            return f"there is no default uma for tables of {seats}: set the scoring option uma ({seats} places)"
        return f"the uma has {len(params.uma)} places but the table {seats} seats: set uma with {seats} places"
    if params.check_total:
        expected = params.start * seats
        total = sum(scores)
        if total != expected:
            off = total - expected
            return f"the scores add up to {total}, expected {expected} ({seats} x {params.start}); off by {off:+d}"
    return None


def game_results(
    rnd: int,
    table: int,
    game: int,
    seats: Sequence[int],
    scores: Sequence[int],
    penalties: Sequence[int] | None,
    params: MahjongParams,
    source: str = "<schedule>",
) -> list[SeatResult]:
    """Every seat's result in one game (the uma and oka split on tied scores)."""
    where = f"round {rnd} table {table}" + (f" game {game}" if game else "")
    problem = check_game(scores, len(seats), params)
    if problem:
        raise InputError(f"{where}: {problem}", source=source, field="scores")
    uma = params.uma_for(len(seats))
    assert uma is not None  # check_game refused the table otherwise
    pens = list(penalties) if penalties is not None else [0] * len(seats)
    problem = check_penalties(pens, len(seats))
    if problem:
        raise InputError(f"{where}: {problem}", source=source, field="penalties")
    oka = params.oka_for(len(seats))
    results = []
    pos = 0
    for place, group in placements(scores):
        share = Fraction(sum(uma[pos : pos + len(group)]), len(group))
        oka_share = Fraction(oka, len(group)) if pos == 0 else Fraction(0)
        for i in group:
            raw = scores[i] - params.return_ + share + oka_share - pens[i]
            results.append(
                SeatResult(rnd, table, game, seats[i], scores[i], place, share + oka_share, pens[i], raw / 1000)
            )
        pos += len(group)
    return results


def all_game_results(schedule: Schedule, params: MahjongParams, source: str = "<schedule>") -> list[SeatResult]:
    """Results of every game with scores entered, in round, table and game order."""
    out: list[SeatResult] = []
    for rnd in completed_rounds(schedule.rounds):
        for table in rnd.tables:
            if table.games:
                for g in table.games:
                    if g.scores is not None:
                        out += game_results(
                            rnd.round, table.table, g.game, g.seats, g.scores, g.penalties, params, source
                        )
            elif table.scores is not None:
                out += game_results(
                    rnd.round, table.table, 0, table.seats, table.scores, table.penalties, params, source
                )
    return out


def _whole(value: Any, name: str) -> int:
    """A whole number of points for option ``name``; a ValueError naming it otherwise (the
    bare "invalid literal for int()" left the organiser to guess which option was wrong)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected a whole number of points, got {value!r}") from None


def params_from(options: dict[str, Any]) -> MahjongParams:
    """MahjongParams from options; ``uma`` may be text "15,5,-5,-15" in thousands."""
    kwargs: dict[str, Any] = {}
    for key, value in options.items():
        key = "return_" if key in ("return", "return_score") else key
        if key == "uma":
            # text "15,5,-5,-15" or a list [15, 5, -5, -15]: both in thousands when small
            # (|v| < 1000), raw points otherwise, so the CLI, the web form and JSON agree
            items = value.split(",") if isinstance(value, str) else list(value)
            if any(has_huge_exponent(str(p)) for p in items):
                raise ValueError(f"uma: each place at most {SCORE_LIMIT:,} points either way, got {value!r}")
            try:
                parts = [Fraction(str(p).strip()) for p in items if str(p).strip()]
            except ValueError:
                raise ValueError(f"uma: expected numbers such as 15,5,-5,-15, got {value!r}") from None
            uma = tuple(int(p * 1000) if abs(p) < 1000 else int(p) for p in parts)
            # uma moves points between the places (EMA: +15/+5/-5/-15): a sum other than 0 would
            # create or destroy points every game, and a rising uma would reward the last place
            if sum(uma):
                raise ValueError(f"uma: the places must add up to 0, got {value!r} (sum {sum(parts)})")
            if any(a < b for a, b in zip(uma, uma[1:])):
                raise ValueError(f"uma: from the first place down, each value at most the one before, got {value!r}")
            if any(abs(u) > SCORE_LIMIT for u in uma):
                # an uma of 10**30 was taken and ranked the field in 28-digit points
                raise ValueError(f"uma: each place at most {SCORE_LIMIT:,} points either way, got {value!r}")
            kwargs[key] = uma
        elif key in ("start", "return_", "oka"):
            amount = None if key == "oka" and value is None else _whole(value, key.rstrip("_"))
            # the bounds of a table score (SCORE_LIMIT): a start of -5 or 10**30 was stored, and
            # no table's scores could add up to it
            low = 1 if key == "start" else 0 if key == "return_" else -SCORE_LIMIT
            if amount is not None and not low <= amount <= SCORE_LIMIT:
                raise ValueError(f"{key.rstrip('_')}: expected {low:,} to {SCORE_LIMIT:,} points, got {value!r}")
            kwargs[key] = amount
        elif key == "check_total":
            kwargs[key] = bool(value)
        else:
            raise ValueError(f"unknown mahjong option {key!r}; known: start, return, uma, oka, check_total")
    return MahjongParams(**kwargs)


@register_scoring
class MahjongScoring(Scoring):
    """Placement points (uma/oka) with tied placements splitting the uma; EMA defaults."""

    name: ClassVar[str] = "mahjong"
    description: ClassVar[str] = "Mahjong: score minus return plus uma per placement and oka; EMA defaults"
    game: ClassVar[Literal["chess", "mahjong"]] = "mahjong"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.params: MahjongParams = params_from(dict(options))  # a bad option is named here

    def score(self, schedule: Schedule) -> ScoreSheet:
        games = all_game_results(schedule, self.params)
        points = {p.id: Fraction(0) for p in schedule.players}
        per_round: dict[int, dict[int, Fraction]] = {p.id: {} for p in schedule.players}
        for r in games:
            if r.player not in points:
                raise InputError(f"round {r.round}: unknown participant id {r.player}", field="seats")
            points[r.player] += r.points
            per_round[r.player][r.round] = per_round[r.player].get(r.round, Fraction(0)) + r.points
        return ScoreSheet(
            points=points,
            per_round=per_round,
            meta={
                "games": len({(r.round, r.table, r.game) for r in games}),
                "start": self.params.start,
            },
        )

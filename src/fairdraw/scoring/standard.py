"""Standard chess scoring (1, ½, 0) and football scoring (3, 1, 0), every value configurable.

FIDE Laws of Chess art. 10.1: a win scores 1, a draw ½, a loss 0, unless announced
otherwise. Byes score by their kind: the pairing-allocated bye a win (FIDE C.04.1 c), the
Meerkamp sit-out of seed 002 a point ("een punt net als bij een overwinning"), a requested
half-point bye ½, zero-point byes and absences 0; a forfeit win scores as a win, a forfeit
loss (and both sides of a double forfeit) 0. Football scoring gives 3 for a win and 1 for
a draw, the byes the same share of a win.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, Literal, Protocol

from fairdraw.core.model import Schedule
from fairdraw.scoring.base import ScoreSheet, Scoring, as_fraction, register_scoring
from fairdraw.scoring.results import FORFEIT_LOSS, FORFEIT_WIN, GAME, ChessEntry, chess_entries


class PointsInTenths(Protocol):
    """A pairing point system in tenths (TRF16's BBW/BBD/... lines; the Dutch engine's points)."""

    win: int
    draw: int
    loss: int
    zero_bye: int
    forfeit_loss: int
    allocated_bye: int


def options_from_tenths(points: PointsInTenths) -> dict[str, Any]:
    """The standard scoring's options for a point system in tenths, so standings and pairing
    lists score an event as its pairings were made."""
    return {
        "win": Fraction(points.win, 10),
        "draw": Fraction(points.draw, 10),
        "loss": Fraction(points.loss, 10),
        "forfeit_loss": Fraction(points.forfeit_loss, 10),
        "byes": {"bye": Fraction(points.allocated_bye, 10), "zero-point": Fraction(points.zero_bye, 10)},
    }


@register_scoring
class StandardScoring(Scoring):
    """Points per result; options: win, draw, loss, forfeit_win, forfeit_loss, byes={kind: points}."""

    name: ClassVar[str] = "standard"
    description: ClassVar[str] = "Chess: 1 for a win, 1/2 for a draw, byes and forfeits configurable"
    game: ClassVar[Literal["chess", "mahjong"]] = "chess"
    unit: ClassVar[int] = 1  # the defaults below are multiples of a win's share

    known_options: ClassVar[frozenset[str]] = frozenset({"win", "draw", "loss", "forfeit_win", "forfeit_loss", "byes"})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        unknown = set(options) - self.known_options
        if unknown:
            known = ", ".join(sorted(self.known_options))
            raise ValueError(f"unknown {self.name} scoring option(s) {', '.join(sorted(unknown))}; known: {known}")
        win = as_fraction(options.get("win", 1 * self.unit))
        draw = as_fraction(options.get("draw", self._draw_default(win)))
        loss = as_fraction(options.get("loss", 0))
        self.values: dict[str, Fraction] = {"W": win, "D": draw, "L": loss}
        self.forfeit_win = as_fraction(options.get("forfeit_win", win))
        self.forfeit_loss = as_fraction(options.get("forfeit_loss", 0))
        byes = {
            "bye": win,
            "full-point": win,
            "meerkamp-bye": win,
            "half-point": draw,
            "zero-point": Fraction(0),
            "absent": Fraction(0),
            "unpaired": Fraction(0),
        }
        for kind, value in dict(options.get("byes", {})).items():
            if kind not in byes:
                raise ValueError(f"unknown bye kind {kind!r}; known: {', '.join(byes)}")
            byes[kind] = as_fraction(value)
        self.byes = byes

    def _draw_default(self, win: Fraction) -> Fraction:
        return win / 2

    def entry_points(self, entry: ChessEntry) -> Fraction:
        """Points one entry is worth."""
        if entry.kind == GAME:
            return self.values[entry.outcome]
        if entry.kind == FORFEIT_WIN:
            return self.forfeit_win
        if entry.kind == FORFEIT_LOSS:
            return self.forfeit_loss
        return self.byes[entry.kind]

    def score(self, schedule: Schedule) -> ScoreSheet:
        entries = chess_entries(schedule)
        per_round = {pid: {e.round: self.entry_points(e) for e in es} for pid, es in entries.items()}
        points = {pid: sum(rounds.values(), Fraction(0)) for pid, rounds in per_round.items()}
        return ScoreSheet(points=points, per_round=per_round, meta={"win": float(self.values["W"])})


@register_scoring
class FootballScoring(StandardScoring):
    """3 points for a win, 1 for a draw, 0 for a loss; byes by the same share."""

    name: ClassVar[str] = "football"
    description: ClassVar[str] = "Chess with football points: 3 for a win, 1 for a draw, 0 for a loss"
    unit: ClassVar[int] = 3

    def _draw_default(self, win: Fraction) -> Fraction:
        return win / 3

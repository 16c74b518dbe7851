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
    """A pairing point system in tenths (TRF16's BBW/BBD/... lines; the Dutch engine's points).
    Read-only members, so a frozen dataclass (``formats.trf.PointSystem``) is one."""

    @property
    def win(self) -> int: ...
    @property
    def draw(self) -> int: ...
    @property
    def loss(self) -> int: ...
    @property
    def zero_bye(self) -> int: ...
    @property
    def forfeit_loss(self) -> int: ...
    @property
    def allocated_bye(self) -> int: ...


#: FIDE's point system in tenths: win, draw, loss, zero-point bye, forfeit loss, allocated bye
_FIDE_TENTHS = (10, 5, 0, 0, 0, 10)


def options_from_tenths(points: PointsInTenths) -> dict[str, Any]:
    """The standard scoring's options for a point system in tenths, so standings and pairing
    lists score an event as its pairings were made.

    FIDE's own 1 / ½ / 0 (a file without point lines) gives no options at all, so that
    ``-O win=3`` moves the draw and the byes with the win as it does for any event; a file
    that sets its point system pins every value, as the pairing read them (TRF16: a line
    left out keeps FIDE's value, the allocated bye follows the win). An absence (a blank
    round) scores like a zero-point bye (``BBZ``), as in the pairing."""
    values = (points.win, points.draw, points.loss, points.zero_bye, points.forfeit_loss, points.allocated_bye)
    if values == _FIDE_TENTHS:
        return {}
    zero_bye = Fraction(points.zero_bye, 10)
    return {
        "win": Fraction(points.win, 10),
        "draw": Fraction(points.draw, 10),
        "loss": Fraction(points.loss, 10),
        "forfeit_loss": Fraction(points.forfeit_loss, 10),
        "byes": {"bye": Fraction(points.allocated_bye, 10), "zero-point": zero_bye, "absent": zero_bye},
    }


#: what each value of a pairing point system (TRF16 BBW, BBD, BBL, BBZ, BBF, BBU) is called
#: among the standard scoring's options, for a message naming the option to change
_OPTION_OF_TENTHS = {"win": "win", "draw": "draw", "loss": "loss", "zero_bye": "byes (zero-point)",
                     "forfeit_loss": "forfeit_loss", "allocated_bye": "byes (bye)"}


def tenths_of(scoring: StandardScoring) -> dict[str, int]:
    """The point system a Swiss is paired by, from the event's scoring, in tenths (the fields of
    ``PointsInTenths``): the inverse of ``options_from_tenths``.

    Why: FIDE C.04.3 A.3 groups the players by score (scoregroups), and the score is the one
    the tournament counts (TRF16 declares it with its BB lines), so a football-scored Swiss
    (3-1-0) is paired on 3-1-0, not 1-½-0. The engine knows six values (the BB lines); a
    forfeit win and a half- or full-point bye count in it as a win, a draw and a win, whatever
    the scoring says of them for the standings. A value the engine cannot hold (below 0, or not in tenths) is
    a ValueError naming the scoring option."""
    values = {"win": scoring.values["W"], "draw": scoring.values["D"], "loss": scoring.values["L"],
              "zero_bye": scoring.byes["zero-point"], "forfeit_loss": scoring.forfeit_loss,
              "allocated_bye": scoring.byes["bye"]}
    out: dict[str, int] = {}
    for name, value in values.items():
        tenths = value * 10
        if value < 0 or tenths.denominator != 1:
            raise ValueError(f"{_OPTION_OF_TENTHS[name]}: a Swiss is paired on points of 0 or more in tenths "
                             f"(TRF16's point lines), got {value}")
        out[name] = int(tenths)
    return out


def _bye_points(value: Any) -> dict[str, Any]:
    """The ``byes`` option: a mapping {kind: points} (JSON, library) or the command line's
    text ``kind:points,kind:points`` (e.g. ``-O byes=half-point:0,bye:1/2``)."""
    if isinstance(value, dict):
        return value
    if isinstance(value, str):
        out: dict[str, Any] = {}
        for item in filter(None, (part.strip() for part in value.split(","))):
            kind, sep, points = item.partition(":")
            if not sep:
                raise ValueError(f"byes: expected kind:points pairs separated by commas "
                                 f"(e.g. half-point:0,bye:1/2), got {item!r}")
            out[kind.strip()] = points.strip()
        return out
    raise ValueError(f"byes: expected {{kind: points}} or kind:points pairs, got {value!r}")


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
        win = as_fraction(options.get("win", 1 * self.unit), "win")
        if win <= 0:
            raise ValueError(f"win: a win must be worth more than 0 points, got {win}")
        draw = as_fraction(options.get("draw", self._draw_default(win)), "draw")
        loss = as_fraction(options.get("loss", 0), "loss")
        self.values: dict[str, Fraction] = {"W": win, "D": draw, "L": loss}
        self.forfeit_win = as_fraction(options.get("forfeit_win", win), "forfeit_win")
        self.forfeit_loss = as_fraction(options.get("forfeit_loss", 0), "forfeit_loss")
        byes = {
            "bye": win,
            "full-point": win,
            "meerkamp-bye": win,
            "half-point": draw,
            "zero-point": Fraction(0),
            "absent": Fraction(0),
            "unpaired": Fraction(0),
        }
        for kind, value in _bye_points(options.get("byes", {})).items():
            if kind not in byes:
                raise ValueError(f"byes: unknown bye kind {kind!r}; known: {', '.join(byes)}")
            byes[kind] = as_fraction(value, f"byes {kind}")
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

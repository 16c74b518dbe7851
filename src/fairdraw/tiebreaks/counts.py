"""FIDE tie-breaks that count games and wins (C.07, Tie-Break Regulations, 2023, section 7):
wins (WIN), wins over the board (WON), games with black (BPG), wins with black (BWG), games
and rounds one elected to play (GE, REP), and the progressive score (PS, art. 7.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from fairdraw.scoring.results import NOT_VOLUNTARY, ChessEntry
from fairdraw.tiebreaks.base import TieBreak, TieBreakContext, TieBreakSpec, register_tiebreak


@register_tiebreak
class Wins(TieBreak):
    """C.07 (2023) art. 7.1, WIN: the rounds in which the participant obtained, with or
    without playing, as many points as a win is awarded: wins over the board, and forfeit
    wins and byes only when the scoring gives them a win's points (by default a forfeit win,
    a pairing-allocated or full-point bye and a Meerkamp sit-out do; a pairing-allocated bye
    scored as a draw with ``byes={"bye": ...}`` does not)."""

    code: ClassVar[str] = "WIN"
    description: ClassVar[str] = "Number of wins, including unplayed wins (forfeits, full-point byes)"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        out = {}
        for pid in players:
            out[pid] = Fraction(sum(1 for e in ctx.entries[pid] if gave_a_win(ctx, pid, e)))
        return out


def gave_a_win(ctx: TieBreakContext, pid: int, entry: ChessEntry) -> bool:
    """The round gave the participant a win's points, played or not (WIN, and GE's unplayed
    rounds); never when the scoring has no points for a win."""
    return ctx.win > 0 and ctx.round_points.get(pid, {}).get(entry.round) == ctx.win


@register_tiebreak
class WinsOverTheBoard(TieBreak):
    """C.07 (2023) section 7, WON: games won over the board."""

    code: ClassVar[str] = "WON"
    description: ClassVar[str] = "Number of games won over the board"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        return {pid: Fraction(sum(1 for e in ctx.entries[pid] if e.played and e.outcome == "W")) for pid in players}


@register_tiebreak
class BlackGames(TieBreak):
    """C.07 (2023) section 7, BPG: games played with black (unplayed games do not count)."""

    code: ClassVar[str] = "BPG"
    description: ClassVar[str] = "Number of games played with black"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        return {pid: Fraction(sum(1 for e in ctx.entries[pid] if e.played and e.colour == "b")) for pid in players}


@register_tiebreak
class BlackWins(TieBreak):
    """C.07 (2023) section 7, BWG: games won with black over the board (a forfeit win is no game)."""

    code: ClassVar[str] = "BWG"
    description: ClassVar[str] = "Number of games won with black over the board"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        return {
            pid: Fraction(sum(1 for e in ctx.entries[pid] if e.played and e.colour == "b" and e.outcome == "W"))
            for pid in players
        }


@register_tiebreak
class GamesElected(TieBreak):
    """C.07 (2023) section 7, GE: the rounds the participant elected to play, i.e. every round
    but the voluntary unplayed ones (art. 16.2: half- and zero-point byes, forfeit losses,
    absences): a game over the board, or an unplayed round that is not voluntary (a forfeit win,
    a pairing-allocated or full-point bye, a Meerkamp sit-out) whatever it scored. FIDE's
    Technical Commission's tie-break server counts "over the board or a win's points", which
    agrees under FIDE's point values; a pairing-allocated bye worth a draw (``BBU 0.5``) is
    still a round the player did not decline (found 2026-12-05)."""

    code: ClassVar[str] = "GE"
    description: ClassVar[str] = "Games elected to play: rounds less voluntary unplayed ones (byes asked for, forfeit losses)"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        return {pid: Fraction(sum(1 for e in ctx.entries[pid] if e.played or e.kind in NOT_VOLUNTARY))
                for pid in players}


@register_tiebreak
class RoundsElected(GamesElected):
    """REP, "rounds one elected to play": GE under the name later editions of C.07 and FIDE's
    Technical Commission's tie-break server also use, so either code works."""

    code: ClassVar[str] = "REP"
    description: ClassVar[str] = "Rounds elected to play: the same count as GE"


@register_tiebreak
class ProgressiveScore(TieBreak):
    """C.07 (2023) art. 7.5 PS: the sum of the running scores after each round; PS:C1 cuts
    the first round's running score (a cut modifier, section 14)."""

    code: ClassVar[str] = "PS"
    description: ClassVar[str] = "Progressive score: sum of the running scores round by round (PS:C1 cuts round 1)"
    accepts_cuts: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        out = {}
        for pid in players:
            running = Fraction(0)
            total = Fraction(0)
            for i, e in enumerate(sorted(ctx.entries[pid], key=lambda e: e.round)):
                running += ctx.round_points[pid].get(e.round, Fraction(0))
                if i >= spec.cut_low:
                    total += running
            out[pid] = total
        return out



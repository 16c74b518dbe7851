"""FIDE tie-breaks from the opponents' scores (Buchholz, Sonneborn-Berger) and the direct encounter
(C.07, Tie-Break Regulations, 2023), and seed 002's weerstandspunten. The other chess tie-breaks
live in ``counts``, ``ratings``, ``koya``, ``fore_buchholz`` and ``opponent_averages``.

Unplayed rounds (C.07 2023 section 16) are handled in two places:

* an opponent's score, as it enters a participant's Buchholz or Sonneborn-Berger, is the
  opponent's *adjusted* score: the voluntary unplayed rounds (VUR, art. 16.2) that come
  after the opponent's last round that was not a VUR (typically the rounds after a
  withdrawal) and have no opponent count as draws (art. 16.3.2); everything else counts
  as scored;
* a participant's own unplayed round (bye, forfeit, absence) counts as a game against a
  *dummy opponent* whose score is the participant's own final score (section 16, the dummy opponent), worth
  in Sonneborn-Berger that score times the points the round gave;
* cut and median modifiers (art. 14) remove the least significant values; a VUR is cut
  in preference when that does not leave the participant better off (art. 14.6, see
  ``_cut``); the most significant value is cut without that exception.

In round robins (every pair meets) there is no dummy opponent: rounds without an opponent
are left out of Buchholz and Sonneborn-Berger, a forfeit counts as a game against the
scheduled opponent (arbiters' reading that in an all-play-all unplayed games count as played,
e.g. G. Gijssen, "An Arbiter's Notebook" no. 176, ChessCafe; and the round-robin default of FIDE's
Technical Commission's tie-break server, its "P" option), and withdrawals are not adjusted (their
games are forfeits); rounds with no opponent after the last non-VUR round add 0 to the score
opponents see, as that server computes it (``adjusted_score``).
``BH:P``, ``SB:P`` (and ``FB:P``) ask for that reading of forfeits in a Swiss too.

The same reading is implemented by FIDE's Technical Commission's reference tie-break
server, for Swiss events and round robins alike; the hand-worked examples in
tests/scoring/test_fide_tiebreaks.py follow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from fairdraw.tiebreaks.base import TieBreak, TieBreakContext, TieBreakSpec, cached, register_tiebreak


def adjusted_score(ctx: TieBreakContext, pid: int) -> Fraction:
    """A participant's score as seen by their opponents' Buchholz (C.07 2023 art. 16.3)."""
    entries = ctx.entries.get(pid, [])
    last_non_vur = max((e.round for e in entries if not e.voluntary_unplayed), default=0)
    total = Fraction(0)
    for e in entries:
        if e.round <= last_non_vur or e.opponent is not None:
            total += ctx.round_points[pid].get(e.round, Fraction(0))
        elif not ctx.round_robin:
            total += ctx.draw  # art. 16.3.2: VURs after the last non-VUR round count as draws
    return total


def adjusted_scores(ctx: TieBreakContext) -> dict[int, Fraction]:
    """Every participant's adjusted score, computed once per context."""
    return cached(ctx, "adjusted", lambda: {pid: adjusted_score(ctx, pid) for pid in ctx.entries})


@dataclass(frozen=True)
class _Item:
    """One round's contribution: the (dummy) opponent's score and the tie-break value."""

    vur: bool
    score: Fraction
    value: Fraction


def _cut(items: list[_Item], low: int, high: int) -> list[_Item]:
    """Drop the ``low`` least and ``high`` most significant values (art. 14).

    The least significant value is the one with the lowest (dummy) opponent score. Art. 14.6
    keeps a voluntary unplayed round from helping the participant: when there is a VUR, its
    value is cut instead, unless the least significant game is worth more (then cutting the
    VUR would leave the higher total, so that game is cut). For Buchholz this always cuts
    the VUR; for Sonneborn-Berger a forfeit loss (worth 0) does not shield a weak opponent's
    win. This is the reading of FIDE's Technical Commission's tie-break server, against
    which the golden tournaments were compared.
    """
    items = list(items)
    low = min(low, len(items))
    high = min(high, len(items) - low)
    for _ in range(low):
        least = min(items, key=lambda it: (it.score, it.value))
        vurs = [it for it in items if it.vur]
        if vurs:
            least_vur = min(vurs, key=lambda it: (it.score, it.value))
            if least.value <= least_vur.value:
                least = least_vur
        items.remove(least)
    for _ in range(high):
        items.remove(max(items, key=lambda it: (it.score, it.value)))
    return items


def forfeits_are_games(ctx: TieBreakContext, spec: TieBreakSpec) -> bool:
    """A forfeit counts as a game against the scheduled opponent: always in a round robin
    (unplayed games count as played there), and in a Swiss with ``:P`` (the tournament's rules
    say so; FIDE's TC tie-break server's "P" option). Read by BH, SB (so FB) and DE."""
    return ctx.round_robin or spec.forfeits_played


def _items(ctx: TieBreakContext, pid: int, sonneborn: bool, adjusted: dict[int, Fraction],
           forfeit_is_game: bool) -> list[_Item]:
    own = ctx.totals[pid]
    items = []
    for e in ctx.entries[pid]:
        points = ctx.round_points[pid].get(e.round, Fraction(0))
        if e.played or (forfeit_is_game and e.opponent is not None):
            assert e.opponent is not None
            score = adjusted[e.opponent]
            vur = False  # a game, so no VUR for the cut rule (art. 14.6)
        elif ctx.round_robin:
            # Round robins have no dummy opponent: a round without an opponent (the bye of an
            # odd field, a Meerkamp sit-out) is left out.
            continue
        else:
            score = own  # C.07 section 16: the dummy opponent has the participant's own score
            vur = e.voluntary_unplayed
        items.append(_Item(vur, score, score * points if sonneborn else score))
    return items


class _OpponentSum(TieBreak):
    accepts_cuts: ClassVar[bool] = True
    accepts_median: ClassVar[bool] = True
    accepts_played: ClassVar[bool] = True
    sonneborn: ClassVar[bool] = False

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        adjusted = adjusted_scores(ctx)
        out = {}
        for pid in players:
            kept = _cut(_items(ctx, pid, self.sonneborn, adjusted, forfeits_are_games(ctx, spec)),
                        spec.cut_low, spec.cut_high)
            out[pid] = sum((it.value for it in kept), Fraction(0))
        return out


@register_tiebreak
class Buchholz(_OpponentSum):
    """C.07 (2023) art. 8.1: the sum of the opponents' scores; modifiers C1, C2, M1 (art. 14)."""

    code: ClassVar[str] = "BH"
    description: ClassVar[str] = "Buchholz: sum of the opponents' scores (BH:C1, BH:C2 cut; BH:M1 median)"


@register_tiebreak
class SonnebornBerger(_OpponentSum):
    """C.07 (2023) art. 8.2: each opponent's score times the points scored against them."""

    code: ClassVar[str] = "SB"
    description: ClassVar[str] = "Sonneborn-Berger: opponents' scores weighted by the points scored against them"
    sonneborn: ClassVar[bool] = True


@register_tiebreak
class Weerstandspunten(TieBreak):
    """Seed 002: when a game was played, a win adds twice the opponent's score, a draw once,
    a loss nothing ("Als een match heeft plaatsgevonden ...")."""

    code: ClassVar[str] = "WP"
    description: ClassVar[str] = "Weerstandspunten (seed 002): a win adds twice the opponent's score, a draw once"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        weight = {"W": 2, "D": 1, "L": 0}
        return {
            pid: sum(
                (
                    weight[e.outcome] * ctx.totals[e.opponent]
                    for e in ctx.entries[pid]
                    if e.played and e.opponent is not None  # an id may be 0
                ),
                Fraction(0),
            )
            for pid in players
        }


def _encounters(
    ctx: TieBreakContext, members: Sequence[int], forfeits: bool = False
) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Each member's points against the other members (a pair that met more than once counts
    the average of its games, C.07 art. 6.1.2) and how many of them each has met; with
    ``forfeits`` a forfeit between two members counts as their game, with the points it gave."""
    group = set(members)
    points: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for pid in members:
        per_opponent: dict[int, list[Fraction]] = {}
        for e in ctx.entries[pid]:
            if (e.played or forfeits) and e.opponent in group and e.opponent != pid:
                per_opponent.setdefault(e.opponent, []).append(ctx.round_points[pid].get(e.round, Fraction(0)))
        points[pid] = sum((sum(v, Fraction(0)) / len(v) for v in per_opponent.values()), Fraction(0))
        met[pid] = len(per_opponent)
    return points, met


def _de_tiers(ctx: TieBreakContext, members: list[int], forfeits: bool = False) -> list[list[int]]:
    """The members split into tiers, best first, by direct encounter (C.07 2023 art. 6).

    When all of them met, the points among them decide (equal points stay tied). When not,
    the leaders are separated one by one only while a leader's points exceed what every
    participant below could still reach with the missing encounters won (6.2); the others
    stay tied. A tier that stays tied is examined again on its own, as the regulation applies
    the encounter among the participants still tied, until nothing changes.
    """
    if len(members) < 2:
        return [members]
    points, met = _encounters(ctx, members, forfeits)
    if all(met[pid] == len(members) - 1 for pid in members):
        values = sorted({points[pid] for pid in members}, reverse=True)
        tiers = [[pid for pid in members if points[pid] == v] for v in values]
    else:
        most = {pid: points[pid] + ctx.win * (len(members) - 1 - met[pid]) for pid in members}
        order = sorted(members, key=lambda pid: (-points[pid], -most[pid]))
        tiers = []
        while len(order) > 1 and points[order[0]] > max(most[pid] for pid in order[1:]):
            tiers.append([order.pop(0)])
        tiers.append(order)
    if len(tiers) == 1:
        return tiers
    return [sub for tier in tiers for sub in _de_tiers(ctx, tier, forfeits)]


@register_tiebreak
class DirectEncounter(TieBreak):
    """C.07 (2023) art. 6: the games among the participants still tied decide.

    The value shown is each participant's points against the others of the tied group (over
    the board; several games against one opponent count as their average); the order comes
    from ``_de_tiers`` (partial meetings, re-applied to the participants still tied). A
    forfeit between two of them counts as their game in a round robin (unplayed games count
    as played there) and with ``DE:P`` in a Swiss, as FIDE's TC tie-break server reads it.
    """

    code: ClassVar[str] = "DE"
    description: ClassVar[str] = "Direct encounter: the games among the tied participants (DE:P: forfeits too)"
    per_group: ClassVar[bool] = True
    accepts_played: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        if len(players) < 2:
            return {pid: Fraction(0) for pid in players}
        return _encounters(ctx, players, forfeits_are_games(ctx, spec))[0]

    def order_values(
        self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]
    ) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
        shown = self.compute(ctx, spec, players)
        tiers = _de_tiers(ctx, list(players), forfeits_are_games(ctx, spec))
        return shown, {pid: Fraction(-index) for index, tier in enumerate(tiers) for pid in tier}

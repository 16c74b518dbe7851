"""FIDE tie-breaks (C.07, Tie-Break Regulations, 2023) and seed 002's weerstandspunten.

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

from fairdraw.scoring.results import ChessEntry
from fairdraw.tiebreaks.base import TieBreak, TieBreakContext, TieBreakSpec, cached, register_tiebreak

#: a game's result as a score fraction, for the rating tie-breaks (TPR, PTP)
OUTCOME_VALUE = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}


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
    absences). Counted as FIDE's Technical Commission's tie-break server counts it: a game over
    the board, or an unplayed round that gave a win's points (a forfeit win, and a
    pairing-allocated or full-point bye when the scoring gives it a win's points)."""

    code: ClassVar[str] = "GE"
    description: ClassVar[str] = "Games elected to play: rounds less voluntary unplayed ones (byes asked for, forfeit losses)"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        return {pid: Fraction(sum(1 for e in ctx.entries[pid] if e.played or gave_a_win(ctx, pid, e)))
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


def rated_games(ctx: TieBreakContext, pid: int, unrated_rating: int = 0) -> list[tuple[int, ChessEntry]]:
    """The games played over the board with each opponent's rating; an unrated opponent is
    left out, or counted at ``unrated_rating`` when the tournament gives one (``:U1400``)."""
    ratings = {p.id: p.rating for p in ctx.schedule.players}
    games = []
    for e in ctx.entries[pid]:
        if e.played and e.opponent is not None:
            rating = ratings.get(e.opponent) or unrated_rating
            if rating:
                games.append((rating, e))
    return games


def kept_rated_games(ctx: TieBreakContext, pid: int, spec: TieBreakSpec) -> list[tuple[int, ChessEntry]]:
    """``rated_games`` less the cut (C.07 2023 section 14: ``:C1`` the lowest-rated opponent,
    ``:M1`` also the highest). An opponent met over the board without a rating is already out
    of the average, so while one is left a cut (low or high) is spent on it instead of on a
    rated game: a cut removes one opponent, not one rated opponent (as FIDE's Technical
    Commission's tie-break server reads it)."""
    games = sorted(rated_games(ctx, pid, spec.unrated_rating), key=lambda game: game[0])
    unrated = sum(1 for e in ctx.entries[pid] if e.played and e.opponent is not None) - len(games)
    for cuts, end in ((spec.cut_low, 0), (spec.cut_high, -1)):  # the lowest first, then the highest
        for _ in range(cuts):
            if unrated > 0:
                unrated -= 1
            elif games:
                games.pop(end)
    return games


def round_half_up(value: Fraction) -> int:
    return int((value * 2 + 1) // 2)


@register_tiebreak
class AverageRatingOfOpponents(TieBreak):
    """C.07 (2023) art. 10.1 ARO: the average rating of the opponents met over the board
    (unrated opponents left out), rounded to the nearest whole number."""

    code: ClassVar[str] = "ARO"
    description: ClassVar[str] = "Average rating of the opponents played (ARO:C1 cuts the lowest, ARO:M1 also the highest)"
    accepts_cuts: ClassVar[bool] = True
    accepts_median: ClassVar[bool] = True
    accepts_unrated: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        out = {}
        for pid in players:
            ratings = [r for r, _ in kept_rated_games(ctx, pid, spec)]
            out[pid] = Fraction(round_half_up(Fraction(sum(ratings), len(ratings)))) if ratings else Fraction(0)
        return out


#: FIDE's conversion from a percentage score p to a rating difference dp (FIDE rating
#: regulations B.02 table 8.1.1), for p from 0.50 to 1.00 in hundredths; below 0.50 the
#: difference is the negative of that for 1 - p.
_DP = (
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
)


def rating_difference(p: Fraction) -> int:
    """dp for a score fraction p (rounded to hundredths, as the table is read)."""
    hundredths = round_half_up(p * 100)
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


@register_tiebreak
class PerformanceRating(TieBreak):
    """C.07 (2023) art. 10.2 TPR: ARO plus the rating difference dp of the percentage
    scored in those games (FIDE's conversion table)."""

    code: ClassVar[str] = "TPR"
    description: ClassVar[str] = "Tournament performance rating: ARO + dp(percentage scored); TPR:C1 cuts as ARO:C1"
    accepts_cuts: ClassVar[bool] = True
    accepts_median: ClassVar[bool] = True
    accepts_unrated: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        out = {}
        for pid in players:
            games = kept_rated_games(ctx, pid, spec)
            if not games:
                out[pid] = Fraction(0)
                continue
            aro = round_half_up(Fraction(sum(r for r, _ in games), len(games)))
            p = sum((OUTCOME_VALUE[e.outcome] for _, e in games), Fraction(0)) / len(games)
            out[pid] = Fraction(aro + rating_difference(p))
        return out


def maximum_possible_score(ctx: TieBreakContext) -> Fraction:
    """The maximum possible score of the event over the rounds counted, for Koya's 50 % mark
    (C.07 (2023) art. 9.2).

    Round robin: the most any participant could have scored, i.e. for each participant a win
    for every round with a scheduled opponent (a game or a forfeit) plus what each round
    without one gave (the free round of an odd Berger field gives nothing, a Meerkamp
    sit-out its point); the largest of these. A single round robin of n players thus gives
    win x (n - 1), odd or even field (the odd field's free round lowers it from n rounds to
    n - 1 games), a double one twice that; a round robin still in progress counts the rounds
    with results so far. Anything else (a Swiss, where FIDE does not define KS): every round
    can bring a win's points, a pairing-allocated bye included, so win x rounds, as FIDE's
    Technical Commission's tie-break server computes it.
    """
    if "max_score" not in ctx.cache:
        rounds = {e.round for es in ctx.entries.values() for e in es}
        if not ctx.round_robin:
            best = ctx.win * len(rounds)
        else:
            best = Fraction(0)
            for pid, entries in ctx.entries.items():
                points = ctx.round_points.get(pid, {})
                most = sum(
                    (ctx.win if e.opponent is not None else points.get(e.round, Fraction(0)) for e in entries),
                    Fraction(0),
                )
                best = max(best, most)
        ctx.cache["max_score"] = best
    maximum: Fraction = ctx.cache["max_score"]
    return maximum


@register_tiebreak
class Koya(TieBreak):
    """C.07 (2023) art. 9.2 KS: points scored against the opponents who finished with at
    least 50 % of the maximum possible score (``maximum_possible_score``: in a round robin
    the games a participant is scheduled to play, so an odd field's free round lowers it;
    in a Swiss, where FIDE defines no KS, win x rounds); a forfeit against such an opponent
    counts with the points it gave.

    The limit modifier ``KS:L-n`` / ``KS:L+n`` (art. 9.2's limit extended or reduced) moves
    the limit down or up by n half-points (n times half a win's points), as FIDE's TC tie-break
    server reads ``KS/L-2``: L-2 also counts opponents one point short of 50 %."""

    code: ClassVar[str] = "KS"
    description: ClassVar[str] = "Koya: points against opponents with at least 50 % of the maximum score (KS:L-1 lowers the limit half a point)"
    accepts_limit: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        # C.07 (2023) art. 9.2: "50 % or more", moved by the limit modifier's half-points
        limit = maximum_possible_score(ctx) / 2 + spec.limit_shift * ctx.win / 2
        out = {}
        for pid in players:
            out[pid] = sum(
                (
                    ctx.round_points[pid].get(e.round, Fraction(0))
                    for e in ctx.entries[pid]
                    if e.opponent is not None and ctx.totals[e.opponent] >= limit
                ),
                Fraction(0),
            )
        return out

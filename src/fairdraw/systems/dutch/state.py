"""The facts the Dutch rules read about each player, derived from the rounds played.

FIDE C.04.1 and C.04.3 speak of a player's score, colour difference, colour preference
(absolute, strong, mild), float history and bye history. They are computed once per
pairing from the history (a pure function of the PairingRequest) so that every rule
module reads the same, documented values.

Scores are kept in tenths of a point (TRF16 precision) so that non-standard point systems
(BBW/BBD/... lines) stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.history_rules import check_chess_history
from fairdraw.core.model import Round
from fairdraw.core.option_values import flag_option
from fairdraw.core.player_rules import player_rules
from fairdraw.core.registry import PairingRequest

WHITE, BLACK = "w", "b"


def invert(colour: str | None) -> str | None:
    """The other colour (None stays None)."""
    return None if colour is None else (BLACK if colour == WHITE else WHITE)


@dataclass(frozen=True, slots=True)
class Points:
    """Point values in tenths (FIDE default: win 1, draw ½, loss 0; byes per C.04.1)."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_bye: int = 0
    forfeit_loss: int = 0
    allocated_bye: int = 10


@dataclass(frozen=True, slots=True)
class Match:
    """One round of one player, in the terms the rules need.

    ``played``: a game over the board (forfeits are not: C.04.1 "a forfeited game does
    not count" for meetings and colours). ``paired``: the player took part in that
    round's pairing (a game, a forfeit or the pairing-allocated bye), as opposed to an
    announced absence (H, F, Z byes). ``outcome`` is "W", "D" or "L".
    """

    opponent: int | None
    colour: str | None
    outcome: str
    played: bool
    paired: bool


@dataclass(slots=True)
class Player:
    """A player available for the round being paired, with everything the rules read."""

    id: int
    rank: int  # 0-based position among the players taking part (the pairing number order)
    matches: list[Match]
    number: int = 0  # the published pairing number (1-based place in the request): for explanations
    score: int = 0  # tenths, without acceleration
    accelerations: list[int] = field(default_factory=list)
    played_games: int = 0
    imbalance: int = 0  # |whites - blacks| over played games
    preference: str | None = None
    repeated: str | None = None  # colour played in each of the last two played games
    strong: bool = False
    bye_eligible: bool = True

    @property
    def absolute_imbalance(self) -> bool:
        """C.04.1 f / C.04.3 A.6.a: colour difference beyond ±1."""
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        """Absolute colour preference: difference > 1 or the same colour twice in a row."""
        return self.imbalance > 1 or self.repeated is not None

    def accelerated(self, played_rounds: int, rounds_back: int = 0, points: Points | None = None) -> int:
        """Pairing score ``rounds_back`` rounds ago, with that round's acceleration (C.04.5)."""
        score = self.score
        index = played_rounds
        if rounds_back:
            assert points is not None
            for back in range(rounds_back):
                index -= 1
                score -= points_of(self.matches[index], self.id, points)
        bonus = self.accelerations[index] if index < len(self.accelerations) else 0
        return score + bonus


def points_of(match: Match, pid: int, points: Points) -> int:
    """Points a round earned (C.04.1: bye values; forfeit loss and zero bye configurable)."""
    if match.outcome == "L":
        if match.paired:
            return points.loss if match.played else points.forfeit_loss
        return points.zero_bye
    if match.outcome == "W":
        if match.opponent is None and match.paired:
            return points.allocated_bye
        return points.win
    return points.draw


@dataclass(slots=True)
class Context:
    """Everything fixed for one pairing: the players taking part and tournament facts."""

    players: list[Player]  # the players to pair, in rank order
    played_rounds: int
    expected_rounds: int
    points: Points
    initial_colour: str  # colour of the top-ranked player in odd... see colours.allocate
    forbidden: dict[int, set[int]]
    all_ranks: dict[int, int]
    scores_unaccelerated: dict[int, int]
    all_matches: dict[int, list[Match]]
    all_accelerations: dict[int, list[int]]
    #: announced absences for this round, id -> bye kind (checked: fairdraw.core.player_rules)
    requested: dict[int, str] = field(default_factory=dict)

    def acc(self, player: Player, rounds_back: int = 0) -> int:
        """Pairing score (with acceleration) of a player to pair, ``rounds_back`` ago."""
        return player.accelerated(self.played_rounds, rounds_back, self.points)

    def score_of(self, pid: int, rounds_back: int = 0) -> int:
        """Pairing score of any participant (present or not), ``rounds_back`` ago."""
        score = self.scores_unaccelerated[pid]
        index = self.played_rounds
        for _ in range(rounds_back):
            index -= 1
            score -= points_of(self.all_matches[pid][index], pid, self.points)
        acc = self.all_accelerations.get(pid, [])
        return score + (acc[index] if index < len(acc) else 0)


_OUTCOME_W = {"1-0": ("W", "L", True), "0-1": ("L", "W", True), "1/2-1/2": ("D", "D", True),
              "+/-": ("W", "L", False), "-/+": ("L", "W", False), "-/-": ("L", "L", False),
              "1/2-0": ("D", "L", True), "0-1/2": ("L", "D", True), "0-0": ("L", "L", True)}
_BYE_MATCH = {
    "bye": ("W", True),
    "half-point": ("D", False),
    "full-point": ("W", False),
    "zero-point": ("L", False),
    "absent": ("L", False),
    "meerkamp-bye": ("W", True),
}


def _outcome_of(result: str, round_no: int, board: int) -> tuple[str, str, bool]:
    """(white's outcome, black's, played) of a board's result. TRF16's own codes ("1/2-0",
    "0-0") first; then every spelling the other readers accept ("=", "0.5-0.5", "1-0f", a
    typographic dash: ``scoring.results.normalise_result``, docs/standings.md), so an event that
    `standings` scores can also be paired, and a forfeit however written is no game (C.04.1 b)."""
    from fairdraw.scoring.results import normalise_result

    key = result.replace("½", "1/2")
    if key not in _OUTCOME_W:
        try:
            key = normalise_result(result)
        except ValueError:
            raise InputError(f"round {round_no}, board {board}: unknown result {result!r}", field="result") from None
    return _OUTCOME_W[key]


def history_matches(history: tuple[Round, ...], ids: list[int]) -> dict[int, list[Match]]:
    """Per player, one Match per round of the history (absent when not mentioned). A field
    listing a player twice, or a round seating one twice (two boards, [2, 2], a board and a
    bye), is refused first (``core.history_rules``, as the club Swiss and Keizer refuse it):
    replayed, it gives a player two results for one round."""
    check_chess_history(ids, history)
    out: dict[int, list[Match]] = {pid: [] for pid in ids}
    for index, rnd in enumerate(history):
        seen: set[int] = set()
        for table in rnd.tables:
            white, black = table.seats  # two known players: check_chess_history
            if table.result is None:
                raise InputError(
                    f"round {rnd.round}, board {table.table}: no result yet; the next round needs every result",
                    field="result",
                )
            ow, ob, played = _outcome_of(table.result, rnd.round, table.table)
            for pid, opp, colour, outcome in ((white, black, WHITE, ow), (black, white, BLACK, ob)):
                out[pid].append(Match(opp, colour if played else colour, outcome, played, True))
                seen.add(pid)
        for bye in rnd.byes:  # known players, none seated (check_chess_history)
            if bye.id not in seen:
                outcome, paired = _BYE_MATCH.get(bye.kind, ("L", False))
                out[bye.id].append(Match(None, None, outcome, False, paired))
                seen.add(bye.id)
        for pid in ids:
            if pid not in seen:
                out[pid].append(Match(None, None, "L", False, False))
        for pid in ids:
            assert len(out[pid]) == index + 1
    return out


def _colour_facts(player: Player) -> None:
    """Colour difference, preference and its strength (FIDE C.04.3 A.6)."""
    whites = blacks = run = 0
    last: str | None = None
    for m in player.matches:
        if not m.played:
            continue
        if m.colour == WHITE:
            whites += 1
        else:
            blacks += 1
        run = run + 1 if (run and m.colour == last) else 1
        last = m.colour
    lower = BLACK if whites > blacks else WHITE
    player.imbalance = abs(whites - blacks)
    player.played_games = whites + blacks
    # A.6: absolute when |difference| > 1 or the last two games had the same colour;
    # strong when the difference is 1; mild when it is 0 (alternate from the last game).
    if player.imbalance > 1:
        player.preference = lower
    elif run > 1:
        player.preference = invert(last)
    elif player.imbalance > 0:
        player.preference = lower
    elif run:
        player.preference = invert(last)
    else:
        player.preference = None
    player.repeated = last if run > 1 else None
    player.strong = not player.absolute and player.imbalance > 0


def _bye_eligible(player: Player, points: Points) -> bool:
    """C.04.1 d / C.2: no pairing-allocated bye before, and no point scored without
    playing worth a win (forfeit win, full-point bye)."""
    for m in player.matches:
        if m.played:
            continue
        if points_of(m, player.id, points) >= points.win or (m.paired and m.opponent is None):
            return False
    return True


def baku_accelerations(ranked_ids: list[int], total_rounds: int, points: Points) -> dict[int, list[int]]:
    """FIDE C.04.5.1 Baku acceleration, as the endorsed engine applies it.

    Accelerated rounds: the first half of the tournament, rounded up (ceil(R/2)); group A
    gets one virtual point in the first half of them (rounded up) and half a point in the
    rest (C.04.5.1 "Virtual points"). Group A: C.04.5.1 "Initial Groups Division" asks for
    the first half of the players rounded up to the nearest *even* number (2·ceil(n/4)),
    but bbpPairings v6 (FIDE_DUTCH_2025_BAKU) takes the first ceil(n/2) of the players in
    the file, and fairdraw must pair as the endorsed engine does: the two differ when
    ceil(n/2) is odd (n = 14: 7 players, not 8), and the reference data in
    tests/swiss/data/oracle/ (n = 9, 14, 18, 25, 42) fail with the literal rule. An arbiter
    who wants the literal group can give it with ``XXA`` lines, which replace Baku."""
    if points.loss or points.draw * 2 != points.win:
        raise InputError("Baku acceleration needs the point system win = 2 × draw and loss = 0")
    last_rank = (len(ranked_ids) - 1) // 2
    last_round = (total_rounds - 1) // 2
    last_full = last_round // 2
    out: dict[int, list[int]] = {}
    for pid in ranked_ids[: last_rank + 1]:
        out[pid] = [points.win if r <= last_full else points.draw for r in range(last_round + 1)]
    return out


def build_context(request: PairingRequest) -> Context:
    """Derive every rule fact from the request (the next round is ``len(history) + 1``)."""
    opts: dict[str, Any] = dict(request.options or {})
    pts_opt = opts.get("points")
    # any point system with Points' fields in tenths (formats.trf.PointSystem from a TRF's BB*
    # lines or meta.points): typed by hand on the web page it was a number or text, and the
    # pairing stopped on an AttributeError
    tenths: dict[str, Any] = {}
    if pts_opt is not None:
        tenths = {f.name: getattr(pts_opt, f.name, None) for f in fields(Points)}
    if not all(isinstance(v, int) for v in tenths.values()):
        raise InputError(f"points: expected the event's point system (read from a TRF's BBW/BBD/BBL lines or "
                         f"meta.points), got {pts_opt!r}; the scoring options set how results count",
                         field="points")
    points = Points(**tenths)
    ids = [p.id for p in request.players]
    history = request.history
    played_rounds = len(history)
    expected = request.total_rounds if request.total_rounds else played_rounds + 2
    matches = history_matches(history, ids)
    # every id an option names is a player of the event (fairdraw.core.player_rules)
    rules = player_rules(ids, opts)
    requested, withdrawn = rules.requested_byes, rules.withdrawn
    accelerations = rules.accelerations
    if flag_option(opts, "baku") and not accelerations:
        accelerations = baku_accelerations(ids, expected, points)

    # Pairing numbers count the players taking part (bbpPairings' "valid" players): those
    # present for this round and those who took part in an earlier pairing.
    ranks: dict[int, int] = {}
    for pid in ids:
        present = pid not in requested and pid not in withdrawn
        if present or any(m.paired for m in matches[pid]):
            ranks[pid] = len(ranks)
    all_scores: dict[int, int] = {}
    players: list[Player] = []
    published = {pid: index for index, pid in enumerate(ids, start=1)}
    for pid in ids:
        ms = matches[pid]
        score = sum(points_of(m, pid, points) for m in ms)
        all_scores[pid] = score
        if pid not in ranks or pid in requested or pid in withdrawn:
            continue
        p = Player(id=pid, rank=ranks[pid], matches=ms, number=published[pid], score=score,
                   accelerations=accelerations.get(pid, []))
        _colour_facts(p)
        p.bye_eligible = _bye_eligible(p, points)
        players.append(p)

    # C.04.3 C.1: a forbidden pair (TRF XXP) is never paired, as a pair that met before
    forbidden: dict[int, set[int]] = {p.id: set() for p in players}
    for pair in rules.forbidden_pairs():
        for a in pair & forbidden.keys():
            forbidden[a].update(pair - {a})
    for p in players:
        for m in p.matches:
            if m.played and m.opponent is not None:
                forbidden[p.id].add(m.opponent)

    colour = _initial_colour(opts.get("initial_colour")) or infer_initial_colour(ids, matches) or WHITE
    return Context(
        players=players,
        played_rounds=played_rounds,
        expected_rounds=expected,
        points=points,
        initial_colour=colour,
        forbidden=forbidden,
        all_ranks=ranks,
        scores_unaccelerated=all_scores,
        all_matches=matches,
        all_accelerations=accelerations,
        requested=requested,
    )


_INITIAL_COLOURS = {"white": WHITE, "w": WHITE, "white1": WHITE, "black": BLACK, "b": BLACK, "black1": BLACK}


def _initial_colour(value: Any) -> str | None:
    """The ``initial_colour`` option (C.04.3 E.5: the colour of the top pairing number in
    round 1) as WHITE/BLACK, in any case; None when not given. Another value is refused:
    taken as "not given", "Black" or "purple" silently meant White."""
    if value is None:
        return None
    colour = _INITIAL_COLOURS.get(value.strip().lower()) if isinstance(value, str) else None
    if colour is None:
        raise InputError(f"the initial colour must be white or black, got {value!r}", field="initial_colour")
    return colour


def infer_initial_colour(ids: list[int], matches: dict[int, list[Match]]) -> str | None:
    """The colour the top pairing number had (or would have had) in the first round with
    games: C.04.3 E.5 alternates colours down the list from it, so it can be read back."""
    first = None
    for pid in ids:
        for r, m in enumerate(matches[pid]):
            if m.colour is not None:
                first = r if first is None else min(first, r)
                break
    if first is None:
        return None
    counter = 0
    for pid in ids:
        if any(m.paired for m in matches[pid][: first + 1]):
            m = matches[pid][first]
            if m.colour is not None:
                return m.colour if counter % 2 == 0 else invert(m.colour)
            counter += 1
    return None

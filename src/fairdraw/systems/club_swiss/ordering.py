"""Standings state of the club Swiss (seed 002, "Zwitsers"): scores, weerstandspunten, order.

The seed orders the field before every round "by score, then weerstandspunten, then rating,
then a random number". Everything here is recomputed from the history alone, so a round is
reproducible from the rounds before it and the published seed.

Units: scores and weerstandspunten are kept in half points (integers) so that no float
rounding can ever change an order; ``points()`` converts for display.

Reading of the history (documented in docs/club-swiss.md):
- results "1-0", "0-1", "1/2-1/2" (also "½-½") are played games: they give colours, count
  as a meeting and feed the weerstandspunten;
- forfeits "+/-", "-/+", "-/-" score like a win/loss but are not played: no colour, no
  meeting (the two may be paired again), no weerstandspunten;
- byes score by kind: "bye" (the pairing-allocated bye), "full-point" and "meerkamp-bye"
  a point, "half-point" half, "zero-point" and "absent" nothing. Only kind "bye" is the
  bye of seed 002's absolute rule 3 ("no second bye").
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from fairdraw.core.errors import InputError
from fairdraw.core.history_rules import check_chess_history
from fairdraw.core.model import BYE_KINDS, Participant, Round

#: half points (white, black) and whether the game was played, per result string.
RESULTS: dict[str, tuple[int, int, bool]] = {
    "1-0": (2, 0, True),
    "0-1": (0, 2, True),
    "1/2-1/2": (1, 1, True),
    "½-½": (1, 1, True),
    "+/-": (2, 0, False),
    "-/+": (0, 2, False),
    "-/-": (0, 0, False),
}

#: half points a bye of each kind is worth.
BYE_POINTS: dict[str, int] = {
    "bye": 2,
    "full-point": 2,
    "meerkamp-bye": 2,
    "half-point": 1,
    "zero-point": 0,
    "absent": 0,
}

WHITE = "W"
BLACK = "B"


@dataclass
class PlayerState:
    """What the rules need to know about one player before the next round."""

    participant: Participant
    score: int = 0  # half points
    wp: int = 0  # weerstandspunten, half points
    #: (round number, colour) of every PLAYED game, in round order.
    colours: list[tuple[int, str]] = field(default_factory=list)
    opponents: set[int] = field(default_factory=set)
    pairing_byes: int = 0
    #: rounds in which this player was paired with an opponent of a lower score.
    floated_down: list[int] = field(default_factory=list)
    random: int = 0
    rank: int = 0  # 0-based position in the order

    @property
    def id(self) -> int:
        return self.participant.id

    @property
    def balance(self) -> int:
        """Whites minus blacks over played games."""
        return sum(1 if c == WHITE else -1 for _, c in self.colours)

    def last_colour(self) -> str | None:
        return self.colours[-1][1] if self.colours else None

    def last_round_played(self) -> int | None:
        return self.colours[-1][0] if self.colours else None

    def colour_run(self) -> tuple[str | None, int]:
        """The colour of the last played games and how many in a row had it."""
        if not self.colours:
            return None, 0
        last = self.colours[-1][1]
        run = 0
        for _, colour in reversed(self.colours):
            if colour != last:
                break
            run += 1
        return last, run


def points(half_points: int) -> str:
    """Half points as a club secretary writes them: 3, 2½."""
    whole, half = divmod(half_points, 2)
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def seeded_random(seed: str | None, pid: int) -> int:
    """The random number of the order: SHA-256 of "seed:id", as an integer.

    Anyone holding the published seed string and the player ids can recompute it; a
    missing seed counts as the empty string (still reproducible, but not a real draw).
    """
    digest = hashlib.sha256(f"{seed or ''}:{pid}".encode()).hexdigest()
    return int(digest, 16)


def _bad(message: str, *, field_: str) -> InputError:
    return InputError(message, field=field_)  # the caller that read the file names it


def build_states(players: Iterable[Participant], history: Iterable[Round], seed: str | None) -> dict[int, PlayerState]:
    """Replay the history and return every player's state, ranks filled in.

    Raises InputError for a player listed twice, an unknown id, a player twice in a round, a
    table without two seats (``core.history_rules``, shared with the Dutch and Keizer systems),
    a missing or unknown result, or an unknown bye kind: the seed requires the results of a
    round before the next one is paired.
    """
    players = tuple(players)
    history = tuple(history)
    check_chess_history((p.id for p in players), history)
    states = {p.id: PlayerState(participant=p, random=seeded_random(seed, p.id)) for p in players}

    # weerstandspunten need the FINAL scores of the opponents: collect the decisive games first.
    played: list[tuple[int, int, int, int]] = []  # (white, black, half points white, black)
    for index, rnd in enumerate(history):
        where = f"rounds[{index}]"
        before = {pid: st.score for pid, st in states.items()}
        for t_index, table in enumerate(rnd.tables):
            tw = f"{where}.tables[{t_index}]"
            white, black = table.seats
            if table.result is None:
                raise _bad(
                    f"round {rnd.round} table {table.table} has no result; seed 002 pairs a round only "
                    "after the results of the previous one are in",
                    field_=f"{tw}.result",
                )
            pw, pb, is_played = RESULTS[_canonical_result(table.result, f"{tw}.result")]
            states[white].score += pw
            states[black].score += pb
            if before[white] > before[black]:
                states[white].floated_down.append(rnd.round)
            elif before[black] > before[white]:
                states[black].floated_down.append(rnd.round)
            if is_played:
                states[white].colours.append((rnd.round, WHITE))
                states[black].colours.append((rnd.round, BLACK))
                states[white].opponents.add(black)
                states[black].opponents.add(white)
                played.append((white, black, pw, pb))
        for b_index, bye in enumerate(rnd.byes):
            bw = f"{where}.byes[{b_index}]"
            if bye.kind not in BYE_KINDS or bye.kind not in BYE_POINTS:
                raise _bad(f"unknown bye kind {bye.kind!r}", field_=bw)
            states[bye.id].score += BYE_POINTS[bye.kind]
            if bye.kind == "bye":
                states[bye.id].pairing_byes += 1

    # Seed 002: "Als speler 1 heeft gewonnen wordt de score van speler 2 dubbel bij de
    # weerstandspunten van speler 1 opgeteld; bij remise ... de score van de ander".
    for white, black, pw, pb in played:
        if pw == 2:
            states[white].wp += 2 * states[black].score
        elif pb == 2:
            states[black].wp += 2 * states[white].score
        else:
            states[white].wp += states[black].score
            states[black].wp += states[white].score

    for rank, st in enumerate(sorted(states.values(), key=order_key)):
        st.rank = rank
    return states


def _canonical_result(result: str, field_: str) -> str:
    """The result as one of ``RESULTS``: every spelling the other readers accept ("=",
    "0.5-0.5", "1-0f", a typographic dash; ``scoring.results.normalise_result``, docs/standings.md)
    reads as its canonical form, so an event `standings` scores is paired on the same results."""
    from fairdraw.scoring.results import normalise_result

    if result in RESULTS:
        return result
    try:
        return normalise_result(result)
    except ValueError:
        known = ", ".join(RESULTS)
        raise _bad(f"unknown result {result!r} (known: {known})", field_=field_) from None


def order_key(st: PlayerState) -> tuple[int, int, bool, int, int]:
    """Seed 002: score, then weerstandspunten, then rating, then the random number.

    Higher first for the first three; a player without a rating sorts below every rated
    one, a negative rating included (a stand-in rating of -1 put unrated players above a
    rating of -5); the random number decides last (smaller hash first).
    """
    rating = st.participant.rating
    return (-st.score, -st.wp, rating is None, -(rating or 0), st.random)

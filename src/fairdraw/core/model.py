"""The conceptual model shared by every pairing system (GUIDE.md, "one model").

A competition has participants; it is played in rounds; a round seats participants at
tables whose seats are ordered (chess: white, black; mahjong: East, South, West, North);
byes are explicit. Everything here is an immutable value so that systems can be pure
functions from history to the next round(s).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Kinds of bye. "bye" is the pairing-allocated bye of an odd field; "meerkamp-bye" is the
#: sit-out of seed 002's Meerkamp (worth a point, no rating change); the others are the
#: requested or imposed absences of chess (FIDE TRF16 H, F, Z letters).
BYE_KINDS = ("bye", "meerkamp-bye", "half-point", "full-point", "zero-point", "absent")
#: The byes the pairing (or the fixed schedule) hands out, as against absences a player asks
#: for or incurs: what a limit on byes is about (FIDE C.04.1 c: no second pairing-allocated bye;
#: seed 002's Meerkamp: one sit-out per cycle). A mahjong sit-out is a "bye" too.
ALLOCATED_BYE_KINDS = frozenset({"bye", "meerkamp-bye"})

#: The most rounds an event may plan or a seating may have: a double round robin of 500 players
#: is far below it, and the seating's work past its design grows with the square of the rounds
#: (16 players, 2,000 rounds: 9 s), so a slip such as 100000 is refused instead of running for hours.
MAX_ROUNDS = 2000


@dataclass(frozen=True, slots=True)
class Participant:
    """A player (or team) taking part. ``id`` is stable; pairing numbers live in Schedule."""

    id: int
    name: str
    rating: int | None = None
    federation: str | None = None
    club: str | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """One game inside a group (a mahjong league group plays several hanchan)."""

    game: int
    seats: tuple[int, ...]
    out: tuple[int, ...] = ()
    #: Final scores per seat (mahjong), in seat order; None until entered.
    scores: tuple[int, ...] | None = None
    #: Penalties per seat (e.g. chombo), positive numbers subtracted after placement points.
    penalties: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """A board or table: participant ids in seat order.

    ``result`` holds a chess result string ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-")
    once entered (see ``fairdraw.scoring.results`` for the accepted spellings); ``scores``
    the final scores per seat of a mahjong game and ``penalties`` its chombo penalties.
    """

    table: int
    seats: tuple[int, ...]
    group: str | None = None
    games: tuple[Game, ...] = ()
    result: str | None = None
    scores: tuple[int, ...] | None = None
    #: Penalties per seat (mahjong chombo), positive numbers subtracted after uma/oka;
    #: they never change the placements (EMA rule: the penalty is applied after uma).
    penalties: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Bye:
    """A participant who does not play this round, and why (one of BYE_KINDS)."""

    id: int
    kind: str = "bye"


@dataclass(frozen=True, slots=True)
class Round:
    """One round (a chess round, a mahjong hanchan, a league session)."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[Bye, ...] = ()

    def seated_ids(self) -> list[int]:
        """Every id seated at a table this round, in table and seat order (repeats kept)."""
        return [pid for table in self.tables for pid in table.seats]

    def placed_ids(self) -> list[int]:
        """Every id the round lists: seated, then with a bye of any kind (repeats kept)."""
        return [*self.seated_ids(), *(bye.id for bye in self.byes)]


@dataclass(frozen=True, slots=True)
class Schedule:
    """What a pairing system produces: the field, its numbering and the rounds.

    ``numbers`` maps participant id to the pairing number the system gave it.
    ``meta`` carries system-specific facts worth publishing (design source, metrics,
    explanations); it is written to JSON as-is, so it must hold JSON values only.
    """

    system: str
    players: tuple[Participant, ...]
    rounds: tuple[Round, ...]
    numbers: dict[int, int] = field(default_factory=dict)
    seed: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def player(self, pid: int) -> Participant:
        """The participant with this id (KeyError when absent)."""
        for participant in self.players:
            if participant.id == pid:
                return participant
        raise KeyError(pid)

    def first_rounds(self) -> dict[int, int]:
        """Each participant's first round, seated or with a bye: where a late entry joined
        (``pair`` records it as ``meta.joined``; a Keizer ladder scores no absence before it)."""
        first: dict[int, int] = {}
        for rnd in sorted(self.rounds, key=lambda r: r.round):
            for pid in rnd.placed_ids():
                first.setdefault(pid, rnd.round)
        return first

    def shared_numbers(self) -> dict[int, list[int]]:
        """Pairing numbers held by more than one participant: number -> ids, in list order
        (``pair`` refuses them, ``check`` reports them; a Meerkamp's groups number their own)."""
        holders: dict[int, list[int]] = {}
        for participant in self.players:
            if participant.id in self.numbers:
                holders.setdefault(self.numbers[participant.id], []).append(participant.id)
        return {number: ids for number, ids in sorted(holders.items()) if len(ids) > 1}

    def number_of(self, pid: int) -> int:
        """Pairing number of a participant; defaults to its position in ``players``."""
        if pid in self.numbers:
            return self.numbers[pid]
        return [p.id for p in self.players].index(pid) + 1

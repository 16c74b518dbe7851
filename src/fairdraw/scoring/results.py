"""Chess and mahjong results as facts per participant and round (pure).

A table's ``result`` string is normalised here, and every participant gets one
``ChessEntry`` per completed round: a game played over the board, a forfeit, or an
unplayed round with its bye kind. Scorings and tie-breaks read these entries and never
look at the raw strings. The split between unplayed rounds that count as "voluntary"
(VUR) and the others follows FIDE C.07 (2023) art. 16.2: forfeit wins, pairing-allocated
byes and full-point byes are not voluntary; forfeit losses, half- and zero-point byes and
absences are.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from fairdraw.core.errors import InputError
from fairdraw.core.model import BYE_KINDS, Round, Schedule, Table

Outcome = Literal["W", "D", "L"]

#: Canonical chess results: white's part first.
CANONICAL_RESULTS = ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-")

_ALIASES = {
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2-1/2": "1/2-1/2",
    "½-½": "1/2-1/2",
    "=": "1/2-1/2",
    "0.5-0.5": "1/2-1/2",
    ".5-.5": "1/2-1/2",
    "+/-": "+/-",
    "+-": "+/-",
    "1-0f": "+/-",
    "-/+": "-/+",
    "-+": "-/+",
    "0-1f": "-/+",
    "-/-": "-/-",
    "--": "-/-",
    "0-0f": "-/-",
}

#: Entry kinds besides the bye kinds of the model.
GAME = "game"
FORFEIT_WIN = "forfeit-win"
FORFEIT_LOSS = "forfeit-loss"
UNPAIRED = "unpaired"  # neither seated nor listed as a bye: treated as absent

#: Systems whose plain "bye" is a round robin's free round (FIDE C.05 Annex 1: with an odd
#: field the player drawn against the missing number rests that round). It earns nothing and is
#: no win, unlike the Swiss pairing-allocated bye of C.04.1 c. The other names are those a
#: hand-made or imported round-robin schedule may carry (``standings.ROUND_ROBIN_SYSTEMS``
#: less Meerkamp, whose sit-out is its own kind, ``meerkamp-bye``, worth a point).
FREE_ROUND_SYSTEMS = frozenset({"berger", "varma", "roundrobin", "round-robin"})


def free_round_scores_nothing(schedule: Schedule) -> bool:
    """Whether a plain "bye" of ``schedule`` is a round robin's free round, worth nothing: a
    round-robin system's, unless ``meta.free_round`` is "bye" (a file from another program whose
    points column counts it as a win: ``cli.results``)."""
    return schedule.system in FREE_ROUND_SYSTEMS and schedule.meta.get("free_round") != "bye"


#: Unplayed rounds that are not voluntary (FIDE C.07 2023 art. 16.2).
#: the results of a board that was not played (a forfeit): no game, so no meeting and no colour
FORFEITS = frozenset({"+/-", "-/+", "-/-"})
NOT_VOLUNTARY = frozenset({FORFEIT_WIN, "bye", "full-point", "meerkamp-bye"})


#: dashes a result copied from a printout or a word processor carries instead of "-": the page
#: prints forfeits with the minus sign U+2212 ("+/−"), and text editors turn "1-0" into "1–0"
UNICODE_DASHES = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
                                "\u2212": "-", "\ufe63": "-", "\uff0d": "-"})


def normalise_result(text: str) -> str:
    """The canonical spelling of a chess result; ValueError names what is accepted."""
    key = text.strip().replace(" ", "").replace(":", "-").translate(UNICODE_DASHES)
    try:
        return _ALIASES[key]
    except KeyError:
        accepted = "1-0, 0-1, 1/2-1/2 (also ½-½ or =), +/- , -/+, -/-"
        raise ValueError(f"unknown chess result {text!r}; use one of {accepted}") from None


#: the short forms a person types for one board, besides every spelling of ``normalise_result``:
#: the page's keyboard shortcuts (``1`` White wins, ``=`` a draw, ``0`` Black wins, ``+``/``-``/``--``
#: forfeits) and a draw as one half (``½``, ``1/2``, ``0.5``). Keys are lower case.
TYPED_RESULTS: dict[str, str] = {
    "1": "1-0", "w": "1-0",
    "0": "0-1", "b": "0-1",
    "½": "1/2-1/2", "1/2": "1/2-1/2", "0.5": "1/2-1/2", ".5": "1/2-1/2", "=-=": "1/2-1/2", "d": "1/2-1/2",
    "+": "+/-", "-": "-/+",
}


def read_typed_result(text: str) -> str:
    """The canonical result for one board as a person typed it, on the web page or to
    ``fairdraw result``: one reader for both, so a spelling the page takes is never refused by
    the command (``1/2`` exited 2 there). ValueError names what is accepted; ``text`` must not be
    blank (the page reads a blank field as no result before calling this)."""
    value = text.strip().replace(" ", "").translate(UNICODE_DASHES)
    shortcut = TYPED_RESULTS.get(value.lower())
    if shortcut is not None:
        return shortcut
    try:
        return normalise_result(value.lower())  # "1-0F" as "1-0f": capitals mean nothing here
    except ValueError:
        accepted = ("1-0, 0-1, 1/2-1/2 (also ½-½, =, ½, 1/2, 0.5), +/-, -/+, -/-; "
                    "or the shortcuts 1, 0, = and +, -, -- for forfeits")
        shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:40] + "…"  # not a pasted page whole
        raise ValueError(f"unknown chess result {shown!r}; use one of {accepted}") from None


@dataclass(frozen=True, slots=True)
class ChessEntry:
    """What one participant did in one round.

    ``kind`` is ``game``, ``forfeit-win``, ``forfeit-loss``, one of the model's bye kinds, or
    ``unpaired``. ``outcome`` is the result for this participant (a forfeit or bye kind
    decides it too: a full-point bye is a "W", a half-point bye a "D", an absence an "L").
    ``opponent`` is set for games and forfeits, ``colour`` is "w"/"b" for them.
    """

    round: int
    kind: str
    outcome: Outcome
    opponent: int | None = None
    colour: Literal["w", "b"] | None = None

    @property
    def played(self) -> bool:
        """True for a game played over the board."""
        return self.kind == GAME

    @property
    def voluntary_unplayed(self) -> bool:
        """A VUR of FIDE C.07 (2023) art. 16.2: unplayed and not a forfeit win or allocated point."""
        return not self.played and self.kind not in NOT_VOLUNTARY


_BYE_OUTCOME: dict[str, Outcome] = {
    "bye": "W",
    "full-point": "W",
    "meerkamp-bye": "W",
    "half-point": "D",
    "zero-point": "L",
    "absent": "L",
    UNPAIRED: "L",
}


def _table_entries(rnd: int, table: Table, source: str) -> list[tuple[int, ChessEntry]]:
    if table.result is None:
        return []
    if len(table.seats) != 2:
        raise InputError(
            f"round {rnd} table {table.table}: a chess result needs 2 seats, found {len(table.seats)}",
            source=source,
            field="result",
        )
    try:
        result = normalise_result(table.result)
    except ValueError as exc:
        raise InputError(f"round {rnd} table {table.table}: {exc}", source=source, field="result") from None
    white, black = table.seats
    outcomes: dict[str, tuple[str, Outcome, str, Outcome]] = {
        "1-0": (GAME, "W", GAME, "L"),
        "0-1": (GAME, "L", GAME, "W"),
        "1/2-1/2": (GAME, "D", GAME, "D"),
        "+/-": (FORFEIT_WIN, "W", FORFEIT_LOSS, "L"),
        "-/+": (FORFEIT_LOSS, "L", FORFEIT_WIN, "W"),
        "-/-": (FORFEIT_LOSS, "L", FORFEIT_LOSS, "L"),
    }
    wk, wo, bk, bo = outcomes[result]
    return [
        (white, ChessEntry(rnd, wk, wo, opponent=black, colour="w")),
        (black, ChessEntry(rnd, bk, bo, opponent=white, colour="b")),
    ]


def has_result(table: Table) -> bool:
    """Whether a result is entered at the table: a chess result, a mahjong table's scores, or
    the scores of one of a league group's games."""
    return table.result is not None or table.scores is not None or any(g.scores for g in table.games)


def completed_rounds(rounds: Iterable[Round]) -> list[Round]:
    """Rounds in which at least one table has a result, or that only hold byes."""
    done = []
    for rnd in rounds:
        entered = any(has_result(t) for t in rnd.tables)
        if entered or (not rnd.tables and rnd.byes):
            done.append(rnd)
    return done


def pending_tables(rounds: Iterable[Round]) -> list[tuple[int, list[str]]]:
    """For each round that has results, the tables (or a league group's games) still without
    one, by label. Why: standings count such a table as not played yet, which is right for a
    round in progress and a silent slip when one result was forgotten; the caller says so."""
    out = []
    for rnd in completed_rounds(rounds):
        missing = []
        for t in rnd.tables:
            where = f"group {t.group}" if t.group else f"{'board' if len(t.seats) == 2 else 'table'} {t.table}"
            if t.games:
                missing += [f"{where} game {g.game}" for g in t.games if g.scores is None]
            elif t.result is None and t.scores is None:
                missing.append(where)
        if missing:
            out.append((rnd.round, missing))
    return out


def chess_entries(schedule: Schedule, *, source: str = "<schedule>") -> dict[int, list[ChessEntry]]:
    """One entry per participant per completed round (tables still without a result are skipped).

    A participant who is neither seated nor listed as a bye in a completed round gets an
    ``unpaired`` entry: for scoring and tie-breaks that is an absence (zero points, a VUR).
    """
    ids = [p.id for p in schedule.players]
    entries: dict[int, list[ChessEntry]] = {pid: [] for pid in ids}
    for rnd in completed_rounds(schedule.rounds):
        seen: set[int] = set()
        for table in rnd.tables:
            if table.result is None:
                seen.update(table.seats)  # pending: the player was paired, no entry yet
                continue
            for pid, entry in _table_entries(rnd.round, table, source):
                if pid not in entries:
                    raise InputError(f"round {rnd.round}: unknown participant id {pid}", source=source, field="seats")
                if pid in seen:
                    raise InputError(
                        f"round {rnd.round}: participant {pid} appears twice", source=source, field="seats"
                    )
                seen.add(pid)
                entries[pid].append(entry)
        for bye in rnd.byes:
            if bye.kind not in BYE_KINDS:
                raise InputError(f"round {rnd.round}: unknown bye kind {bye.kind!r}", source=source, field="byes")
            if bye.id not in entries:
                raise InputError(f"round {rnd.round}: unknown participant id {bye.id}", source=source, field="byes")
            if bye.id in seen:
                raise InputError(f"round {rnd.round}: participant {bye.id} appears twice", source=source, field="byes")
            seen.add(bye.id)
            kind = bye.kind
            if kind == "bye" and free_round_scores_nothing(schedule):
                kind = "zero-point"  # the free round of an odd round robin: no game, no point
            entries[bye.id].append(ChessEntry(rnd.round, kind, _BYE_OUTCOME[kind]))
        for pid in ids:
            if pid not in seen:
                entries[pid].append(ChessEntry(rnd.round, UNPAIRED, "L"))
    return entries


def is_mahjong(schedule: Schedule) -> bool:
    """True when the schedule seats more than two at a table (mahjong tables or league groups),
    or is a mahjong system's before any round is seated (all rounds left to seat-ranked: its
    standings were chess standings with BH and SB)."""
    if schedule.system in ("mahjong", "mahjong-league"):
        return True
    return any(len(t.seats) > 2 or t.games for r in schedule.rounds for t in r.tables)

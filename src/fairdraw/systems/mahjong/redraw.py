"""Draw a published seating again from its seed and compare (issue 4 item 4: a verifiable draw).

The seating is a function of the public seed, the player list (ids and names; clubs or
federations with ``--separate``), the rounds and the table size, nothing else: the same command
gives byte-identical output. So anyone holding the published file can ask for the draw again
from what the file records and see whether its rounds are the seed's, table by table; a seating
that was arranged by hand, or drawn from another seed or field, differs somewhere. The file
records every input: ``seed`` (``meta.draw.seed``), ``players``, ``meta.rounds_total``,
``meta.table_size``, ``meta.ranked_last`` (with the rounds ``meta.seated_by_ranking`` took from
it), ``meta.separation.by``; sit-outs are asked for when the field does not fill the tables
(``--byes``: nothing else can seat such a field).

A seating changed after the draw (``reseat``, on the command line or the organiser's page) is
the seed's draw followed by each re-seat, and a re-seat is deterministic too: it records its
inputs (``meta.reseats``: the round it started from, its seed, who left with their records, who
joined, the field's order before it), and the check replays the draw and then every re-seat in
turn. Rounds seated by ranking (``seat-ranked``) come from the standings, not the seed: they are
taken from the file where a re-seat kept them, and never compared. A file re-seated before the
history was recorded (no ``meta.reseats``) is refused with a word on what to verify instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Round, Schedule
from fairdraw.core.option_values import is_json_whole
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.systems.mahjong.reseat_history import ReseatStep, reseat_steps, whole_list
from fairdraw.systems.mahjong.validate import check_seating


def redraw_differences(schedule: Schedule) -> list[str]:
    """The differences between the file's rounds and the seed's draw followed by the file's
    recorded re-seats (empty: the seating is exactly that). InputError (field named) when the
    file does not record a draw that can be made again."""
    # the system, the table size and the bookkeeping read below, checked as reseat checks them
    size = check_seating(schedule)
    steps = reseat_steps(schedule)
    records = _records(schedule, steps)
    # rounds seated by ranking come from the standings: taken from the file, never compared
    ranked = set(whole_list(schedule.meta.get("seated_by_ranking"), "meta.seated_by_ranking"))
    request = _request_from_records(schedule, size, _players_before(schedule, steps, records))
    again = get_system("mahjong").pair(request)
    from fairdraw.systems.mahjong.changes import reseat  # changes imports the seating system

    for i, step in enumerate(steps):
        field = f"meta.reseats.{i}"
        with _replaying(field, step):
            start = _with_ranked_rounds(again, schedule, ranked, step, field)
            if step.tail == "drawn":
                start = _drawn_start(start, step, request, field, records)
            again = reseat(start, step.from_round, drop=step.dropped, add_players=step.added, seed=step.seed,
                           byes=step.byes, drawn_tail=step.tail == "drawn")
    # the rounds carry the evidence (the players list may also name players no round seats: a
    # late entry not yet seated, one withdrawn on the page before playing); a drawn round listed
    # as seated by ranking is named
    taken_from_file = set(again.meta.get("seated_by_ranking") or [])
    differences = [f"round {r.round} is listed as seated by ranking (meta.seated_by_ranking), but the draw seats it"
                   for r in again.rounds if r.round in ranked and r.round not in taken_from_file]
    replayed = [r for r in again.rounds if r.round not in ranked]
    published = [r for r in schedule.rounds if r.round not in ranked]
    return differences + _rounds_differences(replayed, published)


def _records(schedule: Schedule, steps: list[ReseatStep]) -> dict[int, Participant]:
    """Every player record the file holds, by id: the players list and the records each re-seat
    kept of those it took out of the list or brought in (ids are never reused)."""
    records = {p.id: p for step in steps for p in (*step.removed, *step.added)}
    records.update((p.id, p) for p in schedule.players)
    return records


def _field(ids: tuple[int, ...], records: dict[int, Participant], field: str) -> tuple[Participant, ...]:
    strangers = [pid for pid in ids if pid not in records]
    if strangers:
        raise InputError(f"player {strangers[0]} is neither in the players list nor among the players a re-seat "
                         "took out or brought in", field=field)
    return tuple(records[pid] for pid in ids)


def _players_before(schedule: Schedule, steps: list[ReseatStep],
                    records: dict[int, Participant]) -> tuple[Participant, ...]:
    """The field the seed drew: the one the first re-seat was given; without re-seats the
    players the rounds seat (a name in the list that no round seats was not drawn: a player
    withdrawn on the page before the first round)."""
    if steps:
        return _field(steps[0].field, records, "meta.reseats.0.field")
    seated = {x for r in schedule.rounds for t in r.tables for x in t.seats} | {b.id for r in schedule.rounds
                                                                                 for b in r.byes}
    return tuple(p for p in schedule.players if p.id in seated)


def _drawn_start(state: Schedule, step: ReseatStep, request: PairingRequest, field: str,
                 records: dict[int, Participant]) -> Schedule:
    """What the page gave a re-seat: the seed's draw for the field it had (the rounds kept
    replaced by those played), as ``continue_schedule``'s contract says."""
    players = _field(step.field, records, f"{field}.field")
    size = int(request.options["table_size"])
    fresh = get_system("mahjong").pair(replace(request, players=players, seed=step.seed, options={
        **request.options, "byes": step.byes or len(players) % size != 0}))
    rounds = [r for r in state.rounds if r.round < step.from_round] + [
        r for r in fresh.rounds if r.round >= step.from_round]
    return replace(fresh, rounds=tuple(rounds))


@contextmanager
def _replaying(field: str, step: ReseatStep) -> Iterator[None]:
    """Names the history entry in an error the replay of a re-seat raises (a file whose kept
    rounds or field do not fit its own record)."""
    try:
        yield
    except InputError as error:
        where = f"{error.field}: " if error.field else ""
        raise InputError(f"replaying the re-seat from round {step.from_round}: {where}{error.message}",
                         field=field) from error


def _with_ranked_rounds(again: Schedule, schedule: Schedule, ranked_in_file: set[int], step: ReseatStep,
                        field: str) -> Schedule:
    """The replayed seating as the re-seat found it: rounds seated by ranking before it (from the
    standings, not the seed) are taken from the file, where the re-seat kept them."""
    have = {r.round for r in again.rounds}
    missing = [r for r in step.ranked_kept if r not in have]
    if not missing:
        return again
    by_number = {r.round: r for r in schedule.rounds}
    for number in missing:
        if number not in ranked_in_file or number not in by_number:
            raise InputError(f"round {number} was seated by ranking before this re-seat and is not in the file as "
                             "such: the draw cannot be replayed past it", field=f"{field}.ranked_kept")
    rounds = sorted([*again.rounds, *(by_number[r] for r in missing)], key=lambda r: r.round)
    meta = dict(again.meta)
    meta["seated_by_ranking"] = sorted({*(meta.get("seated_by_ranking") or []), *missing})
    meta["ranked_last"] = max(0, int(meta.get("ranked_last") or 0) - len(missing))
    return replace(again, rounds=tuple(rounds), meta=meta)


def _rounds_differences(ours: list[Round] | tuple[Round, ...], theirs: list[Round] | tuple[Round, ...]) -> list[str]:
    """Round by round by number; a round one side has and the other lacks is named."""
    mine = {r.round: r for r in ours}
    published = {r.round: r for r in theirs}
    out: list[str] = []
    for number in sorted(set(mine) | set(published)):
        if number not in published:
            out.append(f"round {number}: the draw seats it, the file has no such round")
        elif number not in mine:
            out.append(f"round {number}: the file has it, the draw (and its recorded re-seats) seats no such round")
        else:
            out += _round_differences(mine[number], published[number])
    return out


def _request_from_records(schedule: Schedule, size: int, players: tuple[Participant, ...]) -> PairingRequest:
    """The request `fairdraw seat` was given for ``players`` (the field before any re-seat), read
    back from the file (the rounds left to seat-ranked included: the draw seats the others)."""
    meta = schedule.meta
    if "table_size" not in meta:  # `seat` records it; the draw is made again from the record
        raise InputError("the file records no table size (meta.table_size, written by `fairdraw seat`)",
                         field="meta.table_size")
    draw = meta.get("draw")
    seed = draw.get("seed") if isinstance(draw, dict) else None
    if not isinstance(seed, str):
        raise InputError("the file records no draw seed (meta.draw.seed, written by `fairdraw seat`)",
                         field="meta.draw.seed")
    total = meta.get("rounds_total")
    if total is None or not is_json_whole(total) or total < 1:
        raise InputError(f"expected the number of rounds drawn, got {total!r}", field="meta.rounds_total")
    # seat-ranked counts ranked_last down as it seats those rounds, a re-seat that removes some
    # counts it up again: with the rounds seated so far it is what the draw left
    ranked_last = int(meta.get("ranked_last") or 0) + len(meta.get("seated_by_ranking") or [])
    separation = meta.get("separation")
    separate = separation.get("by") if isinstance(separation, dict) else None
    if separate not in (None, "club", "federation"):
        raise InputError(f"expected 'club' or 'federation', got {separate!r}", field="meta.separation.by")
    return PairingRequest(
        players=players,
        total_rounds=total,
        seed=seed,
        options={"table_size": size, "separate": separate, "byes": len(players) % size != 0,
                 "ranked_last": ranked_last},
    )


def _round_differences(ours: Round, theirs: Round) -> list[str]:
    """Table by table (number and seats in seat order), then the sit-outs; one line per table."""
    out: list[str] = []
    drawn = {t.table: t.seats for t in ours.tables}
    published = {t.table: t.seats for t in theirs.tables}
    for number in sorted(set(drawn) | set(published)):
        if drawn.get(number) != published.get(number):
            out.append(f"round {theirs.round}, table {number}: the seed's draw seats {_seats(drawn.get(number))}, "
                       f"the file {_seats(published.get(number))}")
    if sorted(b.id for b in ours.byes) != sorted(b.id for b in theirs.byes):
        out.append(f"round {theirs.round}: the seed's draw has {_seats(tuple(sorted(b.id for b in ours.byes)))} "
                   f"sitting out, the file {_seats(tuple(sorted(b.id for b in theirs.byes)))}")
    return out


def _seats(seats: tuple[int, ...] | None) -> str:
    return "no table" if seats is None else (", ".join(map(str, seats)) or "nobody")

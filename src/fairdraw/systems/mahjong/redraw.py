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

A seating changed after the draw (``reseat``: other players, other rounds) is no longer the
seed's; it is refused with a word on what to verify instead. Rounds seated by ranking
(``seat-ranked``) come from the standings, not the seed: only the rounds before them are drawn.
"""

from __future__ import annotations

from fairdraw.core.errors import InputError
from fairdraw.core.model import Round, Schedule
from fairdraw.core.option_values import is_json_whole
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.systems.mahjong.validate import check_seating


def redraw_differences(schedule: Schedule) -> list[str]:
    """The differences between the file's drawn rounds and the seed's draw from the file's own
    records (empty: the seating is the seed's). InputError (field named) when the file does not
    record a draw that can be made again."""
    request, drawn_rounds = _request_from_records(schedule)
    again = get_system("mahjong").pair(request)
    differences: list[str] = []
    for ours, theirs in zip(again.rounds[:drawn_rounds], schedule.rounds[:drawn_rounds], strict=False):
        differences += _round_differences(ours, theirs)
    if len(schedule.rounds) < drawn_rounds:
        differences.append(f"the draw has {drawn_rounds} rounds before any seated by ranking; the file has "
                           f"{len(schedule.rounds)}")
    return differences


def _request_from_records(schedule: Schedule) -> tuple[PairingRequest, int]:
    """The request `fairdraw seat` was given, read back from the file; and how many of its rounds
    the seed drew (the rest are left to seat-ranked)."""
    # the system, the table size and the bookkeeping read below, checked as reseat checks them
    size = check_seating(schedule)
    meta = schedule.meta
    if "table_size" not in meta:  # `seat` records it; the draw is made again from the record
        raise InputError("the file records no table size (meta.table_size, written by `fairdraw seat`)",
                         field="meta.table_size")
    if "reseat" in meta:
        start = meta["reseat"].get("from_round") if isinstance(meta["reseat"], dict) else None
        raise InputError(f"this seating was re-seated{f' from round {start}' if start else ''} after the draw: "
                         "check the file published before the re-seat with --redraw", field="meta.reseat")
    draw = meta.get("draw")
    seed = draw.get("seed") if isinstance(draw, dict) else None
    if not isinstance(seed, str):
        raise InputError("the file records no draw seed (meta.draw.seed, written by `fairdraw seat`)",
                         field="meta.draw.seed")
    total = meta.get("rounds_total")
    if total is None or not is_json_whole(total) or total < 1:
        raise InputError(f"expected the number of rounds drawn, got {total!r}", field="meta.rounds_total")
    # seat-ranked counts ranked_last down as it seats those rounds: the draw left them all
    ranked_last = int(meta.get("ranked_last") or 0) + len(meta.get("seated_by_ranking") or [])
    separation = meta.get("separation")
    separate = separation.get("by") if isinstance(separation, dict) else None
    if separate not in (None, "club", "federation"):
        raise InputError(f"expected 'club' or 'federation', got {separate!r}", field="meta.separation.by")
    players = schedule.players
    request = PairingRequest(
        players=players,
        total_rounds=total,
        seed=seed,
        options={"table_size": size, "separate": separate, "byes": len(players) % size != 0,
                 "ranked_last": ranked_last},
    )
    return request, total - ranked_last


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

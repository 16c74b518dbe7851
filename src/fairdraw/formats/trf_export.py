"""A chess event's schedule as TRF16, for rating officers and the endorsed engines.

Shared by the web page's export and ``fairdraw trf``: one writer, so a file exported from
either is the same and reads back through ``formats.trf``.
"""

from __future__ import annotations

from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.history_rules import check_round_numbers
from fairdraw.core.model import Schedule
from fairdraw.formats import trf
from fairdraw.formats.players import MAX_RATING, MIN_RATING
from fairdraw.formats.trf_announce import announced_entries, append_announced
from fairdraw.scoring.results import free_round_scores_nothing, normalise_result

#: Systems paired round by round (a Swiss), for the ``092`` line; every other chess system here
#: plays a fixed schedule (a round robin: Berger, Meerkamp groups, Heller).
_SWISS_SYSTEMS = ("dutch", "club-swiss", "keizer")

_TRF_SIDES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "+/-": ("+", "-"),
              "-/+": ("-", "+"), "-/-": ("-", "-")}


def schedule_to_trf(schedule: Schedule, *, name: str = "", total_rounds: int | None = None) -> str:
    """The event as TRF16 (FIDE's exchange format), what a rating officer receives.

    Start ranks are the pairing numbers; each round column holds the opponent, the colour
    and the result letter, byes their TRF letter (U allocated, H half, F full, Z zero and
    a round robin's free round, blank absence). Rounds are written up to the first one
    with a result still missing. The event's own rules go with it, so that another engine
    pairs the next round as fairdraw does: its point system (``meta.points`` as ``BBW``...
    lines, and the points column under it), forbidden pairs (``meta.forbidden_pairs`` as
    ``XXP`` lines of start ranks), initial colour (``XXC``), accelerations (``XXA``), Baku
    acceleration (``192 FIDE_DUTCH_2025_BAKU``), the kind of event (``092``: Swiss-System or Round
    robin), withdrawals (the next round's column: "0000 - -", not paired) and the byes asked
    for the rounds to come (``meta.requested_byes``, ``meta.byes_later``: "0000 - H", Z, F), as
    ``formats.trf`` reads them back (``formats.trf_announce``). Only chess events (two seats per
    board) have a TRF16 form.
    """
    if any(len(t.seats) != 2 for r in schedule.rounds for t in r.tables):
        raise InputError("TRF16 is a chess format: this event has tables of more than two")
    check_round_numbers(schedule.rounds)
    known = {p.id for p in schedule.players}
    for i, rnd in enumerate(schedule.rounds):  # named, where a KeyError used to end the command
        for j, table in enumerate(rnd.tables):
            strangers = [pid for pid in table.seats if pid not in known]
            if strangers:
                raise InputError(f"round {rnd.round}: unknown player id {strangers[0]}", field=f"rounds[{i}].tables[{j}].seats")
            if table.result is not None:
                try:
                    normalise_result(table.result)
                except ValueError as exc:
                    raise InputError(f"round {rnd.round} board {table.table}: {exc}",
                                     field=f"rounds[{i}].tables[{j}].result") from None
    order = sorted(schedule.players, key=lambda p: (schedule.number_of(p.id), p.id))
    start = {p.id: index for index, p in enumerate(order, start=1)}
    entries: dict[int, list[Any]] = {p.id: [] for p in order}
    # only rounds with every result in: a TRF16 game needs its result, and a round robin's
    # later rounds are planned, not played (the file is what a rating officer receives)
    played = []
    for rnd in schedule.rounds:
        if any(t.result is None for t in rnd.tables):
            break
        played.append(rnd)
    for rnd in played:
        seen: dict[int, Any] = {}
        for table in rnd.tables:
            white, black = table.seats
            w, b = _TRF_SIDES[normalise_result(table.result or "")]
            seen[white] = trf.RoundEntry(start[black], "w", w)
            seen[black] = trf.RoundEntry(start[white], "b", b)
        for bye in rnd.byes:
            kind = bye.kind
            if kind == "bye" and free_round_scores_nothing(schedule):
                kind = "zero-point"  # a round robin's free round scores nothing (as the standings do)
            letter = {"meerkamp-bye": "F"}.get(kind, trf.BYE_LETTER_OF.get(kind, "U"))
            # an absence is a blank round entry, as TRF16 writes a round not played
            seen[bye.id] = trf.RoundEntry(None, "-", letter) if letter != " " else trf.RoundEntry(None, " ", " ")
        for pid, column in entries.items():
            column.append(seen.get(pid, trf.RoundEntry(None, " ", " ")))
    points = trf.point_system_from_meta(schedule.meta["points"]) if "points" in schedule.meta else trf.PointSystem()
    # the kind of event (TRF16 092), which readers score by (C.07 treats unplayed games in a
    # round robin and a Swiss differently; a Swiss's XXR equal to n - 1 read as a round robin)
    kind = "Swiss-System" if schedule.system in _SWISS_SYSTEMS else "Round robin"
    lines: list[Any] = [trf.RawLine(f"012 {name}".rstrip()), trf.RawLine(f"092 Individual: {kind}")]
    if schedule.meta.get("baku") is True and schedule.system == "dutch":  # FIDE C.04.5.1, as bbpPairings reads it
        lines.append(trf.RawLine("192 FIDE_DUTCH_2025_BAKU"))
    if total_rounds is not None:
        lines.append(trf.RoundsLine(f"XXR {total_rounds}", total_rounds))
    colour = schedule.meta.get("initial_colour")
    if isinstance(colour, str) and colour.strip().lower() in ("white", "black"):
        colour = colour.strip().lower()
        lines.append(trf.ColourLine(f"XXC {colour}1", colour))
    lines += trf.point_system_lines(points)
    for group in schedule.meta.get("forbidden_pairs") or []:
        ranks = sorted(start[pid] for pid in group if pid in start) if isinstance(group, list) else []
        if len(ranks) >= 2:  # XXP: none of these may be paired with each other (bbpPairings)
            lines.append(trf.ForbiddenLine("XXP " + " ".join(f"{r:4d}" for r in ranks), ranks))
    accelerations = schedule.meta.get("accelerations")
    if isinstance(accelerations, dict):  # {id: [tenths per round]}: XXA lines, points added per round
        for pid_text, per_round in sorted(accelerations.items(), key=lambda kv: str(kv[0])):
            accelerated = int(pid_text) if str(pid_text).isdigit() else None
            if accelerated in start and isinstance(per_round, list) and per_round:
                rank = start[accelerated]
                tenths = [int(t) for t in per_round]
                cells = " ".join(f"{trf.show_tenths(t):>4}" for t in tenths)
                lines.append(trf.AccelerationLine(f"XXA {rank:4d} {cells}", rank, tenths))
    # withdrawn players are paired no more and requested byes are known before the pairing:
    # TRF16 has no such records, so the round columns past the file's last round say them, as an
    # arbiter writes them before pairing (``formats.trf_announce``: "0000 - -", "0000 - H" ...)
    announced = announced_entries(schedule, played, total_rounds, schedule.system in _SWISS_SYSTEMS)
    for pid, ahead in announced.items():
        append_announced(entries[pid], ahead)
    for p in order:
        if p.rating is not None and not MIN_RATING <= p.rating <= MAX_RATING:
            # TRF16 gives the rating four columns (49-52): a wider or negative number would shift
            # every column after it and the file would not read back (here or in any engine); the
            # readers of players and of schedule JSON refuse such a rating already; a schedule
            # made in Python (the API) is checked here
            raise InputError(f"{p.name}'s rating {p.rating} does not fit TRF16's rating field "
                             f"({MIN_RATING} to {MAX_RATING}): "
                             "correct the rating, or leave it empty for an unrated player", field="rating")
        games = entries[p.id]
        counted = games[: len(played)]  # a next round's announced absence scores nothing yet
        lines.append(trf.PlayerLine(number=start[p.id], name=p.name, rating=p.rating, federation=p.federation or "",
                                    points=sum(points.of(g) for g in counted), games=games))
    return trf.TrfDocument(lines=lines, line_ending="\n").dump()

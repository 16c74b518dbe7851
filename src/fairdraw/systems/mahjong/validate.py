"""A mahjong seating read back from a file, checked before it is built on (issue 4 items 5-6).

``reseat`` keeps a seating's first rounds and ``seat-ranked`` appends a round to it; both read
the table size, the rounds and the bookkeeping in ``meta`` (who left, who joined, which rounds
were seated by ranking). A hand-edited or damaged file used to end in a traceback (a table size
of ``"4"``), a crash deep in the search (a table size of ``0`` or ``true``), or, worse, in a new
file built on a round that seats one player twice or a player who is not in the event. Each
mistake is named here by its field, as ``schedule_from_dict`` names the ones it finds, so the
command can name the file (``naming_the_file``) and stop before anything is written.
"""

from __future__ import annotations

from collections import Counter

from fairdraw.core.errors import InputError
from fairdraw.core.model import Schedule
from fairdraw.core.option_values import is_json_whole
from fairdraw.core.player_rules import round_record
from fairdraw.systems.mahjong.reseat_history import reseat_steps


def seating_table_size(schedule: Schedule) -> int:
    """The seating's table size: ``meta.table_size`` when given (a whole number from 2 on),
    else its largest table (4 for a seating without tables)."""
    size = schedule.meta.get("table_size")
    if size is None:
        return max((len(t.seats) for r in schedule.rounds for t in r.tables), default=4)
    if not is_json_whole(size) or size < 2:
        raise InputError(f"the table size must be a whole number from 2 on, got {size!r}", field="meta.table_size")
    return int(size)


def check_seating(schedule: Schedule) -> int:
    """Check that ``schedule`` is a mahjong seating the event can go on from; return its table
    size. Raises InputError naming the field (``rounds.1.tables.0.seats``, ``meta.left``, ...)."""
    if schedule.system != "mahjong":
        raise InputError(f"a mahjong seating (system 'mahjong') was expected, got system {schedule.system!r}"
                         + ("; a league season is re-seated by league-reseat" if schedule.system == "mahjong-league" else ""),
                         field="system")
    known = Counter(p.id for p in schedule.players)
    twice = sorted(pid for pid, count in known.items() if count > 1)
    if twice:  # two players with one id: every seat of that id would be ambiguous
        raise InputError(f"player id {twice[0]} is listed twice", field="players")
    k = seating_table_size(schedule)
    for i, rnd in enumerate(schedule.rounds):
        # rounds are kept, re-seated and appended by position: round i + 1 must be the (i+1)-th
        if rnd.round != i + 1:
            raise InputError(f"round {rnd.round} is in position {i + 1}: rounds must be numbered 1, 2, 3, ... in order",
                             field=f"rounds.{i}.round")
        seen: Counter[int] = Counter()
        numbers = Counter(t.table for t in rnd.tables)
        shared = sorted(number for number, count in numbers.items() if count > 1)
        if shared:  # a table number is a physical tile set: two tables cannot share one
            raise InputError(f"round {rnd.round} has {numbers[shared[0]]} tables numbered {shared[0]}",
                             field=f"rounds.{i}.tables")
        for j, table in enumerate(rnd.tables):
            if len(table.seats) != k:
                raise InputError(f"round {rnd.round}, table {table.table} has {len(table.seats)} seats, expected {k} "
                                 "(the table size)", field=f"rounds.{i}.tables.{j}.seats")
            seen.update(table.seats)
        seen.update(bye.id for bye in rnd.byes)
        for pid, count in seen.items():
            if pid not in known:
                raise InputError(f"round {rnd.round} seats id {pid}, who is not in the players list", field=f"rounds.{i}")
            if count > 1:
                raise InputError(f"round {rnd.round} places player {pid} {count} times", field=f"rounds.{i}")
    _check_meta(schedule, set(known), k)
    return k


def _check_meta(schedule: Schedule, known: set[int], k: int) -> None:
    """The bookkeeping a re-seat and a ranked round read and carry on (and ``--report`` prints:
    seats that were not k names stopped it with a traceback)."""
    meta = schedule.meta
    seats = meta.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != k or not all(isinstance(x, str) for x in seats)):
        raise InputError(f"expected the names of the {k} seats, got {seats!r}", field="meta.seats")
    # ``design``, ``metrics`` and ``separation`` are reports of the draw, recounted or carried
    # over: a hand-edited value there is tolerated (tests/seating/test_event_audit.py)
    for key in ("ranked_last", "rounds_total"):
        value = meta.get(key)
        if value is not None and (not is_json_whole(value) or value < 0):
            raise InputError(f"expected a whole number from 0 on, got {value!r}", field=f"meta.{key}")
    total = meta.get("rounds_total")
    if total is not None and total < len(schedule.rounds):  # the draw is made again from it
        raise InputError(f"the file has {len(schedule.rounds)} rounds, more than the {total} it says were drawn",
                         field="meta.rounds_total")
    ranked = meta.get("seated_by_ranking")
    if ranked is not None and (not isinstance(ranked, list) or not all(is_json_whole(r) for r in ranked)):
        raise InputError(f"expected a list of round numbers, got {ranked!r}", field="meta.seated_by_ranking")
    withdrawn = meta.get("withdrawn")
    if withdrawn is not None:
        if not isinstance(withdrawn, list) or not all(is_json_whole(pid) for pid in withdrawn):
            raise InputError(f"expected a list of player ids, got {withdrawn!r}", field="meta.withdrawn")
        strangers = [pid for pid in withdrawn if pid not in known]
        if strangers:
            raise InputError(f"id {strangers[0]} is not in the players list", field="meta.withdrawn")
    # player id (as JSON keys are: text) -> round number; a leaver re-seated out of every round
    # they played is no longer in the players list, but stays in ``left``
    for key in ("left", "joined"):
        round_record(meta, key, known=known if key == "joined" else None)
    history = meta.get("reseats")  # each re-seat's inputs, replayed by `check --redraw` (redraw.py)
    if history is not None and (not isinstance(history, list) or not all(isinstance(h, dict) for h in history)):
        raise InputError(f"expected a list of re-seat records, got {history!r}", field="meta.reseats")
    if history:  # read as the replay reads them: a damaged record was copied on, and the output could not be redrawn
        reseat_steps(schedule)
    breaches = meta.get("ranked_wind_breaches")
    if breaches is not None and (
        not isinstance(breaches, dict) or not all(str(r).isdigit() and is_json_whole(v) for r, v in breaches.items())
    ):
        raise InputError(f"expected an object of round number -> count, got {breaches!r}", field="meta.ranked_wind_breaches")

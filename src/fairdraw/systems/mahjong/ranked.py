"""Seat a round by ranking (issue 4 item 6; seed 001, EMA-style final rounds): ranks 1-4 at
table 1, 5-8 at table 2, ..., winds to whoever had them least."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from fairdraw.core.errors import InputError
from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.core.option_values import is_json_whole
from fairdraw.systems.mahjong import seating_metrics
from fairdraw.systems.mahjong.changes import seats_as_positions
from fairdraw.systems.mahjong.tables import repeat_visits
from fairdraw.systems.mahjong.validate import check_seating
from fairdraw.systems.mahjong.winds import wind_breach_count


def check_table_size(table_size: int) -> int:
    """The table size of a round seated from the standings alone, as ``seat`` takes it: 0 was
    a ZeroDivisionError, 1 and -2 seated nobody together."""
    if not is_json_whole(table_size) or table_size < 2:
        raise InputError(f"the table size must be at least 2, got {table_size!r}", field="table-size")
    return table_size


def check_rankable(schedule: Schedule) -> int:
    """Check that a round can be appended to ``schedule`` (a sound mahjong seating with a round
    still to seat); return its table size. Every error is the schedule file's (its field named),
    so the command can check it before it reads the standings and name the right file."""
    k = check_seating(schedule)
    planned = schedule.meta.get("rounds_total")
    if isinstance(planned, int) and len(schedule.rounds) >= planned:
        raise InputError(f"all {planned} rounds of the event are seated already", field="meta.rounds_total")
    return k


def seat_ranked(
    ranking: Sequence[Participant], schedule: Schedule | None = None, *, table_size: int = 4
) -> Schedule:
    """One round seated by ranking: ranks 1-4 at table 1, 5-8 at table 2, ... (seed 001, EMA).

    Seats within a table go to the winds each player has had least so far (over the 24
    orders of a table of 4, the one with the smallest sum of squared wind counts after the
    round). When the field does not fill the tables, those with the fewest sit-outs so far
    sit out, the lowest ranked among them; the others are seated in ranking order.
    """
    k = check_table_size(table_size) if schedule is None else check_rankable(schedule)
    if len(ranking) < k:
        raise InputError(f"{len(ranking)} players cannot fill a table of {k}")
    counts: dict[int, list[int]] = {}
    played: dict[int, list[int]] = {}  # each player's winds in play order
    if schedule is not None:
        for r in sorted(schedule.rounds, key=lambda r: r.round):
            for t in r.tables:
                for s, x in enumerate(t.seats):
                    counts.setdefault(x, [0] * k)[s] += 1
                    played.setdefault(x, []).append(s)

    def change(s: int, x: int) -> int:
        return wind_breach_count([*played.get(x, []), s], k) - wind_breach_count(played.get(x, []), k)

    def breaches_added(order: Sequence[int]) -> int:
        return sum(change(s, x) for s, x in enumerate(order))

    def new_breaches(order: Sequence[int]) -> int:
        """The breaches this round's seats make: a game can also end an earlier breach (one
        more game raises the ceiling), which is no offset for another player's new one (the
        net count was recorded as -8 for a round that made none)."""
        return sum(max(0, change(s, x)) for s, x in enumerate(order))
    full = len(ranking) - len(ranking) % k
    # who sits out: those with the fewest sit-outs so far, the lowest ranked among equals
    # (seat's promise of an even spread of sit-outs holds through the ranked rounds too)
    sat_out: dict[int, int] = {}
    for r in (schedule.rounds if schedule is not None else ()):
        for bye in r.byes:
            sat_out[bye.id] = sat_out.get(bye.id, 0) + 1
    by_rank = {p.id: i for i, p in enumerate(ranking)}
    out_ids = set(sorted(by_rank, key=lambda pid: (sat_out.get(pid, 0), -by_rank[pid]))[: len(ranking) - full])
    playing = [p for p in ranking if p.id not in out_ids]
    resting = [p for p in ranking if p.id in out_ids]
    tables = []
    breaches = 0
    for index in range(full // k):
        group = [p.id for p in playing[index * k : (index + 1) * k]]
        # issue 4 (c) first (no wind beyond ceil(games / 4), none twice in a block of 4 games),
        # then the winds each player has had least
        best = min(
            permutations(group),
            key=lambda order: (
                breaches_added(order),
                sum((counts.get(x, [0] * k)[s] + 1) ** 2 for s, x in enumerate(order)),
                order,
            ),
        )
        breaches += new_breaches(best)
        tables.append(Table(table=index + 1, seats=tuple(best)))
    round_no = (len(schedule.rounds) if schedule else 0) + 1
    new = Round(round=round_no, tables=tuple(tables), byes=tuple(Bye(id=p.id) for p in resting))
    if schedule is None:
        return Schedule(
            system="mahjong", players=tuple(ranking), rounds=(new,),
            numbers={p.id: i + 1 for i, p in enumerate(ranking)},
            meta={"table_size": k, "seated_by_ranking": [round_no]},
        )
    meta = dict(schedule.meta)
    meta["seated_by_ranking"] = [*meta.get("seated_by_ranking", []), round_no]
    # the event's metrics now include the ranked round (its repeats are the price of
    # seating by ranking, and the report must show them)
    everyone = {p.id: i for i, p in enumerate(schedule.players)}
    all_pos = seats_as_positions((*schedule.rounds, new), everyone)
    meta["metrics"] = seating_metrics(all_pos, list(range(len(everyone))), k)
    visits = repeat_visits(all_pos, [[t.table for t in r.tables] for r in (*schedule.rounds, new)])
    visits.pop(-1, None)
    meta["repeat_table_visits"] = {"total": sum(visits.values()), "max_per_player": max(visits.values(), default=0)}
    if isinstance(meta.get("ranked_last"), int):  # "rounds left to seat-ranked": one fewer now
        meta["ranked_last"] = max(0, meta["ranked_last"] - 1)
    # the ranking fixes the tables, and their players may all need the same wind: what no seat
    # order avoids is recorded (and `seat-ranked` says so), as a re-seat records its own
    ranked_breaches = {str(k_): v for k_, v in (meta.get("ranked_wind_breaches") or {}).items()}
    if breaches:
        ranked_breaches[str(round_no)] = breaches
    if ranked_breaches:
        meta["ranked_wind_breaches"] = ranked_breaches
    return Schedule(
        system=schedule.system, players=schedule.players, rounds=(*schedule.rounds, new),
        numbers=schedule.numbers, seed=schedule.seed, meta=meta,
    )

"""An independent checker for any schedule in the shared model (issue 2, item 10).

It trusts nothing the system claims: it recounts who sits where from the rounds alone.
Tables of two seats are chess boards (seat 0 White, seat 1 Black): colour runs and the
balance whites minus blacks are checked. Tables of more seats are mahjong tables or
league groups: seat (wind) counts per participant are reported, and when a table has an
inner ``games`` list, those games' seats are what is counted.

A chess board whose result is a forfeit (+/-, -/+, -/-) was not played: it is neither a
meeting nor a colour, the reading both Swiss engines make (``fairdraw.systems.dutch.state.Match``:
C.04.1 b forbids a second *game*, and colours count games played), so they may pair those two
again and the checker must not call that a repeat.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from fairdraw.core.check_limits import LIMIT_MINIMUMS, check_limit
from fairdraw.core.errors import InputError
from fairdraw.core.model import ALLOCATED_BYE_KINDS, Round, Schedule, Table
from fairdraw.scoring.mahjong import MahjongParams, params_from
from fairdraw.scoring.results import FORFEITS, normalise_result



@dataclass(frozen=True)
class CheckRules:
    """What must hold. ``None`` leaves a property unchecked (it is still reported)."""

    no_repeats: bool = False
    max_meetings: int | None = None
    max_colour_diff: int | None = None
    max_colour_run: int | None = None
    max_byes: int | None = None
    table_size: int | None = None
    #: issue 4 (c): on tables of k > 2 seats, each participant sits each seat at most once in
    #: every chunk of k games and floor/ceil(games / k) times in all
    balanced_seats: bool = False
    #: every participant of the list, but those in ``meta.withdrawn``, seated or on a bye in
    #: every round (a plan has no absences: a missing table or player is a breach)
    everyone: bool = False
    #: a pair meets again this many rounds after its last game at the earliest (a Keizer
    #: ladder's ``--rematch-after``): the window ``--max-meetings`` cannot say
    rematch_after: int | None = None

    def __post_init__(self) -> None:
        """A limit out of its range (a negative count, a table of one seat) is an InputError:
        it would call every schedule broken, or none, and check nothing (LIMIT_MINIMUMS); so
        are two rules that contradict each other (no repeats, yet N meetings allowed)."""
        for name in LIMIT_MINIMUMS:
            check_limit(name, getattr(self, name))
        if self.no_repeats and self.max_meetings not in (None, 1):
            raise InputError(f"--no-repeats allows each pair 1 meeting but --max-meetings allows "
                             f"{self.max_meetings}: give one of them", field="max_meetings")


@dataclass
class CheckReport:
    """The recount and every breach of the rules, in reading order."""

    breaches: list[str] = field(default_factory=list)
    meetings: Counter[tuple[int, int]] = field(default_factory=Counter)
    repeats: list[tuple[int, int, int]] = field(default_factory=list)
    colour_balance: dict[int, int] = field(default_factory=dict)
    longest_colour_run: dict[int, int] = field(default_factory=dict)
    seat_counts: dict[int, list[int]] = field(default_factory=dict)
    #: byes handed out by the schedule (``ALLOCATED_BYE_KINDS``), what ``max_byes`` limits
    byes: Counter[int] = field(default_factory=Counter)
    #: rounds a participant was absent for another reason (requested byes, withdrawals)
    absences: Counter[int] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return not self.breaches

    @property
    def repeat_count(self) -> int:
        """Meetings beyond the first, summed over pairs."""
        return sum(count - 1 for count in self.meetings.values() if count > 1)


def _check_round_occupancy(rnd: Round, known: set[int], report: CheckReport) -> None:
    seen: Counter[int] = Counter(rnd.seated_ids())
    seen.update(b.id for b in rnd.byes)
    for pid, count in sorted(seen.items()):
        if count > 1:
            report.breaches.append(f"round {rnd.round}: participant {pid} is placed {count} times")
        if pid not in known:  # an empty list too: a file without its players passed every rule
            report.breaches.append(f"round {rnd.round}: participant {pid} is not in the player list")


def _check_structure(schedule: Schedule, report: CheckReport) -> None:
    """Each participant listed once and each round number used once: a copied entry would
    otherwise be counted twice, or hide one round behind another."""
    for pid, count in sorted(Counter(p.id for p in schedule.players).items()):
        if count > 1:
            report.breaches.append(f"players: participant {pid} is listed {count} times")
    if "groups" not in schedule.meta:  # a Meerkamp numbers each group from 1
        for number, ids in schedule.shared_numbers().items():  # `pair` and `check --dutch` refuse them
            report.breaches.append(f"players: pairing number {number} is held by participants "
                                   f"{', '.join(map(str, ids))}")
    for number, count in sorted(Counter(r.round for r in schedule.rounds).items()):
        if count > 1:
            report.breaches.append(f"rounds: round {number} appears {count} times")
        if number < 1:
            report.breaches.append(f"rounds: round {number} is numbered below 1")
    numbers = sorted({r.round for r in schedule.rounds})
    missing = _first_gaps(numbers, 11)
    if missing:  # rounds 1, 7, 3, 4, 5 passed the check, where standings and pair refuse them
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        report.breaches.append(f"rounds: numbered up to {numbers[-1]} without round{'s' if len(missing) > 1 else ''} "
                               f"{shown}")
    # a table (a physical board or tile set) serves one game per round; groups number their own
    for rnd in schedule.rounds:
        for (group, number), count in sorted(Counter((t.group or "", t.table) for t in rnd.tables).items()):
            if count > 1:
                where = f"group {group} table {number}" if group else f"table {number}"
                report.breaches.append(f"round {rnd.round}: {where} is used by {count} tables")
        for table in rnd.tables:
            if len(table.seats) < 2:  # a board or a tile set seats two or more: one seat is no game
                report.breaches.append(f"round {rnd.round}, table {table.table}: {len(table.seats)} seat(s); "
                                       "a table seats at least 2 (a bye goes in the round's byes)")
            if table.games or schedule.system == "mahjong-league":
                check_group_games(rnd, table, report)


def _first_gaps(numbers: list[int], limit: int) -> list[int]:
    """Up to ``limit`` of the whole numbers from 1 to ``numbers[-1]`` missing from ``numbers``
    (sorted), found gap by gap: the whole range of a round numbered 10⁹ took gigabytes."""
    out: list[int] = []
    expected = 1
    for number in numbers:
        if number < expected:
            continue
        out.extend(range(expected, min(number, expected + limit - len(out))))
        if len(out) >= limit:
            break
        expected = number + 1
    return out


def check_group_games(rnd: Round, table: Table, report: CheckReport) -> None:
    """A league group's hanchan (issue 5 build 2): as many games as members, each seating the
    members but those sitting out, each member sitting out at most once (a group of 5 sits
    each out once, a group of 4 nobody), and nobody from outside the group."""
    where = f"round {rnd.round}, group {table.group or table.table}"
    members = set(table.seats)
    if len(table.games) != len(members):
        report.breaches.append(f"{where}: {len(table.games)} games listed for {len(members)} members "
                               f"(a group plays one game per member)")
    sat_out: Counter[int] = Counter()
    for game in table.games:
        listed = [*game.seats, *game.out]
        strangers = sorted(set(listed) - members)
        if strangers:
            report.breaches.append(f"{where}, game {game.game}: participants {', '.join(map(str, strangers))} "
                                   "are not members of the group")
        if len(listed) != len(set(listed)) or set(listed) != members:
            report.breaches.append(f"{where}, game {game.game}: seats and sit-outs must list each member once")
        sat_out.update(game.out)
    twice = sorted(pid for pid, count in sat_out.items() if count > 1)
    if twice:
        report.breaches.append(f"{where}: participants {', '.join(map(str, twice))} sit out more than one game")


def _is_forfeit(rnd: Round, table: Table, report: CheckReport) -> bool:
    """Whether a two-seat table's result says the game was not played; an unreadable result
    is a breach (and the board counts as played)."""
    if table.result is None or len(table.seats) != 2:
        return False
    try:
        return normalise_result(table.result) in FORFEITS
    except ValueError as exc:
        report.breaches.append(f"round {rnd.round}, table {table.table}: {exc}")
        return False


def _expected_start(schedule: Schedule) -> int | None:
    """The start score each seat of a mahjong game brings, for the scores' sum, or None when
    the checker cannot know it the way ``fairdraw standings`` does: the schedule's recorded
    scoring (``meta.scoring``) decides; its options count only when it names ``mahjong`` (as
    standings reads them), another scoring or options it cannot read leave the sum unchecked,
    and so does ``check_total`` false (scores that need not add up)."""
    recorded = schedule.meta.get("scoring")
    recorded = recorded if isinstance(recorded, dict) else {}
    name = recorded.get("name")
    if name in (None, ""):
        params = MahjongParams()  # standings' default for a schedule of tables of more than 2
    elif name != "mahjong":
        return None
    else:
        options = recorded.get("options")
        try:
            params = params_from(dict(options) if isinstance(options, dict) else {})
        except (ValueError, TypeError):
            return None
    return params.start if params.check_total else None


def _check_scores(rnd: Round, table: Table, start: int | None, report: CheckReport) -> None:
    """A mahjong result the standings cannot read is a breach (docs/usage.md: "a result it
    cannot read"): scores or penalties that are not one whole number per seat, a negative
    penalty, or scores that do not add up to the seats' start scores (``start`` None: the sum
    is not checked). Each of the table's inner games is read the same way."""
    games = [(f"round {rnd.round}, table {table.table}, game {g.game}", g.seats, g.scores, g.penalties)
             for g in table.games]
    for where, seats, scores, penalties in [(f"round {rnd.round}, table {table.table}", table.seats,
                                             table.scores, table.penalties), *games]:
        wrong: dict[str, str] = {}
        for label, values in (("scores", scores), ("penalties", penalties)):
            if values is None:
                continue
            if any(isinstance(v, bool) or not isinstance(v, int) for v in values):
                wrong[label] = f"{label} must be whole numbers, got {list(values)}"
            elif len(values) != len(seats):
                wrong[label] = f"{len(values)} {label} for {len(seats)} seats (one per seat)"
            elif label == "penalties" and any(v < 0 for v in values):
                wrong[label] = f"penalties are positive amounts to subtract, got {list(values)}"
        report.breaches.extend(f"{where}: {problem}" for problem in wrong.values())
        if where == f"round {rnd.round}, table {table.table}" and table.result is not None and len(seats) > 2:
            # a chess result on a table of four: no scoring reads it (it passed silently)
            report.breaches.append(f"{where}: the result {table.result!r} is a board's, and this table seats "
                                   f"{len(seats)} (enter its scores)")
        if scores is not None and "scores" not in wrong and start is not None and sum(scores) != start * len(seats):
            report.breaches.append(f"{where}: the scores add up to {sum(scores)}, expected {start * len(seats)} "
                                   f"({len(seats)} x {start})")


def _check_seat_balance(schedule: Schedule, report: CheckReport) -> None:
    """Seat i of a table of k > 2 is wind i: in play order, no seat twice in a participant's
    chunk of k games (with byes a chunk is k games played, not k rounds), none beyond ceil."""
    played: dict[int, list[int]] = defaultdict(list)
    in_round: dict[int, list[int]] = defaultdict(list)  # the round of each game above
    size: dict[int, int] = {}
    for rnd in _in_play_order(schedule):
        for seating in _group_games(rnd):
            if len(seating) <= 2:
                continue
            for seat, pid in enumerate(seating):
                played[pid].append(seat)
                in_round[pid].append(rnd.round)
                size[pid] = max(size.get(pid, 0), len(seating))
    for pid, seats in sorted(played.items()):
        k = size[pid]
        for start in range(0, len(seats), k):
            chunk = seats[start:start + k]
            if len(chunk) != len(set(chunk)):
                rounds = in_round[pid][start:start + k]
                where = f"round {rounds[0]}" if rounds[0] == rounds[-1] else f"rounds {rounds[0]}-{rounds[-1]}"
                report.breaches.append(
                    f"participant {pid}: a seat twice in games {start + 1}-{start + len(chunk)} ({where}: seats "
                    f"{', '.join(str(seat + 1) for seat in chunk)}; each seat once per {k} games)"
                )
        cap = -(-len(seats) // k)
        for seat in range(k):
            if seats.count(seat) > cap:
                report.breaches.append(f"participant {pid}: seat {seat + 1} {seats.count(seat)} times in {len(seats)} games (at most {cap})")


def _in_play_order(schedule: Schedule) -> list[Round]:
    """The rounds by number: colour runs and wind chunks follow the order of play, not the
    order a file happens to list the rounds in."""
    return sorted(schedule.rounds, key=lambda r: r.round)


def _expected_in(groups: dict[str, set[int]], rnd: Round, position: int, cycles: int) -> set[int] | None:
    """Who must be placed in ``rnd``, the ``position``-th round played, for ``everyone``, when the
    event plays in groups that finish at different times (Meerkamp, seed 002: a group of 4 is done
    after 3 evenings, one of 5 after 5; ``cycles`` 2 for a double round robin): the members of
    each group whose round robin is not over by then, and of any group with a table in the
    round. None: everyone. (Only the groups with a table were expected before 2026-12-05, so a
    group's whole evening left out of the file passed.)"""
    if not groups:
        return None
    playing = {t.group for t in rnd.tables if t.group}

    def rounds_of(size: int) -> int:
        # a Berger round robin of n players: n - 1 rounds, n when odd (one sits out each round)
        return cycles * (size if size % 2 else size - 1)
    return {pid for label, ids in groups.items() if label in playing or position <= rounds_of(len(ids))
            for pid in ids}


def _counted_ids(ids: list[int]) -> str:
    """"participant 7 is" or "participants 2, 9 are": the ids a breach names, in good English."""
    return f"participant {ids[0]} is" if len(ids) == 1 else f"participants {', '.join(map(str, ids))} are"


def _damaged(report: CheckReport, key: str, expected: str, value: object) -> None:
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    report.breaches.append(f"file record: field 'meta.{key}': expected {expected}, got {shown}")


def _id(value: object) -> int | None:
    """A player id as a record holds it: a whole number, or (a JSON object's key) its digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def record_ids(schedule: Schedule, key: str, report: CheckReport) -> set[int]:
    """``meta[key]`` as a set of player ids (a seating's ``withdrawn``, a league's ``dropped``);
    a damaged record is a breach naming its field, read as empty (it raised a traceback, exit 1)."""
    value = schedule.meta.get(key)
    if value is None:
        return set()
    ids = [_id(x) for x in value] if isinstance(value, list) else [None]
    if None in ids:
        _damaged(report, key, "a list of player ids", value)
    return {x for x in ids if x is not None}


def record_rounds(schedule: Schedule, key: str, report: CheckReport) -> dict[int, int]:
    """``meta[key]`` as player id -> round (``joined``, ``left``, ``withdrawn_at``); a damaged
    record is a breach naming its field, its readable entries kept."""
    value = schedule.meta.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        _damaged(report, key, "an object of player id -> round number", value)
        return {}
    out = {pid: rnd for pid, rnd in ((_id(raw), _id(number)) for raw, number in value.items())
           if pid is not None and rnd is not None and rnd >= 1}
    if len(out) < len(value):
        _damaged(report, key, "an object of player id -> round number", value)
    return out


def record_groups(schedule: Schedule, report: CheckReport) -> dict[str, set[int]]:
    """A Meerkamp's ``meta.groups`` (label -> member ids); damaged: a breach, read as none."""
    value = schedule.meta.get("groups")
    if value is None:
        return {}
    if isinstance(value, dict) and all(isinstance(ids, list) for ids in value.values()):
        groups = {str(label): {_id(x) for x in ids} for label, ids in value.items()}
        if all(None not in ids for ids in groups.values()):
            return {label: {x for x in ids if x is not None} for label, ids in groups.items()}
    _damaged(report, "groups", "an object of group label -> list of player ids", value)
    return {}


def _group_games(rnd: Round) -> list[tuple[int, ...]]:
    """The seatings that count for winds: a table's inner games, else the table itself."""
    seatings: list[tuple[int, ...]] = []
    for table in rnd.tables:
        if table.games:
            seatings.extend(game.seats for game in table.games)
        else:
            seatings.append(table.seats)
    return seatings


def check_schedule(schedule: Schedule, rules: CheckRules = CheckRules()) -> CheckReport:
    """Recount a schedule and list every breach of ``rules``."""
    report = CheckReport()
    known = {p.id for p in schedule.players}
    colours: dict[int, list[int]] = defaultdict(list)  # +1 white, -1 black, in play order
    colour_rounds: dict[int, list[int]] = defaultdict(list)  # the round of each colour above
    met_in: dict[tuple[int, int], list[int]] = defaultdict(list)  # the rounds a pair met in
    widest = 0
    _check_structure(schedule, report)
    start = _expected_start(schedule)
    for rnd in _in_play_order(schedule):
        _check_round_occupancy(rnd, known, report)
        for table in rnd.tables:
            _check_scores(rnd, table, start, report)
            if rules.table_size is not None and len(table.seats) != rules.table_size:
                report.breaches.append(
                    f"round {rnd.round}, table {table.table}: {len(table.seats)} seats, expected {rules.table_size}"
                )
            if _is_forfeit(rnd, table, report):
                continue
            for a, b in combinations(sorted(set(table.seats)), 2):
                report.meetings[(a, b)] += 1
                met_in[(a, b)].append(rnd.round)
            if len(table.seats) == 2 and not table.games:
                white, black = table.seats
                colours[white].append(1)
                colours[black].append(-1)
                colour_rounds[white].append(rnd.round)
                colour_rounds[black].append(rnd.round)
        for seating in _group_games(rnd):
            if len(seating) > 2 or any(t.games for t in rnd.tables):
                widest = max(widest, len(seating))
                for seat, pid in enumerate(seating):
                    counts = report.seat_counts.setdefault(pid, [])
                    counts.extend([0] * (seat + 1 - len(counts)))
                    counts[seat] += 1
        for bye in rnd.byes:
            # --max-byes limits the byes the schedule hands out; a requested or imposed absence
            # (TRF16 H, F, Z, a withdrawal) is the player's, not the pairing's (FIDE C.04.1 c)
            (report.byes if bye.kind in ALLOCATED_BYE_KINDS else report.absences)[bye.id] += 1
    for counts in report.seat_counts.values():
        counts.extend([0] * (widest - len(counts)))

    limit = rules.max_meetings if rules.max_meetings is not None else (1 if rules.no_repeats else None)
    for pair, count in sorted(report.meetings.items()):
        if count > 1:
            report.repeats.append((pair[0], pair[1], count))
        if rules.rematch_after is not None:
            met = sorted(met_in[pair])
            for first, again in zip(met, met[1:]):
                if again - first < rules.rematch_after:
                    report.breaches.append(f"participants {pair[0]} and {pair[1]} meet in rounds {first} and {again}, "
                                           f"{again - first} apart (at least {rules.rematch_after} asked)")
        if limit is not None and count > limit:
            # the rounds, so the breach can be found without recounting by hand
            report.breaches.append(f"participants {pair[0]} and {pair[1]} meet {count} times, in rounds "
                                   f"{', '.join(map(str, met_in[pair]))} (at most {limit} allowed)")

    for pid, seq in sorted(colours.items()):
        balance = sum(seq)
        run = longest = 0
        previous = 0
        longest_end = 0
        for index, colour in enumerate(seq):
            run = run + 1 if colour == previous else 1
            previous = colour
            if run > longest:
                longest, longest_end = run, index
        report.colour_balance[pid] = balance
        report.longest_colour_run[pid] = longest
        if rules.max_colour_diff is not None and abs(balance) > rules.max_colour_diff:
            report.breaches.append(
                f"participant {pid}: whites minus blacks is {balance:+d} (limit ±{rules.max_colour_diff})"
            )
        if rules.max_colour_run is not None and longest > rules.max_colour_run:
            played_in = colour_rounds[pid]
            first, last = played_in[longest_end - longest + 1], played_in[longest_end]
            side = "white" if seq[longest_end] > 0 else "black"
            report.breaches.append(
                f"participant {pid}: {longest} games in a row with the same colour ({side} in rounds {first}-{last}; "
                f"limit {rules.max_colour_run})"
            )
    if rules.balanced_seats:
        _check_seat_balance(schedule, report)
    groups = record_groups(schedule, report)
    for rnd in _in_play_order(schedule) if groups else ():
        # a Meerkamp's groups each play their own round robin (seed 002): a game between two
        # groups passed every other check (a swap across groups repeats nobody)
        for table in rnd.tables:
            members = groups.get(table.group or "")
            if members is None:  # no group or an unknown one: it passed, whoever sat there
                report.breaches.append(f"round {rnd.round}, table {table.table}: group {table.group!r} is not one "
                                       f"of the groups in meta.groups ({', '.join(sorted(groups))})")
                continue
            strangers = sorted(set(table.seats) - members)
            if strangers:
                report.breaches.append(f"round {rnd.round}, group {table.group} table {table.table}: "
                                       f"{_counted_ids(strangers)} not in group {table.group} (meta.groups)")
    # players who left (a seating's "withdrawn", a league's "dropped") are not expected;
    # a newcomer only from the round they joined ("joined": id -> round, from reseat). The
    # records are read, and a damaged one is a breach, with or without --everyone, and so is
    # a player seated after leaving or before joining (both passed without it: an audit)
    left = record_ids(schedule, "withdrawn", report) | record_ids(schedule, "dropped", report)
    joined = record_rounds(schedule, "joined", report)
    # a Swiss records when each withdrawal was entered (pair --withdraw, the page's export):
    # the first round the player is left out, as a seating's "left"
    left_at = {**record_rounds(schedule, "withdrawn_at", report), **record_rounds(schedule, "left", report)}

    def gone(pid: int, number: int) -> bool:
        """A leaver is still expected before the round recorded in meta.left (a league's
        "dropped" list alone would excuse them from the whole season)."""
        return number >= left_at[pid] if pid in left_at else pid in left

    def arrived(pid: int, number: int) -> bool:
        return pid not in joined or joined[pid] <= number

    cycles = 2 if schedule.meta.get("double") is True else 1
    for position, rnd in enumerate(_in_play_order(schedule), start=1):
        for pid in sorted(x for x in rnd.seated_ids() if x in left_at and left_at[x] <= rnd.round):
            report.breaches.append(f"round {rnd.round}: participant {pid} left before round {left_at[pid]} "
                                   "but is seated")
        for pid in sorted(x for x in rnd.seated_ids() if not arrived(x, rnd.round)):
            report.breaches.append(f"round {rnd.round}: participant {pid} joined from round {joined[pid]} "
                                   "but is seated")
        if not rules.everyone:
            continue
        placed = set(rnd.placed_ids())
        expected = _expected_in(groups, rnd, position, cycles)
        missing = sorted(p.id for p in schedule.players
                         if p.id not in placed and not gone(p.id, rnd.round) and arrived(p.id, rnd.round)
                         and (expected is None or p.id in expected))
        if missing:
            report.breaches.append(f"round {rnd.round}: {_counted_ids(missing)} not placed")
    if rules.max_byes is not None:
        for pid, count in sorted(report.byes.items()):
            if count > rules.max_byes:
                report.breaches.append(f"participant {pid}: {count} byes (at most {rules.max_byes} allowed)")
    return report

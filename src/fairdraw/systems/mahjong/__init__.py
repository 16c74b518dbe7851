"""Mahjong tournament seating (issue 4): tables of 4, no repeat meetings, balanced winds.

Pipeline (pure): draw (SHA-256 order of the players, ``draw.py``) -> design (repeat-free
rounds from ``fairdraw.designs``: constructions, seeds' tables, shipped searched designs,
then local search beyond what is known) -> optional club/federation separation (position
swaps, ``separate.py``, then moves within rounds, ``separate_moves.py``) -> winds (equitable edge colouring, ``winds.py``) -> physical
table numbers (assignment problem, ``tables.py``) -> Schedule with the metrics in ``meta``.
Quality order of issue 4: (a) no repeats up to the best known, (b) then fewest repeats,
lowest maximum, (c) winds, (d) separation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import MAX_ROUNDS, Bye, Participant, Round, Schedule, Table
from fairdraw.core.option_values import flag_option, is_json_whole, whole_number_option
from fairdraw.core.registry import PairingRequest, PairingSystem, register
from fairdraw.designs import best_design, candidates, upper_bound
from fairdraw.designs.joint_polish import polish_jointly
from fairdraw.designs.max_polish import lower_the_maximum
from fairdraw.designs.substitute import annealed_if_better, extend_with_sit_outs, schedule_with_sit_outs
from fairdraw.formats.wording import counted
from fairdraw.systems.mahjong.draw import DEFAULT_SEED, draw_order, seed_int, software_label
from fairdraw.systems.mahjong.league_search import league_alternative
from fairdraw.systems.mahjong.reference import best_known
from fairdraw.systems.mahjong.separate import same_group_meetings, separate
from fairdraw.systems.mahjong.separate_moves import forced_meetings, move_apart
from fairdraw.systems.mahjong.tables import number_tables, repeat_visits
from fairdraw.systems.mahjong.winds import assign_winds, seat_labels, wind_counts

PosRound = list[tuple[int, ...]]


def nearest_counts(n: int, k: int) -> str:
    """The workable field sizes around n, for the error message."""
    lower, upper = n - n % k, n - n % k + k
    return f"{lower} or {upper}" if lower >= k else f"{upper}"


#: The largest field seated: the pair counts grow with the square of the field (4,000 players,
#: 2 rounds: 0.8 GB and 6 s here; 100,000 ran the machine out of memory), where the largest
#: mahjong events seat a few hundred.
MAX_SEATED_PLAYERS = 4000


def check_field_size(n: int) -> None:
    """Refuse a field too large to seat (a typed extra zero, a players file of 100,000 rows)
    before any work, naming the limit, instead of running out of memory."""
    if n > MAX_SEATED_PLAYERS:
        raise InputError(f"expected at most {MAX_SEATED_PLAYERS:,} players (memory grows with the square of "
                         f"the field), got {n:,}", field="players")


def design_positions(n: int, k: int, rounds: int, seed: str) -> tuple[list[PosRound], list[list[int]], str, int]:
    """(rounds of positions, byes per round as positions, source, clean rounds).

    A field that does not fill the tables (``--byes``) sits out n mod k players a round:
    with k-1 out, the design for n+1 gets a phantom position whose table sits out (a
    repeat-free design sends the phantom to new players every round, so nobody sits out
    twice while the design lasts); otherwise the design for n - (n mod k) gets the extra
    players in the seats of players who sit out (``fairdraw.designs.substitute``).
    """
    b = n % k
    s = seed_int(seed, "design")
    if b == 0:
        d = best_design(n, k, rounds, seed=s)
        league = league_alternative(n, k, rounds, d.rounds, d.clean_rounds)
        if league is not None:
            found, clean = league
            source = (f"season search of the league planner (fairdraw.systems.league), "
                      f"better by issue 4's order than {d.source}")
            return found, [[] for _ in found], source, clean
        return [list(r) for r in d.rounds], [[] for _ in d.rounds], d.source, d.clean_rounds
    if b == k - 1:
        d = best_design(n + 1, k, rounds, seed=s)
        longest = candidates(n + 1, k)
        if d.clean_rounds < rounds and longest and longest[0].clean_rounds > d.clean_rounds:
            # Only the clean rounds are kept below, so the design with the most of them: a minimum
            # covering (best_design's pick one round past N+1's repeat-free length) starts with
            # few, and with the phantom's table out its one merit, every pair met, is gone
            # (issue 4 (b), measured: 47 players over 16 rounds 22 repeats at most 2 where the
            # covering's front gave 72 with a 3; 35 over 12 16, not 35; 71 over 24 34, not 196)
            d = longest[0]
        out, byes = [], []
        for rnd in d.rounds:
            out.append([t for t in rnd if n not in t])
            byes.append(sorted(p for t in rnd if n in t for p in t if p != n))
        source = f"{d.source}, one phantom seat (its table sits out)"
        if d.clean_rounds >= rounds:
            return out, byes, source, d.clean_rounds
        # Past the clean rounds the phantom's table can hold a player twice, and sit-outs would
        # drift from the even spread --byes promises: the clean rounds are kept and the rest
        # built the way every other sit-out schedule is.
        clean = d.clean_rounds
        out, byes, source = extend_with_sit_outs(n, k, rounds, out[:clean], byes[:clean], source, seed=s)
        out, byes, source = annealed_if_better(n, k, out, byes, source)  # issue 4 (b)
        return out, byes, source, leading_clean_rounds(out)
    seated, byes, source = schedule_with_sit_outs(n, k, rounds, seed=s)
    if leading_clean_rounds(seated) < rounds:
        seated, byes, source = annealed_if_better(n, k, seated, byes, source)  # issue 4 (b)
    return seated, byes, source, leading_clean_rounds(seated)


def clean_rounds_first(rounds: list[PosRound], byes: list[list[int]]) -> tuple[list[PosRound], list[list[int]]]:
    """The same rounds, as many as can be that repeat no pair among themselves moved to the front.

    Issue 4 (a): no pair meets twice for as long as possible. Past a design (fields that sit
    players out, lengths beyond the best known) a later round can be free of every pair of
    the repeat-free start while the round after the start is not (17 players, 5 rounds: round 5
    fits after rounds 1-3 where round 4 does not). The order of rounds changes no count
    (repeats, maximum, sit-outs); the winds are assigned afterwards. The front is the largest
    set of rounds that share no pair (``_largest_disjoint``), in their order; the rest follow.
    """
    pair_sets = [{pair for table in rnd for pair in combinations(sorted(p for p in table if p >= 0), 2)}
                 for rnd in rounds]
    front = _largest_disjoint(pair_sets)
    order = front + [r for r in range(len(rounds)) if r not in set(front)]
    return [rounds[r] for r in order], [byes[r] for r in order]


def _largest_disjoint(pair_sets: Sequence[set[tuple[int, int]]], budget: int = 20000) -> list[int]:
    """Indices of a largest family of rounds no two of which share a pair (a maximum
    independent set of the rounds' conflict graph), by branch and bound from the greedy
    family in round order; ``budget`` search nodes at most (the best found is kept)."""
    n = len(pair_sets)
    clash = [sum(1 << j for j in range(n) if j != i and not pair_sets[i].isdisjoint(pair_sets[j])) for i in range(n)]
    best: list[int] = []
    free = (1 << n) - 1
    for i in range(n):  # the greedy family: each round in order that clashes with none taken
        if free >> i & 1:
            best.append(i)
            free &= ~clash[i] & ~(1 << i)
    # depth-first with an explicit stack, not recursion: a branch is as deep as the rounds are
    # many, and a schedule of 1,000 rounds went past Python's recursion limit
    stack: list[tuple[list[int], int]] = [([], (1 << n) - 1)]
    for _ in range(budget):
        if not stack:
            break
        taken, candidates = stack.pop()
        if len(taken) + bin(candidates).count("1") <= len(best):
            continue
        if not candidates:
            best = list(taken)
            continue
        i = (candidates & -candidates).bit_length() - 1
        stack.append((taken, candidates & ~(1 << i)))  # without round i: searched second
        stack.append(([*taken, i], candidates & ~clash[i] & ~(1 << i)))  # with it: first
    return sorted(best)


def leading_clean_rounds(rounds: Sequence[PosRound]) -> int:
    """How many leading rounds have no repeated pair (sit-outs make the design checker's
    "everyone seated" test inapplicable, so only the pairs are counted). A negative id holds
    the seat of a player who left (a reseat) and meets nobody."""
    met: set[tuple[int, int]] = set()
    for r, rnd in enumerate(rounds):
        for table in rnd:
            for pair in combinations(sorted(p for p in table if p >= 0), 2):
                if pair in met:
                    return r
                met.add(pair)
    return len(rounds)


def seating_metrics(rounds: Sequence[Sequence[Sequence[int]]], players: Sequence[int], k: int) -> dict[str, Any]:
    """Repeats, max meetings, distinct opponents and wind counts (issue 4, item 8). A negative
    id holds the seat of a player who left (a reseat), so the others keep their winds."""
    meet: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        for table in rnd:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    if a < 0 or b < 0:
                        continue
                    key = (min(a, b), max(a, b))
                    meet[key] = meet.get(key, 0) + 1
    distinct: dict[int, int] = {p: 0 for p in players}
    for a, b in meet:
        distinct[a] += 1
        distinct[b] += 1
    winds = {p: counts for p, counts in wind_counts(rounds, k).items() if p >= 0}
    return {
        "repeats": sum(c - 1 for c in meet.values() if c > 1),
        "max_meetings": max(meet.values(), default=0),
        "pairs_met": len(meet),
        "distinct_opponents_min": min(distinct.values(), default=0),
        "distinct_opponents_max": max(distinct.values(), default=0),
        "wind_spread_max": max((max(c) - min(c) for c in winds.values()), default=0),
    }


@register
class Mahjong(PairingSystem):
    """Options: rounds (int), table_size (4), separate ("club"|"federation"|None),
    byes (bool), ranked_last (int). ``seed`` is the public draw seed."""

    name = "mahjong"
    description = "Mahjong tournament seating: tables of 4, no repeat meetings up to the best known, balanced winds"
    kind = "fixed"
    option_names = frozenset({"table_size", "rounds", "ranked_last", "byes", "separate"})

    def check_options(self, options: Mapping[str, Any]) -> None:
        """The table size (at least 2), ``ranked_last`` (a whole number), ``byes`` (yes or no)
        and ``separate`` (club or federation), read as ``pair`` reads them."""
        if whole_number_option(options, "table_size", 4) < 2:
            raise InputError("table_size: the table size must be at least 2", field="table_size")
        whole_number_option(options, "ranked_last", 0, low=0)
        flag_option(options, "byes")
        by = options.get("separate")
        if by and by not in ("club", "federation"):
            raise InputError(f"separate: expected club or federation, got {by!r}", field="separate")

    def pair(self, request: PairingRequest) -> Schedule:
        opts = request.options
        self.check_options(opts)  # one reading of the values, here and on the page's settings form
        k = whole_number_option(opts, "table_size", 4)
        total = int(request.total_rounds or whole_number_option(opts, "rounds", 0))
        ranked_last = whole_number_option(opts, "ranked_last", 0)
        seed = request.seed if request.seed is not None else DEFAULT_SEED
        players = list(request.players)
        n = len(players)
        if not 1 <= total <= MAX_ROUNDS:
            raise InputError(f"expected a number of rounds from 1 to {MAX_ROUNDS:,}, got {total:,}"
                             if total > MAX_ROUNDS else "at least one round is needed", field="rounds")
        if not 0 <= ranked_last <= total:
            raise InputError("--ranked-last must be between 0 and the number of rounds", field="ranked-last")
        if n < k:
            raise InputError(f"{counted(n, 'player')} cannot fill a table of {k}: use at least {k} players",
                             field="players")
        check_field_size(n)
        if n % k and not flag_option(opts, "byes"):
            raise InputError(
                f"{n} players do not fill tables of {k}: use {nearest_counts(n, k)} players, "
                f"or --byes to let {n % k} sit out each round",
                field="players",
            )
        design_rounds = total - ranked_last
        ordered = draw_order(seed, players)
        if design_rounds:
            pos_rounds, bye_rounds, source, clean = design_positions(n, k, design_rounds, seed)
            if leading_clean_rounds(pos_rounds) < len(pos_rounds):
                # issue 4 (b): fewest repeats first, the design's rounds included on a small field
                pos_rounds = [[tuple(t) for t in rnd] for rnd in polish_jointly(pos_rounds, n, seed_int(seed, "joint"))]
                pos_rounds, bye_rounds = clean_rounds_first(pos_rounds, bye_rounds)
                # issue 4 (b): at the fewest repeats, the lowest maximum (the search before can
                # leave a pair at a count one swap takes down: 37 players, 22 rounds, a 4)
                pos_rounds = lower_the_maximum(pos_rounds, n, start=leading_clean_rounds(pos_rounds))
                clean = max(clean, leading_clean_rounds(pos_rounds))
        else:
            pos_rounds, bye_rounds, source, clean = [], [], "none (all rounds by ranking)", 0
        separation: dict[str, Any] | None = None
        attr = opts.get("separate")
        if attr:
            labels = [getattr(p, attr) for p in ordered]
            before = same_group_meetings(pos_rounds, labels)
            order = separate(pos_rounds, labels, seed=seed_int(seed, "separate"))
            after = same_group_meetings(pos_rounds, [labels[i] for i in order])
            # issue 4 (d): any repeat-free design of the length asked will do, so the one that
            # separates best wins (a transversal design's groups can hold whole clubs)
            if after and n % k == 0 and clean >= design_rounds:
                for other in candidates(n, k)[1:]:
                    if other.clean_rounds < design_rounds:
                        continue
                    rounds_here = [list(r) for r in other.rounds[:design_rounds]]
                    order_here = separate(rounds_here, labels, seed=seed_int(seed, "separate"))
                    after_here = same_group_meetings(rounds_here, [labels[i] for i in order_here])
                    if after_here < after:
                        pos_rounds, order, after, source = rounds_here, order_here, after_here, other.source
                        before = same_group_meetings(rounds_here, labels)
                    if not after:
                        break
            ordered = [ordered[i] for i in order]
            placed = [labels[i] for i in order]
            relabelled = after
            # issue 4 (d), second stage: moves within rounds that seat no pair that has met
            pos_rounds, bye_rounds, moved = move_apart(pos_rounds, bye_rounds, placed,
                                                       seed=seed_int(seed, "separate-moves"))
            if moved:
                after = same_group_meetings(pos_rounds, placed)
                source = (f"{source}, then {counted(moved, 'player')} moved to other tables of their round "
                          f"to keep clubs apart")
                clean = max(clean, leading_clean_rounds(pos_rounds))
            separation = {"by": attr, "same_group_meetings": after, "before_separation": before,
                          "after_relabelling": relabelled, "forced": forced_meetings(pos_rounds, placed)}
        seated = assign_winds(pos_rounds, k)
        numbers = number_tables(seated)
        ids = [p.id for p in ordered]
        rounds: list[Round] = []
        for r, (rnd, nums) in enumerate(zip(seated, numbers, strict=True), start=1):
            tables = sorted(
                (Table(table=num, seats=tuple(ids[p] for p in t)) for t, num in zip(rnd, nums, strict=True)),
                key=lambda t: t.table,
            )
            byes = tuple(Bye(id=ids[p]) for p in bye_rounds[r - 1])
            rounds.append(Round(round=r, tables=tuple(tables), byes=byes))
        metrics = seating_metrics(seated, list(range(n)), k)
        visits = repeat_visits(seated, numbers)
        meta: dict[str, Any] = {
            "table_size": k,
            "seats": list(seat_labels(k)),  # as the text, CSV and HTML name them
            "rounds_total": total,
            "design": {"source": source, "clean_rounds": min(clean, design_rounds)},
            "best_known": best_known(n - n % k if n % k != k - 1 else n + 1, k),
            "upper_bound": upper_bound(n, k),
            "draw": {
                "method": "sha256(seed|id|name), ascending; position i = pairing number i+1",
                "seed": seed,
                # the draw is the same for the same seed, players and version: a later version
                # may seat differently, and `check --redraw` says which version drew the file
                "software": software_label(),
            },
            "metrics": metrics,
            "repeat_table_visits": {
                "total": sum(visits.values()),
                "max_per_player": max(visits.values(), default=0),
            },
        }
        if separation is not None:
            meta["separation"] = separation
        if ranked_last:
            meta["ranked_last"] = ranked_last
        return Schedule(
            system=self.name,
            players=tuple(players),
            rounds=tuple(rounds),
            numbers={p.id: i + 1 for i, p in enumerate(ordered)},
            seed=seed,
            meta=meta,
        )


    def continue_schedule(self, schedule: Schedule, from_round: int, *, leaving: tuple[int, ...],
                          joining: tuple[Participant, ...], options: Mapping[str, Any]) -> Schedule | None:
        """Issue 4 build 5 for callers other than the command line (the organiser's page):
        the rounds before ``from_round`` kept, the rest re-seated with the fewest new repeats.
        The rounds from ``from_round`` on are the seed's draw for the field given (the
        registry's contract), which the re-seat records for ``check --redraw``."""
        from fairdraw.systems.mahjong.changes import reseat  # changes imports this module

        return reseat(schedule, from_round, drop=leaving, add_players=joining, byes=flag_option(options, "byes"),
                      drawn_tail=True)

    def rounds_left_to_standings(self, options: Mapping[str, Any]) -> int:
        """``ranked_last``: the final rounds seated by ranking (issue 4 item 6)."""
        value = options.get("ranked_last")
        return value if is_json_whole(value) and isinstance(value, int) and value > 0 else 0

    def seat_from_standings(self, schedule: Schedule, ranking: Sequence[Participant],
                            options: Mapping[str, Any]) -> Schedule:
        """The next round as `fairdraw seat-ranked` seats it (seed 001: ranks 1-4 at table 1,
        5-8 at table 2, ..., winds to whoever had them least)."""
        from fairdraw.systems.mahjong.ranked import seat_ranked  # ranked imports this module

        return seat_ranked(ranking, schedule)

"""Changes during an event: re-seat from a round on (issue 4 item 5; seating a round by ranking,
item 6, is ``ranked``).

It keeps what was played and only decides the future, with the same quality order as the
first draw: fewest new repeat meetings (tabu search with the played rounds fixed), winds
balanced, physical tables numbered to avoid repeat visits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.designs.anneal_tail import annealed_tail, tail_anneal_steps
from fairdraw.designs.extend import PairCounts, greedy_round, improve_with_byes, relabelling
from fairdraw.formats.wording import counted
from fairdraw.systems.mahjong import (
    check_field_size,
    design_positions,
    leading_clean_rounds,
    nearest_counts,
    seating_metrics,
)
from fairdraw.systems.mahjong.draw import DEFAULT_SEED, seed_int
from fairdraw.systems.mahjong.patch_rounds import patched_rounds
from fairdraw.systems.mahjong.reseat_history import participant_record
from fairdraw.systems.mahjong.separate import same_group_meetings
from fairdraw.systems.mahjong.separate_moves import forced_meetings, move_apart
from fairdraw.systems.mahjong.tables import number_tables, repeat_visits
from fairdraw.systems.mahjong.validate import check_seating
from fairdraw.systems.mahjong.wind_repair import breaches_after_kept, repair_winds


#: ``meta.separation``'s counts of the first draw's stages (before any separation, after the
#: relabelling, before the moves): they count the draw's rounds, not the file's once a re-seat
#: has replaced some of them.
DRAW_STAGE_COUNTS = ("before_separation", "after_relabelling")


def separation_after_reseat(old: dict[str, Any], everyone: Sequence[Participant],
                            all_pos: Sequence[Sequence[Sequence[int]]], *, rounds_unchanged: bool) -> dict[str, Any]:
    """``meta.separation`` of the re-seated event (issue 4 (d) as reported): ``by`` kept;
    ``same_group_meetings`` and ``forced`` (the floor the table counts force, summed over the
    rounds) recounted over every round of the event, as the other metrics are (the first
    draw's figures, copied, said 5 where the re-seated event had 16); ``before_separation``
    and ``after_relabelling`` kept only while the rounds are still the ones they counted (a
    re-seat that kept the old plan), dropped once any round changed, as they would then
    describe a schedule the file no longer holds. ``all_pos`` seats ``everyone`` by index."""
    by = old["by"]
    labels = [getattr(p, by) or None for p in everyone]
    new: dict[str, Any] = {"by": by, "same_group_meetings": same_group_meetings(all_pos, labels)}
    if rounds_unchanged:
        new.update({key: old[key] for key in DRAW_STAGE_COUNTS if key in old})
    new["forced"] = forced_meetings(all_pos, labels)
    return new


def seats_as_positions(rounds: Sequence[Round], pos: dict[int, int]) -> list[list[tuple[int, ...]]]:
    """Each table's seats as positions in the new field, in seat (wind) order; -1 keeps the seat
    of a player who left, so the others' winds stay where they were."""
    return [[tuple(pos.get(x, -1) for x in t.seats) for t in r.tables] for r in rounds]


def _old_plan(redone: Sequence[Round], pos: dict[int, int], n: int,
              k: int) -> tuple[list[list[tuple[int, ...]]], list[list[int]], list[list[int]]] | None:
    """The old rounds to be re-seated as (seats, table numbers, sit-outs), all as positions in
    the field, or None when they no longer seat it (a table of another size, a player unknown,
    missing or placed twice): only a plan that is still valid may be kept instead of a new one."""
    seats: list[list[tuple[int, ...]]] = []
    numbers: list[list[int]] = []
    byes: list[list[int]] = []
    for rnd in redone:
        ids = [x for t in rnd.tables for x in t.seats] + [bye.id for bye in rnd.byes]
        if any(x not in pos for x in ids) or sorted(pos[x] for x in ids) != list(range(n)):
            return None
        if any(len(t.seats) != k for t in rnd.tables):
            return None
        seats.append([tuple(pos[x] for x in t.seats) for t in rnd.tables])
        numbers.append([t.table for t in rnd.tables])
        byes.append(sorted(pos[bye.id] for bye in rnd.byes))
    return seats, numbers, byes


def _separated(separation: Any, players: Sequence[Participant], kept_pos: list[list[tuple[int, ...]]],
               kept_byes: list[list[int]], rounds: list[list[tuple[int, ...]]], byes: list[list[int]],
               seed: str, first: int = 0) -> tuple[list[list[tuple[int, ...]]], list[list[int]]]:
    """The re-seated rounds with players moved apart from their clubmates (``move_apart``)
    when the file records a separation (``meta.separation.by``), else as they are.

    Why: the re-seat chooses its rounds for repeats, winds and tables only, so a seating drawn
    with --separate met more clubmates after a re-seat (48 players in federations of 20, 12, 8
    and 8 over 10 rounds, 2 leaving from round 5: 143 same-federation meetings in rounds 5-10
    where the draw had 51). The moves seat together only pairs that never met, in any round
    (the kept rounds are ``fixed``: never moved, their meetings and sit-outs counted), so no
    figure ranked before separation gets worse; the rounds before --from-round stay untouched.
    Seeded from the re-seat's seed and a fixed label, so ``check --redraw`` replays the same moves.
    Rounds before ``first`` (of ``rounds``) are not moved either, but count as the kept ones do."""
    by = separation.get("by") if isinstance(separation, dict) else None
    if by not in ("club", "federation") or len(rounds) <= first:
        return rounds, byes
    labels = [getattr(p, by) or None for p in players]
    moved_rounds, moved_byes, _ = move_apart(rounds[first:], byes[first:], labels,
                                             seed=seed_int(seed, "reseat-separate-moves"),
                                             fixed=[*kept_pos, *rounds[:first]], fixed_byes=[*kept_byes, *byes[:first]])
    return [*rounds[:first], *moved_rounds], [*byes[:first], *moved_byes]


def _counts(n: int, rounds: Sequence[Sequence[Sequence[int]]]) -> PairCounts:
    """The meeting counts of ``rounds`` (positions of the new field), a fresh copy for each
    start of a re-seat, which brings its own up to date."""
    pc = PairCounts(n)
    for rnd in rounds:
        for t in rnd:
            pc.add_table(t)
    return pc


def _drawn_rounds(redone: Sequence[Round], pos: dict[int, int], n: int, k: int, added: Sequence[int],
                  byes_so_far: list[int], pc: PairCounts,
                  rng: random.Random) -> tuple[list[list[tuple[int, ...]]], list[list[int]]]:
    """The other start of a re-seat: each old round re-filled as it stands (newcomers and the
    old sit-outs into the empty seats) when that fills it exactly, else drawn again greedily.
    Those with the fewest sit-outs so far sit out (the floor/ceil spread of build 1); among
    equals the old round's sit-outs come first, so that its tables survive.
    ``byes_so_far`` and ``pc`` are brought up to date."""
    b = n % k
    rounds: list[list[tuple[int, ...]]] = []
    byes: list[list[int]] = []
    for old in redone:
        old_out = {pos[bye.id] for bye in old.byes if bye.id in pos}
        out = sorted(range(n), key=lambda i: (byes_so_far[i], i not in old_out, rng.random()))[:b] if b else []
        for i in out:
            byes_so_far[i] += 1
        tables = [[pos[x] for x in t.seats if x in pos and pos[x] not in out] for t in old.tables]
        pool = [i for i in added if i not in out] + [
            pos[bye.id] for bye in old.byes if bye.id in pos and pos[bye.id] not in out
        ]
        fits = True
        for t in tables:
            while len(t) < k and pool:
                t.append(pool.pop())
            fits = fits and len(t) == k
        seated = {x for t in tables for x in t}
        if not fits or pool or len(seated) != n - len(out) or len(tables) != (n - b) // k:
            present = [i for i in range(n) if i not in out]
            rnd = greedy_round(pc, [k] * ((n - b) // k), rng, present)
        else:
            rnd = [tuple(t) for t in tables]
        for table in rnd:
            pc.add_table(table)
        rounds.append([tuple(table) for table in rnd])
        byes.append(sorted(out))
    return rounds, byes


def _fresh_rounds(n: int, k: int, count: int, pc: PairCounts, byes_so_far: list[int],
                  seed: str) -> tuple[list[list[tuple[int, ...]]], list[list[int]]]:
    """The third start of a re-seat: the best design for the new field over the rounds left (as
    ``seat`` draws it), its positions given to players so that its pairs avoid those already met.
    Why: early in an event with many players gone or come, mending leaves one broken table per
    leaver in every round, where the new field's own design has none (48 players, 4 leaving after
    round 1: 102 repeats mended, 59 drawn afresh). ``byes_so_far`` is brought up to date."""
    if count == 0:  # every round left was seated by ranking
        return [], []
    rounds, byes, _, _ = design_positions(n, k, count, seed)
    sigma = relabelling(pc, rounds, seed=seed_int(seed, "reseat-fresh"))
    for out in byes:
        for p in out:
            byes_so_far[sigma[p]] += 1
    return ([[tuple(sigma[p] for p in t) for t in rnd] for rnd in rounds],
            [sorted(sigma[p] for p in out) for out in byes])


def _replaces_old(kept: list[list[tuple[int, ...]]], kept_byes: Sequence[Sequence[int]],
                  new: list[list[tuple[int, ...]]], new_byes: Sequence[Sequence[int]],
                  old: list[list[tuple[int, ...]]], old_byes: Sequence[Sequence[int]], n: int, k: int) -> bool:
    """Whether a new plan is to replace the old rounds of an unchanged field.

    Why: the re-seat search starts from scratch where the old plan did not fit its choices,
    and may come back with more repeats or broken winds (a --byes seating re-seated with no
    change went from 23 repeats to 37, with 5 wind breaches). Issue 4's quality order decides,
    over the whole event: fewest repeat meetings, then the lowest maximum of meetings, then the
    most leading clean rounds (b); winds balanced (c) and the spread of sit-outs are required.
    The new plan wins only when it is at least as good on each of these and better on one:
    otherwise the old rounds, still valid, stay as they were."""

    def judged(rounds: list[list[tuple[int, ...]]],
               byes: Sequence[Sequence[int]]) -> tuple[tuple[int, int, int], int, int]:
        everything = [*kept, *rounds]
        metrics = seating_metrics(everything, list(range(n)), k)
        quality = (metrics["repeats"], metrics["max_meetings"], -leading_clean_rounds(everything))
        sat_out = [0] * n
        for rnd in [*kept_byes, *byes]:
            for p in rnd:
                sat_out[p] += 1
        return quality, breaches_after_kept(kept, rounds, k), max(sat_out) - min(sat_out)

    new_quality, new_winds, new_spread = judged(new, new_byes)
    old_quality, old_winds, old_spread = judged(old, old_byes)
    no_worse = new_quality <= old_quality and new_winds <= old_winds and new_spread <= old_spread
    return no_worse and (new_quality < old_quality or new_winds < old_winds)


def check_from_round(schedule: Schedule, from_round: int) -> None:
    """``--from-round`` must name a seated round, or the next round when rounds are still to be
    seated by ranking: a player who leaves (or joins) before the ranked rounds changes only the
    field, which ``seat-ranked`` then seats (it refuses standings that miss a player)."""
    check_seating(schedule)  # a damaged file is named by its field before its rounds are counted
    total = len(schedule.rounds)
    upper = total + 1 if int(schedule.meta.get("ranked_last") or 0) > 0 else total
    if upper < 1:
        raise InputError("the schedule has no rounds to re-seat", field="from-round")
    if not 1 <= from_round <= upper:
        raise InputError(f"--from-round must be between 1 and {upper}", field="from-round")


def reseat(
    schedule: Schedule,
    from_round: int,
    *,
    drop: Sequence[int] = (),
    add: Sequence[str] = (),
    seed: str | None = None,
    byes: bool = False,
    add_players: Sequence[Participant] = (),
    drawn_tail: bool = False,
) -> Schedule:
    """Keep rounds before ``from_round``; re-seat the rest for the new field. ``add`` names
    newcomers (they get the next free ids); ``add_players`` brings them with ids of their own
    (the organiser's page, where a newcomer is entered before the re-seat). ``drawn_tail`` says
    that the rounds from ``from_round`` on are not a file's but the seed's fresh draw for the
    field given (the page undoes rounds, then makes them again that way): recorded, so that the
    redraw makes the same start."""
    # the system, the table size, every kept round and the meta bookkeeping first: the re-seat
    # builds on all of them (issue 4 item 5)
    k = check_seating(schedule)
    check_from_round(schedule, from_round)
    known = {p.id for p in schedule.players}
    withdrawn = set(schedule.meta.get("withdrawn", ()))
    for pid in drop:
        if pid not in known:
            raise InputError(f"no player with id {pid} in the schedule", field="drop")
        if pid in withdrawn:
            raise InputError(f"player {pid} has already left the event", field="drop")
    next_id = max(known, default=0) + 1
    players = [p for p in schedule.players if p.id not in set(drop) and p.id not in withdrawn]
    for newcomer in add_players:
        if newcomer.id in known or newcomer.id in {p.id for p in players}:
            raise InputError(f"player id {newcomer.id} is in the schedule already", field="add")
        players.append(newcomer)
        next_id = max(next_id, newcomer.id + 1)
    for name in add:
        if not name.strip():
            raise InputError("an added player needs a name", field="add")
        players.append(Participant(id=next_id, name=name.strip()))
        next_id += 1
    n = len(players)
    if n < k:
        raise InputError(f"{counted(n, 'player')} would be left, who cannot fill a table of {k}: the event needs at "
                         f"least {k}", field="players")
    check_field_size(n)
    b = n % k
    if b and not byes:
        raise InputError(
            f"{n} players do not fill tables of {k}: use {nearest_counts(n, k)} players, or --byes",
            field="players",
        )
    seed = seed if seed is not None else (schedule.seed or DEFAULT_SEED)
    pos = {p.id: i for i, p in enumerate(players)}
    kept = list(schedule.rounds[: from_round - 1])
    kept_pos = [[tuple(pos[x] for x in t.seats if x in pos) for t in r.tables] for r in kept]
    added = [pos[p.id] for p in players if p.id not in known]
    kept_byes = [[pos[bye.id] for bye in r.byes if bye.id in pos] for r in kept]
    byes_so_far = [0] * n
    for out in kept_byes:
        for p in out:
            byes_so_far[p] += 1
    # rounds seated by ranking (seat-ranked, always the last ones) are not re-seated by the
    # design: they are removed and left to seat-ranked again, which needs the new standings
    ranked = {int(r) for r in schedule.meta.get("seated_by_ranking", []) or []}
    redone = [r for r in schedule.rounds[from_round - 1 :] if r.round not in ranked]
    unseated_ranked = sum(1 for r in schedule.rounds[from_round - 1 :] if r.round in ranked)
    # issue 4 item 5: the fewest new repeats. Three starts, each polished by the tabu search and
    # then annealed: the old rounds mended (complete tables kept, sit-outs from the broken ones),
    # the old rounds re-filled or drawn again, and the new field's own design; the mended plan
    # wins ties, as it changes the printed plan least.
    old_tables = [[[pos[x] for x in t.seats if x in pos] for t in r.tables] for r in redone]
    mended_byes_so_far = list(byes_so_far)
    mended = patched_rounds(old_tables, n, k, mended_byes_so_far, _counts(n, kept_pos),
                            random.Random(seed_int(seed, f"reseat-mend-{from_round}")))
    drawn_byes_so_far = list(byes_so_far)
    drawn = _drawn_rounds(redone, pos, n, k, added, drawn_byes_so_far, _counts(n, kept_pos),
                          random.Random(seed_int(seed, f"reseat-{from_round}")))
    fresh_byes_so_far = list(byes_so_far)
    fresh = _fresh_rounds(n, k, len(redone), _counts(n, kept_pos), fresh_byes_so_far, seed)
    spread_so_far = max(1, max(byes_so_far) - min(byes_so_far))
    polished = []
    for (start_rounds, start_byes), counts in ((mended, mended_byes_so_far), (drawn, drawn_byes_so_far),
                                                (fresh, fresh_byes_so_far)):
        sit_range = (min(counts), max(counts))
        plan = improve_with_byes(
            kept_pos, start_rounds, n, byes=start_byes, fixed_byes=kept_byes, sit_range=sit_range,
            seed=seed_int(seed, "reseat-polish"), steps=600,
        )
        # an uneven spread of sit-outs (build 1) rules a start out before any count of repeats
        polished.append((plan, sit_range[1] - sit_range[0] > spread_so_far, sit_range))
    # Each even start is annealed too, all its rounds together (``anneal_tail``; sit-outs move
    # within the start's spread): the tabu search stops where every single swap costs, and a
    # mend often needs several swaps that pay only together (an audit: a newcomer dropped in the
    # round they joined, 6 repeats where none are needed). The annealed plans come after the
    # three, so that on a tie the plan that changed least stays.
    steps = tail_anneal_steps(sum(len(rnd) * k for rnd in mended[0]))
    annealed = [
        (annealed_tail(kept_pos, plan[0], plan[1], n, fixed_byes=kept_byes, sit_range=sit_range,
                       seed=seed_int(seed, f"reseat-anneal-{i}"), steps=steps), uneven, sit_range)
        for i, (plan, uneven, sit_range) in enumerate(polished) if not uneven
    ]
    starts = []
    for plan, uneven, _ in [*polished, *annealed]:
        everything = [*kept_pos, *plan[0]]
        metrics = seating_metrics(everything, list(range(n)), k)
        quality = (uneven, metrics["repeats"], metrics["max_meetings"], -leading_clean_rounds(everything))
        starts.append((quality, plan))
    new_rounds, new_byes = min(starts, key=lambda s: s[0])[1]  # min keeps the first (mended) on ties
    # the kept rounds' seats are winds already: the new winds continue their balance, and
    # where the tables chosen make that impossible, players swap tables (no new repeat)
    # each wind solve grows with the field: fewer tries for a large one (123 players: 30 solves
    # took a minute), a count, never the clock, so the answer stays the same everywhere
    def with_winds(rounds: list[list[tuple[int, ...]]]) -> tuple[list[list[tuple[int, ...]]],
                                                                  list[list[tuple[int, ...]]], int]:
        return repair_winds(seats_as_positions(kept, pos), kept_pos, rounds, k,
                            random.Random(seed_int(seed, "reseat-winds")), budget=max(4, min(30, 1500 // n)))

    # issue 4 (d) with item 5: a seating drawn with --separate keeps clubs apart in the rounds
    # re-seated too, by the draw's own second stage (moves that seat together only pairs that
    # never met, kept rounds included), after the tables are chosen and before the winds; the
    # moved rounds are taken unless their winds break more often, as (c) ranks before (d); then
    # the moves are tried again past the block of k rounds the kept rounds leave unfinished,
    # whose winds any tables allow (36 players, 2 rounds kept: 8 breaches moved in every round)
    chosen = with_winds(new_rounds)
    for first in dict.fromkeys((0, -len(kept) % k)):
        apart_rounds, apart_byes = _separated(schedule.meta.get("separation"), players, kept_pos, kept_byes,
                                              new_rounds, new_byes, seed, first=first)
        if apart_rounds == new_rounds:
            continue
        apart = with_winds(apart_rounds)
        if apart[2] <= chosen[2]:
            chosen, new_byes = apart, apart_byes
            break
    new_rounds, seated, wind_breaches = chosen
    visits: dict[tuple[int, int], int] = {}
    for r in kept:
        for t in r.tables:
            for x in t.seats:
                if x in pos:
                    visits[(pos[x], t.table - 1)] = visits.get((pos[x], t.table - 1), 0) + 1
    numbers = number_tables(seated, visits)
    old_kept = False
    if not drop and not add and not add_players:
        # The field is the one the old rounds were drawn for, so they are still a valid plan:
        # a re-seat must never leave the event worse than keeping them (issue 4 item 5). So
        # too after an earlier re-seat took a player out (an audit: a re-seat with nothing
        # changed rewrote all 23 later rounds of such an event, with one wind breach more);
        # ``_old_plan`` refuses rounds that still seat someone no longer in the field.
        old_plan = _old_plan(redone, pos, n, k)
        if old_plan is not None:
            kept_seats = seats_as_positions(kept, pos)
            old_seated, old_numbers, old_byes = old_plan
            if not _replaces_old(kept_seats, kept_byes, seated, new_byes, old_seated, old_byes, n, k):
                seated, numbers, new_byes, old_kept = old_seated, old_numbers, old_byes, True
                wind_breaches = breaches_after_kept(kept_seats, seated, k)
    ids = [p.id for p in players]
    rounds = list(kept)
    for offset, (rnd, nums) in enumerate(zip(seated, numbers, strict=True)):
        if old_kept:  # as they were: table numbers, seat order and the order of the sit-outs
            rounds.append(replace(redone[offset], round=from_round + offset))
            continue
        tables = sorted(
            (Table(table=num, seats=tuple(ids[x] for x in t)) for t, num in zip(rnd, nums, strict=True)),
            key=lambda t: t.table,
        )
        rounds.append(
            Round(round=from_round + offset, tables=tuple(tables), byes=tuple(Bye(id=ids[x]) for x in new_byes[offset]))
        )
    # Players who leave stay in the player list when they played a kept round (as a league
    # season keeps them): the kept rounds, their results and the checker still need them.
    played = {x for r in kept for t in r.tables for x in t.seats} | {b.id for r in kept for b in r.byes}
    gone = [p for p in schedule.players if (p.id in set(drop) or p.id in withdrawn) and p.id in played]
    everyone = [*players, *gone]
    meta: dict[str, Any] = dict(schedule.meta)
    # the event's metrics count every meeting, those of players who left included, as
    # `fairdraw check` and the --report of the same run do
    pos_all = {p.id: i for i, p in enumerate(everyone)}
    all_pos = seats_as_positions(rounds, pos_all)
    meta["metrics"] = seating_metrics(all_pos, list(range(len(everyone))), k)
    if isinstance(meta.get("design"), dict):  # the leading repeat-free rounds of the event as it now is
        meta["design"] = {**meta["design"], "clean_rounds": leading_clean_rounds(all_pos)}
        # the summary and the report name the design: say what this re-seat did (an audit: a
        # re-seat that kept the old rounds went on naming an earlier one's round as re-seated)
        source = str(meta["design"].get("source", "")).split("; re-seated from round")[0]
        if redone and not old_kept:
            meta["design"]["source"] = f"{source}; re-seated from round {from_round} for {n} players"
        elif old_kept:
            meta["design"]["source"] = (f"{source}; re-seated from round {from_round} for {n} players, "
                                        "the old rounds kept (no better plan)")
    if isinstance(meta.get("separation"), dict) and meta["separation"].get("by") in ("club", "federation"):
        meta["separation"] = separation_after_reseat(meta["separation"], everyone, all_pos,
                                                     rounds_unchanged=tuple(rounds) == tuple(schedule.rounds))
    meta["metrics_new_rounds_only"] = seating_metrics(seated, list(range(n)), k)
    all_numbers = [[t.table for t in r.tables] for r in rounds]
    visits_now = repeat_visits(all_pos, all_numbers)
    visits_now.pop(-1, None)
    meta["repeat_table_visits"] = {"total": sum(visits_now.values()), "max_per_player": max(visits_now.values(), default=0)}
    meta["reseat"] = {"from_round": from_round, "dropped": list(drop), "added": [ids[i] for i in added],
                      "wind_breaches": wind_breaches}
    if old_kept:
        meta["reseat"]["old_rounds_kept"] = True
    # every input of this re-seat, so that `check --redraw` can replay the draw and each re-seat
    # after it (issue 4 item 4: a seating changed during the event stays verifiable)
    staying = {p.id for p in everyone}
    meta["reseats"] = [*(schedule.meta.get("reseats") or []), {
        "from_round": from_round, "seed": seed, "byes": byes, "tail": "drawn" if drawn_tail else "kept",
        "dropped": list(drop),
        "added": [participant_record(p) for p in players if p.id not in known],
        "field": [p.id for p in schedule.players],
        "removed": [participant_record(p) for p in schedule.players if p.id not in staying],
        "ranked_kept": sorted(r for r in ranked if r < from_round),
    }]
    if isinstance(meta.get("ranked_wind_breaches"), dict):  # of the ranked rounds that stay
        kept_breaches = {r: v for r, v in meta["ranked_wind_breaches"].items() if int(r) < from_round}
        meta["ranked_wind_breaches"] = kept_breaches
        if not kept_breaches:
            del meta["ranked_wind_breaches"]
    if unseated_ranked:
        meta["seated_by_ranking"] = sorted(r for r in ranked if r < from_round)
        meta["ranked_last"] = int(meta.get("ranked_last") or 0) + unseated_ranked
        meta["reseat"]["ranked_rounds_removed"] = unseated_ranked
    # who joined and who left when, over every re-seat: the checker's --everyone expects a
    # newcomer only from the round they joined, and a leaver in no round from the one they left
    joined = {str(k): int(v) for k, v in (schedule.meta.get("joined") or {}).items()}
    # re-seating from before an earlier newcomer's first round seats them from here on (the
    # command asks for --move-changes first: ``player_rules.later_changes``)
    joined = {k: min(v, from_round) if int(k) in pos else v for k, v in joined.items()}
    # a newcomer dropped before playing a game is no part of the event any more
    joined = {k: v for k, v in joined.items() if int(k) in pos or int(k) in played}
    joined.update({str(ids[i]): from_round for i in added})
    if joined:
        meta["joined"] = joined
    else:
        meta.pop("joined", None)
    left = {str(k): int(v) for k, v in (schedule.meta.get("left") or {}).items()}
    # and one who left later than here is not seated from here on either
    left = {k: min(v, from_round) for k, v in left.items()}
    left.update({str(pid): from_round for pid in drop if pid in played})
    if left:
        meta["left"] = left
    if gone:
        meta["withdrawn"] = [p.id for p in gone]
    else:
        meta.pop("withdrawn", None)
    numbers_map = {p.id: schedule.numbers.get(p.id, i + 1) for i, p in enumerate(everyone) if p.id in known}
    top = max([*numbers_map.values(), *schedule.numbers.values()], default=0)
    for player in players:
        if player.id not in known:
            top += 1
            numbers_map[player.id] = top
    return Schedule(
        system=schedule.system, players=tuple(everyone), rounds=tuple(rounds), numbers=numbers_map, seed=seed, meta=meta
    )

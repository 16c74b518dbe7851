"""Plan a league season on design positions: blocks where they reach, search beyond.

The decision order is issue 5's: a season in which no two players share a group twice
while one is known (joined blocks with dropped positions, ``blocks.block_plan``); when
the wanted sessions exceed what the blocks give, or no block fits the shape, a tabu
search (``search.TabuSearch``) minimises repeats, then the maximum. It runs from two
starts: the blocks' repeat-free sessions kept as they are with searched sessions after
them, and an all-greedy season searched as a whole (after an attendance change, also the
old plan repaired). The seasons are compared by the longest start without a repeat, then
repeats, then the maximum (``_score``). The search stops early at the lower bound
(``season.repeat_lower_bound``), where nothing better can exist.

The plan depends only on (field size, sessions, shape, history): the random generator is
seeded from those, so a league's design is the same for everyone; players are mapped onto
positions afterwards by the public seed (``mapping``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from fairdraw.systems.league.blocks import BlockPlan, block_plan
from fairdraw.systems.league.partition import Partition
from fairdraw.systems.league.season import (
    Season,
    Session,
    order_for_clean_prefix,
    pair_counts,
    quality,
    repeat_lower_bound,
)

#: Tabu moves per planned season (split over the starts); bounded by count, not by time.
DEFAULT_ITERATIONS = 1200


@dataclass(frozen=True)
class Plan:
    """A season on positions 0..players-1 and the facts to publish about it."""

    players: int
    shape: Partition
    sessions: Season
    method: str
    clean_sessions: int
    repeats: int
    max_meetings: int
    lower_bound: int


def _score(
    season: Sequence[Sequence[Sequence[int]]], frozen: Sequence[Sequence[Sequence[int]]]
) -> tuple[int, int, int, int]:
    """Issue 5's order as a sort key: the longest start without a repeat ("no two players
    grouped twice while that is possible"), then the fewest repeats, then the lowest
    maximum, then the spread of the rest."""
    from fairdraw.systems.league.search import (
        weight,  # numpy: loaded only when a season is planned
    )

    counts = pair_counts([*frozen, *season])
    repeats = sum(c - 1 for c in counts.values() if c > 1)
    clean = quality([*frozen, *season]).clean_prefix if repeats else len(frozen) + len(season)
    return -clean, repeats, max(counts.values(), default=0), sum(weight(c) for c in counts.values())


def _extend_clean(
    players: int,
    sizes: Sequence[int],
    history: list[Session],
    head: list[Session],
    wanted: int,
    rng: random.Random,
    iterations: int,
) -> list[Session]:
    """``head`` (repeat-free after ``history``) with further repeat-free sessions appended,
    each searched on its own with everything before it frozen, until one cannot be found or
    ``wanted`` sessions are reached."""
    from fairdraw.systems.league.search import TabuSearch, greedy_extend, weight

    out = list(head)
    while len(out) < wanted:
        frozen = [*history, *out]
        already = quality(frozen).repeats  # a re-planned season's history may hold repeats
        floor = sum(weight(c, 0) for c in pair_counts(frozen).values())
        init = greedy_extend(players, sizes, frozen, 1, rng)
        found = TabuSearch(players, init, frozen=frozen, rng=rng, spread=0).run(iterations, target=floor)
        if quality([*frozen, *found]).repeats > already:
            break
        out.extend(tuple(s) for s in found)
    return out


def plan_season(
    players: int,
    sessions: int,
    shape: Partition,
    *,
    history: Sequence[Sequence[Sequence[int]]] = (),
    previous: Sequence[Sequence[Sequence[int]]] = (),
    iterations: int = DEFAULT_ITERATIONS,
    _shorter: bool = True,
) -> Plan:
    """``sessions`` sessions of ``shape`` for ``players`` positions, after ``history``
    (sessions already played, on the same positions; they count but are not changed).
    ``previous`` is an earlier plan for these sessions (attendance changed): it is
    repaired to the new shape and used as the first start of the search."""
    from fairdraw.systems.league.search import (  # numpy: loaded only when a season is planned
        SPREAD_WEIGHT,
        TabuSearch,
        greedy_extend,
        repair_sessions,
        weight,
    )

    if shape.players != players:
        raise ValueError(f"shape {shape.describe()} does not seat {players} players")
    sizes = shape.sizes()
    lower = repeat_lower_bound(players, sizes, sessions) if not history else 0
    blocks = block_plan(shape) if not history else None
    if blocks is not None and blocks.clean >= sessions:
        season = tuple(blocks.sessions(sessions))
        q = quality(season)
        return Plan(
            players, shape, season, f"blocks: {blocks.describe()}", blocks.clean, q.repeats, q.max_meetings, lower
        )

    rng = random.Random(f"fairdraw-league|{players}|{sessions}|{shape.fives}|{shape.fours}|{len(history)}")
    history_sessions = [tuple(tuple(g) for g in s) for s in history]
    # a start: (label, sessions kept as they are, sessions to search from, spread weight)
    starts: list[tuple[str, list[Session], list[Session], int]] = []
    if blocks is not None:
        head = [tuple(s) for s in blocks.sessions(blocks.clean)]
        tail = greedy_extend(players, sizes, history_sessions + head, sessions - blocks.clean, rng)
        label = f"blocks: {blocks.describe()} for sessions 1-{blocks.clean}, then tabu search"
        starts.append((label, head, tail, SPREAD_WEIGHT))
    if previous:
        old = list(previous)[:sessions]
        repaired = repair_sessions(players, sizes, history_sessions, old, rng)
        repaired += greedy_extend(players, sizes, history_sessions + repaired, sessions - len(repaired), rng)
        starts.append(("earlier plan repaired for the new field, then tabu search", [], repaired, SPREAD_WEIGHT))
    greedy = greedy_extend(players, sizes, history_sessions, sessions, rng)
    starts.append(("greedy + tabu search", [], greedy, SPREAD_WEIGHT))
    if lower > 0:
        # saturated field: the repeat count is forced, search for it without the spread term too
        starts.append(("greedy + tabu search", [], greedy, 0))
    target = lower * weight(2)
    best: tuple[tuple[int, int, int, int], Season, str] | None = None
    for label, head, init, spread in starts:
        if spread == 0 and best is not None and best[0][1] <= lower:
            continue  # the forced repeat count is already reached with the spread term on
        frozen = [*history_sessions, *head]
        search = TabuSearch(players, init, frozen=frozen, rng=rng, spread=spread)
        found = search.run(iterations // len(starts), target=target)
        season = tuple(order_for_clean_prefix([*head, *found]))
        score = _score(season, history_sessions)
        if best is None or score < best[0]:
            best = (score, season, label)
        if best[0][1] <= lower and best[0][2] <= 2:
            break
    assert best is not None
    if previous:
        # the repaired plan itself, before any search: the tabu search minimises its own cost,
        # which can trade the order away (a newcomer put where they meet nobody twice
        # came back with more repeats and fewer clean sessions after the search)
        season = tuple(order_for_clean_prefix(repaired))
        score = _score(season, history_sessions)
        if score < best[0]:
            best = (score, season, "earlier plan repaired for the new field")
    best = _clean_start_if_better(best, players, sizes, shape, sessions, history_sessions, blocks, iterations)
    best = _annealed_tail_if_better(best, players, sizes, shape, sessions, history_sessions, iterations)
    if _shorter and sessions > 1 and -best[0][0] < len(history_sessions) + sessions - 1:
        best = _shorter_season_extended(best, players, sessions, shape, history, previous, iterations)
    (_, repeats, top, _), season, label = best
    clean = quality([*history, *season]).clean_prefix
    return Plan(players, shape, season, label, clean, repeats, top, lower)


def _shorter_season_extended(
    best: tuple[tuple[int, int, int, int], Season, str],
    players: int,
    sessions: int,
    shape: Partition,
    history: Sequence[Sequence[Sequence[int]]],
    previous: Sequence[Sequence[Sequence[int]]],
    iterations: int,
) -> tuple[tuple[int, int, int, int], Season, str]:
    """The season one session shorter, planned on its own, then one session searched after it:
    kept when it scores better. Why: the searches are seeded by the season's length, and a
    longer season must never start with fewer clean sessions than a shorter one holds (68
    players: 11 clean sessions over 11, but 10 over 12 before)."""
    from fairdraw.systems.league.search import SPREAD_WEIGHT, TabuSearch, greedy_extend

    shorter = plan_season(players, sessions - 1, shape, history=history, previous=previous[: sessions - 1],
                          iterations=iterations, _shorter=False)
    frozen = [*(tuple(tuple(g) for g in s) for s in history), *shorter.sessions]
    if quality(frozen).clean_prefix <= -best[0][0]:
        return best
    rng = random.Random(f"fairdraw-league-longer|{players}|{sessions}|{shape.fives}|{shape.fours}|{len(history)}")
    tail = greedy_extend(players, shape.sizes(), frozen, 1, rng)
    found = TabuSearch(players, tail, frozen=frozen, rng=rng, spread=SPREAD_WEIGHT).run(iterations // 4)
    season = tuple([*shorter.sessions, *found])
    score = _score(season, [tuple(tuple(g) for g in s) for s in history])
    if score < best[0]:
        return score, season, f"{shorter.method} for sessions 1-{sessions - 1}, then tabu search"
    return best


def _clean_start_if_better(
    best: tuple[tuple[int, int, int, int], Season, str],
    players: int,
    sizes: Sequence[int],
    shape: Partition,
    sessions: int,
    history: list[Session],
    blocks: BlockPlan | None,
    iterations: int,
) -> tuple[tuple[int, int, int, int], Season, str]:
    """One more start, tried last and on a generator of its own (the others' plans stay as
    they were): the repeat-free start extended one session at a time while the search finds
    one, the rest searched after it. The longest start without a repeat comes first (issue 5),
    and a season-wide search can trade it for fewer repeats overall (27 players, 7 sessions:
    5 clean sessions where 6 exist). Kept only when it scores better."""
    from fairdraw.systems.league.search import SPREAD_WEIGHT, TabuSearch, greedy_extend

    rng = random.Random(f"fairdraw-league-clean|{players}|{sessions}|{shape.fives}|{shape.fours}|{len(history)}")
    base = [tuple(s) for s in blocks.sessions(blocks.clean)] if blocks is not None else []
    head = _extend_clean(players, sizes, history, base, sessions, rng, iterations // 2)
    if len(head) <= len(base) or len(history) + len(head) <= -best[0][0]:
        return best  # no longer than the clean start already found
    rest = greedy_extend(players, sizes, history + head, sessions - len(head), rng)
    found = TabuSearch(players, rest, frozen=[*history, *head], rng=rng, spread=SPREAD_WEIGHT).run(iterations // 2)
    season = tuple(order_for_clean_prefix([*head, *found]))
    score = _score(season, history)
    if score >= best[0]:
        return best
    origin = f"blocks: {blocks.describe()} for sessions 1-{blocks.clean}, then " if blocks is not None else ""
    return score, season, f"{origin}repeat-free sessions by tabu search to session {len(head)}, then tabu search"


#: Swaps per player for each session ``_annealed_tail_if_better`` builds, and the most swaps for
#: all of them (fewer per session when many are built).
ANNEAL_STEPS_PER_PLAYER = 1200
ANNEAL_WORK = 1_500_000
#: Then those sessions are annealed together (``annealed_rounds``): JOINT_STEPS_PER_SEAT swaps per
#: player and session, at most JOINT_WORK. Measured (2026-12-05, the blocks' clean sessions kept):
#: 43 players over 12 sessions 105 repeats built one at a time, 83 after 100,000 swaps together,
#: 81 (the lower bound) after 400,000; 80 over 20 179, 132, 131.
JOINT_STEPS_PER_SEAT = 2500
JOINT_WORK = 600_000


def _annealed_tail_if_better(
    best: tuple[tuple[int, int, int, int], Season, str],
    players: int,
    sizes: Sequence[int],
    shape: Partition,
    sessions: int,
    history: list[Session],
    iterations: int,
) -> tuple[tuple[int, int, int, int], Season, str]:
    """One more start after the others, on a generator of its own: the best season's sessions
    without a repeat kept, the rest built one session at a time, each annealed to meet least
    what met before (``designs.anneal_round``, as the mahjong seating builds its rounds past a
    design), then annealed together, then the tabu search; the best of the three is kept when
    it scores better than the season found before. Why: an audit's baseline (the same clean
    start, then annealing) beat the tabu search's tail by up to half its repeats. Measured with
    it (2026-12-05): 43 players over 12 sessions 81 repeats, the lower bound, where the tabu
    search left 93; 48 over 12 69 for 73; 53 over 12 9 for 12; a 28-player season re-planned
    from session 4 (two left, two joined) 41 for 46, a 33-player one from session 7 134 for 170."""
    from fairdraw.designs.anneal_round import annealed_groups, annealed_rounds, count_meetings
    from fairdraw.systems.league.search import SPREAD_WEIGHT, TabuSearch

    clean = max(0, -best[0][0] - len(history))  # a re-plan's played sessions may repeat already
    if clean >= sessions or best[0][1] == 0:
        return best
    head = [tuple(tuple(g) for g in s) for s in best[1][:clean]]
    rng = random.Random(f"fairdraw-league-anneal|{players}|{sessions}|{shape.fives}|{shape.fours}|{len(history)}")
    counts = [[0] * players for _ in range(players)]
    for session in [*history, *head]:
        for group in session:
            count_meetings(counts, group)
    steps = min(ANNEAL_STEPS_PER_PLAYER * players, max(players, ANNEAL_WORK // (sessions - clean)))
    tail: list[Session] = []
    for _ in range(sessions - clean):
        session = tuple(tuple(sorted(g)) for g in annealed_groups(counts, sizes, rng, steps))
        for group in session:
            count_meetings(counts, group)
        tail.append(session)
    work = min(JOINT_STEPS_PER_SEAT * players * len(tail), JOINT_WORK)
    together = [tuple(tuple(sorted(g)) for g in rnd)
                for rnd in annealed_rounds(counts, [[list(g) for g in rnd] for rnd in tail], rng, work)]
    found = TabuSearch(players, together, frozen=[*history, *head], rng=rng, spread=SPREAD_WEIGHT).run(iterations // 2)
    # the label in the season's own session numbers (a re-plan's follow the sessions played)
    played = len(history)
    origin = best[2].split(", then")[0]
    if clean and " for sessions " not in origin:
        origin += f" for sessions {played + 1}-{played + clean}"
    label = (f"{origin}; sessions {played + clean + 1}-{played + sessions} annealed, then tabu search" if clean
             else "annealed sessions, then tabu search")
    for candidate in (tail, together, found):
        season = tuple(order_for_clean_prefix([*head, *candidate]))
        score = _score(season, history)
        if score < best[0]:
            best = (score, season, label)
    return best

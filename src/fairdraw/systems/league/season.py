"""A season on design positions, and the counts every later decision is judged by.

A season is a list of sessions; a session a list of groups; a group a tuple of positions
0..N-1 (players are mapped onto positions afterwards, see ``mapping``). Quality follows
issue 5, item 1: first no pair grouped twice, then the fewest repeats, then the lowest
maximum number of times any pair shares a group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

Group = tuple[int, ...]
Session = tuple[Group, ...]
Season = tuple[Session, ...]


def pair_counts(sessions: Iterable[Sequence[Sequence[int]]]) -> Counter[tuple[int, int]]:
    """How often each pair (low, high) shares a group."""
    counts: Counter[tuple[int, int]] = Counter()
    for session in sessions:
        for group in session:
            for a, b in combinations(sorted(group), 2):
                counts[(a, b)] += 1
    return counts


@dataclass(frozen=True, slots=True)
class Quality:
    """Repeats (sum over pairs of meetings beyond the first), the maximum meetings of a
    pair, and the number of leading sessions in which no pair met twice."""

    repeats: int
    max_meetings: int
    clean_prefix: int


def quality(sessions: Sequence[Sequence[Sequence[int]]]) -> Quality:
    counts = pair_counts(sessions)
    repeats = sum(c - 1 for c in counts.values() if c > 1)
    clean = 0
    seen: set[tuple[int, int]] = set()
    for session in sessions:
        pairs = [(a, b) for group in session for a, b in combinations(sorted(group), 2)]
        if any(p in seen for p in pairs):
            break
        seen.update(pairs)
        clean += 1
    return Quality(repeats=repeats, max_meetings=max(counts.values(), default=0), clean_prefix=clean)


def repeat_lower_bound(players: int, sizes: Sequence[int], sessions: int) -> int:
    """A lower bound on the repeats of any season with this shape: the larger of
    ``_degree_bound`` and ``_pigeonhole_bound``, each valid on its own."""
    if players == 0 or sessions == 0:
        return 0
    return max(_degree_bound(players, sizes, sessions), _pigeonhole_bound(sizes, sessions))


def _least_shared_pairs(size: int, groups: int) -> int:
    """The fewest pairs of a group of ``size`` players that sat together in an earlier session
    of ``groups`` groups: its members spread as evenly as possible over those groups."""
    q, r = divmod(size, groups)
    return r * (q + 1) * q // 2 + (groups - r) * q * (q - 1) // 2


def _pigeonhole_bound(sizes: Sequence[int], sessions: int) -> int:
    """Every session after the first repeats, in each of its groups, at least the pairs the
    pigeonhole principle forces against the first session's groups (a group of 5 when there
    are only 4 groups holds two players who met before). Each repeat is counted at the later
    of its meetings, so summing over sessions 2..S counts none twice."""
    per_session = sum(_least_shared_pairs(size, len(sizes)) for size in sizes)
    return per_session * (sessions - 1)


def _degree_bound(players: int, sizes: Sequence[int], sessions: int) -> int:
    """A player meets (size - 1) others per session; over the season the seats in groups of
    5 can at best be spread evenly over the field, so each player meets 3S + f others with
    f the floor or ceiling of the average number of five-sessions. Everything beyond the
    N - 1 distinct opponents is a repeat, counted once per pair (hence the halving)."""
    five_seats = sum(1 for s in sizes if s == 5) * 5 * sessions
    base, extra = divmod(five_seats, players)
    excess = 0
    for index in range(players):
        f = base + (1 if index < extra else 0)
        excess += max(0, 3 * sessions + f - (players - 1))
    return -(-excess // 2)


def order_for_clean_prefix(sessions: Sequence[Session]) -> list[Session]:
    """The same sessions, reordered so that as many as possible come first without a
    repeat (greedy: keep taking a session that meets no pair met so far). Sessions of a
    season are interchangeable, so this only changes when the unavoidable repeats fall:
    as late in the season as the greedy choice manages."""
    rest = list(sessions)
    chosen: list[Session] = []
    seen: set[tuple[int, int]] = set()
    while rest:
        pick = None
        for i, session in enumerate(rest):
            pairs = {(a, b) for g in session for a, b in combinations(sorted(g), 2)}
            if not pairs & seen:
                pick = i
                break
        if pick is None:
            break
        session = rest.pop(pick)
        chosen.append(session)
        seen.update((a, b) for g in session for a, b in combinations(sorted(g), 2))
    return chosen + rest

"""An independent checker for schedules of groups (tables) of size k.

Written separately from every construction on purpose: it trusts nothing but the rounds
it is given. A schedule is a list of rounds; a round is a list of tables (tuples of
player numbers 0..n-1). It reports whether every player sits exactly once per round at a
table of exactly k seats, and how often every pair meets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

Rounds = Sequence[Sequence[Sequence[int]]]


@dataclass(frozen=True)
class Verdict:
    """What ``verify`` found. ``ok`` = well-formed rounds (``repeats`` may still be > 0)."""

    ok: bool
    problems: tuple[str, ...]
    n: int
    rounds: int
    repeats: int
    max_meetings: int
    pair_counts: dict[tuple[int, int], int] = field(repr=False)

    @property
    def clean(self) -> bool:
        """Well-formed and no pair meets twice."""
        return self.ok and self.repeats == 0


def pair_counts(rounds: Rounds) -> Counter[tuple[int, int]]:
    """How often each pair (a < b) shares a table."""
    counts: Counter[tuple[int, int]] = Counter()
    for rnd in rounds:
        for table in rnd:
            for a, b in combinations(sorted(table), 2):
                counts[(a, b)] += 1
    return counts


def verify(rounds: Rounds, k: int | Sequence[int], n: int | None = None) -> Verdict:
    """Check ``rounds``: every player once per round, tables of size k, pair meetings.

    ``k`` may be one size or a collection of allowed sizes (leagues mix 4 and 5).
    ``n`` defaults to 1 + the largest player number seen; players are 0..n-1.
    """
    sizes = {k} if isinstance(k, int) else set(k)
    problems: list[str] = []
    seen_max = max((p for rnd in rounds for t in rnd for p in t), default=-1)
    n = seen_max + 1 if n is None else n
    for r, rnd in enumerate(rounds, start=1):
        present: Counter[int] = Counter()
        for t, table in enumerate(rnd, start=1):
            if len(table) not in sizes:
                problems.append(f"round {r} table {t}: {len(table)} seats, expected {sorted(sizes)}")
            present.update(table)
        for p, c in sorted(present.items()):
            if c > 1:
                problems.append(f"round {r}: player {p} seated {c} times")
            if not 0 <= p < n:
                problems.append(f"round {r}: unknown player {p}")
        missing = [p for p in range(n) if p not in present]
        if missing:
            problems.append(f"round {r}: players {missing[:10]} not seated")
    counts = pair_counts(rounds)
    repeats = sum(c - 1 for c in counts.values() if c > 1)
    return Verdict(
        ok=not problems,
        problems=tuple(problems),
        n=n,
        rounds=len(rounds),
        repeats=repeats,
        max_meetings=max(counts.values(), default=0),
        pair_counts=dict(counts),
    )


def clean_prefix(rounds: Rounds, k: int, n: int | None = None) -> int:
    """How many leading rounds are well-formed and repeat-free.

    With ``n`` given, one pass that stops at the first round seating someone twice or not at
    all, a table not of k, or a pair that met before (the same answer as the largest clean
    ``verify`` prefix, since shorter prefixes of a clean one are clean), in time linear in
    the pairs, where the prefix search built verify's full pair counts and re-ran it once per
    length while a tail repeated (4000 players, one round asked for: 25 s before, most of it
    here)."""
    if n is None:  # n is then taken from each prefix, as verify does
        for length in range(len(rounds), -1, -1):
            if verify(rounds[:length], k, n).clean:
                return length
        return 0  # pragma: no cover
    regular = _regular_prefix(rounds, k, n)
    if regular is not None:
        return regular
    met: set[int] = set()
    for length, rnd in enumerate(rounds):
        seated: set[int] = set()
        pairs: list[int] = []
        for table in rnd:
            if len(table) != k:
                return length
            for p in table:
                if not 0 <= p < n or p in seated:
                    return length
                seated.add(p)
            ordered = sorted(table)
            pairs.extend(a * n + b for a, b in combinations(ordered, 2))
        if len(seated) != n or not met.isdisjoint(pairs):
            return length
        met.update(pairs)
    return len(rounds)


def _regular_prefix(rounds: Rounds, k: int, n: int) -> int | None:
    """``clean_prefix`` with numpy when every round has n/k tables of k (as every construction
    gives); None otherwise (the loop then finds the first bad round). Why: a TD on 4000 players
    has 1000 rounds of 6000 pairs, which the loop over Python sets checked in 13 s.

    A round is well formed when its sorted players are exactly 0..n-1; a pair repeats when its
    code a·n + b occurs again later (a stable sort lists each code's first occurrence first)."""
    if not rounds or n % k or k < 2 or any(len(rnd) != n // k for rnd in rounds):
        return None
    try:
        seats = np.asarray(rounds, dtype=np.int64)
    except (ValueError, TypeError):  # ragged: some table is not of k
        return None
    if seats.shape != (len(rounds), n // k, k):
        return None
    seats = np.sort(seats, axis=2)
    well_formed = (np.sort(seats.reshape(len(rounds), n), axis=1) == np.arange(n)).all(axis=1)
    limit = len(rounds) if well_formed.all() else int(np.argmin(well_formed))
    if limit == 0:
        return 0
    left, right = np.triu_indices(k, 1)
    codes = (seats[:limit, :, left] * n + seats[:limit, :, right]).reshape(-1)
    order = np.argsort(codes, kind="stable")
    repeated = order[1:][codes[order[1:]] == codes[order[:-1]]]
    if repeated.size:
        limit = min(limit, int(repeated.min()) // (len(left) * (n // k)))
    return limit

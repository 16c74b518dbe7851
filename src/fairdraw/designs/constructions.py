"""Resolvable designs from finite fields and modular arithmetic (pure functions).

Each function returns rounds as lists of tables (tuples of player numbers 0..n-1) with
tables of size k. None of them checks itself: ``fairdraw.designs.verify`` does.

* ``affine_space(q, dim)``: the lines of AG(dim, q), grouped by direction. Lines through
  a fixed direction partition the points, so each direction is a round: q^dim players,
  (q^dim - 1)/(q - 1) rounds, tables of size q, every pair exactly once. dim = 2 is the
  affine plane (16 players/5 rounds for q = 4; 25/6 for q = 5); AG(3, 4) gives 64/21.
* ``transversal(g, k)``: a resolvable transversal design TD(k, g) from GF(g), g a prime
  power >= k: players (i, y) for i < k, y in GF(g); round a, table b holds (i, a·x_i + b),
  x_i distinct field elements. Two players (i, y), (j, z), i != j, meet only for the one
  (a, b) solving both equations; same i never meet. g rounds of g tables.
* ``dutch_cycles(g, k)``: seed 000's Dutch cycles, the same idea over the integers mod g:
  hanchan h, table t holds [t, (t+h) mod g + g, (t+2h) mod g + 2g, ...]. Clean for as many
  rounds as ``dutch_clean_rounds`` says (seed 000: "collisions when tables = h * factor").
* ``fill_columns(td_rounds, g, k, inner)``: a transversal design's g rounds, then rounds that split each
  of its k columns (g players who never met) by a repeat-free design ``inner`` on g
  players -- e.g. 64 = 4·16: 16 + 5 = 21 rounds; 128 = 4·32: 32 + 10 = 42.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from fairdraw.designs.gf import field, prime_power

Round = list[tuple[int, ...]]


def affine_space(q: int, dim: int = 2) -> list[Round]:
    """Rounds of AG(dim, q): one round per direction (projective point), tables = lines."""
    f = field(q)
    points = list(product(range(q), repeat=dim))
    index = {pt: i for i, pt in enumerate(points)}
    directions = []
    for vec in points:
        if any(vec):
            lead = next(x for x in vec if x)
            if lead == 1:  # normalised: first non-zero coordinate is 1
                directions.append(vec)
    rounds: list[Round] = []
    for d in directions:
        seen: set[int] = set()
        rnd: Round = []
        for start in points:
            if index[start] in seen:
                continue
            line = []
            for t in range(q):
                pt = tuple(f.add(s, f.mul(t, di)) for s, di in zip(start, d, strict=True))
                line.append(index[pt])
            seen.update(line)
            rnd.append(tuple(line))
        rounds.append(rnd)
    return rounds


def transversal(g: int, k: int) -> list[Round]:
    """g rounds of g tables of size k on k·g players; g a prime power >= k."""
    if prime_power(g) is None or g < k:
        raise ValueError(f"transversal design needs a prime power g >= k, got g={g}, k={k}")
    f = field(g)
    xs = list(range(k))  # k distinct field elements (0, 1, ..., k-1 as encoded elements)
    rounds: list[Round] = []
    for a in range(g):
        rnd = []
        for b in range(g):
            rnd.append(tuple(i * g + f.add(f.mul(a, xs[i]), b) for i in range(k)))
        rounds.append(rnd)
    return rounds


def dutch_cycles(g: int, k: int, rounds: int | None = None) -> list[Round]:
    """Seed 000's Dutch cycles on k·g players (column i holds players i·g .. i·g+g-1)."""
    total = g if rounds is None else rounds
    # seat (h, t, i) = i·g + (t + i·h) mod g, built as one array (4000 players: 500 clean
    # rounds, 2 s as nested comprehensions)
    h, t, i = np.ogrid[:total, :g, :k]
    seats = i * g + (t + i * h) % g
    return [list(map(tuple, rnd)) for rnd in seats.tolist()]


def circle_round_robin(n: int) -> list[Round]:
    """Tables of 2 for an even n: the n - 1 rounds of a round robin by the circle method (the
    rotation behind FIDE's Berger tables, C.05 Annex 1), every pair once. Why here: seating at
    tables of 2 is a round robin, and the Dutch cycles repeat pairs after a few rounds when n/2
    is even (10 players: 5 clean rounds instead of 9)."""
    if n % 2 or n < 2:
        raise ValueError(f"a round robin at tables of 2 needs an even field, got {n}")
    m = n - 1  # players 0..m-1 turn around the circle, player m stays
    rounds: list[Round] = []
    for r in range(m):
        pairs: Round = [(r, m)]
        pairs += [(min((r + i) % m, (r - i) % m), max((r + i) % m, (r - i) % m)) for i in range(1, n // 2)]
        rounds.append(pairs)
    return rounds


def dutch_clean_rounds(g: int, k: int) -> int:
    """Rounds the Dutch cycles stay repeat-free.

    Columns i and j (0 < i - j = delta < k) collide in hanchan h and h' = h + d exactly when
    delta·d = 0 mod g, so the first d with such a delta is the number of clean rounds
    (it is the smallest prime factor of g when that prime is at least k).
    """
    for d in range(1, g):
        if any((delta * d) % g == 0 for delta in range(1, k)):
            return d
    return g


def fill_columns(td_rounds: list[Round], g: int, k: int, inner: list[Round]) -> list[Round]:
    """A TD's rounds (column i = players i·g .. i·g+g-1) plus ``inner``, a design on g players,
    played in all k columns at once: column pairs never met in the TD, so no repeat."""
    rounds = list(td_rounds)
    for rnd in inner:
        rounds.append([tuple(i * g + p for p in table) for i in range(k) for table in rnd])
    return rounds

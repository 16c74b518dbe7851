"""Resolvable designs from Kirkman frames: inflate a small frame, then fill its holes.

Why: for some sizes (108 players, 35 rounds) no symmetric search we ran closed, while a
two-step recursive construction gives the design outright.

A 4-frame of type h^u (Rees & Stinson, "Frames with block size four", Canad. J. Math. 44
(1992)) has u groups of h points and tables of 4 meeting every pair from different groups
once; its tables split into *holey rounds*, each seating everybody except one group, and
every group is left out by exactly h/3 of them.

* ``frame_3_5``: type 3^5 on Z_15, groups the cosets of {0, 5, 10}. The holey round that
  leaves out {0, 5, 10} is B, B+5, B+10 with B = {1, 2, 4, 8}: B's differences are every
  element of Z_15 outside {0, 5, 10} exactly once (a relative difference family), so the
  15 translates of B meet every cross-group pair once; translating by 1 moves the hole
  to the next group.
* ``inflate(frame, m)``: every point becomes m points and every table a resolvable
  transversal design TD(4, m) over GF(m) (``constructions.transversal``, m a prime power
  >= 4). Round c of each table's TD, taken over all tables of one holey round, is a holey
  round of the new frame, so type h^u becomes (h·m)^u with m·h/3 holey rounds per group.
* ``fill(frame, w, inner)`` ("filling in holes", Stinson's frame construction): add w
  new points W; seat each group G together with W by a repeat-free design ``inner`` on
  |G| + w players with h/3 rounds in which W's players never meet. The j-th holey round
  that leaves out G, plus round j of G's filling, seats everybody once: u·h/3 rounds with
  no repeat, since cross-group pairs meet only in the frame, pairs inside G ∪ W only in
  G's filling, and W's pairs never.

With u = 5, w = 3 and a 4-RGDD of type 3^8 as the filling (our 24-player design: its
unmet pairs are 8 disjoint triples) m = 7 gives 108 players, 35 rounds: the upper bound.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from fairdraw.designs.constructions import transversal
from fairdraw.designs.gf import prime_power

Table = tuple[int, ...]
Round = list[Table]


@dataclass(frozen=True)
class Frame:
    """Points 0..n-1; ``holey[g]`` = the holey rounds that leave out ``groups[g]``."""

    n: int
    groups: tuple[tuple[int, ...], ...]
    holey: tuple[tuple[Round, ...], ...]


def frame_3_5() -> Frame:
    """The 4-frame of type 3^5 over Z_15 (base table {1, 2, 4, 8}, see the module docstring)."""
    base = (1, 2, 4, 8)
    groups = tuple(tuple(sorted((g + 5 * j) % 15 for j in range(3))) for g in range(5))
    holey = []
    for g in range(5):
        holey_round = [tuple(sorted((x + g + 5 * j) % 15 for x in base)) for j in range(3)]
        holey.append((holey_round,))
    return Frame(n=15, groups=groups, holey=tuple(holey))


def inflate(frame: Frame, m: int) -> Frame:
    """Each point p becomes p·m .. p·m + m-1, each table a resolvable TD(4, m) over GF(m)."""
    if prime_power(m) is None or m < 4:
        raise ValueError(f"inflating a frame needs a prime power m >= 4, got {m}")
    td = transversal(m, 4)  # m rounds; table (i·m + y)_i, column i = the table's i-th point

    def blow_up(table: Table, td_round: Round) -> Round:
        return [tuple(table[cell // m] * m + cell % m for cell in cells) for cells in td_round]

    groups = tuple(tuple(p * m + z for p in grp for z in range(m)) for grp in frame.groups)
    holey = []
    for rounds in frame.holey:
        new_rounds = []
        for holey_round in rounds:
            for td_round in td:
                new_rounds.append([t for table in holey_round for t in blow_up(table, td_round)])
        holey.append(tuple(new_rounds))
    return Frame(n=frame.n * m, groups=groups, holey=tuple(holey))


def unmet_clique(rounds: list[Round], n: int, size: int) -> tuple[int, ...] | None:
    """``size`` players of ``rounds`` (players 0..n-1) no two of whom ever meet, or None."""
    met: set[tuple[int, int]] = set()
    for rnd in rounds:
        for table in rnd:
            met.update(combinations(sorted(table), 2))
    unmet: dict[int, set[int]] = {p: set() for p in range(n)}
    for a, b in combinations(range(n), 2):
        if (a, b) not in met:
            unmet[a].add(b)
            unmet[b].add(a)

    def grow(chosen: tuple[int, ...], pool: set[int]) -> tuple[int, ...] | None:
        if len(chosen) == size:
            return chosen
        for p in sorted(pool):
            found = grow(chosen + (p,), {q for q in pool & unmet[p] if q > p})
            if found:
                return found
        return None

    return grow((), set(range(n)))


def fill(frame: Frame, w: int, inner: list[Round], inner_w: tuple[int, ...]) -> list[Round]:
    """Frame rounds completed group by group; ``inner`` seats |G| + w players, ``inner_w``
    being the w of them who play the new points (they must never meet in ``inner``)."""
    size = len(frame.groups[0])
    per_group = len(frame.holey[0])
    if len(inner) < per_group:
        raise ValueError(f"the filling has {len(inner)} rounds, the frame needs {per_group}")
    if len(inner_w) != w or any(len(g) != size for g in frame.groups):
        raise ValueError("filling does not match the frame's groups")
    others = [p for p in range(size + w) if p not in inner_w]
    rounds: list[Round] = []
    for grp, holey_rounds in zip(frame.groups, frame.holey, strict=True):
        place = {p: grp[i] for i, p in enumerate(others)}
        place.update({p: frame.n + j for j, p in enumerate(inner_w)})
        for j, holey_round in enumerate(holey_rounds):
            filled = [tuple(place[p] for p in table) for table in inner[j]]
            rounds.append(list(holey_round) + filled)
    return rounds


def frame_sizes(n: int, max_extra: int = 6) -> list[tuple[int, int]]:
    """(m, w) with n = 15·m + w, m a prime power >= 4 (or 1) and 1 <= w <= max_extra:
    the inflated 3^5 frame filled with a design on 3m + w players."""
    out = []
    for w in range(1, max_extra + 1):
        m, rest = divmod(n - w, 15)
        if rest == 0 and (m == 1 or (m >= 4 and prime_power(m) is not None)):
            out.append((m, w))
    return out


def framed_design(n: int, inner: list[Round], m: int, w: int) -> list[Round] | None:
    """n = 15m + w players in 5m rounds from frame 3^5 inflated by m, or None when ``inner``
    (a design on 3m + w players) has fewer than m rounds or no w players who never meet."""
    if 15 * m + w != n or len(inner) < m:
        return None
    chosen = unmet_clique(inner[:m], 3 * m + w, w)
    if chosen is None:
        return None
    frame = frame_3_5() if m == 1 else inflate(frame_3_5(), m)
    return fill(frame, w, inner[:m], chosen)

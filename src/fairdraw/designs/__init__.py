"""Resolvable designs for tables (groups) of size k: constructions, shipped data, search.

The stable API (used by the mahjong tournament and league systems):

    best_design(n_players, k, rounds, seed=0) -> Design
    candidates(n_players, k) -> list[Design]        # every known repeat-free design
    verify(rounds, k, n=None) -> Verdict             # independent checker

A ``Design`` holds ``rounds`` (list of rounds; a round is a list of tables; a table is a
tuple of player numbers 0..n-1), ``source`` (how it was made, for the output) and
``clean_rounds`` (how many leading rounds have no repeated pair). Everything here is pure
and deterministic for a given seed; the only I/O is reading the shipped package data.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairdraw.designs import (
    catalog,
    constructions,
    difference_matrices,
    frames,
    orthogonal_arrays,
)
from fairdraw.designs.clean_rounds import more_clean_rounds
from fairdraw.designs.extend import extend, quality_order
from fairdraw.designs.gf import prime_power
from fairdraw.designs.verify import Verdict, clean_prefix, pair_counts, verify

Round = list[tuple[int, ...]]

__all__ = ["Design", "Verdict", "best_design", "candidates", "pair_counts", "upper_bound", "verify"]


@dataclass(frozen=True)
class Design:
    """A schedule of rounds on players 0..n-1 in tables of k, with where it came from."""

    n: int
    k: int
    rounds: list[Round]
    source: str
    clean_rounds: int


def upper_bound(n: int, k: int) -> int:
    """floor((n-1)/(k-1)): each round a player meets k-1 new opponents."""
    return (n - 1) // (k - 1)


def _int_root(n: int, dim: int) -> int | None:
    r = round(n ** (1 / dim))
    for c in (r - 1, r, r + 1):
        if c > 1 and c**dim == n:
            return c
    return None


def _resolvable_td(g: int, k: int) -> tuple[list[Round], str] | None:
    """g rounds of a resolvable TD(k, g) on k·g players (column i = players i·g ..) and its
    source: over GF(g) for a prime power g >= k, else from a shipped difference matrix."""
    if prime_power(g) and g >= k:
        return constructions.transversal(g, k), f"transversal design TD({k},{g}) over GF({g})"
    dm = difference_matrices.known_matrix(g, k + 1)
    if dm is not None:
        return (difference_matrices.resolvable_td(dm[0], dm[1], k),
                f"transversal design TD({k},{g}) from a ({g},{k + 1},1) difference matrix")
    return None


def _product_td(g: int, k: int) -> tuple[list[Round], str] | None:
    """A resolvable TD(k, g) from MacNeish's product of orthogonal arrays (g = a·b with TDs of
    both orders) or Wilson's construction (``orthogonal_arrays``), when neither GF(g) nor a
    shipped matrix gives one."""
    found = orthogonal_arrays.resolvable_td(g, k)
    if found is None:
        return None
    rounds, origin = found
    if origin.startswith("Wilson"):
        return rounds, f"transversal design TD({k},{g}) by {origin}"
    return rounds, f"transversal design TD({k},{g}) from the product of orthogonal arrays over {origin}"


def _filled_td(td: tuple[list[Round], str], g: int, k: int, depth: int) -> tuple[str, list[Round]]:
    """The TD's g rounds, then its k columns split by the best design on g players (when g
    players fill tables of k): e.g. 144 = 4·36 gets 36 + 11 rounds."""
    td_rounds, td_source = td
    inner: list[Round] = []
    inner_src = ""
    if g % k == 0 and depth < 2:
        sub = candidates(g, k, _depth=depth + 1)
        if sub:
            inner = sub[0].rounds[: sub[0].clean_rounds]
            inner_src = f" + columns filled by {sub[0].source}"
    return f"{td_source}{inner_src}", constructions.fill_columns(td_rounds, g, k, inner)


def candidates(n: int, k: int, *, _depth: int = 0) -> list[Design]:
    """Every repeat-free design we know for n players at tables of k, best first.

    Sources, in order of preference at equal length: constructions (affine spaces,
    transversal designs over GF(g) or from a difference matrix, with filled columns, Dutch
    cycles, filled Kirkman frames), then shipped data, then transversal designs from a
    product of orthogonal arrays (with filled columns).
    """
    if n % k or n < k:
        return []
    found: list[tuple[str, list[Round]]] = []
    # AG(dim, k): n = k^dim, tables are lines.
    for dim in range(2, 6):
        if _int_root(n, dim) == k and prime_power(k):
            found.append((f"affine space AG({dim},{k}) over GF({k})", constructions.affine_space(k, dim)))
    g = n // k
    td = _resolvable_td(g, k)
    if td is not None:
        found.append(_filled_td(td, g, k, _depth))
    if g >= 1:
        clean = constructions.dutch_clean_rounds(g, k)
        found.append((f"Dutch cycles mod {g} (seed 000)", constructions.dutch_cycles(g, k, clean)))
    if g == 1:
        found.append(("single table", [[tuple(range(n))]]))
    if k == 2 and g > 1:
        found.append(("round robin by the circle method (FIDE C.05 Annex 1's rotation)",
                      constructions.circle_round_robin(n)))
    if k == 4 and _depth < 2:
        for m, w in frames.frame_sizes(n):
            sub = candidates(3 * m + w, k, _depth=_depth + 1)
            framed = frames.framed_design(n, sub[0].rounds, m, w) if sub else None
            if framed is not None:
                players = "1 new player" if w == 1 else f"{w} new players"
                source = f"4-frame of type 3^5 inflated by TD(4,{m}), holes filled with {players} by {sub[0].source}"
                found.append((source, framed))
    found.extend(catalog.shipped(n, k))
    # last, so that at equal length the designs chosen before it stay chosen (same seed, same
    # seating across versions): 112 = 4·28 keeps its cyclotomic design
    product_td = _product_td(g, k) if td is None and g > 1 else None
    if product_td is not None:
        found.append(_filled_td(product_td, g, k, _depth))
    designs = []
    for source, rounds in found:
        clean = clean_prefix(rounds, k, n)
        if clean:
            designs.append(Design(n=n, k=k, rounds=rounds[:clean], source=source, clean_rounds=clean))
    designs.sort(key=lambda d: -d.clean_rounds)  # stable: keeps the preference order on ties
    return designs


def best_design(n: int, k: int, rounds: int, *, seed: int = 0, steps: int | None = None) -> Design:
    """``rounds`` rounds for n players at tables of k: a repeat-free design while one is
    known, then local-search rounds with the fewest repeats (issue 4, quality (a), (b))."""
    if n % k:
        raise ValueError(f"{n} players do not fill tables of {k}")
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    found = candidates(n, k)
    if found:
        base = found[0]
    else:
        base = Design(n=n, k=k, rounds=[], source="search", clean_rounds=0)
    if rounds <= base.clean_rounds:
        return Design(n=n, k=k, rounds=base.rounds[:rounds], source=base.source, clean_rounds=rounds)
    source = base.source if base.rounds else "greedy"
    start = list(base.rounds)
    if base.rounds and base.clean_rounds < upper_bound(n, k):
        # the rounds the design lacks, searched one at a time to meet nobody twice, before the
        # copies and the polish of ``extend`` (232 players: 50 clean rounds where the polish
        # alone left 29 and 545 repeats)
        more = more_clean_rounds(base.rounds, n, k, rounds - base.clean_rounds, seed=seed)
        if more:
            start += more
            source += f" + {len(more)} clean round{'s' if len(more) != 1 else ''} by search"
    if len(start) >= rounds:
        return Design(n=n, k=k, rounds=start[:rounds], source=source, clean_rounds=rounds)
    full = extend(start, n, rounds, k, seed=seed, steps=steps)
    clean = clean_prefix(full, k, n)
    source = f"{source} + local search" if base.rounds else "greedy + tabu local search"
    extended = Design(n=n, k=k, rounds=full, source=source, clean_rounds=clean)
    covered = _from_covering(n, k, rounds, seed=seed, steps=steps)
    if covered is not None and quality_order(covered.rounds, n) < quality_order(full, n):
        return covered
    return extended


def _from_covering(n: int, k: int, rounds: int, *, seed: int, steps: int | None) -> Design | None:
    """A shipped minimum covering no longer than ``rounds`` (``coverings``: every pair met, the
    fewest twice), extended to ``rounds`` as a design is; None when none is shipped for n.
    Issue 4 (b): the fewest repeats come before the longest repeat-free start, so it is kept
    over the design's extension only when it is better by that order (36 players over 12 rounds:
    18 repeats, the bound, where the 11-round design extended gives 27)."""
    for source, cover in catalog.shipped_coverings(n, k):
        if len(cover) <= rounds:
            full = extend(cover, n, rounds, k, seed=seed, steps=steps) if len(cover) < rounds else cover
            label = source if len(cover) == rounds else f"{source} + local search"
            return Design(n=n, k=k, rounds=full, source=label, clean_rounds=clean_prefix(full, k, n))
    return None

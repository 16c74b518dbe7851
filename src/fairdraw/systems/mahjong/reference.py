"""Best known repeat-free round counts (the social golfer problem), as published facts.

Source: ../shared/reference/sgp-groups-of-4.md (Miller et al. 2021, Miller-Valkov-Abel 2025,
Triska-Musliu 2012, Aguado 2004, OEIS A107431; Hanani-Ray-Chaudhuri-Wilson 1972); tables of 3
from the theorems on Kirkman triple systems (Ray-Chaudhuri & Wilson 1971) and nearly Kirkman
triple systems (Kotzig & Rosa 1974; Baker & Wilson 1977).
"""

from __future__ import annotations

#: tables of 4: players -> most rounds without a repeat published (upper bound floor((N-1)/3)).
BEST_KNOWN_4: dict[int, int] = {
    16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11, 40: 13, 44: 14, 48: 15, 52: 17, 56: 18, 60: 19,
    64: 21, 68: 22, 72: 23, 76: 25, 80: 26, 84: 27, 88: 29, 92: 23, 96: 31, 100: 33, 104: 34,
    108: 35, 112: 37, 116: 38, 120: 20,
}

#: groups of 5: players -> best known (lower bounds where the table says "or more").
BEST_KNOWN_5: dict[int, int] = {25: 6, 30: 6, 35: 7, 40: 8, 45: 9, 55: 11, 60: 12, 65: 16, 75: 15}


def best_known_3(n: int) -> int | None:
    """Tables of 3 (three-player mahjong): the bound floor((N-1)/2) is reached for every N = 3
    (mod 6), a Kirkman triple system, and for every N = 0 (mod 6) from 18 on, a nearly Kirkman
    one (every player misses one other); 6 players get 1 round and 12 get 4, since no nearly
    Kirkman system of 6 or 12 exists. None when N is not a multiple of 3."""
    if n < 3 or n % 3:
        return None
    return {3: 1, 6: 1, 12: 4}.get(n, (n - 1) // 2)


def best_known(n: int, k: int) -> int | None:
    """The published best for n players at tables of k, or None when not tabulated."""
    if k == 3:
        return best_known_3(n)
    table = BEST_KNOWN_4 if k == 4 else BEST_KNOWN_5 if k == 5 else {}
    return table.get(n)

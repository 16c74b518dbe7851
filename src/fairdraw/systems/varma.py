"""Varma numbering for closed round robins (FIDE C.05 Annex 2; seed 004).

WHY: in a Berger round robin the pairing number decides who meets whom in which round.
FIDE's Varma tables split the numbers 1..n into four groups A-D so that players drawing
from the same group meet early in the Berger rotation and, but for one pair, never in its last
three rounds (for 10 players group A's games fall in rounds 1, 2 and 6 of 9; FIDE's group C
for 12 players, 6, 8 and 12, has 6 meet 12 in round 11 of 11): giving a federation's players
numbers from one group keeps compatriots from deciding the final rounds among themselves.

Source of the table (C.05 Annex 2, point 5, "Varma Table ... for 9 to 24 players"):
FIDE Handbook, https://handbook.fide.com/chapter/C05Annex2 (checked: 9/10 to 19/20 players
and the A and B sets of 21/22 players, as quoted on that page and its older copy
fide.com/component/handbook/?id=186). The C and D sets of 21/22 and the 23/24 row come from
the same table as reproduced by the chesspairing Go library (gnutterts/chesspairing,
algorithm/varma); they complete the pattern of the verified rows (every number exactly
once, D = {a low number, n}). Note that a commonly quoted variant of the 19/20 row with
D = (4, 5, 20) is NOT FIDE's: FIDE has A (6,7,8,9,15,16,17,18), C (5,10,19), D (4,20).

Assignment algorithm, exactly as seed 004 states it:
1. the group table for n players; 2-8 players: every number in group A; 9-24: FIDE's
   table; an odd n uses the table of n+1 with the number n+1 removed (that number is the
   Berger dummy, i.e. the bye);
2. federations ordered by size (largest first), ties by federation code alphabetically;
3. each federation takes the FIRST group (A, B, C, D) that still has enough free numbers
   for all its players, taking that group's lowest free numbers; if no group has room,
   it spills over the groups, largest number of free slots first (ties A before D),
   again lowest free numbers first;
4. within a federation, players get the federation's numbers in ascending order in
   alphabetical order of their names.
Numbers a federation does not take stay free for the next federations. A player without
a federation is a federation of one (sorted after every named federation, by name), since
there is nobody to keep them apart from.
"""

from __future__ import annotations

import unicodedata

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant

GROUP_LABELS = ("A", "B", "C", "D")

#: FIDE C.05 Annex 2, point 5: the sets A, B, C, D for 9/10 .. 23/24 players (even key).
VARMA_TABLE: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: ((6, 7, 8, 9, 10, 11, 19, 20, 21, 22), (1, 2, 3, 4, 13, 14, 15, 16, 17), (12, 18, 23), (5, 24)),
}

MIN_PLAYERS = 2
MAX_PLAYERS = 24


def _check_count(n: int) -> None:
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        # FIDE C.05 Annex 2, point 5: the table is given "for 9 to 24 players"; beyond it there
        # is no FIDE numbering to follow, so fairdraw refuses rather than invent one.
        raise InputError(
            f"Varma numbering (FIDE C.05 Annex 2) covers {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n}; "
            "without --varma the pairing numbers follow the order of the players file",
            field="players",
        )


def varma_groups(n: int) -> dict[str, list[int]]:
    """The four Varma groups for ``n`` players, numbers ascending (seed 004 step 1).

    >>> varma_groups(9)["D"]
    [2]
    """
    _check_count(n)
    if n <= 8:
        # Seed 004: for 2-8 players the table is trivial, every number in group A.
        return {"A": list(range(1, n + 1)), "B": [], "C": [], "D": []}
    key = n + (n % 2)
    return {
        label: sorted(num for num in numbers if num <= n)  # odd n: drop the dummy n+1
        for label, numbers in zip(GROUP_LABELS, VARMA_TABLE[key], strict=True)
    }


def _federation_key(code: str | None, members: list[Participant]) -> tuple[int, int, tuple[str, str], int]:
    # Seed 004 step 3: size descending, then federation code alphabetically; players
    # without a federation (each their own group of one) after every named federation, in
    # alphabetical order of their names as step 5 orders a federation's players (by character
    # codes before 2026-12-05: "bob" and "Émile" after "Zoe"), the id breaking exact ties.
    if code is not None:
        return (-len(members), 0, (code, code), 0)
    return (-len(members), 1, alphabetical_key(members[0].name), members[0].id)


def varma_numbers(players: list[Participant]) -> dict[int, int]:
    """Pairing number per participant id by seed 004's algorithm (see module docstring)."""
    _check_count(len(players))
    free: dict[str, list[int]] = {label: list(nums) for label, nums in varma_groups(len(players)).items()}
    contingents: dict[str | None, list[Participant]] = {}
    solos: list[list[Participant]] = []
    for player in players:
        code = (player.federation or "").strip().upper() or None
        if code is None:
            solos.append([player])
        else:
            contingents.setdefault(code, []).append(player)
    ordered: list[tuple[str | None, list[Participant]]] = [(c, m) for c, m in contingents.items()]
    ordered += [(None, m) for m in solos]
    ordered.sort(key=lambda item: _federation_key(item[0], item[1]))

    numbers: dict[int, int] = {}
    for _code, members in ordered:
        needed = len(members)
        slots: list[int] = []
        fitting = [label for label in GROUP_LABELS if len(free[label]) >= needed]
        if fitting:
            label = fitting[0]  # seed 004 step 4: first group A->D with enough room
            slots, free[label] = free[label][:needed], free[label][needed:]
        else:
            while len(slots) < needed:  # spill: largest-available group first, ties A->D
                label = max(GROUP_LABELS, key=lambda g: (len(free[g]), -GROUP_LABELS.index(g)))
                take = min(needed - len(slots), len(free[label]))
                slots += free[label][:take]
                free[label] = free[label][take:]
            slots.sort()
        # Seed 004 step 5: alphabetical by name within the federation (id breaks exact ties).
        for player, number in zip(sorted(members, key=lambda p: (alphabetical_key(p.name), p.id)), slots,
                                  strict=True):
            numbers[player.id] = number
    return numbers


def alphabetical_key(name: str) -> tuple[str, str]:
    """A name's place in alphabetical order as people read it: case and accents do not count
    ("bob" between "Anna" and "Carl", "Émile" among the E's), the exact text breaks ties."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return plain.casefold(), name


def varma_order(players: list[Participant]) -> list[Participant]:
    """The players in Varma pairing-number order (index 0 holds number 1)."""
    numbers = varma_numbers(players)
    return sorted(players, key=lambda p: numbers[p.id])

"""The order a field is numbered in by strength: a Swiss before its first round, a Heller group.

FIDE C.04.2 ("Initial order"): by strength (rating, highest first), then title, then
alphabetically; C.04.3 A.2 pairs by the numbers of that list. Player files carry no titles,
and their rows or ids come in any order (a club's list is often alphabetical), so the order
is made here from the ratings, unrated players last, then by name.
"""

from __future__ import annotations

from fairdraw.core.model import Participant


def strength_order(players: tuple[Participant, ...]) -> tuple[Participant, ...]:
    """The field by rating, highest first (unrated last), then by name, then by id."""
    return tuple(sorted(players, key=lambda p: (p.rating is None, -(p.rating or 0), p.name.casefold(), p.id)))

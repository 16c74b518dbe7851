from __future__ import annotations

from fairdraw.core.model import Participant, Schedule
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.players import numbered_players


def seat(n: int, rounds: int, seed: str = "test", players: list[Participant] | None = None, **options: object) -> Schedule:
    plist = players if players is not None else numbered_players(n)
    return get_system("mahjong").pair(
        PairingRequest(players=tuple(plist), total_rounds=rounds, seed=seed, options=options)
    )


def meetings(schedule: Schedule) -> dict[frozenset[int], int]:
    """Pair meeting counts recomputed from the tables (independent of the seating code)."""
    out: dict[frozenset[int], int] = {}
    for rnd in schedule.rounds:
        for t in rnd.tables:
            for i, a in enumerate(t.seats):
                for b in t.seats[i + 1 :]:
                    key = frozenset((a, b))
                    out[key] = out.get(key, 0) + 1
    return out


def winds(schedule: Schedule) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for rnd in schedule.rounds:
        for t in rnd.tables:
            for s, p in enumerate(t.seats):
                out.setdefault(p, [0] * len(t.seats))[s] += 1
    return out

"""Build small schedules with results for the scoring tests."""

from __future__ import annotations

from fairdraw.core.model import Bye, Participant, Round, Schedule, Table


def chess_schedule(
    n: int,
    rounds: list[tuple[list[tuple[int, int, str]], dict[int, str]]],
    ratings: dict[int, int] | None = None,
) -> Schedule:
    """Players 1..n; each round: [(white, black, result)], {id: bye kind}."""
    ratings = ratings or {}
    players = tuple(Participant(id=i, name=f"P{i}", rating=ratings.get(i)) for i in range(1, n + 1))
    built = []
    for r, (tables, byes) in enumerate(rounds, start=1):
        built.append(
            Round(
                round=r,
                tables=tuple(Table(table=t, seats=(w, b), result=res) for t, (w, b, res) in enumerate(tables, start=1)),
                byes=tuple(Bye(pid, kind) for pid, kind in byes.items()),
            )
        )
    return Schedule(system="test", players=players, rounds=tuple(built))

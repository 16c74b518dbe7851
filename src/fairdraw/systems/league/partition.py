"""How a league session splits its field into groups of 4 and 5 (issue 5, item 1).

Default (seed 000/001 league blocks): as few groups as possible, i.e. ``G = ceil(N/5)``
groups, of which ``5G - N`` are groups of 4 and the rest groups of 5. ``prefer=4`` asks
for the most groups of 4 instead: ``G = floor(N/4)`` groups, ``N - 4G`` of them of 5.
A split exists exactly when the number of groups of the other size fits into G; the
fields without one are 1-3, 6, 7 and 11 (every N >= 12 splits). For those the error
names the nearest workable counts below and above, so an organiser knows how many
players to add or turn away.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairdraw.core.errors import InputError


@dataclass(frozen=True, slots=True)
class Partition:
    """A session's shape: ``fives`` groups of 5 followed by ``fours`` groups of 4."""

    fives: int
    fours: int

    @property
    def players(self) -> int:
        return 5 * self.fives + 4 * self.fours

    @property
    def groups(self) -> int:
        return self.fives + self.fours

    def sizes(self) -> tuple[int, ...]:
        """Group sizes in the order groups are listed (A, B, ...): fives first."""
        return (5,) * self.fives + (4,) * self.fours

    def describe(self) -> str:
        parts = []
        if self.fives:
            parts.append(f"{self.fives}×5")
        if self.fours:
            parts.append(f"{self.fours}×4")
        return " + ".join(parts) or "empty"


def try_partition(players: int, prefer: int = 5) -> Partition | None:
    """The session shape for ``players``, or None when no split into 4s and 5s exists."""
    if players < 4:
        return None
    if prefer == 4:
        groups = players // 4
        fives = players - 4 * groups
        return Partition(fives=fives, fours=groups - fives) if fives <= groups else None
    groups = -(-players // 5)
    fours = 5 * groups - players
    return Partition(fives=groups - fours, fours=fours) if fours <= groups else None


#: Largest field and longest season planned. Issue 5 asks for any field and the seeds'
#: seasons are of about 6 sessions; these bounds keep the largest requests to minutes of
#: search (the tabu search grows with sessions x players^2) instead of an endless run.
MAX_PLAYERS = 300
MAX_SESSIONS = 100


def check_limits(players: int | None = None, sessions: int | None = None) -> None:
    """InputError (exit 2) naming the field and its range when a request is out of bounds."""
    if players is not None and not 1 <= players <= MAX_PLAYERS:
        raise InputError(
            f"a league field has 4 to {MAX_PLAYERS} players (groups of 4 and 5), got {players}", field="players"
        )
    if sessions is not None and not 1 <= sessions <= MAX_SESSIONS:
        raise InputError(f"a season has 1 to {MAX_SESSIONS} sessions, got {sessions}", field="sessions")


def nearest_workable(players: int) -> tuple[int | None, int]:
    """The nearest field sizes below (None if there is none) and above that split."""
    below = next((n for n in range(players - 1, 3, -1) if try_partition(n) is not None), None)
    above = next(n for n in range(players + 1, players + 20) if try_partition(n) is not None)
    return below, above


def partition_field(players: int, prefer: int = 5, *, field: str = "players") -> Partition:
    """The session shape for ``players``; InputError (exit 2) names the nearest counts."""
    if prefer not in (4, 5):
        raise InputError(f"--prefer must be 4 or 5, got {prefer}", field="prefer")
    shape = try_partition(players, prefer)
    if shape is None:
        below, above = nearest_workable(players)
        options = " or ".join(str(n) for n in (below, above) if n is not None)
        raise InputError(
            f"{players} players cannot be split into groups of 4 and 5; nearest workable field sizes: {options}",
            field=field,
        )
    return shape

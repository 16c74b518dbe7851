"""Meerkamp: the field split into small groups, each a Berger round robin (seed 002).

Seed 002 ("Meerkamp"): groups, usually of 4 but possibly larger, each plays a round robin,
single or double, and the whole schedule is known before the first evening. In a group
of odd size every player sits out one round per cycle and scores a point for it without
a rating change: such a sit-out is a ``Bye`` of kind ``"meerkamp-bye"``.

Group sizes. With ``group_size`` s and n players there are g = max(1, n // s) groups, so no
group has fewer than s players ("usually 4, but there can be more") and the largest has
ceil(n / g) (7 players in groups of 4: one group of 7); sizes differ by at most one, larger
groups first. Groups below
3 players are refused (a round robin of 2 is a match, not a Meerkamp).

Grouping (who goes where):
- ``rating``: strongest first (rating descending, unrated last, input order breaks ties),
  cut into consecutive groups: the strongest s together, the next s, ...;
- ``snake``: the same order dealt serpentine over the groups (A B C C B A A B C ...), a
  group that is full is skipped, so every group gets a similar rating spread;
- ``random``: a reproducible draw: players ordered by SHA-256 of "seed|id|name" and cut
  into consecutive groups; the seed string is required so the draw can be published.
Within a group pairing numbers follow that order (rating order for ``rating`` and
``snake``, draw order for ``random``): number 1 is the group's first player.

All groups' boards of one evening form one Round; boards are numbered consecutively over
the groups (A's boards first) and each Table names its group. Groups of different sizes
have different numbers of rounds; shorter groups simply have no boards on the last
evenings.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any, Literal

from fairdraw.core.errors import InputError
from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.core.option_values import flag_option, whole_number_option
from fairdraw.core.registry import PairingRequest, PairingSystem, register
from fairdraw.systems.berger import berger_rounds, double_berger_rounds, rounds_to_schedule_rounds

Grouping = Literal["rating", "snake", "random"]
GROUPINGS: tuple[str, ...] = ("rating", "snake", "random")
MIN_GROUP = 3


def group_label(index: int) -> str:
    """A, B, ..., Z, AA, AB, ... (spreadsheet style) for group ``index`` (0-based)."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def group_sizes(count: int, group_size: int = 4) -> list[int]:
    """Sizes of the groups for ``count`` players (largest first; see module docstring)."""
    if group_size < MIN_GROUP:
        raise InputError(f"the group size must be at least {MIN_GROUP}, got {group_size}", field="group-size")
    if count < MIN_GROUP:
        raise InputError(f"a Meerkamp needs at least {MIN_GROUP} players, got {count}", field="players")
    groups = max(1, count // group_size)
    base, extra = divmod(count, groups)
    return [base + 1] * extra + [base] * (groups - extra)


def _strength_order(players: list[Participant]) -> list[Participant]:
    indexed = list(enumerate(players))
    indexed.sort(key=lambda item: (item[1].rating is None, -(item[1].rating or 0), item[0]))
    return [p for _, p in indexed]


def _draw_order(players: list[Participant], seed: str) -> list[Participant]:
    def key(p: Participant) -> tuple[str, int]:
        return (hashlib.sha256(f"{seed}|{p.id}|{p.name}".encode()).hexdigest(), p.id)

    return sorted(players, key=key)


def make_groups(
    players: list[Participant], group_size: int = 4, grouping: str = "rating", seed: str | None = None
) -> list[list[Participant]]:
    """Split the field into groups; each group's list is in pairing-number order."""
    if grouping not in GROUPINGS:
        raise InputError(f"unknown grouping {grouping!r}; choose one of {', '.join(GROUPINGS)}", field="grouping")
    sizes = group_sizes(len(players), group_size)
    if grouping == "random":
        if seed is None or seed == "":
            raise InputError("--grouping random needs a --seed so that the draw can be reproduced", field="seed")
        order = _draw_order(players, seed)
    else:
        order = _strength_order(players)
    if grouping != "snake":
        groups, start = [], 0
        for size in sizes:
            groups.append(order[start : start + size])
            start += size
        return groups
    groups = [[] for _ in sizes]
    sequence = list(range(len(sizes)))
    cursor = 0
    for player in order:
        while True:  # serpentine: A..Z then Z..A, skipping groups already full
            lap, pos = divmod(cursor, len(sizes))
            target = sequence[pos] if lap % 2 == 0 else sequence[-1 - pos]
            cursor += 1
            if len(groups[target]) < sizes[target]:
                groups[target].append(player)
                break
    return groups


def meerkamp_schedule(
    players: list[Participant],
    *,
    group_size: int = 4,
    double: bool = False,
    grouping: str = "rating",
    seed: str | None = None,
    system: str = "meerkamp",
) -> Schedule:
    """The whole Meerkamp: every evening's boards of every group (pure function)."""
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise InputError("two players share an id", field="id")
    groups = make_groups(players, group_size, grouping, seed)
    numbers: dict[int, int] = {}
    per_group: list[list[Round]] = []
    for index, members in enumerate(groups):
        label = group_label(index)
        by_number = {n: p.id for n, p in enumerate(members, start=1)}
        numbers.update({p.id: n for n, p in enumerate(members, start=1)})
        berger = double_berger_rounds(len(members)) if double else berger_rounds(len(members))
        # Seed 002: an odd group gives each player a sit-out worth a point, no rating change.
        per_group.append(rounds_to_schedule_rounds(berger, by_number, group=label, bye_kind="meerkamp-bye"))
    evenings = max(len(r) for r in per_group)
    rounds: list[Round] = []
    for evening in range(evenings):
        tables: list[Table] = []
        byes: list[Bye] = []
        for group_rounds in per_group:
            if evening >= len(group_rounds):
                continue
            for table in group_rounds[evening].tables:
                tables.append(Table(table=len(tables) + 1, seats=table.seats, group=table.group))
            byes.extend(group_rounds[evening].byes)
        rounds.append(Round(round=evening + 1, tables=tuple(tables), byes=tuple(byes)))
    ordered_players = tuple(p for members in groups for p in members)
    return Schedule(
        system=system,
        players=ordered_players,
        rounds=tuple(rounds),
        numbers=numbers,
        seed=seed if grouping == "random" else None,  # docs/formats.md: the seed of a random draw, or null
        meta={
            "grouping": grouping,
            "group_size": group_size,
            "double": double,
            "groups": {group_label(i): [p.id for p in members] for i, members in enumerate(groups)},
        },
    )


@register
class Meerkamp(PairingSystem):
    """Seed 002's Meerkamp. ``options``: ``group_size`` (int, 4), ``double`` (bool),
    ``grouping`` ("rating" | "snake" | "random"); ``seed`` for the random draw."""

    name = "meerkamp"
    description = (
        "Groups (usually of 4), each a Berger round robin, single or double; odd groups sit out once (seed 002)"
    )
    kind = "fixed"
    option_names = frozenset({"group_size", "double", "grouping"})
    seats_per_table = 2

    def check_options(self, options: Mapping[str, Any]) -> None:
        """``group_size`` a whole number of at least ``MIN_GROUP``, ``double`` yes or no,
        ``grouping`` one of the ways ``make_groups`` groups the field."""
        size = whole_number_option(options, "group_size", 4)
        if size < MIN_GROUP:
            raise InputError(f"group_size: the group size must be at least {MIN_GROUP}, got {size}", field="group_size")
        flag_option(options, "double")
        grouping = options.get("grouping", "rating")
        if grouping not in GROUPINGS:
            raise InputError(f"grouping: expected one of {', '.join(GROUPINGS)}, got {grouping!r}", field="grouping")

    def pair(self, request: PairingRequest) -> Schedule:
        options = request.options
        return meerkamp_schedule(
            list(request.players),
            group_size=whole_number_option(options, "group_size", 4),
            double=flag_option(options, "double"),
            grouping=str(options.get("grouping", "rating")),
            seed=request.seed,
            system=self.name,
        )

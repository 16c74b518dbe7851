"""The registry of pairing systems: one interface, one module per system, looked up by name.

A new system is one module under ``fairdraw.systems`` that subclasses ``PairingSystem``
and decorates the class with ``@register``, plus one import line in
``fairdraw/systems/__init__.py``. Nothing else changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeVar

from fairdraw.core.errors import InputError, UnsolvableError
from fairdraw.core.model import Participant, Round, Schedule
from fairdraw.core.named_registry import NamedRegistry


@dataclass(frozen=True)
class PairingRequest:
    """Everything a system may read: the field, the rounds already played, options.

    ``history`` holds the rounds so far (with results where the system needs them);
    fixed-schedule systems ignore it. ``seed`` makes random choices reproducible.
    """

    players: tuple[Participant, ...]
    history: tuple[Round, ...] = ()
    total_rounds: int | None = None
    seed: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


def check_round_budget(request: PairingRequest, rule: str) -> None:
    """What every per-round system checks of ``total_rounds`` before it pairs: a whole number
    of at least 1 when given, and not all of those rounds paired yet (the number of rounds is
    declared beforehand: FIDE C.04.1 a, seed 002 absolute rule 1; ``rule`` is the one cited)."""
    total = request.total_rounds
    if total is None:
        return
    if isinstance(total, bool) or not isinstance(total, int) or total < 1:
        raise InputError(f"total rounds must be a whole number of at least 1, got {total!r}", field="total_rounds")
    if len(request.history) >= total:
        raise UnsolvableError(f"all {total} configured rounds have been paired ({rule}); "
                              "raise the total (--rounds, XXR) to pair another")


#: Options the program sets itself on its way to a system (bye requests and withdrawals from the
#: players' list or the flags, a re-plan's history): never typed as options, so listings leave
#: them out and the web page refuses them by name.
PROGRAM_OPTIONS = frozenset({"requested_byes", "withdrawn", "withdrawn_at", "history", "previous",
                             "history_players", "keep_order", "forbidden_every_round"})


def typed_options(cls: type[PairingSystem]) -> list[str]:
    """The options a person may give ``cls`` (its ``option_names`` less ``PROGRAM_OPTIONS``),
    sorted; empty when the system declares none."""
    return sorted((cls.option_names or frozenset()) - PROGRAM_OPTIONS)


class PairingSystem(ABC):
    """The strategy interface of seed 002: one class per pairing system.

    ``kind`` says whether ``pair`` returns the whole schedule at once ("fixed": Berger,
    Meerkamp, Heller, mahjong blocks) or the history plus the next round ("per-round":
    the Swiss systems).
    """

    name: ClassVar[str]
    description: ClassVar[str]
    kind: ClassVar[Literal["fixed", "per-round"]]
    #: The players' order in the request is their strength order (number 1 the strongest),
    #: which the system balances by (Heller's opponent sums). A caller whose players come in
    #: no meaningful order (the web page's, entered one by one) sorts them by strength first.
    numbers_by_strength: ClassVar[bool] = False
    #: The seats of every table the system makes: 2 for the chess systems (a board), None for
    #: any number (mahjong tables, league groups). A schedule of a 2-seat system with a table of
    #: 4 is damaged: ``fairdraw standings`` scored such a round robin as mahjong, everyone on 0.
    seats_per_table: ClassVar[int | None] = None
    #: The option keys the system reads. A caller passing on options a person typed (the web
    #: page's options box) refuses any other key by name: a slip like ``grup_size=5`` was
    #: otherwise ignored without a word and the event made with the default. None: not
    #: declared, every key passes (a system from outside this package).
    option_names: ClassVar[frozenset[str] | None] = None

    @abstractmethod
    def pair(self, request: PairingRequest) -> Schedule:
        """Produce the schedule (all rounds, or history plus the next one)."""

    def continue_schedule(self, schedule: Schedule, from_round: int, *, leaving: tuple[int, ...],
                          joining: tuple[Participant, ...], options: Mapping[str, Any]) -> Schedule | None:
        """A fixed schedule whose rounds before ``from_round`` are played, the rest made again
        for a field that changed (``leaving`` ids out, ``joining`` players in). ``schedule`` is
        the system's own schedule for the field that played those rounds (as ``pair`` makes it
        from the same seed and options), with the rounds played in place. None when the
        system has no such rule (a round robin's schedule is made once for its field): the
        caller then keeps the schedule as made, or asks for the whole schedule to be remade.

        Why an optional hook: only some fixed systems can change their field midway (mahjong
        seating, issue 4 build 5: keep the rounds played, re-seat the rest)."""
        return None

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Refuse an option value the system cannot use (InputError naming the option), without
        pairing anything. Why a hook: the page checks the settings form with it, so a slip like
        ``double=maybe`` is refused when typed, not when the organiser presses *Pair* with the
        players all entered. The default reads nothing."""
        return None

    def rounds_left_to_standings(self, options: Mapping[str, Any]) -> int:
        """How many final rounds of a fixed schedule the standings seat, one at a time once the
        rounds before have results, instead of ``pair`` (0: none). Why a hook: the mahjong
        seating's ``ranked_last`` (issue 4 item 6, EMA-style final rounds)."""
        return 0

    def seat_from_standings(self, schedule: Schedule, ranking: Sequence[Participant],
                            options: Mapping[str, Any]) -> Schedule:
        """``schedule`` with its next round seated from ``ranking`` (the players to seat, in
        standings order), for a system whose ``rounds_left_to_standings`` is not 0."""
        raise NotImplementedError(f"{self.name} seats no round from the standings")


_REGISTRY: NamedRegistry[type[PairingSystem]] = NamedRegistry("pairing system", "fairdraw.systems", lambda c: c.name)
_SYSTEMS = _REGISTRY.table

S = TypeVar("S", bound=type[PairingSystem])


def register(cls: S) -> S:
    """Class decorator: make a system available under ``cls.name``."""
    _REGISTRY.register(cls)
    return cls


def get_system(name: str) -> PairingSystem:
    """An instance of the system registered as ``name`` (KeyError lists the known ones)."""
    return _REGISTRY.lookup(name)()


def all_systems() -> list[type[PairingSystem]]:
    """Every registered system class, sorted by name."""
    return _REGISTRY.classes()


def installed_system(name: str) -> type[PairingSystem] | None:
    """The class of the system registered as ``name``, or None when this version has none of
    that name (a file written elsewhere): the questions below answer for such a name too."""
    return next((cls for cls in all_systems() if cls.name == name), None)


def system_kind(name: str) -> str:
    """``fixed`` or ``per-round`` (``PairingSystem.kind``); ``unknown`` when no system of that
    name is installed here (a file written by another version). One answer for the web page,
    ``pair`` and ``undo``, each of which decides what an unknown system may do."""
    cls = installed_system(name)
    return cls.kind if cls is not None else "unknown"


def system_seats(name: str) -> int | None:
    """``PairingSystem.seats_per_table`` of the system ``name``; None when it seats any number
    or is not installed here."""
    cls = installed_system(name)
    return cls.seats_per_table if cls is not None else None


def re_plans_a_changed_field(name: str) -> bool:
    """Whether the system ``name`` has its own ``continue_schedule``: a fixed schedule whose rounds
    not played yet can be made again for a field that changed (a mahjong seating), where a
    round robin's must be remade whole. False for a name not installed here."""
    cls = installed_system(name)
    return cls is not None and cls.continue_schedule is not PairingSystem.continue_schedule

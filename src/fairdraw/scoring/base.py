"""The scoring interface and its registry, in the shape of the pairing-system registry.

A scoring turns a schedule with results into points per participant (and, for the chess
scorings whose points add up round by round, points per round, which the FIDE tie-breaks
read). A new scoring is one module with a ``@register_scoring`` class plus one import line
in ``fairdraw/scoring/__init__.py``. Everything here is pure: no I/O, no globals besides
the registry table filled at import time.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Literal, TypeVar

from fairdraw.core.model import Schedule
from fairdraw.core.named_registry import NamedRegistry


#: The largest option value (points for a win, a Keizer value, a percentage's base) taken.
NUMBER_LIMIT = 1_000_000_000
#: a decimal exponent of three digits or more ("1e400", "1e99999999"): Fraction builds that many
#: digits before any bound is checked, and the command hung
_HUGE_EXPONENT = re.compile(r"[eE]\s*[+-]?\d{3,}")


def has_huge_exponent(text: str) -> bool:
    """Whether ``text`` writes a number with an exponent too large to read (``_HUGE_EXPONENT``)."""
    return bool(_HUGE_EXPONENT.search(text))


def as_fraction(value: Any, name: str | None = None) -> Fraction:
    """Exact value of a number given as int, float, Fraction or text ("0.5", "1/3", "50%").

    Anything else (text that is no number, a zero denominator) is a ValueError that names the
    option (``name``) and shows what was given, for the organiser who typed it.
    """
    prefix = f"{name}: " if name else ""
    if isinstance(value, str) and has_huge_exponent(value):
        raise ValueError(f"{prefix}expected a number from -{NUMBER_LIMIT:,} to {NUMBER_LIMIT:,}, got {value!r}")
    try:
        if isinstance(value, Fraction):
            number = value
        elif isinstance(value, float):
            number = Fraction(str(value))
        elif isinstance(value, str) and value.strip().endswith("%"):
            number = Fraction(value.strip()[:-1].strip()) / 100
        else:
            number = Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError, OverflowError):
        raise ValueError(f"{prefix}expected a number such as 1, 0.5, 1/2 or 50%, got {value!r}") from None
    if abs(number) > NUMBER_LIMIT or number.denominator > NUMBER_LIMIT:
        # 1e400 points for a win overflowed the standings' float columns (a traceback)
        raise ValueError(f"{prefix}expected a number from -{NUMBER_LIMIT:,} to {NUMBER_LIMIT:,}, got {value!r}")
    return number


@dataclass(frozen=True)
class ScoreSheet:
    """Points per participant, optionally per round, and facts worth publishing.

    ``per_round`` maps participant id to {round: points} for scorings whose total is the
    sum of per-round points (the FIDE tie-breaks need it); ``meta`` holds JSON values
    (Keizer's iteration count and final values, mahjong's per-game results...).
    """

    points: dict[int, Fraction]
    per_round: dict[int, dict[int, Fraction]] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: a ranking the scoring itself imposes (ids, best first), which the standings then follow
    #: rather than the points: a Keizer ladder whose ranking cycles is paired from the cycle's
    #: most stable ranking, whose points do not sort back into it
    order: tuple[int, ...] | None = None


class Scoring(ABC):
    """The strategy interface: a schedule with results in, a score sheet out."""

    name: ClassVar[str]
    description: ClassVar[str]
    game: ClassVar[Literal["chess", "mahjong"]]

    def __init__(self, **options: Any) -> None:
        self.options: Mapping[str, Any] = options

    @abstractmethod
    def score(self, schedule: Schedule) -> ScoreSheet:
        """Points of every participant of ``schedule`` from the results entered so far."""


_REGISTRY: NamedRegistry[type[Scoring]] = NamedRegistry("scoring", "fairdraw.scoring", lambda c: c.name)

S = TypeVar("S", bound=type[Scoring])


def register_scoring(cls: S) -> S:
    """Class decorator: make a scoring available under ``cls.name``."""
    _REGISTRY.register(cls)
    return cls


def get_scoring(name: str, **options: Any) -> Scoring:
    """An instance of the scoring registered as ``name`` (KeyError lists the known ones)."""
    return _REGISTRY.lookup(name)(**options)


def all_scorings() -> list[type[Scoring]]:
    """Every registered scoring class, sorted by name."""
    return _REGISTRY.classes()

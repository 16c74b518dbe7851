"""The tie-break interface, its registry by short code, and the context tie-breaks read.

A tie-break is asked for by a code with optional modifiers, as in FIDE C.07 (2023)
section 14: ``BH:C1`` (Buchholz, cut the least significant value), ``BH:C2``, ``BH:M1``
(median: cut the least and the most significant). ``TieBreakSpec`` holds the parsed code;
the registry maps the base code to a class. Some tie-breaks (direct encounter) depend on
which participants are still tied; they set ``per_group`` and are computed for each group
of participants tied on everything before them.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Literal, TypeVar

from fairdraw.core.model import Schedule
from fairdraw.core.named_registry import NamedRegistry
from fairdraw.scoring.base import ScoreSheet
from fairdraw.scoring.mahjong import SeatResult
from fairdraw.scoring.results import ChessEntry


@dataclass(frozen=True)
class TieBreakSpec:
    """A requested tie-break: its code as written, the base code and its modifiers: cuts
    (art. 14), for Koya a shift of the limit in half-points (``KS:L-1``), and for the
    rating tie-breaks a rating given to unrated opponents (``ARO:U1400``; 0: left out), and
    for Buchholz and Sonneborn-Berger forfeits read as games against the scheduled opponent
    (``BH:P``)."""

    text: str
    base: str
    cut_low: int = 0
    cut_high: int = 0
    limit_shift: int = 0
    unrated_rating: int = 0
    forfeits_played: bool = False


_BASE = re.compile(r"^[A-Z0-9]+$")
_MODIFIER = re.compile(r"^(?:([CM])(\d+)|L([+-]\d+)|U(\d+)|(P))$")


def refuse_repeated_tiebreaks(specs: Sequence[TieBreakSpec]) -> None:
    """ValueError when one tie-break is asked for twice (``DE,BH,DE``): the standings' JSON keys
    a value by its code, so the second column overwrote the first, and the same tie-break
    again decides nothing the first did not."""
    seen: dict[TieBreakSpec, str] = {}
    for spec in specs:
        key = dataclasses.replace(spec, text="")
        if key in seen:
            raise ValueError(f"the tie-break {spec.text} is listed twice (as {seen[key]} before): give each once")
        seen[key] = spec.text


def parse_spec(text: str) -> TieBreakSpec:
    """``BH:C1`` -> base BH, cut 1 low; ``BH:M1`` -> cut 1 low and 1 high (median);
    ``KS:L-1`` -> Koya with its limit half a point lower; ``ARO:C1:U1400`` -> cut 1, unrated
    opponents counted at 1400; ``BH:C1:P`` -> forfeits as games. ``/`` works as ``:`` (``BH/C1``, FIDE's TC server's spelling)."""
    parts = re.split(r"[:/]", text.strip().upper())  # codes are case-blind: bh:c1 is BH:C1
    hint = "write a code such as BH, BH:C1, BH:M1, BH:P, SB, DE, KS:L-1, ARO:U1400"
    if not _BASE.match(parts[0]):
        raise ValueError(f"cannot read the tie-break {text!r}; {hint}")
    fields: dict[str, int] = {}
    shown: dict[str, str] = {}
    for part in parts[1:]:
        match = _MODIFIER.match(part)
        if not match:
            raise ValueError(f"cannot read the modifier {part!r} of the tie-break {text!r}; {hint}")
        kind = "cut" if match.group(1) else "limit" if match.group(3) is not None else "played" if match.group(5) else "unrated"
        if kind in fields:
            raise ValueError(f"the tie-break {text!r} has two {kind} modifiers; give one")
        if kind == "cut":
            fields["cut"] = int(match.group(2))
            shown["cut"] = f"{match.group(1)}{int(match.group(2))}"
            fields["median"] = match.group(1) == "M"
        elif kind == "played":
            fields["played"] = 1
            shown["played"] = "P"
        elif kind == "limit":
            fields["limit"] = int(match.group(3))
            shown["limit"] = f"L{int(match.group(3)):+d}" if int(match.group(3)) else ""
        else:
            fields["unrated"] = int(match.group(4))
            shown["unrated"] = f"U{int(match.group(4))}" if int(match.group(4)) else ""
    base = parts[0]
    code = ":".join([base] + [shown[k] for k in ("cut", "limit", "unrated", "played") if shown.get(k)])
    cut = fields.get("cut", 0)
    return TieBreakSpec(
        code,
        base,
        cut_low=cut,
        cut_high=cut if fields.get("median") else 0,
        limit_shift=fields.get("limit", 0),
        unrated_rating=fields.get("unrated", 0),
        forfeits_played=bool(fields.get("played")),
    )


@dataclass(frozen=True)
class TieBreakContext:
    """What tie-breaks read: the schedule, the chosen scoring's sheet, and the facts below.

    ``round_points`` are the per-round points FIDE's tie-breaks are defined on (the chosen
    scoring's when it adds up by round, standard chess points otherwise); ``totals`` their
    sums; ``win`` and ``draw`` the points of a win and a draw in that system.
    """

    schedule: Schedule
    sheet: ScoreSheet
    entries: dict[int, list[ChessEntry]]
    round_points: dict[int, dict[int, Fraction]]
    totals: dict[int, Fraction]
    win: Fraction
    draw: Fraction
    mahjong: tuple[SeatResult, ...] = ()
    #: An all-play-all event: unplayed rounds are handled as C.07 does for round robins.
    round_robin: bool = False
    #: Values several tie-breaks share (adjusted scores), filled on first use.
    cache: dict[str, Any] = field(default_factory=dict, compare=False)


V = TypeVar("V")


def cached(ctx: TieBreakContext, key: str, compute: Callable[[], V]) -> V:
    """``compute()`` once per context under ``key``: values several tie-breaks (or one
    tie-break for every participant) read, such as adjusted scores or every TPR."""
    if key not in ctx.cache:
        ctx.cache[key] = compute()
    value: V = ctx.cache[key]
    return value


class TieBreak(ABC):
    """One tie-break: a value per participant; ``higher_is_better`` says which way it sorts."""

    code: ClassVar[str]
    description: ClassVar[str]
    game: ClassVar[Literal["chess", "mahjong"]] = "chess"
    higher_is_better: ClassVar[bool] = True
    per_group: ClassVar[bool] = False
    accepts_cuts: ClassVar[bool] = False
    accepts_median: ClassVar[bool] = False
    #: takes a limit modifier (``:L+n`` / ``:L-n``, Koya)
    accepts_limit: ClassVar[bool] = False
    #: takes a rating for unrated opponents (``:U1400``, the rating tie-breaks)
    accepts_unrated: ClassVar[bool] = False
    #: takes ``:P`` (forfeits read as games against the scheduled opponent: BH, SB, FB, DE)
    accepts_played: ClassVar[bool] = False

    @abstractmethod
    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        """Values for ``players`` (all participants, or one tied group when ``per_group``)."""

    def order_values(
        self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]
    ) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
        """(values to show, values to sort by with higher better). They differ only for
        tie-breaks whose order is not a plain comparison of the shown value (direct encounter)."""
        shown = self.compute(ctx, spec, players)
        return shown, shown if self.higher_is_better else {pid: -v for pid, v in shown.items()}


_REGISTRY: NamedRegistry[type[TieBreak]] = NamedRegistry("tie-break", "fairdraw.tiebreaks", lambda c: c.code)

T = TypeVar("T", bound=type[TieBreak])


def register_tiebreak(cls: T) -> T:
    """Class decorator: make a tie-break available under ``cls.code``."""
    _REGISTRY.register(cls)
    return cls


def get_tiebreak(spec: TieBreakSpec) -> TieBreak:
    """The tie-break for a parsed code; KeyError/ValueError name what is wrong."""
    cls = _REGISTRY.lookup(spec.base)
    if (spec.cut_low or spec.cut_high) and not cls.accepts_cuts:
        raise ValueError(f"the tie-break {spec.base} takes no cut or median modifier")
    if spec.cut_high and not cls.accepts_median:
        raise ValueError(f"the tie-break {spec.base} takes a cut (:C1) but no median (:M1) modifier")
    if spec.limit_shift and not cls.accepts_limit:
        raise ValueError(f"the tie-break {spec.base} takes no limit modifier (:L+n, :L-n: Koya only)")
    if spec.unrated_rating and not cls.accepts_unrated:
        raise ValueError(f"the tie-break {spec.base} takes no unrated-rating modifier (:U1400: ARO, TPR, PTP, APRO, APPO)")
    if spec.forfeits_played and not cls.accepts_played:
        raise ValueError(f"the tie-break {spec.base} takes no :P modifier (forfeits as games: BH, SB, FB, DE)")
    return cls()


def all_tiebreaks() -> list[type[TieBreak]]:
    """Every registered tie-break class, sorted by code."""
    return _REGISTRY.classes()

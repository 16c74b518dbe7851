"""The rules a pairing request sets for particular players, read and checked in one place.

Requested byes, absences, withdrawals, forbidden pairs and accelerations name players by id,
and they reach the per-round systems by several roads: TRF lines (H/F/Z/``0000`` entries,
``240``, ``XXP``, ``260``, ``XXA``, ``250``), a schedule JSON's ``meta`` (which
``fairdraw pair --json`` writes and which can be fed back in), the web page, the Python API.
An id that is no player of the event is a slip of the keyboard, and taken silently it drops
the rule it was meant to set: a forbidden pair that never binds (FIDE C.04.3 C.1 treats a
forbidden pair like a game already played), a bye nobody gets. So every system refuses it
here, with the field, the id and what was expected, whatever road it came by (the FIDE Dutch
and the club Swiss read the same options and must refuse the same things).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import BYE_KINDS

#: Byes a player can ask for (TRF16 H, F, Z and an absence); "bye" is the pairing-allocated
#: bye of an odd field (C.04.1 c), which the pairing gives and nobody requests.
REQUESTED_BYE_KINDS = tuple(kind for kind in BYE_KINDS if kind != "bye")

#: Where each option comes from, so the message leads a secretary to the line to fix.
ORIGINS = {
    "requested_byes": "a TRF H/F/Z/0000 entry or 240 line, meta.requested_byes, or pair --bye",
    "absent": "the option absent",
    "withdrawn": "meta.withdrawn, or pair --withdraw",
    "forbidden_pairs": "a TRF XXP or 260 line, or meta.forbidden_pairs",
    "accelerations": "a TRF XXA or 250 line, or meta.accelerations",
}

#: The options this module reads, which every per-round system therefore reads too.
PLAYER_RULE_OPTIONS = frozenset(ORIGINS)

#: The kind of an absence without points: what a withdrawal records for the round being paired
#: (so a requested bye of this kind says the same thing, any other kind contradicts it), and
#: the kind of an id given in a list rather than a mapping id -> kind.
ABSENT = "absent"

_WHOLE = re.compile(r"[+-]?\d+")
_WHAT = {"requested_byes": "a requested bye", "absent": "an absence"}


@dataclass(frozen=True, slots=True)
class PlayerRules:
    """The checked player options: every id is a player of the event."""

    #: announced absences for the round being paired, id -> bye kind (REQUESTED_BYE_KINDS)
    requested_byes: dict[int, str] = field(default_factory=dict)
    #: players who left the event: paired no more, given no bye
    withdrawn: frozenset[int] = frozenset()
    #: groups of two or more different players none of whom may meet (TRF XXP: "a b c")
    forbidden_groups: tuple[tuple[int, ...], ...] = ()
    #: points (tenths) added to a player's pairing score, per round (C.04.5, TRF XXA)
    accelerations: dict[int, list[int]] = field(default_factory=dict)

    def forbidden_pairs(self) -> frozenset[frozenset[int]]:
        """Every pair inside a forbidden group (a group of three forbids three pairs)."""
        return frozenset(frozenset(pair) for group in self.forbidden_groups for pair in combinations(group, 2))


def expected_ids(known: Collection[int]) -> str:
    """What a player id must be, said briefly: a range when the ids run without gaps."""
    ids = sorted(known)
    if not ids:
        return "the id of a player in the event (the event has no players)"
    if ids == list(range(ids[0], ids[-1] + 1)):
        return f"the id of a player in the event, from {ids[0]} to {ids[-1]}"
    shown = ", ".join(map(str, ids)) if len(ids) <= 12 else f"{', '.join(map(str, ids[:5]))}, …, {ids[-1]}"
    return f"the id of a player in the event ({shown})"


def player_id(raw: Any, known: Collection[int], *, field_: str, what: str) -> int:
    """The id ``raw`` names (an int, or its digits as JSON object keys must write it), which
    must be a player of the event; InputError names the field, the value and what was expected."""
    value: int | None = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    elif isinstance(raw, str) and _WHOLE.fullmatch(raw.strip()):
        value = int(raw)
    if value is None:
        raise InputError(f"{what} names {raw!r}, which is not a player id; expected {expected_ids(known)}",
                         field=field_)
    if value not in known:
        raise InputError(f"{what} names {value}, who is not a player of the event ({ORIGINS[field_]}); "
                         f"expected {expected_ids(known)}", field=field_)
    return value


def _id_list(raw: Any, field_: str) -> list[Any]:
    """A list of ids as JSON gives it; a text or a mapping is not one (``"12"`` is no list)."""
    if isinstance(raw, str | bytes | Mapping) or not isinstance(raw, Iterable):
        raise InputError(f"{field_} must be a list of player ids, got {raw!r}", field=field_)
    return list(raw)


def _absences(options: Mapping[str, Any], known: Collection[int]) -> dict[int, str]:
    """``requested_byes`` and ``absent``: a mapping id -> kind, or a list of ids (kind
    "absent"). One player given two different kinds is refused: which one holds is unknown."""
    out: dict[int, str] = {}
    for key in ("requested_byes", "absent"):
        raw = options.get(key) or {}
        if isinstance(raw, Mapping):
            entries = list(raw.items())
        else:
            entries = [(pid, ABSENT) for pid in _id_list(raw, key)]
        for raw_id, kind in entries:
            pid = player_id(raw_id, known, field_=key, what=_WHAT[key])
            if kind not in REQUESTED_BYE_KINDS:
                raise InputError(f"requested bye of player {pid}: unknown kind {kind!r}; expected one of "
                                 f"{', '.join(REQUESTED_BYE_KINDS)}", field=key)
            if out.get(pid, kind) != kind:
                raise InputError(f"player {pid} is given two byes for the round, {out[pid]!r} and {kind!r} "
                                 "(requested_byes and absent); keep one", field=key)
            out[pid] = kind
    return out


def _withdrawn(options: Mapping[str, Any], known: Collection[int], requested: Mapping[int, str]) -> frozenset[int]:
    """``withdrawn``: ids that take no further part. A withdrawn player who also has a requested
    bye of another kind (H, F, Z) is refused: a withdrawal records an absence without points,
    so the two contradict each other and the arbiter must say which holds; a requested absence
    says the same as the withdrawal and is accepted."""
    out: set[int] = set()
    for raw_id in _id_list(options.get("withdrawn") or (), "withdrawn"):
        pid = player_id(raw_id, known, field_="withdrawn", what="the withdrawn list")
        kind = requested.get(pid, ABSENT)
        if kind != ABSENT:
            raise InputError(f"player {pid} is withdrawn and also asks for a {kind} bye; a withdrawn player is "
                             "out of the rounds still to pair (absent, no points): remove the id from withdrawn "
                             "or from the requested byes", field="withdrawn")
        out.add(pid)
    return frozenset(out)


def _forbidden_groups(options: Mapping[str, Any], known: Collection[int]) -> tuple[tuple[int, ...], ...]:
    """``forbidden_pairs``: groups of two or more different players (TRF XXP "a b c" forbids
    every pair in it; meta.forbidden_pairs [[a, b], ...]). A group of one, or one naming a
    player twice, forbids nothing the writer can have meant and is refused."""
    groups: list[tuple[int, ...]] = []
    for raw in _id_list(options.get("forbidden_pairs") or (), "forbidden_pairs"):
        if isinstance(raw, str | bytes | Mapping) or not isinstance(raw, Iterable):
            raise InputError(f"each forbidden pair must be a list of two or more player ids such as [1, 2], "
                             f"got {raw!r}", field="forbidden_pairs")
        members = list(raw)
        shown = "[" + ", ".join(map(str, members)) + "]"
        ids = [player_id(x, known, field_="forbidden_pairs", what=f"forbidden pair {shown}") for x in members]
        twice = sorted({pid for pid in ids if ids.count(pid) > 1})
        if twice:
            raise InputError(f"forbidden pair {shown} names player {twice[0]} twice; a forbidden pair is two (or, "
                             "as XXP allows, more) different players", field="forbidden_pairs")
        if len(ids) < 2:
            raise InputError(f"forbidden pair {shown} names fewer than two players; expected two or more "
                             "different player ids", field="forbidden_pairs")
        groups.append(tuple(ids))
    return tuple(groups)


def _accelerations(options: Mapping[str, Any], known: Collection[int]) -> dict[int, list[int]]:
    """``accelerations``: id -> tenths of a point added per round (C.04.5; TRF XXA, 250)."""
    raw = options.get("accelerations") or {}
    if not isinstance(raw, Mapping):
        raise InputError(f"accelerations must map player ids to lists of tenths, got {raw!r}", field="accelerations")
    out: dict[int, list[int]] = {}
    for raw_id, values in raw.items():
        pid = player_id(raw_id, known, field_="accelerations", what="an acceleration")
        tenths = None if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable) else list(values)
        if tenths is None or any(isinstance(v, bool) or not isinstance(v, int) for v in tenths):
            raise InputError(f"accelerations of player {pid}: expected a list of whole numbers (tenths of a "
                             f"point per round), got {values!r}", field="accelerations")
        out[pid] = tenths
    return out


def player_rules(player_ids: Iterable[int], options: Mapping[str, Any]) -> PlayerRules:
    """Read and check ``requested_byes``, ``absent``, ``withdrawn``, ``forbidden_pairs`` and
    ``accelerations`` of a PairingRequest's options against the ids of its players."""
    known = frozenset(player_ids)
    requested = _absences(options, known)
    return PlayerRules(
        requested_byes=requested,
        withdrawn=_withdrawn(options, known, requested),
        forbidden_groups=_forbidden_groups(options, known),
        accelerations=_accelerations(options, known),
    )


def round_record(meta: Mapping[str, Any], key: str, *, known: Collection[int] | None = None,
                 unit: str = "round", whose: str = "in the players list", field: str | None = None) -> dict[int, int]:
    """``meta[key]`` as player id -> round (or session) number: the records of who joined,
    who left and who withdrew when (``joined``, ``left``, ``withdrawn_at``), as the commands
    write them, JSON keys being text. A damaged record is the file's fault and is refused
    naming the field (``int("x")`` was a traceback), never read as moving somebody's first or
    last round; ``known``, when given, are the ids the record may name. One reader for the
    Swiss, the Keizer scoring, the mahjong seating's check and the league's re-plan (the
    checker reports the same damage as a breach and reads on)."""
    field = field or f"meta.{key}"
    value = meta.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InputError(f"expected an object of player id -> {unit} number, got {value!r}", field=field)
    out: dict[int, int] = {}
    for raw_id, number in value.items():
        pid = int(raw_id) if str(raw_id).isdigit() else None
        if pid is None or (known is not None and pid not in known):
            raise InputError(f"{raw_id!r} is not the id of a player {whose}", field=field)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise InputError(f"player {pid}: expected a {unit} number from 1 on, got {number!r}", field=field)
        out[pid] = number
    return out


@dataclass(frozen=True, slots=True)
class LaterChange:
    """A join or a leave an earlier re-seat or re-plan recorded (``meta.joined`` /
    ``meta.left``) for a round (or session) after the one a new one starts from."""

    id: int
    kind: str  # "joined" or "left"
    round: int


def later_changes(meta: Mapping[str, Any], start: int, drop: Collection[int] = ()) -> list[LaterChange]:
    """The joins and leaves a re-seat (``reseat``) or re-plan (``league-reseat``) from round or
    session ``start`` would move to ``start``: either seats one field in every round it makes,
    so a newcomer recorded from round 5 is seated from round 3 by a re-seat from 3, and a
    player recorded as leaving from round 7 loses rounds 3-6 (issue 4 item 5 and issue 5 item
    4: an audit found both done without a word). One reader for both, as their records have
    one form. A newcomer ``drop`` takes out again moves nowhere. Sorted by round, then joins
    before leaves, then id."""
    joined = round_record(meta, "joined")
    left = round_record(meta, "left")
    moved = [LaterChange(pid, "joined", r) for pid, r in joined.items() if r > start and pid not in drop]
    moved += [LaterChange(pid, "left", r) for pid, r in left.items() if r > start]
    return sorted(moved, key=lambda c: (c.round, c.kind != "joined", c.id))


def withdrawal_rounds(meta: Mapping[str, Any], *, field: str = "meta.withdrawn_at") -> dict[int, int]:
    """``withdrawn_at`` (player id -> the first round the player was left out, as `fairdraw pair
    --withdraw` records it) from a schedule's meta or a pairing's options (``round_record``)."""
    return round_record(meta, "withdrawn_at", field=field)

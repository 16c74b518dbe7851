"""The record each re-seat keeps of its inputs (``meta.reseats``), read back for ``check --redraw``
(issue 4 item 4: a seating changed during the event stays verifiable).

``changes.reseat`` appends one entry per re-seat; this module reads the entries and names a
damaged one by its field. Why a record of the inputs rather than of the result: the result is
in the rounds, and the point is to make it again from what the organiser asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Schedule
from fairdraw.core.option_values import is_json_whole


@dataclass(frozen=True, slots=True)
class ReseatStep:
    """One re-seat as ``changes.reseat`` records it in ``meta.reseats``: its arguments, the
    order of the field it was given (positions follow it), the records of the players it took
    out of the list (the earlier draw needs their names), and what it started from: ``kept``,
    the rounds as they stood (the command line), or ``drawn``, the seed's fresh draw for that
    field after the rounds kept (the organiser's page, which undoes rounds and makes them again)."""

    from_round: int
    seed: str
    byes: bool
    tail: str
    dropped: tuple[int, ...]
    added: tuple[Participant, ...]
    field: tuple[int, ...]
    removed: tuple[Participant, ...]
    ranked_kept: tuple[int, ...]


def participant_record(player: Participant) -> dict[str, Any]:
    """A player as the re-seat history records one (the draw hashes id and name; --separate reads
    club and federation), unset fields left out."""
    record: dict[str, Any] = {"id": player.id, "name": player.name}
    for key in ("rating", "federation", "club"):
        if getattr(player, key) is not None:
            record[key] = getattr(player, key)
    return record


def reseat_steps(schedule: Schedule) -> list[ReseatStep]:
    """``meta.reseats`` read and checked entry by entry (each wrong entry named by its field);
    a re-seated file without it (written before re-seats recorded their inputs) is refused."""
    history = schedule.meta.get("reseats")
    if history is None:
        if "reseat" in schedule.meta:
            last = schedule.meta["reseat"]
            start = last.get("from_round") if isinstance(last, dict) else None
            raise InputError(f"this seating was re-seated{f' from round {start}' if start else ''} by a version "
                             "of fairdraw that did not record the re-seat's inputs: check the file published "
                             "before the re-seat with --redraw", field="meta.reseat")
        return []
    if not isinstance(history, list):
        raise InputError(f"expected a list of re-seat records, got {history!r}", field="meta.reseats")
    return [_step(entry, f"meta.reseats.{i}") for i, entry in enumerate(history)]


def _step(entry: Any, field: str) -> ReseatStep:
    if not isinstance(entry, dict):
        raise InputError(f"expected a re-seat record, got {entry!r}", field=field)
    start = entry.get("from_round")
    if not (is_json_whole(start) and isinstance(start, int) and start >= 1):
        raise InputError(f"expected the round the re-seat started from, got {start!r}", field=f"{field}.from_round")
    seed = entry.get("seed")
    if not isinstance(seed, str):
        raise InputError(f"expected the re-seat's seed (text), got {seed!r}", field=f"{field}.seed")
    byes = entry.get("byes")
    if not isinstance(byes, bool):
        raise InputError(f"expected true or false, got {byes!r}", field=f"{field}.byes")
    tail = entry.get("tail")
    if tail not in ("kept", "drawn"):
        raise InputError(f"expected 'kept' or 'drawn', got {tail!r}", field=f"{field}.tail")
    return ReseatStep(
        from_round=start, seed=seed, byes=byes, tail=tail,
        dropped=tuple(whole_list(entry.get("dropped"), f"{field}.dropped")),
        added=tuple(_participant(p, f"{field}.added.{j}")
                    for j, p in enumerate(json_list(entry.get("added"), f"{field}.added"))),
        field=tuple(whole_list(entry.get("field"), f"{field}.field")),
        removed=tuple(_participant(p, f"{field}.removed.{j}")
                      for j, p in enumerate(json_list(entry.get("removed"), f"{field}.removed"))),
        ranked_kept=tuple(whole_list(entry.get("ranked_kept"), f"{field}.ranked_kept")),
    )


def json_list(value: Any, field: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(f"expected a list, got {value!r}", field=field)
    return value


def whole_list(value: Any, field: str) -> list[int]:
    items = json_list(value, field)
    for item in items:
        if not is_json_whole(item):
            raise InputError(f"expected whole numbers, got {item!r}", field=field)
    return items


def _participant(record: Any, field: str) -> Participant:
    """A player record of the history: id and name required (the draw hashes both), the rest
    optional as in the players list."""
    if not isinstance(record, dict) or not is_json_whole(record.get("id")) or not isinstance(record.get("name"), str):
        raise InputError(f"expected a player with an id and a name, got {record!r}", field=field)
    for key in ("federation", "club"):
        if record.get(key) is not None and not isinstance(record[key], str):
            raise InputError(f"expected text, got {record[key]!r}", field=f"{field}.{key}")
    rating = record.get("rating")
    if rating is not None and not is_json_whole(rating):
        raise InputError(f"expected a whole number, got {rating!r}", field=f"{field}.rating")
    return Participant(id=record["id"], name=record["name"], rating=rating, federation=record.get("federation"),
                       club=record.get("club"))

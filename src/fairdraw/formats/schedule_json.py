"""The shared schedule JSON format ``fairdraw.schedule/1`` (docs/formats.md).

Every system writes this format and ``fairdraw check`` reads it. The schema is declared
with Pydantic so that a bad file is reported with the path of the offending field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from fairdraw.core.errors import InputError
from fairdraw.core.model import BYE_KINDS, Bye, Game, Participant, Round, Schedule, Table
from fairdraw.formats.players import MAX_RATING, MIN_RATING, unprintable
from fairdraw.formats.text_files import looks_like_trf, parse_json, read_text

FORMAT_ID = "fairdraw.schedule/1"


class _Doc(BaseModel):
    # strict: a seat written true or "3" is a mistake to report, not a number to guess
    model_config = ConfigDict(extra="allow", strict=True)


class PlayerDoc(_Doc):
    id: int
    number: int | None = None
    name: str
    rating: int | None = None
    federation: str | None = None
    club: str | None = None

    @field_validator("name", "federation", "club")
    @classmethod
    def _printable(cls, value: str | None) -> str | None:
        """Printed on every list: refused as a players file refuses it (``formats.players``)."""
        problem = unprintable(value) if value is not None else None
        if problem:
            raise ValueError(problem)
        return value


class GameDoc(_Doc):
    game: int
    seats: list[int]
    out: list[int] = Field(default_factory=list)
    scores: list[int] | None = None
    penalties: list[int] | None = None


class TableDoc(_Doc):
    table: int
    group: str | None = None
    seats: list[int]
    games: list[GameDoc] | None = None
    result: str | None = None
    scores: list[int] | None = None
    penalties: list[int] | None = None


class RoundDoc(_Doc):
    round: int
    tables: list[TableDoc]
    byes: list[int] = Field(default_factory=list)
    bye_kinds: dict[str, str] | None = None


class ScheduleDoc(_Doc):
    format: str = FORMAT_ID
    system: str
    seed: str | int | None = None
    players: list[PlayerDoc]
    rounds: list[RoundDoc]
    meta: dict[str, Any] | None = None


def schedule_to_dict(schedule: Schedule) -> dict[str, Any]:
    """The JSON-ready dict of a schedule, keys in the documented order."""
    players = [
        {
            "id": p.id,
            "number": schedule.number_of(p.id),
            "name": p.name,
            "rating": p.rating,
            "federation": p.federation,
            "club": p.club,
        }
        for p in schedule.players
    ]
    rounds = []
    for rnd in schedule.rounds:
        tables = []
        for table in rnd.tables:
            entry: dict[str, Any] = {"table": table.table, "group": table.group, "seats": list(table.seats)}
            if table.games:
                entry["games"] = [_game_dict(g) for g in table.games]
            if table.result is not None:
                entry["result"] = table.result
            if table.scores is not None:
                entry["scores"] = list(table.scores)
            if table.penalties is not None:
                entry["penalties"] = list(table.penalties)
            tables.append(entry)
        round_entry: dict[str, Any] = {"round": rnd.round, "tables": tables, "byes": [b.id for b in rnd.byes]}
        kinds = {str(b.id): b.kind for b in rnd.byes if b.kind != "bye"}
        if kinds:
            round_entry["bye_kinds"] = kinds
        rounds.append(round_entry)
    doc: dict[str, Any] = {
        "format": FORMAT_ID,
        "system": schedule.system,
        "seed": schedule.seed,
        "players": players,
        "rounds": rounds,
    }
    if schedule.meta:
        doc["meta"] = schedule.meta
    return doc


def _game_dict(game: Game) -> dict[str, Any]:
    entry: dict[str, Any] = {"game": game.game, "seats": list(game.seats), "out": list(game.out)}
    if game.scores is not None:
        entry["scores"] = list(game.scores)
    if game.penalties is not None:
        entry["penalties"] = list(game.penalties)
    return entry


def dump_schedule(schedule: Schedule) -> str:
    """Serialise deterministically (same schedule, same bytes), laid out by ``layout_json``."""
    return layout_json(schedule_to_dict(schedule)) + "\n"


_SCALARS = (str, int, float, bool, type(None))
_encode_line = json.JSONEncoder(ensure_ascii=False).encode


def _one_line(value: Any) -> bool:
    """A value that reads best on one line: a scalar, a list of scalars, or an object whose
    values are scalars or lists of scalars (a player, a table, a round's byes, the metrics)."""
    def flat_list(items: Any) -> bool:
        return isinstance(items, list) and all(isinstance(x, _SCALARS) for x in items)
    if isinstance(value, dict):
        return all(isinstance(x, _SCALARS) or flat_list(x) for x in value.values())
    return isinstance(value, _SCALARS) or flat_list(value)


def layout_json(value: Any, indent: str = "") -> str:
    """JSON indented by two spaces down to the objects that fit ``_one_line``, each written on
    one line: one player, one table, one game per line. Why: an arbiter reads (and may correct)
    a schedule file by hand, and a table spread over eight lines hides its neighbours; a
    1,000-player round robin is also written in 30 MB instead of 68, in half the time."""
    if _one_line(value):
        return _encode_line(value)
    inner = indent + "  "
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[\n" + ",\n".join(inner + layout_json(x, inner) for x in value) + "\n" + indent + "]"
    if not value:
        return "{}"
    body = ",\n".join(f"{inner}{_encode_line(str(k))}: {layout_json(x, inner)}" for k, x in value.items())
    return "{\n" + body + "\n" + indent + "}"


#: the longest quote of a bad value in an error message; a schedule runs to megabytes
QUOTED_VALUE_LIMIT = 80


def validation_message(error: Any) -> str:
    """One pydantic error as a line a person reads: the message, and the bad value quoted
    (cut to ``QUOTED_VALUE_LIMIT`` characters) unless the field is missing, where the value
    is the enclosing object, possibly the whole document."""
    if error["type"] == "missing":
        return str(error["msg"])
    shown = repr(error.get("input"))
    if len(shown) > QUOTED_VALUE_LIMIT:
        shown = shown[: QUOTED_VALUE_LIMIT - 1] + "…"
    message = str(error["msg"])
    if error["type"] in ("model_type", "model_attributes_type"):
        # pydantic names its own classes ("instance of ScheduleDoc"), which no user wrote
        message = "expected a JSON object"
    elif message.startswith("Value error, "):
        message = message[len("Value error, "):]
    return f"{message} (got {shown})"


def schedule_from_dict(data: Any, *, source: str = "<json>") -> Schedule:
    """Validate and convert a parsed JSON document; InputError names the bad field."""
    try:
        doc = ScheduleDoc.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        path = ".".join(str(part) for part in first["loc"])
        raise InputError(validation_message(first), source=source, field=path) from None
    if doc.format != FORMAT_ID:
        raise InputError(f"expected format {FORMAT_ID!r}, got {doc.format!r}", source=source, field="format")
    players = tuple(
        Participant(id=p.id, name=p.name, rating=p.rating, federation=p.federation, club=p.club) for p in doc.players
    )
    _check_ratings(doc.players, source)
    numbers = {p.id: p.number for p in doc.players if p.number is not None}
    rounds = []
    for index, r in enumerate(doc.rounds):
        kinds = r.bye_kinds or {}
        listed = {str(b) for b in r.byes}
        for key, kind in kinds.items():
            if kind not in BYE_KINDS:
                raise InputError(f"unknown bye kind {kind!r}; expected one of {', '.join(BYE_KINDS)}",
                                 source=source, field=f"rounds.{index}.bye_kinds.{key}")
            if key not in listed:  # a typo ("7" for 17) left 17's bye read as a pairing-allocated one
                raise InputError(f"{key!r} is not a bye of round {r.round} (its byes: "
                                 f"{', '.join(sorted(listed, key=lambda x: (len(x), x))) or 'none'}); "
                                 "a bye kind names a player in the round's byes",
                                 source=source, field=f"rounds.{index}.bye_kinds.{key}")
        tables = tuple(
            Table(
                table=t.table,
                seats=tuple(t.seats),
                group=t.group,
                games=tuple(
                    Game(
                        game=g.game,
                        seats=tuple(g.seats),
                        out=tuple(g.out),
                        scores=tuple(g.scores) if g.scores is not None else None,
                        penalties=tuple(g.penalties) if g.penalties is not None else None,
                    )
                    for g in (t.games or [])
                ),
                result=t.result,
                scores=tuple(t.scores) if t.scores is not None else None,
                penalties=tuple(t.penalties) if t.penalties is not None else None,
            )
            for t in r.tables
        )
        byes = tuple(Bye(id=b, kind=kinds.get(str(b), "bye")) for b in r.byes)
        rounds.append(Round(round=r.round, tables=tables, byes=byes))
    _check_board_seats(doc.system, rounds, source)
    seed = None if doc.seed is None else str(doc.seed)
    return Schedule(
        system=doc.system, players=players, rounds=tuple(rounds), numbers=numbers, seed=seed, meta=doc.meta or {}
    )


def _check_ratings(players: list[PlayerDoc], source: str) -> None:
    """A rating is what TRF16's four rating columns hold (``formats.players.MIN_RATING`` to
    ``MAX_RATING``), as every players file and the web page's forms take it: refused on reading,
    naming the player, not when ``fairdraw trf`` is run for the rating officer (an audit: a
    schedule's 12000 was taken by every command and refused only at that export). The same for
    every system: a mahjong or league player's rating comes through the same players reader."""
    for index, p in enumerate(players):
        if p.rating is not None and not MIN_RATING <= p.rating <= MAX_RATING:
            raise InputError(f"player {p.id} ({p.name}): rating must be between {MIN_RATING} and {MAX_RATING} "
                             f"(TRF16's rating field), got {p.rating}; leave it out for an unrated player",
                             source=source, field=f"players.{index}.rating")


def _check_board_seats(system: str, rounds: list[Round], source: str) -> None:
    """A chess system's schedule seats two at every board (``PairingSystem.seats_per_table``):
    a table of 4 in a round robin was scored as mahjong, every player on 0."""
    from fairdraw.core.registry import system_seats

    seats = system_seats(system)
    if seats is None:
        return
    for i, rnd in enumerate(rounds):
        for j, table in enumerate(rnd.tables):
            if len(table.seats) != seats:
                raise InputError(f"round {rnd.round} board {table.table}: a {system} board seats {seats} players, "
                                 f"got {len(table.seats)}", source=source, field=f"rounds.{i}.tables.{j}.seats")


def looks_like_schedule(data: Any) -> bool:
    """Whether a parsed JSON document is a schedule (it has ``rounds`` or a ``system``), not
    a players list or standings, which also list players: the commands that take either kind
    of file tell them apart by this one rule."""
    return isinstance(data, dict) and ("rounds" in data or "system" in data)


def unread_keys(data: Any, limit: int = 10) -> list[str]:
    """Up to ``limit`` keys of a schedule document that no reader here uses, by their path
    (``rounds.0.tables.2.reslut``): the format allows them, so a misspelt key (a result under
    "reslut") was dropped without a word; ``check`` names them. Players and ``meta`` may carry
    anything (an email, a tool's own records) and are not looked into."""
    found: list[str] = []

    def scan(obj: Any, model: type[BaseModel], path: str) -> None:
        if not isinstance(obj, dict):
            return
        found.extend(f"{path}{key}" for key in obj if key not in model.model_fields)

    scan(data, ScheduleDoc, "")
    for r, rnd in enumerate(data.get("rounds") or [] if isinstance(data, dict) else []):
        scan(rnd, RoundDoc, f"rounds.{r}.")
        tables = rnd.get("tables") if isinstance(rnd, dict) else None
        for t, table in enumerate(tables if isinstance(tables, list) else []):
            scan(table, TableDoc, f"rounds.{r}.tables.{t}.")
            games = table.get("games") if isinstance(table, dict) else None
            for g, game in enumerate(games if isinstance(games, list) else []):
                scan(game, GameDoc, f"rounds.{r}.tables.{t}.games.{g}.")
        if len(found) >= limit:
            break
    return found[:limit]


def load_schedule(path: str | Path) -> Schedule:
    """Read a schedule JSON file; InputError names the file, line/column or field."""
    path = Path(path)
    text = read_text(path)  # a byte order mark (Windows editors write one) is no JSON error

    def hint() -> str:
        # the commonest slip: a players CSV or a TRF16 file where a schedule was asked for
        kind = ("a TRF16 file" if looks_like_trf(text) else
                "a players file" if path.suffix.lower() in (".csv", ".tsv") else None)
        return f" (this looks like {kind}; a schedule JSON was expected)" if kind else ""

    return schedule_from_dict(parse_json(text, source=str(path), hint=hint), source=str(path))

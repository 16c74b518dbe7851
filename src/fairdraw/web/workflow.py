"""What the organiser's buttons do, over the registry and the core model (no HTTP here).

Everything is generic over ``fairdraw.core.registry``: a system registered on ``main``
works on the page as soon as it lands. Fixed systems ("fixed": Berger, Meerkamp, Heller,
mahjong seating, league) produce the whole schedule at once; per-round systems (the
Swiss systems) get the rounds played so far, with results, and produce the next one.
Standings come from the scoring layer of issue 6 through its documented command
``fairdraw standings --json``; while that layer is missing the page says so instead of
inventing numbers.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fairdraw.core.errors import FairdrawError, InputError
from fairdraw.core.model import Participant, Round, Schedule
from fairdraw.core.registry import PairingRequest, all_systems, get_system
from fairdraw.formats.players import parse_players_csv, parse_players_json
from fairdraw.formats.schedule_json import dump_schedule

#: chess result as typed -> the canonical string of the core model (``Table.result``).
#: The keyboard shortcuts of issue 7 item 2: ``1`` white wins, ``=`` draw, ``0`` black wins.
CHESS_RESULTS: dict[str, str] = {
    "1": "1-0", "1-0": "1-0", "w": "1-0",
    "0": "0-1", "0-1": "0-1", "b": "0-1",
    "=": "1/2-1/2", "½": "1/2-1/2", "1/2": "1/2-1/2", "0.5": "1/2-1/2", ".5": "1/2-1/2", "5": "1/2-1/2",
    "½-½": "1/2-1/2", "1/2-1/2": "1/2-1/2", "=-=": "1/2-1/2", "d": "1/2-1/2",
    "+": "+/-", "+/-": "+/-", "+-": "+/-",
    "-": "-/+", "-/+": "-/+", "-+": "-/+",
    "--": "-/-", "-/-": "-/-",
}
CHESS_RESULT_LABELS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "+/-": "+/−", "-/+": "−/+", "-/-": "−/−"}


class UnavailableError(FairdrawError):
    """A feature whose system or layer has not landed in this installation yet."""


def system_choices() -> list[dict[str, str]]:
    """Every registered system for the "new event" form."""
    return [{"name": cls.name, "kind": cls.kind, "description": cls.description} for cls in all_systems()]


def system_kind(name: str) -> str:
    """``fixed`` or ``per-round``; ``unknown`` when the system is not installed here."""
    for cls in all_systems():
        if cls.name == name:
            return cls.kind
    return "unknown"


def parse_options(text: str) -> dict[str, Any]:
    """System options from ``key=value`` lines (or a JSON object).

    Values become booleans (true/false/yes/no), whole numbers or decimals where they look
    like one, else strings; ``group-size`` and ``group_size`` are the same key.
    """
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"options: not valid JSON ({exc.msg})", field="options", line=exc.lineno) from None
        if not isinstance(data, dict):
            raise InputError("options: expected a JSON object", field="options")
        return {str(k).replace("-", "_"): v for k, v in data.items()}
    options: dict[str, Any] = {}
    for number, raw in enumerate(re.split(r"[\n,;]+", text), start=1):
        line = raw.strip()
        if not line:
            continue
        key, sep, value = line.partition("=")
        key = key.strip().lstrip("-").replace("-", "_")
        if not key:
            raise InputError(f"options: {line!r} is not key=value", field="options", line=number)
        options[key] = _option_value(value.strip()) if sep else True
    return options


def _option_value(value: str) -> Any:
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    if re.fullmatch(r"-?\d+\.\d*", value):
        return float(value)
    return value


def format_options(options: dict[str, Any]) -> str:
    """The inverse of ``parse_options`` for display."""
    return ", ".join(f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in options.items())


# --- players in ----------------------------------------------------------------------


def parse_player_text(text: str, *, filename: str = "pasted text") -> list[Participant]:
    """Players from pasted or uploaded CSV, JSON or TRF16 text."""
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        raise InputError("nothing to import", source=filename)
    if stripped.startswith(("[", "{")):
        return parse_players_json(stripped, source=filename)
    if re.match(r"^(012|001|XX.) ", stripped) or "\n001 " in stripped:
        return _players_from_trf(stripped, filename)
    return parse_players_csv(stripped, source=filename)


def _players_from_trf(text: str, filename: str) -> list[Participant]:
    try:
        from fairdraw.formats import trf  # issue 3 (swiss branch)
    except ImportError:
        raise UnavailableError("TRF16 import is not available yet: the TRF16 reader (issue 3) is not installed") from None
    reader = getattr(trf, "parse_trf", None) or getattr(trf, "read_trf_text", None) or getattr(trf, "loads", None)
    if reader is None:
        raise UnavailableError("TRF16 import is not available yet: no text reader found in fairdraw.formats.trf")
    parsed = reader(text)
    players = getattr(parsed, "players", parsed)
    result: list[Participant] = []
    for p in players:
        if isinstance(p, Participant):
            result.append(p)
        else:
            result.append(Participant(id=int(p.id), name=str(p.name), rating=getattr(p, "rating", None) or None,
                                      federation=getattr(p, "federation", None) or None))
    if not result:
        raise InputError("the TRF16 text lists no players (no 001 lines)", source=filename)
    return result


# --- pairing -------------------------------------------------------------------------


@dataclass
class Pairing:
    """The rounds a click on "pair" produced, and what the system said about them."""

    rounds: list[Round]
    meta: dict[str, Any] = field(default_factory=dict)
    numbers: dict[int, int] = field(default_factory=dict)


def pair_next(schedule: Schedule, *, withdrawn: set[int], total_rounds: int | None, options: dict[str, Any]) -> Pairing:
    """Pair the next round (per-round systems) or the whole schedule (fixed systems)."""
    try:
        system = get_system(schedule.system)
    except KeyError:
        raise UnavailableError(
            f"the pairing system {schedule.system!r} is not installed in this version of fairdraw"
        ) from None
    active = tuple(p for p in schedule.players if p.id not in withdrawn)
    if len(active) < 2:
        raise InputError("add at least two players first")
    played = schedule.rounds
    if system.kind == "fixed":
        if played:
            raise InputError(
                "the schedule is already made; undo rounds to remake it (a fixed system plans every round at once)"
            )
        request = PairingRequest(players=active, total_rounds=total_rounds, seed=schedule.seed, options=options)
        produced = system.pair(request)
        new_rounds = list(produced.rounds)
    else:
        if total_rounds is not None and len(played) >= total_rounds:
            raise InputError(f"all {total_rounds} rounds are paired")
        if played:
            last = played[-1]
            missing = [t.table for t in last.tables if t.result is None and t.scores is None]
            if missing:
                raise InputError(
                    f"enter every result of round {last.round} first (missing: board {', '.join(map(str, missing))})"
                )
        request = PairingRequest(
            players=active, history=played, total_rounds=total_rounds, seed=schedule.seed, options=options
        )
        produced = system.pair(request)
        new_rounds = [r for r in produced.rounds if r.round > len(played)][:1]
        if not new_rounds:
            raise InputError("the system produced no new round")
    return Pairing(rounds=new_rounds, meta=_json_safe(produced.meta), numbers=dict(produced.numbers))


def _json_safe(value: Any) -> Any:
    """System metadata as plain JSON values (it is stored in a JSON column)."""
    return json.loads(json.dumps(value, default=str))


# --- results in ----------------------------------------------------------------------


def parse_chess_result(text: str, *, board: str) -> str | None:
    """The canonical result for what was typed in a board's field ('' means no result)."""
    value = text.strip().replace(" ", "")
    if not value:
        return None
    try:
        return CHESS_RESULTS[value.lower()]
    except KeyError:
        raise InputError(
            f"board {board}: {text!r} is not a result (type 1, = or 0; +, - or -- for forfeits)", field="result"
        ) from None


def parse_scores(values: list[str], *, board: str) -> tuple[int, ...] | None:
    """Final scores per seat of a mahjong table: all seats filled, or none."""
    cleaned = [v.strip().replace(" ", "").replace("_", "") for v in values]
    if not any(cleaned):
        return None
    if not all(cleaned):
        raise InputError(f"table {board}: fill in a score for every seat, or none", field="scores")
    try:
        return tuple(int(v) for v in cleaned)
    except ValueError:
        raise InputError(f"table {board}: scores must be whole numbers, got {' '.join(cleaned)}", field="scores") from None


# --- standings -----------------------------------------------------------------------


@dataclass
class Standings:
    """Ranked rows as the scoring layer's JSON gives them, and the tie-break codes."""

    rows: list[dict[str, Any]]
    codes: list[str]


_cli_lock = threading.Lock()


def standings(schedule: Schedule, *, scoring: str | None, tiebreaks: str | None) -> Standings:
    """Standings through ``fairdraw standings FILE --json`` (issue 6, item 4).

    The command's JSON output is the documented interface of the scoring layer, so the
    page shows exactly what the CLI shows. Raises ``UnavailableError`` while the command
    is not installed.
    """
    from fairdraw.cli import app as cli_app  # imports every command module
    from fairdraw.cli.base import app

    del cli_app
    names = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}
    if "standings" not in names:
        raise UnavailableError("standings are not available yet: the scoring layer (issue 6) is not installed")
    if not any(r.tables for r in schedule.rounds):
        return Standings(rows=[], codes=[])
    args = ["standings"]
    with tempfile.TemporaryDirectory(prefix="fairdraw-") as tmp:
        path = Path(tmp) / "event.json"
        path.write_text(dump_schedule(schedule), encoding="utf-8")
        args.append(str(path))
        if scoring:
            args += ["--scoring", scoring]
        if tiebreaks:
            args += ["--tiebreaks", tiebreaks]
        args.append("--json")
        out, err = io.StringIO(), io.StringIO()
        with _cli_lock, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                app(args=args, standalone_mode=False)
            except InputError as exc:
                raise InputError(f"standings: {exc.message}") from None
            except SystemExit as exc:
                if exc.code not in (0, None):
                    raise InputError(f"standings failed: {err.getvalue().strip() or exc.code}") from None
            except Exception as exc:  # click usage errors: an unknown scoring or tie-break code
                raise InputError(f"standings: {exc}") from None
    try:
        data = json.loads(out.getvalue())
    except json.JSONDecodeError:
        raise InputError("standings: the scoring layer did not return JSON") from None
    rows = list(data.get("standings", []))
    codes: list[str] = []
    for row in rows:
        for code in (row.get("tiebreaks") or {}):
            if code not in codes:
                codes.append(code)
    return Standings(rows=rows, codes=codes)


# --- exports -------------------------------------------------------------------------


def export_json(schedule: Schedule) -> str:
    """The shared schedule JSON (``fairdraw.schedule/1``) with results."""
    return dump_schedule(schedule)


def export_trf(schedule: Schedule) -> str:
    """TRF16 through the writer of issue 3, when it is installed."""
    try:
        from fairdraw.formats import trf
    except ImportError:
        raise UnavailableError("TRF16 export is not available yet: the TRF16 writer (issue 3) is not installed") from None
    writer = getattr(trf, "schedule_to_trf", None) or getattr(trf, "dump_trf", None)
    if writer is None:
        raise UnavailableError("TRF16 export is not available yet: no schedule writer in fairdraw.formats.trf")
    return str(writer(schedule))


def export_csv(schedule: Schedule) -> str:
    """One row per seat and per bye, with the result or score: easy to open in a spreadsheet."""
    import csv

    from fairdraw.formats.render import seat_labels

    names = {p.id: p.name for p in schedule.players}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "group", "table", "seat", "id", "number", "name", "result", "score"])
    for rnd in schedule.rounds:
        for table in rnd.tables:
            labels = seat_labels(len(table.seats))
            for index, (seat, pid) in enumerate(zip(labels, table.seats, strict=True)):
                score = table.scores[index] if table.scores is not None and index < len(table.scores) else ""
                writer.writerow([rnd.round, table.group or "", table.table, seat, pid, schedule.number_of(pid),
                                 names.get(pid, ""), table.result or "", score])
        for bye in rnd.byes:
            writer.writerow([rnd.round, "", "", bye.kind, bye.id, schedule.number_of(bye.id), names.get(bye.id, ""),
                             "", ""])
    return out.getvalue()


def export_players_csv(schedule: Schedule) -> str:
    """The field as a players CSV that ``fairdraw`` reads back (issue 2, item 4)."""
    import csv

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "name", "rating", "federation", "club"])
    for p in schedule.players:
        writer.writerow([p.id, p.name, "" if p.rating is None else p.rating, p.federation or "", p.club or ""])
    return out.getvalue()

"""``fairdraw pair``: the next round of a per-round system (FIDE Dutch, club Swiss, ...),
and ``dutch_check`` behind ``fairdraw check --dutch TRF|JSON``.

Input is a TRF16 file or a schedule JSON with results (for round 1 also a players file); the
system is looked up in the registry, so any per-round system works the same way. Output: a
readable table (default), the endorsed engines' list format (``-p``: number of pairs, then
``white black`` per board, the pairing-allocated bye as ``n 0``, by pairing number), the schedule JSON
(``--json``) or a printable page of the new round (``--html``). Nothing is written when the input is bad (exit 2) or cannot be paired
(exit 3).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from fairdraw.cli.base import (
    app,
    check_output,
    console,
    err_console,
    naming_the_file,
    player_ids,
    refuse_shared_numbers,
    refuse_to_overwrite_results,
    split_values,
    write_output,
)
from fairdraw.core.errors import InputError
from fairdraw.core.model import Round, Schedule
from fairdraw.core.player_rules import withdrawal_rounds
from fairdraw.core.registry import PairingRequest, get_system, system_kind


def _head(path: Path) -> bytes:
    """The file's first bytes, a byte order mark and leading blanks stripped, to tell a
    schedule JSON, a players list and a TRF16 file apart (``formats.text_files`` reads it)."""
    from fairdraw.formats.text_files import read_bytes, without_bom

    return without_bom(read_bytes(path)[:512]).lstrip()


def _looks_like_json(path: Path) -> bool:
    """Whether the file is a JSON object (a schedule), not a TRF16 file; a leading byte order
    mark does not make a schedule a TRF (the readers strip it: ``formats.text_files``)."""
    return _head(path).startswith(b"{")


def _points_from_json(value: Any, source: str) -> Any:
    """``meta.points`` ({"win": 1, "draw": 0.5, ...}, in points) as the engine's tenths (read by
    ``formats.trf.point_system_from_meta``, so the export and the standings agree)."""
    from fairdraw.formats.trf import POINT_NAMES, point_system_from_meta
    from fairdraw.systems.dutch.state import Points

    system = point_system_from_meta(value, source)
    return Points(**{name: getattr(system, name) for name in POINT_NAMES})


def _is_players_list(path: Path) -> bool:
    """A players file (CSV/TSV, a JSON list, or an object with ``players`` but neither
    ``system`` nor ``rounds``: docs/formats.md), not an event: the field of a Swiss yet to start."""
    import json

    if path.suffix.lower() in (".csv", ".tsv"):
        return True
    head = _head(path)
    if head.startswith(b"["):
        return True
    if not head.startswith(b"{"):
        return _has_players_header(head)
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (UnicodeDecodeError, ValueError):  # JSONDecodeError, or a number over 4,300 digits
        return False  # the schedule reader names what is wrong
    from fairdraw.formats.schedule_json import looks_like_schedule

    return isinstance(data, dict) and "players" in data and not looks_like_schedule(data)


def _has_players_header(head: bytes) -> bool:
    """A players table saved under another name (``players.txt``): its first line is a header
    with a ``name`` column, where a TRF16 file starts with a three-character code and a space."""
    from fairdraw.formats.players import header_columns, header_line
    from fairdraw.formats.text_files import looks_like_trf

    text = head.decode("utf-8", errors="replace")
    if looks_like_trf(text):
        return False
    return "name" in header_columns(header_line(text))


def _recorded_system(path: Path) -> str | None:
    """The per-round system a schedule JSON records (``"system": "keizer"``), else None (a file
    that is not JSON, or not a schedule: the schedule reader says what is wrong)."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    recorded = data.get("system") if isinstance(data, dict) else None
    return recorded if isinstance(recorded, str) and system_kind(recorded) == "per-round" else None


def initial_colour_of(value: Any, *, source: str | None = None, field: str) -> str:
    """"white" or "black" from what a user wrote (either case, as ``--initial-colour`` and
    ``meta.initial_colour`` take it): the colour of pairing number 1 in round 1 (FIDE C.04.3
    E.5). Anything else is refused naming ``field``: read as "no colour given", "Black" or
    "purple" silently gave White."""
    colour = value.strip().lower() if isinstance(value, str) else None
    if colour not in ("white", "black"):
        raise InputError(f"the initial colour must be white or black, got {value!r}", source=source, field=field)
    return colour


def _check_history(schedule: Schedule, path: Path) -> None:
    """A schedule's field and rounds, checked as every per-round system checks them
    (``core.history_rules``: nobody listed twice, nobody seated twice in a round) before
    anything reads them, so ``pair`` and ``check --dutch`` name the file whatever system."""
    from fairdraw.core.history_rules import check_chess_history

    with naming_the_file(path):
        check_chess_history((p.id for p in schedule.players), schedule.rounds)


def _late_entries(schedule: Schedule) -> dict[str, int]:
    """``meta.joined`` (id -> first round) of the players who are in no round before some round
    after the first: late entries. `fairdraw check --everyone` then expects them only from that
    round on, as it does a seating's newcomers (an audit: a late entry was reported "not placed"
    in every round before they joined). Read from the rounds, so it is the same on every pairing."""
    opening = min((rnd.round for rnd in schedule.rounds), default=1)
    return {str(pid): number for pid, number in sorted(schedule.first_rounds().items()) if number > opening}


def _later_records(meta: Mapping[str, Any], nxt: int, options: Mapping[str, Any], source: str) -> dict[str, Any]:
    """A JSON's records for later rounds (TRF-2026 240 byes, ``meta.byes_later``: round -> {id:
    kind}; 260 groups, ``meta.forbidden_later``: [{"rounds": [first, last], "players": [...]}]),
    split into what the round ``nxt`` takes (its byes asked for, its forbidden groups, beside
    the XXP ones) and what the JSON written after it keeps. A damaged record exits 2 naming it."""
    out: dict[str, Any] = {}
    byes = meta.get("byes_later")
    if byes is not None:
        if not (isinstance(byes, dict) and all(isinstance(v, dict) for v in byes.values())
                and all(str(r).isdigit() and all(str(i).isdigit() and isinstance(k, str) for i, k in v.items())
                        for r, v in byes.items())):
            raise InputError("expected an object of round -> {player id: bye kind}", source=source, field="meta.byes_later")
        now = {int(i): kind for i, kind in (byes.get(str(nxt)) or {}).items()}
        out["requested_byes"] = {**now, **dict(options.get("requested_byes") or {})}
        out["byes_later"] = {r: v for r, v in byes.items() if int(r) > nxt}
    groups = meta.get("forbidden_later")
    if groups is not None:
        def sound(entry: Any) -> bool:
            return (isinstance(entry, dict) and isinstance(entry.get("rounds"), list) and len(entry["rounds"]) == 2
                    and all(isinstance(x, int) for x in entry["rounds"]) and isinstance(entry.get("players"), list)
                    and all(isinstance(x, int) for x in entry["players"]))
        if not (isinstance(groups, list) and all(sound(g) for g in groups)):
            raise InputError('expected a list of {"rounds": [first, last], "players": [ids]}', source=source,
                             field="meta.forbidden_later")
        every = list(options.get("forbidden_pairs") or [])
        out["forbidden_every_round"] = every
        out["forbidden_pairs"] = every + [g["players"] for g in groups if g["rounds"][0] <= nxt <= g["rounds"][1]]
        out["forbidden_later"] = [{"rounds": [max(g["rounds"][0], nxt + 1), g["rounds"][1]], "players": g["players"]}
                                  for g in groups if g["rounds"][1] > nxt]
    return out


def load_request(path: Path, total_rounds: int | None = None, initial_colour: str | None = None) -> PairingRequest:
    """A PairingRequest for the round after the last one in ``path`` (TRF16 or JSON), or for
    round 1 from a players file, the field in its initial order (FIDE C.04.2)."""
    if _is_players_list(path):
        from fairdraw.cli.base import load_players
        from fairdraw.core.initial_order import strength_order

        players = strength_order(tuple(load_players(path)))  # its notes shown, as every command shows them
        request = PairingRequest(players=players, history=(), total_rounds=total_rounds)
    elif _looks_like_json(path):
        from fairdraw.formats.schedule_json import load_schedule

        schedule = load_schedule(path)
        wide = next((t for r in schedule.rounds for t in r.tables if len(t.seats) != 2), None)
        if wide is not None:  # e.g. a mahjong seating: say so, not "a board needs two seats" deep inside
            raise InputError(f"this is a {schedule.system!r} schedule with tables of {len(wide.seats)}; "
                             "`fairdraw pair` pairs chess boards of two (dutch, club-swiss)",
                             source=str(path), field="system")
        # a Meerkamp or Heller event is no Swiss: pairing it rewrote it as one (a system this
        # version does not know is read as boards, as before)
        if system_kind(schedule.system) == "fixed":
            raise InputError(f"this is a {schedule.system!r} event, whose schedule is made at once; `fairdraw pair` "
                             "pairs the next round of a Swiss or Keizer event (its results go in with "
                             "`fairdraw result`)", source=str(path), field="system")
        _check_history(schedule, path)
        meta = schedule.meta or {}
        options: dict[str, Any] = {}
        for key in ("requested_byes", "forbidden_pairs", "accelerations", "withdrawn", "withdrawn_at", "rematch_after",
                    "keizer"):
            if key in meta:
                options[key] = meta[key]
        if "withdrawn_at" in meta:
            # read once here, naming the file: a damaged record was a traceback when written back
            with naming_the_file(path):
                options["withdrawn_at"] = {str(k): v for k, v in withdrawal_rounds(meta).items()}
        if "initial_colour" in meta:
            options["initial_colour"] = initial_colour_of(meta["initial_colour"], source=str(path),
                                                          field="meta.initial_colour")
        if "baku" in meta:  # FIDE C.04.5.1, as "192 FIDE_DUTCH_2025_BAKU" asks in TRF
            if not isinstance(meta["baku"], bool):
                raise InputError("meta.baku must be true or false", source=str(path), field="meta.baku")
            options["baku"] = meta["baku"]
        if "points" in meta:  # the point system (TRF's BBW/BBD/... lines)
            options["points"] = _points_from_json(meta["points"], str(path))
        options.update(_later_records(meta, len(schedule.rounds) + 1, options, str(path)))
        # --rounds 0 is refused (pair_command), not passed over for the file's count as a falsy value
        rounds = total_rounds if total_rounds is not None else meta.get("total_rounds")
        if total_rounds is None and rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)):
            raise InputError(f"expected a whole number of rounds, got {rounds!r}", source=str(path), field="meta.total_rounds")
        # the recorded pairing numbers order the field, whatever order the list is in (a file
        # sorted by name by hand paired and ranked by list position, where the standings and
        # the printed lists go by number); a field with a player yet unnumbered keeps its order
        players = schedule.players
        refuse_shared_numbers(schedule, str(path))
        if schedule.numbers:
            # the numbered players in their numbers' order, then the late entries (no number yet)
            # in list order, so a late entry takes the next free number wherever it was typed in
            # (one typed in mid-list took that place, and everyone after it moved down one: an audit)
            listed = {p.id: index for index, p in enumerate(players)}
            players = tuple(sorted(players, key=lambda p: (0, schedule.numbers[p.id], p.id) if p.id in schedule.numbers
                                   else (1, listed[p.id], p.id)))
        request = PairingRequest(
            players=players, history=schedule.rounds, total_rounds=rounds, seed=schedule.seed, options=options
        )
    else:
        from fairdraw.formats.trf import read_trf, trf_to_request

        request = trf_to_request(read_trf(path), total_rounds=total_rounds)
        ranks = sorted(p.id for p in request.players)
        missing = sorted(set(range(1, ranks[-1] + 1)) - set(ranks)) if ranks else []
        if missing:
            # FIDE C.04.2 numbers the field 1 to N and bbpPairings refuses such a file; paired
            # as the field renumbered in order (bbpPairings' pairing of that file), but said
            shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            err_console.print(f"note: {path}: the start ranks skip {shown}; paired as if the field were numbered 1 "
                              f"to {len(ranks)} in start-rank order, the lists keeping the file's ranks (FIDE C.04.2 "
                              "numbers it without gaps)",
                              highlight=False, soft_wrap=True, markup=False)
    if initial_colour:
        opts = dict(request.options)
        opts["initial_colour"] = initial_colour
        request = PairingRequest(
            players=request.players, history=request.history, total_rounds=request.total_rounds,
            seed=request.seed, options=opts,
        )
    return request


#: the event's standing settings, which the next ``pair`` on the JSON written must see again
_CARRIED = ("withdrawn", "forbidden_pairs", "initial_colour", "accelerations", "baku", "rematch_after", "keizer",
            "byes_later", "forbidden_later")


def _settings_of(request: PairingRequest) -> dict[str, Any]:
    """What a written schedule JSON must keep to be paired again under the same rules:
    the total rounds (C.04.1 a), withdrawals, forbidden pairs (XXP), the initial colour,
    accelerations, a point system other than FIDE's default. Requested byes are for one round
    only and are not carried."""
    import json

    meta: dict[str, Any] = {}
    if request.total_rounds is not None:
        meta["total_rounds"] = request.total_rounds
    for key in _CARRIED:
        value = request.options.get(key)
        if key == "forbidden_pairs" and "forbidden_every_round" in request.options:
            value = request.options["forbidden_every_round"]  # a TRF's XXP, not its round-limited 260 lines
        if value in (None, [], {}, ()):
            continue
        try:
            meta[key] = json.loads(json.dumps(value, default=list))
        except (TypeError, ValueError):
            continue
    from fairdraw.formats.trf import point_system_to_meta  # the inverse of _points_from_json

    points = request.options.get("points")
    if points is not None and (carried := point_system_to_meta(points)) is not None:
        meta["points"] = carried  # the point system the next round is paired under
    return meta


def list_format(rnd: Round, number: Callable[[int], int] = lambda pid: pid) -> str:
    """The endorsed engines' output: pair count, then ``white black`` lines, bye as ``n 0``, by
    pairing number (``number``: id -> pairing number), as the engines number a TRF's players by
    start rank: the list from an event's JSON and from its TRF export are then the same."""
    lines = [f"{number(t.seats[0])} {number(t.seats[1])}" for t in rnd.tables]
    lines += [f"{number(b.id)} 0" for b in rnd.byes if b.kind == "bye"]
    return "\n".join([str(len(lines))] + lines) + "\n"


def _points_before(schedule: Schedule, request: PairingRequest) -> dict[int, str]:
    """Each player's points before the new round, under the event's own scoring (Keizer for a
    Keizer ladder; a TRF's or JSON's point system, in tenths, for the others), as a pairing
    list shows them; empty when they cannot be scored."""
    from fairdraw.formats.standings_render import text_number
    from fairdraw.scoring.base import get_scoring
    from fairdraw.scoring.standard import options_from_tenths
    from fairdraw.scoring.standings import compute_standings, default_scoring

    history = replace(schedule, rounds=schedule.rounds[:-1])
    scoring: Any = default_scoring(history)
    points = request.options.get("points")
    if scoring == "standard" and points is not None:  # the point system the engine paired by
        scoring = get_scoring("standard", **options_from_tenths(points))
    try:
        standings = compute_standings(history, scoring, tiebreaks=[])
    except (InputError, ValueError, KeyError):
        return {}
    return {row.id: text_number(row.points) for row in standings.rows}


def _text(schedule: Schedule, rnd: Round, points: dict[int, str]) -> str:
    names = {p.id: p.name for p in schedule.players}

    def who(pid: int) -> str:
        return f"{names.get(pid, '')} ({points[pid]})" if pid in points else names.get(pid, "")

    number = schedule.number_of  # pairing numbers, as the HTML list and --explain show them
    out = [f"Round {rnd.round} ({schedule.system})"]
    for t in rnd.tables:
        w, b = t.seats[0], t.seats[1]
        out.append(f"{t.table:>4}  {number(w):>4} {who(w):<34} - {number(b):>4} {who(b)}")
    for bye in rnd.byes:
        out.append(f"   -  {number(bye.id):>4} {names.get(bye.id, ''):<28}   {bye.kind}")
    return "\n".join(out) + "\n"


_BYE_WORDS = {"half": "half-point", "full": "full-point", "zero": "zero-point", "absent": "absent"}


def _as_id(key: Any) -> Any:
    """A requested bye's key as the id it names (JSON object keys are text: "5" is player 5)."""
    return int(key) if isinstance(key, str) and key.strip().isdigit() else key


def _file_byes(raw: Any) -> dict[Any, str]:
    """The input file's requested byes as {id: kind}: a mapping as written, or a list of ids
    read as ``core.player_rules`` reads one (kind "absent"); its checks name any bad entry."""
    from fairdraw.core.player_rules import ABSENT

    if not raw:
        return {}
    if isinstance(raw, Mapping):
        return dict(raw)
    if isinstance(raw, list | tuple):
        return {(pid if isinstance(pid, int | str) else repr(pid)): ABSENT for pid in raw}
    raise InputError(f"requested_byes must map player ids to bye kinds, got {raw!r}", field="requested_byes")


def _requested_with(requested: dict[Any, str], byes: list[str]) -> dict[Any, str]:
    """The input file's requested byes ({id: kind}) with those of ``--bye`` added. One player
    given two different byes for the round (``--bye 5:half --bye 5:full``, or a kind other than
    the file's H/F/Z entry) is refused, as ``core.player_rules`` refuses it in a file
    (docs/swiss.md): which one holds is the arbiter's to say, not the last option's."""
    from_file = {_as_id(pid): kind for pid, kind in requested.items()}
    given: dict[int, str] = {}
    for text in split_values(byes):
        pid_text, _, word = text.partition(":")
        kind = _BYE_WORDS.get(word.strip().lower() or "half")
        if kind is None:
            raise InputError(f"--bye {text}: the kind must be one of {', '.join(_BYE_WORDS)}", field="--bye")
        pid = player_ids([pid_text], field="bye")[0]
        if given.get(pid, kind) != kind:
            raise InputError(f"--bye {text}: player {pid} is already given a bye of kind {given[pid]!r} by "
                             "another --bye; give one kind of bye per player", field="--bye")
        if from_file.get(pid, kind) != kind:
            raise InputError(f"--bye {text}: the input file already gives player {pid} a bye of kind "
                             f"{from_file[pid]!r} for this round; give one kind of bye per player", field="--bye")
        given[pid] = kind
    kept = {key: kind for key, kind in requested.items() if _as_id(key) not in given}
    return {**kept, **given}


def _with_announced(options: Mapping[str, Any], byes: list[str], withdraw: list[str]) -> dict[str, Any]:
    """The request's options with the byes asked for this round (``--bye 7:half``) and the
    players who left (``--withdraw 12``) added: what a TRF says with H/F/Z entries and a JSON
    with ``meta.requested_byes`` / ``meta.withdrawn``, given on the command line instead.
    Unknown ids are refused later, with the rest of the request (``core.player_rules``)."""
    out = dict(options)
    out["requested_byes"] = _requested_with(_file_byes(out.get("requested_byes")), byes)
    if withdraw:
        out["withdrawn"] = sorted({*(out.get("withdrawn") or ()), *player_ids(withdraw, field="withdraw")})
    return out


def _say_who(schedule: Schedule, byes: list[str], withdraw: list[str]) -> None:
    """Name each player ``--bye`` / ``--withdraw`` took: they take ids, where the printed lists
    show pairing numbers, and the two differ in a JSON event whose players were listed out of
    rating order (an arbiter typing the number seen gave another player the bye)."""
    names = {p.id: p.name for p in schedule.players}
    # read as the pairing read them (``_requested_with``, ``player_ids``): they were checked there
    asked = [("--bye", pid) for pid in _requested_with({}, byes)]
    asked += [("--withdraw", pid) for pid in player_ids(withdraw, field="withdraw")]
    for option, pid in asked:
        if pid in names:
            err_console.print(f"note: {option} {pid}: {names[pid]} (pairing number {schedule.number_of(pid)})",
                              highlight=False, soft_wrap=True, markup=False)


@app.command("pair")
def pair_command(
    input_file: Annotated[Path, typer.Argument(metavar="INPUT", help="TRF16 file or schedule JSON with results; for round 1 also a players CSV or JSON list.")],
    output: Annotated[Path | None, typer.Argument(metavar="[OUT]", help="Write here instead of stdout.")] = None,
    output_option: Annotated[Path | None, typer.Option("--output", "-o", help="The same as OUT, as the other commands take it.")] = None,
    dutch: Annotated[bool, typer.Option("--dutch", help="Shorthand for --system dutch (FIDE Dutch, C.04.3).")] = False,
    system: Annotated[str | None, typer.Option("--system", help="Registered per-round system: dutch, club-swiss, keizer.")] = None,
    pairs_list: Annotated[bool, typer.Option("-p", "--pairs", help="Write the engines' list format by pairing number (pairs count, 'white black' lines, bye as 'n 0').")] = False,
    json_: Annotated[bool, typer.Option("--json", help="Write the schedule JSON (all rounds, the new one last).")] = False,
    html_: Annotated[bool, typer.Option("--html", help="Write the new round as a printable HTML pairing list.")] = False,
    explain: Annotated[bool, typer.Option("--explain", help="Print why each pair was made.")] = False,
    rounds: Annotated[int | None, typer.Option("--rounds", help="Total rounds of the event (overrides XXR).")] = None,
    initial_colour: Annotated[str | None, typer.Option("--initial-colour", help="white or black: colour of pairing number 1 in round 1 (overrides XXC).")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="Seed of a system's random draw (the club Swiss's order among equals); overrides the file's.")] = None,
    bye: Annotated[list[str] | None, typer.Option("--bye", help="ID[:half|full|zero|absent]: a bye asked for this round (half-point when no kind is given; repeatable).")] = None,
    withdraw: Annotated[list[str] | None, typer.Option("--withdraw", help="Id of a player who left: paired no more (repeatable, or comma-separated; kept in the JSON written).")] = None,
    rematch_after: Annotated[int | None, typer.Option("--rematch-after", help="Keizer: opponents may meet again this many rounds after their last game, at least 2 (kept in the JSON written).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Write over another event file that holds results (they are lost).")] = False,
) -> None:
    """Pair the next round of a Swiss or Keizer event (round 1 from a players file)."""
    if output is not None and output_option is not None and output != output_option:
        raise InputError("give the output file once: as OUT or with -o", field="--output")
    output = output or output_option
    check_output(output)
    # the one safe overwrite is the event's own file with --json (its rounds and results, one
    # more round); a text list over it, or a new round 1 over another event, lost every result
    same = output is not None and output.resolve() == input_file.resolve()
    if not (json_ and same):
        refuse_to_overwrite_results(output, force, "give --json to add the round to this event's file" if same
                                    else "write it to another file, or add --force")
    if dutch and system and system != "dutch":
        raise InputError("--dutch and --system name different systems")
    # what the input is, read once: a players list (round 1), an event's JSON or a TRF16 file
    players_list = _is_players_list(input_file)
    json_event = not players_list and _looks_like_json(input_file)
    if same and not (json_ and json_event):
        # only an event's JSON takes its next round in place: over a players file or a TRF16
        # file the output replaced the input (an audit: the player list was gone)
        what = "players file" if players_list else "TRF16 file" if not json_event else "event file"
        advice = "give --json to add the round to it, or another output file" if json_event else "give another output file"
        raise InputError(f"this is the {what} the command reads: writing the output over it would replace it; {advice}",
                         source=str(output), field="output")
    recorded = _recorded_system(input_file) if json_event else None
    # the event's own system unless another is asked for: a Keizer ladder paired again without
    # --system became a FIDE Dutch event, its file rewritten as one, without a word
    name = "dutch" if dutch else system or recorded or "dutch"
    if pairs_list + json_ + html_ > 1:
        raise InputError("choose one of -p, --json and --html")
    if initial_colour is not None:
        initial_colour = initial_colour_of(initial_colour, field="--initial-colour")
    if rounds is not None and rounds < 1:  # as check_round_budget refuses it, whatever the input file
        raise InputError(f"--rounds must be a whole number of at least 1, got {rounds}", field="--rounds")
    try:
        engine = get_system(name)
    except KeyError as exc:
        raise InputError(str(exc.args[0]), field="--system") from None
    if engine.kind != "per-round":
        raise InputError(f"{name!r} plans a whole schedule at once; `fairdraw pair` pairs one round of a per-round "
                         "system (dutch, club-swiss, keizer): make it with `fairdraw roundrobin`, `meerkamp`, `heller`, "
                         "`seat` or `league`", field="--system")
    if recorded and name != recorded:
        err_console.print(f"note: {input_file} was paired by {recorded!r}; this round is paired by {name!r} as asked",
                          highlight=False, soft_wrap=True, markup=False)
    if seed is not None and name == "dutch":
        # written into the JSON and used by nothing: the Dutch pairs by its rules alone
        raise InputError("--seed: the FIDE Dutch system draws nothing at random (C.04.3 pairs by its rules alone); "
                         "leave it out", field="--seed")
    request = load_request(input_file, rounds, initial_colour)
    if seed is not None:
        request = replace(request, seed=seed)
    if bye or withdraw:
        request = replace(request, options=_with_announced(request.options, bye or [], withdraw or []))
    if request.total_rounds is None and name == "dutch":
        # bbpPairings refuses such a file; the pairing goes on, but the arbiter should know
        err_console.print("note: the event's number of rounds is not given (XXR in a TRF16, --rounds): no round is "
                          "paired as the last one (C.04.3's rules for the final round do not apply) and a TRF16 "
                          "written from the JSON has no XXR; give --rounds N", highlight=False, soft_wrap=True,
                          markup=False)
    if rematch_after is not None:
        if name != "keizer":  # it was written into the JSON and did nothing
            raise InputError(f"--rematch-after is a Keizer rule (--system keizer); {name!r} pairs no rematch at all",
                             field="--rematch-after")
        if rematch_after < 2:  # the system refuses it too, but named the input file's field
            raise InputError(f"--rematch-after must be at least 2 (1 would let a pair meet every round; leave it out "
                             f"for no rematch at all), got {rematch_after}", field="--rematch-after")
        request = replace(request, options={**request.options, "rematch_after": rematch_after})
    try:
        schedule = engine.pair(request)
    except InputError as exc:  # a request the system refuses comes from the input file: name it
        if exc.source not in (None, "<schedule>"):
            raise
        raise InputError(exc.message, source=str(input_file), line=exc.line, column=exc.column,
                         field=exc.field) from None
    rnd = schedule.rounds[-1]
    if bye or withdraw:
        _say_who(schedule, bye or [], withdraw or [])
    if json_:
        from fairdraw.formats.schedule_json import dump_schedule

        meta = {**_settings_of(request), **schedule.meta}
        # when each withdrawal was entered: `undo` of that round takes it back with the round
        # (a --withdraw given by mistake could only be removed by editing the JSON)
        before = {int(k): int(v) for k, v in (request.options.get("withdrawn_at") or {}).items()}
        fresh = set(player_ids(withdraw, field="withdraw")) if withdraw else set()
        before.update({pid: rnd.round for pid in fresh if pid not in before})
        if before:
            meta["withdrawn_at"] = {str(k): v for k, v in sorted(before.items())}
        joined = _late_entries(schedule)
        if joined:
            meta["joined"] = joined
        text = dump_schedule(replace(schedule, meta=meta))
    elif pairs_list:
        # a TRF16's players by their start ranks, the numbers its opponent fields use, as the
        # endorsed engines write them (with XXC rank the pairing order is the lines' order, not
        # the start ranks: the positions written before could not be typed back into the file)
        from_trf = not players_list and not json_event
        text = list_format(rnd) if from_trf else list_format(rnd, schedule.number_of)
    elif html_:
        from fairdraw.formats.render import render_pairing_list_html

        text = render_pairing_list_html(schedule, rnd, _points_before(schedule, request),
                                        title=f"{input_file.stem}: round {rnd.round} pairings")
    else:
        text = _text(schedule, rnd, _points_before(schedule, request))
    for rule in schedule.meta.get("relaxed", []) or []:
        err_console.print(f"[yellow]relaxed:[/] {escape(str(rule))}", highlight=False, soft_wrap=True)
    write_output(text, output)
    if explain:
        lines = schedule.meta.get("explanation") or ["(this system gives no explanation)"]
        target = console if (output is not None or not (json_ or pairs_list or html_)) else err_console
        for line in lines:
            target.print(line, highlight=False, soft_wrap=True, markup=False)


def _rounds_to_check(path: Path) -> tuple[int, Callable[[int], PairingRequest], Callable[[int], Round]]:
    """(the last paired round, the request for round r from the rounds before it, round r as
    the file has it), from a TRF16 file or a schedule JSON."""
    if _looks_like_json(path):
        from fairdraw.formats.schedule_json import load_schedule

        schedule = load_schedule(path)
        if schedule.system != "dutch":  # another system's rounds differ from the Dutch by design
            raise InputError(f"this event was paired by {schedule.system!r}, not by the FIDE Dutch system: "
                             "check --dutch re-pairs Dutch rounds only", source=str(path), field="system")
        base = load_request(path)
        last = len(schedule.rounds)
        total = base.total_rounds or last
        options = {k: v for k, v in base.options.items() if k != "requested_byes"}  # the next round's only

        def before_json(r: int) -> PairingRequest:
            return PairingRequest(players=base.players, history=schedule.rounds[: r - 1], total_rounds=total,
                                  seed=base.seed, options=dict(options))

        return last, before_json, lambda r: schedule.rounds[r - 1]
    from fairdraw.formats.trf import read_trf, round_is_paired, trf_round, trf_to_request

    doc = read_trf(path)
    last = doc.rounds_in_file
    while last and not round_is_paired(doc, last):
        last -= 1
    total = doc.total_rounds or last
    return last, lambda r: trf_to_request(doc, upto_round=r - 1, total_rounds=total), lambda r: trf_round(doc, r)


def dutch_check(path: Path, explain: bool = False) -> int:
    """Re-pair every round of a TRF16 file or schedule JSON from the rounds before it with the
    Dutch system and report each round that differs, board by board. 0: all equal; 1: some differ.

    Total rounds: the XXR line (the JSON's meta.total_rounds), else the rounds in the file.
    Initial colour: the XXC line (meta.initial_colour), else the colour pairing number 1 (or
    the first player with a game) had in round 1.
    """
    from fairdraw.systems.dutch.state import history_matches, infer_initial_colour
    from fairdraw.systems.dutch.system import next_round

    last, before, paired = _rounds_to_check(path)
    colour = before(1).options.get("initial_colour")
    if colour is None:
        # read back from the rounds with every result in (the last one paired may have none yet)
        done = 0
        while done < last and all(t.result is not None for t in paired(done + 1).tables):
            done += 1
        full = before(done + 1)
        ids = [p.id for p in full.players]
        inferred = infer_initial_colour(ids, history_matches(full.history, ids))
        colour = "black" if inferred == "b" else "white"
    differing = 0
    for r in range(1, last + 1):
        request = before(r)
        ref = paired(r)
        opts = dict(request.options)
        opts["initial_colour"] = colour
        # Round r is in the file: whoever it shows neither at a board nor with the pairing bye
        # did not take part (a blank entry as much as 0000), which ``pair`` cannot know of a
        # round not yet entered.
        taking_part = set(ref.seated_ids()) | {b.id for b in ref.byes if b.kind == "bye"}
        kinds = {b.id: b.kind for b in ref.byes}
        requested = dict(opts.get("requested_byes") or {})
        for player in request.players:
            if player.id not in taking_part and player.id not in requested:
                requested[player.id] = kinds.get(player.id, "absent")
        opts["requested_byes"] = requested
        # every player who sat this round out now has its own entry above (a half-point bye
        # before withdrawing stays that bye, marking them withdrawn too would contradict it),
        # and one who withdrew later took part in it: nobody is withdrawn from this round
        opts["withdrawn"] = []
        request = PairingRequest(players=request.players, history=request.history,
                                 total_rounds=request.total_rounds, seed=request.seed, options=opts)
        mine, ctx, outcome, reasons = next_round(request)
        # players by pairing number, as `pair` lists them (the place in the players given:
        # a TRF16's start rank, a JSON event's `number`), not by id
        numbers = {p.id: index for index, p in enumerate(request.players, start=1)}
        ref_pairs = {t.seats for t in ref.tables}
        my_pairs = {t.seats for t in mine.tables}
        ref_bye = {b.id for b in ref.byes if b.kind == "bye"}
        my_bye = {b.id for b in mine.byes if b.kind == "bye"}
        if ref_pairs == my_pairs and ref_bye == my_bye:
            console.print(f"round {r}: equal ({len(my_pairs)} boards)", highlight=False)
            continue
        differing += 1
        console.print(f"round {r}: DIFFERS", highlight=False)
        for t in mine.tables:
            mark = " " if t.seats in ref_pairs else "*"
            console.print(f"  {mark} board {t.table}: {numbers[t.seats[0]]}-{numbers[t.seats[1]]}", highlight=False)
        for white, black in sorted((numbers[a], numbers[b]) for a, b in ref_pairs - my_pairs):
            console.print(f"    file has {white}-{black}", highlight=False)
        if ref_bye != my_bye:
            file_bye = sorted(numbers[pid] for pid in ref_bye)
            my_numbers = sorted(numbers[pid] for pid in my_bye)
            console.print(f"    bye: file {file_bye or '-'}, fairdraw {my_numbers or '-'}", highlight=False)
        if explain:
            from fairdraw.systems.dutch.explain import explain as explain_text

            for line in explain_text(ctx, outcome, mine, reasons, numbers):
                console.print("    " + line, highlight=False, markup=False, soft_wrap=True)
    console.print(f"{last - differing}/{last} rounds equal", highlight=False)
    if differing:
        # the rounds are re-paired from the results the file holds now: a result corrected after
        # the next round was paired (FIDE C.04.2: the rounds paired stay) differs too
        err_console.print("note: each round is re-paired from the results the file holds now; a result corrected "
                          "after a later round was paired also makes that round differ", highlight=False,
                          soft_wrap=True)
    sys.stdout.flush()
    return 1 if differing else 0

"""Commands ``fairdraw standings`` and ``fairdraw result`` (issue 6).

``standings`` reads a TRF16 file or a schedule JSON with results and prints the
standings under a scoring and tie-breaks; ``result`` records one table's result in a
schedule JSON, atomically, refusing to overwrite without ``--force``. Both are thin
adapters: the scoring, tie-breaks and standings are the pure ``fairdraw.scoring`` and
``fairdraw.tiebreaks`` packages.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from fairdraw.cli.base import (
    OutputFormat,
    app,
    check_output,
    err_console,
    naming_the_file,
    pick_format,
    print_listing,
    refuse_repeated_players,
    refuse_to_overwrite_results,
    write_output,
)
from fairdraw.core.errors import InputError
from fairdraw.core.model import Round, Schedule
from fairdraw.formats.schedule_json import layout_json
from fairdraw.formats.text_files import SPREADSHEET_8BIT, decode_text, parse_json, read_bytes, read_text


def _is_trf(path: Path, text: str) -> bool:
    if path.suffix.lower() in (".trf", ".trfx"):
        return True
    from fairdraw.formats.text_files import looks_like_trf

    return looks_like_trf(text)


_ROUND_ROBIN_WORDS = ("round robin", "round-robin", "roundrobin", "all-play-all", "all play all", "berger")


def trf_event_kind(tournament_type: str | None, total_rounds: int | None, players: int,
                   rounds: tuple[Round, ...] = ()) -> str:
    """What a TRF event is, for the tie-breaks (C.07 treats unplayed games in a round robin and
    a Swiss differently): the ``092`` line's type when it says (round robin, Swiss), else a
    round robin when ``XXR`` is exactly an all-play-all's rounds (n - 1, or n for an odd field,
    once or twice) and the rounds played could be one (``could_be_round_robin``), so a round
    robin in progress is not scored as a Swiss; else "trf", which the standings read as a round
    robin once every pair has met."""
    kind = (tournament_type or "").lower()
    if any(word in kind for word in _ROUND_ROBIN_WORDS):
        return "roundrobin"
    if "swiss" in kind or "dutch" in kind:
        return "swiss"
    if total_rounds is not None and players > 2:
        single = players - 1 if players % 2 == 0 else players
        if total_rounds in (single, 2 * single) and could_be_round_robin(rounds, players, total_rounds // single):
            return "roundrobin"
    return "trf"


def could_be_round_robin(rounds: tuple[Round, ...], players: int, cycles: int) -> bool:
    """Whether rounds played so far fit an all-play-all of ``cycles`` cycles (FIDE C.05 Annex 1):
    no pair seated more often than the cycles, and free rounds only where the field is odd, at
    most one a player per cycle. A short Swiss (6 players over 5 rounds, 8 over 7) has an XXR
    that fits a round robin; its pairing-allocated bye in an even field, or a rematch, shows it
    is none, and a Swiss's bye is worth a win where a round robin's free round is worth nothing."""
    met: Counter[frozenset[int]] = Counter()
    free: Counter[int] = Counter()
    for rnd in rounds:
        met.update(frozenset(t.seats) for t in rnd.tables if len(t.seats) == 2)
        free.update(b.id for b in rnd.byes if b.kind == "bye")
    if any(count > cycles for count in met.values()):
        return False
    if players % 2 == 0:
        return not free
    return all(count <= cycles for count in free.values())


def _free_rounds_as_the_file_scores_them(schedule: Schedule, points_column: dict[int, int],
                                         options: dict[str, Any]) -> Schedule:
    """A round robin's ``U`` entries scored as the file's own points column does.

    fairdraw scores a round robin's free round as nothing (FIDE C.05 Annex 1: the player drawn
    against the missing number rests) and writes it ``Z``; a file from another program that
    writes ``U`` and counts it as a win in its points column (columns 80-83) is scored that way
    too (``meta.free_round = "bye"``), so the standings agree with the file. Only when every
    player with such a round has a points column that matches that reading and not the other."""
    with_free_round = {b.id for r in schedule.rounds for b in r.byes if b.kind == "bye"}
    if not with_free_round or any(pid not in points_column for pid in with_free_round):
        return schedule
    from fairdraw.scoring.base import get_scoring

    as_bye = replace(schedule, meta={**schedule.meta, "free_round": "bye"})
    try:
        nothing = get_scoring("standard", **options).score(schedule).points
        win = get_scoring("standard", **options).score(as_bye).points
    except (ValueError, InputError):
        return schedule  # a bad result or option: the standings name it
    tenths = {pid: points_column[pid] for pid in with_free_round}
    if all(win[pid] * 10 == tenths[pid] != nothing[pid] * 10 for pid in with_free_round):
        return as_bye
    return schedule


def load_event(path: Path) -> tuple[Schedule, dict[str, Any]]:
    """A schedule with results from TRF16 or the schedule JSON, and the scoring options the
    file implies (a TRF's point-system lines)."""
    from fairdraw.formats.schedule_json import schedule_from_dict  # pydantic: only when needed

    raw = read_bytes(path)
    # a byte order mark stripped (no "Unexpected UTF-8 BOM"); a TRF16 file may be Windows-1252
    text = decode_text(raw, source=str(path), fallback=SPREADSHEET_8BIT)
    if _is_trf(path, text):
        from fairdraw.formats.trf import parse_trf, trf_to_participants, trf_to_rounds

        # The points column is not checked here: standings score the results themselves, under
        # the file's point system or the one given with -O (a 3-1-0 column is no error then).
        doc = parse_trf(text, source=str(path), require_players=True, check_points=False)
        players = trf_to_participants(doc)
        rounds = trf_to_rounds(doc)
        schedule = Schedule(system=trf_event_kind(doc.tournament_type, doc.total_rounds, len(players), rounds),
                            players=players, rounds=rounds)
        from fairdraw.scoring.standard import options_from_tenths

        options = options_from_tenths(doc.points)
        if schedule.system == "roundrobin":
            column = {p.number: p.points for p in doc.players if p.points is not None}
            schedule = _free_rounds_as_the_file_scores_them(schedule, column, options)
        return schedule, options
    if path.suffix.lower() in (".csv", ".tsv"):
        raise InputError("a players file has no rounds or results: give the event's schedule JSON (with results) "
                         "or its TRF16 file", source=str(path))
    # JSON is UTF-8: the Windows-1252 reading above is for a TRF16 file, and a JSON read that way
    # gave standings that `check`, `pair` and `trf` refuse (they read the schedule as UTF-8)
    data = parse_json(decode_text(raw, source=str(path)), source=str(path),
                      hint=lambda: " (expected a schedule JSON with results, or a TRF16 file)")
    schedule = schedule_from_dict(data, source=str(path))
    from fairdraw.core.history_rules import check_round_numbers

    with naming_the_file(path):  # a round number used twice hid one round's results (standings dropped them)
        check_round_numbers(schedule.rounds)
    if "points" in schedule.meta:  # the point system the event was paired under (pair --json)
        from fairdraw.formats.trf import point_system_from_meta
        from fairdraw.scoring.standard import options_from_tenths

        return schedule, options_from_tenths(point_system_from_meta(schedule.meta["points"], str(path)))
    return schedule, {}


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise InputError(f"expected KEY=VALUE, got {pair!r}", field="--option")
        key, value = pair.split("=", 1)
        out[key.strip().replace("-", "_")] = value.strip()
    return out


def _bad_option_field(name: str, from_file: dict[str, Any], meta: dict[str, Any]) -> str:
    """Where a scoring option that does not fit was given: the file's ``meta.keizer`` (a
    ladder's settings) or ``meta.scoring.options`` (the page's export) when those alone fail,
    else ``-O`` (an audit: a bad value in the file was blamed on the command line)."""
    from fairdraw.scoring.base import get_scoring

    try:
        get_scoring(name, **from_file)
    except (KeyError, ValueError, TypeError):
        return "meta.keizer" if name == "keizer" and isinstance(meta.get("keizer"), dict) else "meta.scoring.options"
    return "--option"


def _say_cuts_past_the_rounds(codes: Sequence[str], rounds: int, source: str) -> None:
    """A cut of as many values as there are rounds (``BH:C9`` in five rounds) leaves nothing: a
    column of zeros, almost surely a slip of the keyboard, said rather than shown silently."""
    from fairdraw.tiebreaks.base import parse_spec

    for code in codes:
        spec = parse_spec(code)
        cut = spec.cut_low + spec.cut_high
        if rounds and cut >= rounds:
            err_console.print(f"note: {source}: {spec.text} cuts {cut} values of at most {rounds} (one a round): "
                              "nothing is left, so every value is 0", highlight=False, soft_wrap=True, markup=False)


def _codes(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    codes = [c.strip() for v in values for c in v.replace(" ", ",").split(",") if c.strip()]
    return [] if codes in (["none"], ["-"]) else codes


@app.command("standings")
def standings_command(
    input: Annotated[Path, typer.Argument(help="TRF16 file or schedule JSON with results")],
    scoring: Annotated[
        str | None, typer.Option("--scoring", help="standard | football | keizer | mahjong (default: by the event)")
    ] = None,
    tiebreaks: Annotated[
        list[str] | None,
        typer.Option("--tiebreaks", "-t", help="Codes in order, e.g. BH:C1,SB,DE ('none' for none)"),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-O", help="Scoring option KEY=VALUE, e.g. first_value=20, uma=15,5,-5,-15"),
    ] = None,
    after_round: Annotated[int | None, typer.Option("--after-round", help="Standings after this round")] = None,
    group: Annotated[
        str | None, typer.Option("--group", help="Only this group (events with groups get one table per group)")
    ] = None,
    crosstable_: Annotated[bool, typer.Option("--crosstable", help="Add a cross table (round robins)")] = False,
    json_: Annotated[bool, typer.Option("--json", help="Write JSON")] = False,
    csv_: Annotated[bool, typer.Option("--csv", help="Write CSV")] = False,
    html_: Annotated[bool, typer.Option("--html", help="Write a printable HTML page")] = False,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file (atomically)")] = None,
) -> None:
    """Standings with points and tie-breaks, from TRF16 or a schedule JSON with results."""
    from fairdraw.formats import standings_render as sr
    from fairdraw.scoring.base import get_scoring
    from fairdraw.scoring.results import has_result, is_mahjong, pending_tables
    from fairdraw.scoring.standings import chess_groups, compute_standings, default_scoring, restrict

    check_output(output)
    refuse_to_overwrite_results(output, False, "write the standings to another file")

    fmt = pick_format(json_, csv_, html_)
    schedule, implied = load_event(input)
    refuse_repeated_players(schedule, str(input))
    if after_round is not None:
        last = max((r.round for r in schedule.rounds), default=0)
        if not 1 <= after_round <= last:
            raise InputError(f"--after-round must be between 1 and {last}, got {after_round}", source=str(input),
                             field="after-round")
        schedule = replace(schedule, rounds=tuple(r for r in schedule.rounds if r.round <= after_round))
    # an event exported by the web page records its scoring (meta.scoring: name, options);
    # --scoring and -O still decide when given
    recorded: dict[str, Any] = schedule.meta["scoring"] if isinstance(schedule.meta.get("scoring"), dict) else {}
    name = scoring or recorded.get("name") or default_scoring(schedule)
    options = dict(implied) if name == "standard" else {}
    if name == "keizer" and isinstance(schedule.meta.get("keizer"), dict):
        options.update(schedule.meta["keizer"])  # the ladder's own settings (pair --system keizer)
    if name == recorded.get("name") and isinstance(recorded.get("options"), dict):
        options.update(recorded["options"])
    from_file = dict(options)  # what the file sets, to name it when a value there is the bad one
    options.update(_parse_options(option or []))
    if tiebreaks is None and isinstance(recorded.get("tiebreaks"), str):
        tiebreaks = [recorded["tiebreaks"]]
    for number, missing in pending_tables(schedule.rounds):
        shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        err_console.print(f"note: {input}: round {number} has no result yet at {shown}; those players score "
                          "nothing for it until one is entered", highlight=False, soft_wrap=True, markup=False)
    groups = chess_groups(schedule)
    if group is not None:
        if group not in groups:
            known = (f"groups: {', '.join(groups)}" if groups else
                     "this schedule has no fixed groups: --group picks a Meerkamp group, and a league's groups "
                     "change every session")
            raise InputError(f"there is no group {group!r} ({known})", source=str(input), field="--group")
        groups = {group: groups[group]}
    parts = [(schedule, None)] if not groups else [(restrict(schedule, ids), g) for g, ids in groups.items()]
    results = []
    try:
        scorer = get_scoring(name, **options)
    except KeyError as exc:
        raise InputError(str(exc.args[0]), source=str(input), field="--scoring") from None
    except (ValueError, TypeError) as exc:
        raise InputError(f"{name} scoring: {exc}", source=str(input),
                         field=_bad_option_field(name, from_file, schedule.meta)) from None
    if scorer.game == "chess" and is_mahjong(schedule):  # the scoring is the mistake, not the tie-breaks
        raise InputError(f"the scoring {name!r} is for chess but this schedule has mahjong tables: leave out "
                         "--scoring, or give --scoring mahjong", source=str(input), field="--scoring")
    if scorer.game == "mahjong" and not is_mahjong(schedule) and schedule.rounds:  # the same, the other way
        raise InputError(f"the scoring {name!r} is for mahjong but this schedule has chess boards: leave out "
                         "--scoring, or give a chess scoring (`fairdraw scorings`)", source=str(input), field="--scoring")
    # the last round with a result counted: `seat-ranked` warns when later rounds have results
    # (standings made --after-round 2 used to seat round 8 without a word)
    scored = max((r.round for r in schedule.rounds if any(has_result(t) for t in r.tables)), default=0)
    try:
        for part, label in parts:
            st = replace(compute_standings(part, scorer, _codes(tiebreaks)), group=label)
            st = replace(st, meta={**st.meta, "after_round": scored})
            results.append((st, sr.crosstable(part, st) if crosstable_ else None))
    except KeyError as exc:
        raise InputError(str(exc.args[0]), source=str(input), field="--tiebreaks") from None
    except (ValueError, TypeError) as exc:
        raise InputError(str(exc), source=str(input), field="--tiebreaks") from None
    except InputError as exc:
        if exc.source in (None, "<schedule>"):  # name the file the schedule came from
            raise InputError(exc.message, source=str(input), line=exc.line, column=exc.column, field=exc.field) from None
        raise
    _say_cuts_past_the_rounds(results[0][0].tiebreaks if results else [], len(schedule.rounds), str(input))
    if fmt is OutputFormat.json:
        cross = None
        if crosstable_:
            cross = [{**row, "group": st.group} if st.group else row for st, c in results for row in (c or [])]
        text = sr.render_json([st for st, _ in results], cross)
    elif fmt is OutputFormat.csv:
        text = sr.render_csv([st for st, _ in results])
    elif fmt is OutputFormat.html:
        text = sr.render_html(results, title=f"Standings - {input.stem}")
    else:
        text = "\n".join(sr.render_text(st, c) for st, c in results)
    write_output(text, output)


def _find_table(data: dict[str, Any], rnd: int, table: int, group: str | None, source: str) -> dict[str, Any]:
    rounds = [r for r in data.get("rounds", []) if r.get("round") == rnd]
    if not rounds:
        known = ", ".join(str(r.get("round")) for r in data.get("rounds", []))
        raise InputError(f"there is no round {rnd} (rounds: {known or 'none'})", source=source, field="--round")
    tables = [
        t for t in rounds[0].get("tables", []) if t.get("table") == table and (group is None or t.get("group") == group)
    ]
    if not tables:
        raise InputError(
            f"round {rnd} has no table {table}" + (f" in group {group}" if group else ""),
            source=source,
            field="--table",
        )
    if len(tables) > 1:
        groups = ", ".join(str(t.get("group")) for t in tables)
        raise InputError(
            f"round {rnd} has several tables {table} (groups {groups}); add --group", source=source, field="--group"
        )
    found: dict[str, Any] = tables[0]
    return found


def _mahjong_params(data: dict[str, Any], start: int | None, uma: str | None, source: str) -> Any:
    """The mahjong scoring a table's scores are checked under: the file's own (``meta.scoring``,
    which ``standings`` reads too) with ``--start``/``--uma`` over it. What is given is written
    into ``meta.scoring`` so that ``standings`` and the next entry use the same start and uma
    (they disagreed: ``--start 25000`` was checked, then the standings refused the sums). A
    start that differs from the one earlier scores were entered under is refused: the file
    would hold games of two starts."""
    from fairdraw.scoring.mahjong import params_from

    meta = data.setdefault("meta", {})  # the file was validated: meta is an object when present
    recorded = meta.get("scoring") if isinstance(meta.get("scoring"), dict) else {}
    mine = recorded.get("name") in (None, "mahjong")
    options = dict(recorded.get("options") or {}) if mine else {}
    try:
        before = params_from(options)
    except ValueError as exc:
        raise InputError(f"meta.scoring: {exc}", source=source, field="meta.scoring.options") from None
    if start is not None and start != before.start and _has_mahjong_scores(data):
        raise InputError(f"scores in this file were entered with the start score {before.start}; --start {start} "
                         "would mix two starts (fix the file's meta.scoring first, or leave out --start)",
                         source=source, field="--start")
    if start is not None:
        options["start"] = start
    if uma is not None:
        try:
            options["uma"] = list(params_from({"uma": uma}).uma or ())
        except ValueError as exc:
            raise InputError(str(exc), source=source, field="--uma") from None
        scored_with = before.uma_for(len(options["uma"]))  # the default one when none is recorded
        if tuple(options["uma"]) != scored_with and _has_mahjong_scores(data):
            # the uma scores every game of the event: changing it here would re-score the
            # rounds already entered without a word (a leader went from 200 to 215 points)
            shown = ",".join(f"{v / 1000:g}" for v in scored_with) if scored_with else "of another table size"
            raise InputError(f"scores in this file were scored with the uma {shown}; --uma {uma} would re-score every "
                             "round entered (change meta.scoring in the file if that is meant, or leave out --uma)",
                             source=source, field="--uma")
    if start is not None or uma is not None:
        if not mine:
            raise InputError(f"this file is scored {recorded.get('name')!r} (meta.scoring), not mahjong: "
                             "--start/--uma do not apply", source=source, field="--start/--uma")
        meta["scoring"] = {**recorded, "name": "mahjong", "options": options}
    return params_from(options)


def _has_mahjong_scores(data: dict[str, Any]) -> bool:
    """Whether any table or league game of the file already has scores."""
    for rnd in data.get("rounds") or []:
        for table in rnd.get("tables") or []:
            if table.get("scores") is not None or any(g.get("scores") for g in table.get("games") or []):
                return True
    return False


def _int_list(values: list[str], what: str, source: str | None = None) -> list[int]:
    items = [v.strip() for value in values for v in value.split(",") if v.strip()]
    try:
        return [int(v) for v in items]
    except ValueError:
        raise InputError(f"{what}: expected whole numbers, got {' '.join(items)!r}", source=source,
                         field=what) from None


# ignore_unknown_options: "-/+", "-/-" and negative mahjong scores read as values, not options
@app.command("result", context_settings={"ignore_unknown_options": True})
def result_command(
    schedule_path: Annotated[Path, typer.Argument(metavar="SCHEDULE.json", help="Schedule JSON to update in place")],
    round_: Annotated[int, typer.Option("--round", "-r", help="Round number")],
    table: Annotated[int, typer.Option("--table", "-t", help="Table (board) number")],
    values: Annotated[
        list[str] | None,
        typer.Argument(
            help="Chess: 1-0, 0-1, 1/2-1/2 (½-½, =, ½, 1/2, 0.5), +/-, -/+, -/- (also the page's "
            "shortcuts 1, 0, +, -). Mahjong: the final scores in seat order "
            "(4 numbers or one comma list)"
        ),
    ] = None,
    group: Annotated[str | None, typer.Option("--group", help="Group of the table, when table numbers repeat")] = None,
    game: Annotated[int | None, typer.Option("--game", help="Game inside a league group")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite a result already entered")] = False,
    clear: Annotated[bool, typer.Option("--clear", help="Remove the result entered (undo a wrong entry)")] = False,
    start: Annotated[
        int | None, typer.Option("--start", help="Mahjong start score (the scores must add up to seats x start); "
                                 "kept in the file for standings and later entries (default: the file's, else 30000)")
    ] = None,
    uma: Annotated[
        str | None, typer.Option("--uma", help="Mahjong uma, one value per seat in thousands, e.g. 15,5,0,-5,-15 "
                                 "for tables of 5 (kept in the file, as --start)")
    ] = None,
    penalties: Annotated[
        str | None, typer.Option("--penalties", help="Mahjong penalties per seat, e.g. 0,20000,0,0")
    ] = None,
    chombo: Annotated[
        list[int] | None, typer.Option("--chombo", help="Id of a player with a chombo (repeatable)")
    ] = None,
    chombo_points: Annotated[int, typer.Option("--chombo-points", help="Penalty of one chombo")] = 20000,
) -> None:
    """Record one table's result in the schedule file (atomically; nothing written on error)."""
    from fairdraw.scoring.mahjong import check_game, check_penalties
    from fairdraw.scoring.results import read_typed_result

    source = str(schedule_path)
    text = read_text(schedule_path)  # as every schedule reader: a byte order mark is no JSON error

    def hint() -> str:
        from fairdraw.formats.text_files import looks_like_trf

        return (" (this looks like a TRF16 file: `fairdraw result` enters results into an event's schedule JSON; "
                "a TRF16 file carries its results in its player lines)") if looks_like_trf(text) else ""

    data = parse_json(text, source=source, hint=hint)
    from fairdraw.formats.schedule_json import schedule_from_dict  # pydantic: only when needed

    schedule_from_dict(data, source=source)  # the file itself must be valid before we touch it
    entry = _find_table(data, round_, table, group, source)
    target = entry
    if game is not None:
        if not entry.get("games"):
            raise InputError(f"round {round_} table {table} is a single table, not a league group with games; "
                             "leave out --game", source=source, field="--game")
        games = [g for g in entry.get("games") or [] if g.get("game") == game]
        if not games:
            raise InputError(f"round {round_} table {table} has no game {game}", source=source, field="--game")
        target = games[0]
    elif entry.get("games"):
        raise InputError(
            f"round {round_} table {table} is a group with games; add --game", source=source, field="--game"
        )
    seats: list[int] = list(target.get("seats", []))
    where = f"round {round_} table {table}" + (f" game {game}" if game is not None else "")
    values = values or []
    # the values are read past unknown options (see ignore_unknown_options above), so a mistyped
    # option came back as a bad result text; no result or score starts with a dash and a letter
    unknown = next((v for v in values if re.match(r"-{1,2}[A-Za-z]", v)), None)
    if unknown is not None:
        raise InputError(f"no such option: {unknown} (see `fairdraw result --help`)", source=source,
                         field=unknown.partition("=")[0])
    if clear:
        if values:
            raise InputError(f"{where}: --clear takes no result, got {' '.join(values)!r}", source=source, field="result")
        removed = {key: target.pop(key) for key in ("result", "scores", "penalties") if key in target}
        if not removed:
            raise InputError(f"{where} has no result to clear", source=source, field="result")
        schedule_from_dict(data, source=source)
        write_output(layout_json(data) + "\n", schedule_path)
        typer.echo(f"{where}: cleared {removed.get('result') or removed.get('scores')}", err=True)
        _say_later_rounds_stay(data, round_)
        return
    if not values:
        raise InputError(f"{where}: give a result (or --clear to remove one)", source=source, field="result")
    if len(seats) == 2 and game is None:
        mahjong_only = [flag for flag, given in (("--start", start is not None), ("--uma", uma is not None),
                                                 ("--penalties", penalties is not None), ("--chombo", bool(chombo)))
                        if given]
        if mahjong_only:
            # a chess board takes none of them: they were ignored and the result recorded anyway
            raise InputError(f"{where} is a chess board: {', '.join(mahjong_only)} belong to mahjong tables",
                             source=source, field=mahjong_only[0])
        if len(values) != 1:
            raise InputError(
                f"{where}: give one chess result (e.g. 1-0), got {' '.join(values)!r}", source=source, field="result"
            )
        try:
            canonical = read_typed_result(values[0])
        except ValueError as exc:
            raise InputError(f"{where}: {exc}", source=source, field="result") from None
        if target.get("result") is not None and not force:
            raise InputError(
                f"{where} already has the result {target['result']}; use --force to replace it",
                source=source,
                field="result",
            )
        target["result"] = canonical
    else:
        scores = _int_list(values, "scores", source)
        problem = check_game(scores, len(seats), _mahjong_params(data, start, uma, source))
        if problem:
            from fairdraw.systems.mahjong.winds import seat_labels

            labels = ", ".join(f"{label} {pid}" for label, pid in zip(seat_labels(len(seats)), seats, strict=True))
            if "uma" in problem:  # the command's own way to set it
                problem += f"; give it with --uma ({len(seats)} values in thousands, e.g. 15,5,0,-5,-15 for 5)"
            raise InputError(f"{where}: {problem} (seats: {labels})", source=source, field="scores")
        pens = [0] * len(seats)
        if penalties is not None:
            pens = _int_list([penalties], "--penalties", source)
            if len(pens) != len(seats) or any(p < 0 for p in pens):
                raise InputError(
                    f"{where}: give {len(seats)} penalties, none negative", source=source, field="--penalties"
                )
        for pid in chombo or []:
            if pid not in seats:
                raise InputError(
                    f"{where}: player {pid} is not at this table (seats {seats})", source=source, field="--chombo"
                )
            pens[seats.index(pid)] += chombo_points
        # bounded as a score is: a slip of the keyboard is no penalty (--penalties or --chombo-points)
        pen_problem = check_penalties(pens, len(seats))
        if pen_problem:
            raise InputError(f"{where}: {pen_problem}", source=source,
                             field="--chombo-points" if chombo else "--penalties")
        if target.get("scores") is not None and not force:
            raise InputError(
                f"{where} already has scores {target['scores']}; use --force to replace them",
                source=source,
                field="scores",
            )
        target["scores"] = scores
        kept = target.get("penalties") if penalties is None and not chombo else None
        if kept:
            # a score corrected with --force keeps the table's penalties unless new ones are given
            # (a typo fixed wiped a chombo without a word)
            typer.echo(f"{where}: the penalties {kept} stay (give --penalties to change them)", err=True)
        elif any(pens):
            target["penalties"] = pens
        else:
            target.pop("penalties", None)
    schedule_from_dict(data, source=source)  # still a valid schedule
    write_output(layout_json(data) + "\n", schedule_path)
    names = {p.get("id"): p.get("name") for p in data.get("players", [])}
    who = " - ".join(str(names.get(pid, pid)) for pid in seats)
    typer.echo(f"{where} ({who}): recorded {target.get('result') or target.get('scores')}", err=True)
    _say_later_rounds_stay(data, round_)


def _say_later_rounds_stay(data: dict[str, Any], changed: int) -> None:
    """A result of a round-by-round event changed after a later round was paired: that round was
    paired from the old result and stays as it is (FIDE C.04.2: a corrected result affects only
    the pairings still to make), which the arbiter should hear, as the web page says it (an
    audit: `check --dutch` then called the later round wrong, with no word from `result`)."""
    from fairdraw.core.registry import system_kind

    system = data.get("system")
    if not isinstance(system, str) or system_kind(system) != "per-round":
        return
    later = sorted(r["round"] for r in data.get("rounds") or [] if isinstance(r.get("round"), int) and r["round"] > changed)
    if later:
        rounds = f"round {later[0]} was" if len(later) == 1 else f"rounds {later[0]}-{later[-1]} were"
        typer.echo(f"note: {rounds} paired before this change and stay{'s' if len(later) == 1 else ''} as paired; "
                   "the correction counts in the standings and in the rounds still to pair", err=True)


@app.command("scorings")
def scorings_command() -> None:
    """List the scorings (for --scoring) and the tie-break codes (for --tiebreaks)."""
    from fairdraw.scoring.base import all_scorings
    from fairdraw.tiebreaks.base import all_tiebreaks

    scorings = ((cls.name, cls.game, cls.description) for cls in all_scorings())
    print_listing("Scorings", ("name", "game", "description"), scorings)
    tiebreaks = []
    for tb in all_tiebreaks():
        marks = [(tb.accepts_cuts, ":Cn"), (tb.accepts_median, ":Mn"), (tb.accepts_limit, ":L±n"),
                 (tb.accepts_unrated, ":Un"), (tb.accepts_played, ":P")]
        tiebreaks.append((" ".join([tb.code] + [mark for accepted, mark in marks if accepted]), tb.game, tb.description))
    print_listing("Tie-breaks (cut :Cn, median :Mn, limit :L±n, unrated-rating :Un and forfeits-as-games :P "
                  "modifiers where marked)", ("code", "game", "description"), tiebreaks)

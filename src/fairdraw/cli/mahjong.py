"""Mahjong tournament commands: ``seat``, ``reseat``, ``seat-ranked`` (issue 4)."""

from __future__ import annotations

import csv
import io
import unicodedata
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Annotated

import typer

from fairdraw.cli.base import (
    OVERWRITE_HELP,
    app,
    check_output,
    emit,
    err_console,
    load_players,
    naming_the_file,
    note_nothing_to_separate,
    player_ids,
    pick_format,
    refuse_to_drop_results,
    refuse_to_move_changes,
    refuse_to_overwrite_results,
    show_notes,
    working,
)
from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Schedule
from fairdraw.formats.players import MAX_NAME, csv_delimiter, header_columns, header_line, sep_directive, tidy_text
from fairdraw.formats.wording import counted

JsonOpt = Annotated[bool, typer.Option("--json", help="Write the schedule JSON (fairdraw.schedule/1).")]
CsvOpt = Annotated[bool, typer.Option("--csv", help="Write CSV, one row per seat.")]
HtmlOpt = Annotated[bool, typer.Option("--html", help="Write a printable HTML page.")]
OutOpt = Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file (atomically).")]
ReportOpt = Annotated[
    Path | None, typer.Option("--report", help="Write report.md, meetings.svg and winds.svg into this folder.")
]


def _finish(schedule: Schedule, json_: bool, csv_: bool, html_: bool, output: Path | None, report: Path | None) -> None:
    # the report first: a folder that cannot be written stops the command before the schedule
    # file is touched (a re-seat written and then refused could not be run again)
    pick_format(json_, csv_, html_)  # conflicting flags are refused before anything is written
    if report is not None:
        from fairdraw.formats.mahjong_report import write_report

        try:
            write_report(schedule, report)
        except OSError as exc:
            raise InputError(f"cannot write the report: {exc.strerror}", source=str(report), field="report") from None
    emit(schedule, json_, csv_, html_, output)
    meta = schedule.meta
    # a re-seat carries over what the file's meta held: a hand-edited value need not be a mapping
    metrics: dict[str, object] = meta["metrics"] if isinstance(meta.get("metrics"), dict) else {}
    design: dict[str, object] = meta["design"] if isinstance(meta.get("design"), dict) else {}
    err_console.print(
        f"seed {schedule.seed!r}; design: {design.get('source', 'n/a')}; "
        f"repeats {metrics.get('repeats', '?')}, max meetings {metrics.get('max_meetings', '?')}",
        highlight=False,
        soft_wrap=True,
        markup=False,  # sources name their data file in brackets, which Rich would take as a tag
    )


@app.command("seat")
def seat_command(
    rounds: Annotated[int, typer.Option("--rounds", "-r", help="Number of rounds (hanchan).")],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players (or use --names).")] = None,
    table_size: Annotated[int, typer.Option("--table-size", help="Seats per table.")] = 4,
    names: Annotated[Path | None, typer.Option("--names", help="Players file (CSV or JSON, as `fairdraw` reads).")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="Public draw seed string (default 'fairdraw').")] = None,
    separate: Annotated[str | None, typer.Option("--separate", help="Keep apart players of one 'club' or 'federation'.")] = None,
    byes: Annotated[bool, typer.Option("--byes", help="Let the fewest players sit out when the field does not fill the tables.")] = False,
    ranked_last: Annotated[int, typer.Option("--ranked-last", help="Leave the last M rounds to `seat-ranked`.")] = 0,
    json_: JsonOpt = False,
    csv_: CsvOpt = False,
    html_: HtmlOpt = False,
    output: OutOpt = None,
    report: ReportOpt = None,
    force: Annotated[bool, typer.Option("--force", help=OVERWRITE_HELP)] = False,
) -> None:
    """Seat a mahjong tournament: no repeat meetings while mathematics allows, balanced winds,
    a draw anyone can reproduce from the seed."""
    from fairdraw.core.registry import PairingRequest, get_system
    from fairdraw.formats.players import numbered_players

    check_output(output)
    refuse_to_overwrite_results(output, force, reads=names)
    field = load_players(names) if names is not None else None
    if field is not None and players is not None and players != len(field):
        raise InputError(f"--players {players} but {names} lists {len(field)} players", source=str(names), field="players")
    if field is None and players is None:
        raise InputError("give --players N or --names FILE", field="players")
    if field is None and players is not None and players < 1:
        raise InputError(f"--players must be a positive number, got {players}", field="players")
    if field is None and players is not None:
        from fairdraw.systems.mahjong import check_field_size

        check_field_size(players)  # before N numbered players are made (10,000,000,000 ran out of memory)
    plist = field if field is not None else numbered_players(int(players or 0))
    note_nothing_to_separate(separate, plist, named=names is not None)
    request = PairingRequest(
        players=tuple(plist),
        total_rounds=rounds,
        seed=seed,
        options={"table_size": table_size, "separate": separate, "byes": byes, "ranked_last": ranked_last},
    )
    # a field too small for a table, or one that does not fill the tables, is the players
    # file's count: its error names the file, as `league` and `roundrobin` do
    blame: AbstractContextManager[None] = naming_the_file(names, field="players") if names is not None else nullcontext()
    with blame, working(f"seating {len(plist)} players over {counted(rounds, 'round')}"):
        schedule = get_system("mahjong").pair(request)
    _finish(schedule, json_, csv_, html_, output, report)


@app.command("reseat")
def reseat_command(
    schedule_file: Annotated[Path, typer.Argument(help="Schedule JSON written by `fairdraw seat --json`.")],
    from_round: Annotated[int, typer.Option("--from-round", help="First round to re-seat (earlier rounds are kept).")],
    drop: Annotated[list[str] | None, typer.Option("--drop", help="Id of a player who leaves (repeat, or comma-separated).")] = None,
    add: Annotated[list[str] | None, typer.Option("--add", help="Name of a player who joins (repeatable).")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="Seed for the re-seat (default: the schedule's).")] = None,
    byes: Annotated[bool, typer.Option("--byes", help="Allow sit-outs when the new field does not fill the tables (implied when the seating has sit-outs).")] = False,
    force: Annotated[bool, typer.Option("--force", help="Re-seat even rounds that have results (they are dropped).")] = False,
    move_changes: Annotated[bool, typer.Option("--move-changes", help="Seat the newcomers and leave out the leavers that an earlier re-seat recorded for a later round from --from-round on (refused without it).")] = False,
    json_: JsonOpt = False,
    csv_: CsvOpt = False,
    html_: HtmlOpt = False,
    output: OutOpt = None,
    report: ReportOpt = None,
) -> None:
    """Keep the rounds before K and re-seat the rest with the fewest new repeats."""
    from fairdraw.formats.schedule_json import load_schedule
    from fairdraw.systems.mahjong.changes import check_from_round, reseat

    check_output(output)
    schedule = load_schedule(schedule_file)
    with naming_the_file(schedule_file):  # the range first: a round that does not exist is the mistake
        check_from_round(schedule, from_round)
    refuse_to_drop_results(schedule, from_round, force, str(schedule_file), "--from-round")
    named = player_ids(drop, source=str(schedule_file))
    drop_ids = list(dict.fromkeys(named))  # named twice, leaves once: but said (a typo for another id?)
    twice = sorted({pid for pid in named if named.count(pid) > 1})
    if twice:
        err_console.print(f"note: --drop names {', '.join(map(str, twice))} more than once; each leaves once (another "
                          "id meant?)", highlight=False, soft_wrap=True, markup=False)
    refuse_to_move_changes(schedule, from_round, drop_ids, move_changes, str(schedule_file), "--from-round")
    # the rule of a players file (one printable line, at most MAX_NAME characters): a direction
    # override or a control character was stored, and the next command refused the file
    add = [tidy_text(name, field="add", limit=MAX_NAME) for name in add or []]
    names = {_name_key(p.name) for p in schedule.players}
    for name in add:  # legal (two players may share a name), but likely a slip: said, as players files do
        if _name_key(name) in names:
            err_console.print(f"note: --add {name!r}: a player of that name is in the event already; the newcomer "
                              "gets an id of their own", highlight=False, soft_wrap=True, markup=False)
    # a seating made with --byes keeps sit-outs allowed: the organiser said so once already
    byes = byes or any(r.byes for r in schedule.rounds)
    with naming_the_file(schedule_file), working(f"re-seating from round {from_round}"):
        new = reseat(schedule, from_round, drop=drop_ids, add=add or [], seed=seed, byes=byes)
    _finish(new, json_, csv_, html_, output, report)
    breaches = new.meta["reseat"].get("wind_breaches")
    if isinstance(breaches, int) and breaches > 0:
        # issue 4 item 3 holds as far as the kept rounds allow: say so rather than leave it to meta
        err_console.print(f"note: the rounds kept leave {counted(breaches, 'wind breach', 'wind breaches')} in the "
                          f"rounds re-seated (each player's winds balanced as far as the rounds played allow; "
                          "`fairdraw check` lists them; recorded in meta.reseat.wind_breaches)",
                          highlight=False, soft_wrap=True, markup=False)


def read_standings(path: Path, schedule: Schedule | None) -> list[Participant]:
    """Players in ranking order from standings JSON ({"standings": [{"rank", "id", "name"}]}),
    a players CSV/JSON in rank order, or a CSV with a ``rank`` column."""
    from fairdraw.formats.text_files import decode_spreadsheet_text, parse_json, read_bytes

    # read once, as every players list is (a spreadsheet's plain CSV in Windows-1252 was a
    # traceback); a list of players in rank order is then parsed from this same text
    notes: list[str] = []
    text = decode_spreadsheet_text(read_bytes(path), source=str(path), notes=notes)
    show_notes(path, notes)
    by_id = {p.id: p for p in schedule.players} if schedule else {}
    if path.suffix.lower() == ".json":
        data = parse_json(text, source=str(path))
        from fairdraw.formats.schedule_json import looks_like_schedule

        if looks_like_schedule(data) and "standings" not in data:
            # a schedule read as a players list would seat the field in id order, silently
            raise InputError("this is a schedule, not standings: pass it as --schedule and give the standings "
                             "(`fairdraw standings SCHEDULE --json -o standings.json`) as the argument",
                             source=str(path), field="standings")
        if isinstance(data, dict) and isinstance(data.get("standings"), list):
            _note_stale(data, schedule, path)
            rows = data["standings"]
            out: list[tuple[int, int, Participant]] = []
            # ranks in every row or in none (then the list's order ranks), as a CSV's rank column:
            # one row without its rank took its place in the list, wherever the others put it
            ranked = any(isinstance(row, dict) and "rank" in row for row in rows)
            for i, row in enumerate(rows):
                if not isinstance(row, dict) or "id" not in row:
                    raise InputError("each standing needs an 'id'", source=str(path), field=f"standings[{i}].id")
                pid = row["id"]
                if not isinstance(pid, int):
                    raise InputError(f"id must be a whole number, got {pid!r}", source=str(path), field=f"standings[{i}].id")
                if by_id and pid not in by_id:
                    raise InputError(f"id {pid} is not in the schedule", source=str(path), field=f"standings[{i}].id")
                if any(pid == q.id for _, _, q in out):
                    raise InputError(f"id {pid} is ranked twice", source=str(path), field=f"standings[{i}].id")
                if ranked and "rank" not in row:
                    raise InputError("rank is missing: give every standing its rank, or none to rank by list order",
                                     source=str(path), field=f"standings[{i}].rank")
                rank = row.get("rank", i + 1)
                if isinstance(rank, bool) or not isinstance(rank, int) or rank < 1:
                    # a rank of null or "1" would sort nowhere (a traceback) or anywhere
                    raise InputError(f"rank must be a whole number from 1 on, got {rank!r}", source=str(path),
                                     field=f"standings[{i}].rank")
                out.append((rank, i, by_id.get(pid) or Participant(id=pid, name=str(row.get("name", pid)))))
            return _every_player_ranked([p for _, _, p in sorted(out, key=lambda x: (x[0], x[1]))], schedule, path)
    from fairdraw.formats.players import parse_players_csv, parse_players_json

    parse = parse_players_json if path.suffix.lower() == ".json" else parse_players_csv
    players = parse(text, source=str(path))
    if path.suffix.lower() != ".json":
        players = _csv_in_rank_order(text, players, schedule, path)
    if by_id:
        for p in players:
            if p.id not in by_id:
                raise InputError(f"id {p.id} is not in the schedule", source=str(path), field="id")
        players = [by_id[p.id] for p in players]
    return _every_player_ranked(players, schedule, path)


def _note_stale(data: dict[str, object], schedule: Schedule | None, path: Path) -> None:
    """Standings that count fewer rounds than have results (made with --after-round, or before
    the last round was entered) rank on old scores: legal, but said."""
    meta = data.get("meta")
    counted = meta.get("after_round") if isinstance(meta, dict) else None
    if schedule is None or not isinstance(counted, int) or isinstance(counted, bool):
        return
    from fairdraw.scoring.results import has_result

    later = [r.round for r in schedule.rounds if r.round > counted and any(has_result(t) for t in r.tables)]
    if later:
        err_console.print(f"note: {path} counts results up to round {counted}, but round {later[-1]} has results "
                          "too: the ranking may be out of date (`fairdraw standings` again to count them)",
                          highlight=False, soft_wrap=True, markup=False)


def _csv_in_rank_order(text: str, players: list[Participant], schedule: Schedule | None,
                       path: Path) -> list[Participant]:
    """A standings CSV's players in rank order, as players of the event.

    A ``rank`` column orders the rows and must be filled in every row (one blank cell used to
    drop the column silently and seat the file order). Without an ``id`` column the rows are
    players of the event by name (the reader numbers such rows 1, 2, ... by position, so a list
    of names in rank order seated players 1-4 at table 1 whoever they were)."""
    stream = io.StringIO(text, newline=None)
    directive = sep_directive(text.splitlines()[0] if text else "")
    skipped = 0 if directive is None else 1
    if skipped:
        stream.readline()  # Excel's "sep=;" line, before the header
    reader = csv.DictReader(stream, delimiter=directive or csv_delimiter(header_line(text)))
    rows = []
    for row in reader:
        if any((v or "").strip() for k, v in row.items() if k is not None):
            rows.append((reader.line_num + skipped, {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()}))
    if len(rows) != len(players):  # the players reader read the file otherwise: trust it
        rows = [(0, {}) for _ in players]
    columns = header_columns(header_line(text))
    if "rank" in columns:
        ranks = []
        for (line, row), _ in zip(rows, players, strict=True):
            value = row.get("rank", "")
            if not value.isdigit() or int(value) < 1:
                raise InputError(f"rank must be a whole number from 1 on, got {value!r}" if value
                                 else "rank is empty: give every row its rank, or drop the column to rank by row order",
                                 source=str(path), line=line or None, field="rank")
            ranks.append(int(value))
        players = [p for _, _, p in sorted(zip(ranks, range(len(players)), players, strict=True))]
        rows = [r for _, _, r in sorted(zip(ranks, range(len(rows)), rows, strict=True))]
    if "id" in columns or schedule is None:
        return players
    by_name: dict[str, list[Participant]] = {}
    for p in schedule.players:
        by_name.setdefault(_name_key(p.name), []).append(p)
    matched = []
    for (line, _), p in zip(rows, players, strict=True):
        found = by_name.get(_name_key(p.name), [])
        if len(found) != 1:
            why = "is not a player of the event" if not found else f"names {len(found)} players of the event"
            raise InputError(f"{p.name!r} {why} (without an id column the rows are matched to the event's "
                             "players by name; `fairdraw standings --csv` writes the ids)",
                             source=str(path), line=line or None, field="name")
        matched.append(found[0])
    return matched


def _name_key(name: str) -> str:
    """A name as a standings file is matched by: case, runs of spaces and the Unicode form do
    not count. The form matters: macOS and some spreadsheets write "ü" as u + a combining
    diaeresis (NFD) where the players file had one character (NFC), and "Müller" was then "not
    a player of the event". Caseless matching per the Unicode standard: normalise, fold, normalise."""
    folded = unicodedata.normalize("NFKC", " ".join(name.split())).casefold()
    return unicodedata.normalize("NFKC", folded)


def _every_player_ranked(ranking: list[Participant], schedule: Schedule | None, path: Path) -> list[Participant]:
    """A ranked round seats the whole field: a player ranked twice, or a player of the event
    left out of the standings, would be seated twice or silently dropped."""
    seen: set[int] = set()
    for p in ranking:
        if p.id in seen:
            raise InputError(f"id {p.id} is ranked twice", source=str(path), field="id")
        seen.add(p.id)
    if schedule is not None:
        left = set(schedule.meta.get("withdrawn", ()))
        known = {p.id for p in schedule.players}
        strangers = sorted(seen - known)
        if strangers:
            raise InputError(f"ids {', '.join(map(str, strangers[:10]))} are not players of the event",
                             source=str(path), field="id")
        missing = sorted(p.id for p in schedule.players if p.id not in seen and p.id not in left)
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            raise InputError(f"{len(missing)} players of the event are not in the standings (ids {shown})",
                             source=str(path), field="standings")
        # a player who left keeps a place in the standings (their games count) but no seat
        ranking = [p for p in ranking if p.id not in left]
    return ranking


@app.command("seat-ranked")
def seat_ranked_command(
    standings: Annotated[Path, typer.Argument(help="Standings JSON ({'standings': [...]}) or a CSV in rank order.")],
    schedule_file: Annotated[Path | None, typer.Option("--schedule", help="The schedule so far (winds are balanced against it; the round is appended).")] = None,
    table_size: Annotated[int, typer.Option("--table-size", help="Seats per table (without --schedule).")] = 4,
    json_: JsonOpt = False,
    csv_: CsvOpt = False,
    html_: HtmlOpt = False,
    output: OutOpt = None,
) -> None:
    """Seat the next round by ranking: 1-4, 5-8, ... (seed 001, EMA-style final rounds)."""
    from fairdraw.formats.schedule_json import load_schedule
    from fairdraw.systems.mahjong.ranked import check_rankable, check_table_size, seat_ranked

    check_output(output)
    schedule = None
    if schedule_file is None:
        check_table_size(table_size)  # an option, not the standings' fault: no file named
    else:
        schedule = load_schedule(schedule_file)
        # the schedule first, under its own name (a swiss file, a damaged round, an event with
        # every round seated): read against it, the standings were blamed for its faults
        # ("id 16 is not in the schedule" of a schedule that was no seating)
        with naming_the_file(schedule_file):
            check_rankable(schedule)
    ranking = read_standings(standings, schedule)
    with naming_the_file(standings):  # the schedule is sound: what is left is the ranking's
        new = seat_ranked(ranking, schedule, table_size=table_size)
    emit(new, json_, csv_, html_, output)
    last = new.rounds[-1].round
    breaches = (new.meta.get("ranked_wind_breaches") or {}).get(str(last))
    if breaches:
        err_console.print(f"note: the tables of round {last}, fixed by the ranking, leave {counted(breaches, 'wind breach', 'wind breaches')} "
                          "that no seat order avoids (`fairdraw check --balanced-seats` lists them; "
                          "recorded in meta.ranked_wind_breaches)", highlight=False, soft_wrap=True, markup=False)

"""``fairdraw roundrobin`` (Berger tables, optional Varma numbering) and ``fairdraw check``."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from fairdraw.cli.base import (
    OVERWRITE_HELP,
    app,
    check_output,
    console,
    emit,
    err_console,
    load_players,
    naming_the_file,
    pick_format,
    refuse_to_overwrite_results,
    working,
)
from fairdraw.core.check_limits import LIMIT_MINIMUMS
from fairdraw.core.errors import InputError
from fairdraw.core.model import Schedule
from fairdraw.core.registry import PairingRequest, get_system

JSON_OPT = typer.Option(False, "--json", help="Write the schedule JSON (docs/formats.md).")
CSV_OPT = typer.Option(False, "--csv", help="Write one CSV row per seat.")
HTML_OPT = typer.Option(False, "--html", help="Write a printable HTML page.")
OUT_OPT = typer.Option(None, "--output", "-o", help="Write to this file instead of standard output.")
FORCE_OPT = typer.Option(False, "--force", help=OVERWRITE_HELP)


@app.command("roundrobin")
def roundrobin_command(
    players: Path = typer.Argument(..., help="Players file: CSV with a header row, or JSON."),
    double: bool = typer.Option(False, "--double", help="Two cycles, colours reversed in the second."),
    varma: bool = typer.Option(False, "--varma", help="Pairing numbers by federation (FIDE C.05 Annex 2)."),
    json_: bool = JSON_OPT,
    csv_: bool = CSV_OPT,
    html_: bool = HTML_OPT,
    output: Path | None = OUT_OPT,
    force: bool = FORCE_OPT,
) -> None:
    """A Berger round robin (FIDE C.05 Annex 1); pairing numbers follow the input order unless --varma."""
    pick_format(json_, csv_, html_)
    check_output(output)
    refuse_to_overwrite_results(output, force, reads=players)
    field = load_players(players)
    request = PairingRequest(players=tuple(field), options={"double": double, "varma": varma})
    with naming_the_file(players, field="players"):  # too few players, too many for Varma
        schedule = get_system("berger").pair(request)
    emit(schedule, json_, csv_, html_, output)


# Each limit's range is LIMIT_MINIMUMS (fairdraw.core.check_limits), given to Typer as min=: a
# value below it is refused with the option's name and the range, exit 2, before anything is read.
@app.command("check")
def check_command(
    schedule: Path | None = typer.Argument(None, help="A schedule JSON file (fairdraw.schedule/1, or the fairdraw.heller-schemes/1 of heller --schemes K)."),
    no_repeats: bool = typer.Option(False, "--no-repeats", help="No two participants may meet twice."),
    max_meetings: int | None = typer.Option(None, "--max-meetings", min=LIMIT_MINIMUMS["max_meetings"], help="Most times any pair may meet."),
    max_colour_diff: int | None = typer.Option(None, "--max-colour-diff", min=LIMIT_MINIMUMS["max_colour_diff"], help="Limit on |whites − blacks| after the last round (the final balance, not the balance along the way)."),
    max_colour_run: int | None = typer.Option(None, "--max-colour-run", min=LIMIT_MINIMUMS["max_colour_run"], help="Most games in a row with one colour."),
    max_byes: int | None = typer.Option(None, "--max-byes", min=LIMIT_MINIMUMS["max_byes"], help="Most byes the schedule hands out per participant (requested byes and withdrawals not counted)."),
    table_size: int | None = typer.Option(None, "--table-size", min=LIMIT_MINIMUMS["table_size"], help="Every table must have this many seats."),
    balanced_seats: bool = typer.Option(False, "--balanced-seats", help="Seats (winds) balanced: each once per k games, floor/ceil in all."),
    everyone: bool = typer.Option(False, "--everyone", help="Every listed participant (not withdrawn) seated or on a bye each round."),
    rematch_after: int | None = typer.Option(None, "--rematch-after", min=LIMIT_MINIMUMS["rematch_after"], help="A pair meets again this many rounds after its last game at the earliest (a Keizer ladder's window)."),
    dutch: Path | None = typer.Option(None, "--dutch", help="A TRF16 file or schedule JSON: re-pair every round by FIDE Dutch."),
    explain: bool = typer.Option(False, "--explain", help="With --dutch: explain each round that differs."),
    redraw: bool = typer.Option(False, "--redraw", help="A mahjong seating: draw it again from the seed and players it records (and replay its recorded re-seats); every drawn table must be the same."),
) -> None:
    """Check a schedule independently; exit 0 when every rule holds, 1 with a report of every breach."""
    rules_given = [name for name, given in (
        ("--no-repeats", no_repeats), ("--max-meetings", max_meetings is not None),
        ("--max-colour-diff", max_colour_diff is not None), ("--max-colour-run", max_colour_run is not None),
        ("--max-byes", max_byes is not None), ("--table-size", table_size is not None),
        ("--balanced-seats", balanced_seats), ("--everyone", everyone), ("--redraw", redraw),
        ("--rematch-after", rematch_after is not None)) if given]
    if dutch is not None and (schedule is not None or rules_given):
        # it re-pairs the file --dutch names and reads nothing else: a schedule with a breach, or
        # one that did not exist, passed beside it with exit 0
        beside = f"the schedule {schedule}" if schedule is not None else ", ".join(rules_given)
        raise InputError(f"--dutch re-pairs the file it names and checks nothing else, so {beside} would go "
                         "unchecked: run `fairdraw check` on the schedule separately", field="dutch")
    if explain and dutch is None:
        raise InputError("--explain explains the rounds --dutch finds different: give --dutch FILE (a TRF16 file "
                         "or a Dutch event's schedule JSON)", field="explain")
    if dutch is not None:
        from fairdraw.cli.swiss import dutch_check  # provided by the Swiss engine

        with naming_the_file(dutch):
            code = dutch_check(dutch, explain=explain)
        raise typer.Exit(code)
    if schedule is None:
        raise InputError("give a schedule JSON file, or --dutch FILE (a TRF16 file or a Dutch event's JSON)")
    from fairdraw.cli.check_records import record_breaches
    from fairdraw.cli.check_report import print_report
    from fairdraw.core.checker import CheckRules, check_schedule

    documents = load_schedules(schedule)
    rules = CheckRules(
        no_repeats=no_repeats,
        max_meetings=max_meetings,
        max_colour_diff=max_colour_diff,
        max_colour_run=max_colour_run,
        max_byes=max_byes,
        table_size=table_size,
        balanced_seats=balanced_seats,
        everyone=everyone,
        rematch_after=rematch_after,
    )
    ok = True
    for heading, loaded in documents:
        if heading is not None:
            console.print(f"[bold]{heading}[/]")
        report = check_schedule(loaded, rules)
        records = record_breaches(loaded, report, str(schedule))
        # a field the seating's own record check names is said once, in its words
        named = {line.split("'")[1] for line in records if line.startswith("file record: field '")}
        report.breaches[:] = [line for line in report.breaches
                              if not (line.startswith("file record: field '") and line.split("'")[1] in named)]
        report.breaches.extend(records)
        if redraw:
            # rounds that break a rule may not let the draw be replayed (a player placed twice):
            # the breaches are the answer, listed, not hidden behind one exit-2 error; a draw
            # record that cannot be used still exits 2 naming its field
            try:
                report.breaches.extend(_redraw_breaches(loaded, schedule))
            except InputError as exc:
                if not (report.breaches and (exc.field or "").startswith("rounds")):
                    raise
                report.breaches.append(f"redraw: not made ({exc.message})")
        print_report(loaded, report, console)
        ok = ok and report.ok
    raise typer.Exit(0 if ok else 1)


def _redraw_breaches(loaded: Schedule, path: Path) -> list[str]:
    """``check --redraw``: the seating drawn again from its own records (issue 4 item 4); a file
    that records no draw to make again exits 2 naming the field."""
    from fairdraw.systems.mahjong.draw import software_label
    from fairdraw.systems.mahjong.redraw import redraw_differences

    history = loaded.meta.get("reseats")
    replays = len(history) if isinstance(history, list) else 0
    doing = "drawing the seating again from its seed" + (f" and replaying {replays} re-seat(s)" if replays else "")
    with naming_the_file(path), working(doing):
        differences = redraw_differences(loaded)  # a file without a usable draw record raised here
    draw = loaded.meta["draw"]
    if not differences:
        then = f" and its {replays} recorded re-seat{'s' if replays > 1 else ''} replayed" if replays else ""
        console.print(f"Redraw from seed {draw['seed']!r}{then}: every drawn table is the same.", highlight=False,
                      markup=False, soft_wrap=True)
    else:
        drew = draw.get("software")
        if drew != software_label():  # said, not a breach: the reader decides
            console.print(f"note: this file was drawn by {drew or 'a version that did not record itself'}, and "
                          f"this is {software_label()}: a seating method changed between them also "
                          "differs; redraw with the version that drew it to be sure.", highlight=False,
                          markup=False, soft_wrap=True)
    return [f"redraw: {line}" for line in differences]


HELLER_SCHEMES = "fairdraw.heller-schemes/1"


def load_schedules(path: Path) -> list[tuple[str | None, Schedule]]:
    """The schedules of a file: one ``fairdraw.schedule/1`` document, or each scheme of the
    ``fairdraw.heller-schemes/1`` document that ``heller --schemes K --json`` writes (docs/
    fixed-systems.md), so every JSON fairdraw writes reads back with ``check``."""
    from fairdraw.formats.schedule_json import load_schedule, schedule_from_dict

    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError):  # JSONDecodeError, or a number over 4,300 digits
        return [(None, load_schedule(path))]  # it names the fault: file, line and column
    if isinstance(data, dict) and data.get("format") == HELLER_SCHEMES:
        schemes = data.get("schemes")
        if not isinstance(schemes, list) or not schemes:
            raise InputError("expected a non-empty list of schemes", source=str(path), field="schemes")
        return [
            (f"Scheme {k} of {len(schemes)}", schedule_from_dict(doc, source=f"{path}, scheme {k}"))
            for k, doc in enumerate(schemes, start=1)
        ]
    loaded = schedule_from_dict(data, source=str(path))
    from fairdraw.formats.schedule_json import unread_keys

    unread = unread_keys(data)
    if unread:
        err_console.print(f"note: {path}: not read, so not checked: {', '.join(unread)}"
                          f"{' ...' if len(unread) == 10 else ''} (a misspelt key's value is left out)",
                          highlight=False, soft_wrap=True, markup=False)
    return [(None, loaded)]

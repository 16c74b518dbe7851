"""``fairdraw meerkamp`` and ``fairdraw heller``: the fixed-schedule club systems of seed 002.

Adapters only: read players, call the system, render, write atomically.
"""

from __future__ import annotations

import html
import io
from enum import Enum
from pathlib import Path

import typer

from fairdraw.cli.base import (
    OutputFormat,
    app,
    check_output,
    emit,
    err_console,
    load_players,
    naming_the_file,
    pick_format,
    refuse_to_overwrite_results,
    write_output,
)
from fairdraw.cli.roundrobin import FORCE_OPT
from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Schedule
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.text_width import pad_left, shown_width
from fairdraw.formats.wording import counted

JSON_OPT = typer.Option(False, "--json", help="Write the schedule JSON (docs/formats.md).")
CSV_OPT = typer.Option(False, "--csv", help="Write one CSV row per seat.")
HTML_OPT = typer.Option(False, "--html", help="Write a printable HTML page.")
OUT_OPT = typer.Option(None, "--output", "-o", help="Write to this file instead of standard output.")


class GroupingChoice(str, Enum):
    rating = "rating"
    snake = "snake"
    random = "random"


@app.command("meerkamp")
def meerkamp_command(
    players: Path = typer.Argument(..., help="Players file: CSV with a header row, or JSON."),
    group_size: int = typer.Option(4, "--group-size", help="Players per group, at least (seed 002: 'usually 4, but there can be more'): n // size groups whose sizes differ by one at most (7 players in groups of 4: one group of 7)."),
    double: bool = typer.Option(False, "--double", help="Double round robin: a second cycle, colours reversed."),
    grouping: GroupingChoice = typer.Option(
        GroupingChoice.rating, "--grouping", help="rating: strongest together; snake: serpentine; random: seeded draw."
    ),
    seed: str | None = typer.Option(None, "--seed", help="Public seed string for --grouping random."),
    json_: bool = JSON_OPT,
    csv_: bool = CSV_OPT,
    html_: bool = HTML_OPT,
    output: Path | None = OUT_OPT,
    force: bool = FORCE_OPT,
) -> None:
    """Meerkamp (seed 002): groups, each a Berger round robin; odd groups sit out once each."""
    pick_format(json_, csv_, html_)  # refuse conflicting flags before any work
    check_output(output)
    refuse_to_overwrite_results(output, force, reads=players)
    field = load_players(players)
    if seed is not None and grouping is not GroupingChoice.random:
        err_console.print(f"note: --seed is used only by --grouping random; the {grouping.value} grouping draws "
                          "nothing, so no seed is recorded", highlight=False, soft_wrap=True, markup=False)
    request = PairingRequest(
        players=tuple(field),
        seed=seed,
        options={"group_size": group_size, "double": double, "grouping": grouping.value},
    )
    with naming_the_file(players, field="players"):
        schedule = get_system("meerkamp").pair(request)
    emit(schedule, json_, csv_, html_, output)


def _note_rows_not_by_rating(field: list[Participant], names: Path) -> None:
    """Heller balances the sums of opponents' numbers, number 1 the strongest, and numbers the
    rows in file order (the club may rank by other than rating): say so when the file's own
    ratings disagree with that order, or an alphabetical list is balanced by the alphabet."""
    rated = [(row, p) for row, p in enumerate(field, start=1) if p.rating is not None]
    for (row_a, a), (row_b, b) in zip(rated, rated[1:], strict=False):
        if (b.rating or 0) > (a.rating or 0):
            err_console.print(f"note: {names}: the rows are not in rating order ({a.name} {a.rating} is number "
                              f"{row_a}, {b.name} {b.rating} number {row_b}); Heller numbers the rows in file "
                              "order, number 1 the strongest: sort the file by strength if the ratings are what "
                              "counts", highlight=False, soft_wrap=True, markup=False)
            return


@app.command("heller")
def heller_command(
    players: int = typer.Argument(..., metavar="N", help="Number of players in the group (4-20)."),
    rounds: int | None = typer.Option(None, "--rounds", help="Rounds (default 5, fewer for tiny groups)."),
    schemes: int = typer.Option(1, "--schemes", help="How many different schemes, best first."),
    seed: str | None = typer.Option(None, "--seed", help="Search seed (a fresh search instead of shipped schemes)."),
    names: Path | None = typer.Option(None, "--names", help="Players file; row k gets pairing number k."),
    json_: bool = JSON_OPT,
    csv_: bool = CSV_OPT,
    html_: bool = HTML_OPT,
    output: Path | None = OUT_OPT,
    force: bool = FORCE_OPT,
) -> None:
    """Heller (seed 002): a fixed schedule with no rematch, balanced colours and equal opponent sums."""
    from fairdraw.systems.heller import default_rounds, find_schemes, scheme_schedule
    from fairdraw.systems.heller_search import validate

    fmt = pick_format(json_, csv_, html_)
    check_output(output)
    refuse_to_overwrite_results(output, force, reads=names)
    # the field's limits before the numbered players are made (N = 10,000,000,000 built a list
    # of that many first, and the machine ran out of memory)
    validate(players, default_rounds(players) if rounds is None else rounds)
    if names is not None:
        field = load_players(names)
        if len(field) != players:
            raise InputError(f"the file lists {len(field)} players, but N is {players}", source=str(names),
                             field="names")
        _note_rows_not_by_rating(field, names)
    else:
        field = [Participant(id=i, name=f"Player {i}") for i in range(1, players + 1)]
    found = find_schemes(players, rounds, schemes, seed)
    if len(found) < schemes:
        # schemes differ in who meets whom: a small field may have fewer such graphs than asked,
        # and a user reading one scheme (a plain schedule JSON) should know it was not a slip
        single = "; --json writes it as one fairdraw.schedule/1" if len(found) == 1 and fmt is OutputFormat.json else ""
        what = f"{counted(players, 'player')} over {counted(default_rounds(players) if rounds is None else rounds, 'round')}"
        err_console.print(f"note: --schemes {schemes}: found {counted(len(found), 'scheme')}, not {schemes} (schemes "
                          f"differ in who meets whom, and no other meeting graph was found for {what}){single}",
                          highlight=False, markup=False, soft_wrap=True)
    schedules = [scheme_schedule(field, s, seed=seed, index=i) for i, s in enumerate(found, start=1)]
    write_output(render_heller(schedules, fmt), output)


def _player_table(schedule: Schedule) -> list[list[str]]:
    rows = [["No", "Name", "Colours", "Opponents", "Sum"]]
    for line in schedule.meta["lines"]:
        rows.append(
            [
                str(line["number"]),
                schedule.players[line["number"] - 1].name,
                " ".join(line["colours"]),
                " ".join(str(o) if o else "bye" for o in line["opponents"]),
                str(line["opponent_sum"]),
            ]
        )
    return rows


def _headline(schedule: Schedule, total: int) -> str:
    meta = schedule.meta
    cost = meta["colour_cost"]
    bye = f"; a bye counts as {meta['bye_counts_as']}" if meta["bye_counts_as"] else ""
    return (
        f"Heller scheme {meta['scheme']} of {total}: {counted(len(schedule.players), 'player')}, "
        f"{counted(len(schedule.rounds), 'round')}; "
        f"spread {meta['spread']} ({meta['optimality']}); colours: {cost['repeats']} repeats, "
        f"{cost['excess_imbalance']} avoidable imbalances{bye}"
    )


def render_heller(schedules: list[Schedule], fmt: OutputFormat) -> str:
    """All schemes in one output: text report, JSON, CSV or HTML (see docs/fixed-systems.md)."""
    from fairdraw.formats import render as r
    from fairdraw.formats.schedule_json import layout_json, schedule_to_dict

    if fmt is OutputFormat.json:
        if len(schedules) == 1:
            doc: object = schedule_to_dict(schedules[0])
        else:
            doc = {"format": "fairdraw.heller-schemes/1", "schemes": [schedule_to_dict(s) for s in schedules]}
        return layout_json(doc) + "\n"  # one player, one table a line, as every schedule JSON
    if fmt is OutputFormat.csv:
        out = io.StringIO()
        for index, schedule in enumerate(schedules, start=1):
            lines = r.render_csv(schedule).splitlines()
            if index == 1:
                out.write("scheme," + lines[0] + "\n")
            for line in lines[1:]:
                out.write(f"{index},{line}\n")
        return out.getvalue()
    if fmt is OutputFormat.html:
        parts = []
        for schedule in schedules:
            page = r.render_html(schedule, title=_headline(schedule, len(schedules)))
            body = page.split("<body>", 1)[1].rsplit("</body>", 1)[0]
            rows = _player_table(schedule)
            table = "<table><thead><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in rows[0]) + "</tr></thead>"
            table += "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows[1:])
            parts.append(body.replace("</h1>", "</h1>" + table + "</table>", 1))
        head = r.render_html(schedules[0]).split("<body>", 1)[0]
        return head + "<body>" + "\n".join(parts) + "</body></html>\n"
    out = io.StringIO()
    for schedule in schedules:
        out.write(_headline(schedule, len(schedules)) + "\n\n")
        rows = _player_table(schedule)
        widths = [max(shown_width(row[i]) for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            out.write("  ".join(pad_left(cell, widths[i]) for i, cell in enumerate(row)).rstrip() + "\n")
        out.write("\n" + r.render_text(schedule) + "\n")
    return out.getvalue()

"""Print a checker report with Rich: the recount first, then every breach."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from fairdraw.core.checker import CheckReport
from fairdraw.core.model import Schedule
from fairdraw.formats.wording import counted


def print_report(schedule: Schedule, report: CheckReport, console: Console) -> None:
    """The per-participant recount and the verdict."""
    names = {p.id: p.name for p in schedule.players}
    console.print(
        f"{counted(len(schedule.rounds), 'round')}, {counted(len(schedule.players), 'participant')}, "
        f"{counted(len(report.meetings), 'distinct pair')} met, {counted(report.repeat_count, 'repeat meeting')}"
    )
    table = RichTable(title="Per participant")
    table.add_column("id", justify="right")
    table.add_column("name")
    table.add_column("byes", justify="right")
    if report.absences:
        table.add_column("absent", justify="right")
    if report.colour_balance:
        table.add_column("W−B", justify="right")
        table.add_column("longest run", justify="right")
    if report.seat_counts:
        table.add_column("seat counts")
    for p in schedule.players:
        row = [str(p.id), escape(names[p.id]), str(report.byes.get(p.id, 0))]
        if report.absences:
            row.append(str(report.absences.get(p.id, 0)))
        if report.colour_balance:
            row += [f"{report.colour_balance.get(p.id, 0):+d}", str(report.longest_colour_run.get(p.id, 0))]
        if report.seat_counts:
            row.append(" ".join(str(c) for c in report.seat_counts.get(p.id, [])))
        table.add_row(*row)
    console.print(table)
    if report.repeats:
        console.print("Repeat meetings: " + ", ".join(f"{a}–{b} ×{n}" for a, b, n in report.repeats), highlight=False)
    if report.ok:
        console.print("[bold green]OK[/]: every rule asked for holds.")
    else:
        console.print(f"[bold red]{len(report.breaches)} breach(es)[/]:")
        for line in report.breaches:
            console.print(f"  - {line}", highlight=False, markup=False)

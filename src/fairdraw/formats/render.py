"""Render a schedule as a text table, CSV or a printable HTML page (issue 2, item 5).

Seats are shown by their role: chess boards as White/Black, larger tables by wind
(East, South, West, North). The HTML page has one block per round with numbered boards
and print CSS so that a round fits an A4 sheet.
"""

from __future__ import annotations

import csv
import html
import io

from fairdraw.core.model import Schedule, Table

WINDS = ("East", "South", "West", "North")


def seat_labels(size: int) -> tuple[str, ...]:
    """Names of the seats of a table with ``size`` seats."""
    if size == 2:
        return ("White", "Black")
    if size <= 4:
        return WINDS[:size]
    return tuple(f"Seat {i}" for i in range(1, size + 1))


def _label(schedule: Schedule, pid: int) -> str:
    try:
        player = schedule.player(pid)
    except KeyError:
        return f"#{pid}"
    return f"{schedule.number_of(pid)}. {player.name}"


def _table_cells(schedule: Schedule, table: Table) -> list[str]:
    return [_label(schedule, pid) for pid in table.seats]


def render_text(schedule: Schedule) -> str:
    """A plain-text table per round (used by the CLI and the demo)."""
    out = io.StringIO()
    title = f"{schedule.system}"
    if schedule.seed is not None:
        title += f" (seed {schedule.seed})"
    out.write(title + "\n")
    for rnd in schedule.rounds:
        out.write(f"\nRound {rnd.round}\n")
        width = max((len(t.seats) for t in rnd.tables), default=2)
        labels = seat_labels(width)
        rows = [["Board" if width == 2 else "Table", *labels]]
        for table in rnd.tables:
            name = str(table.table) if table.group is None else f"{table.group}/{table.table}"
            rows.append([name, *_table_cells(schedule, table)])
        widths = [max(len(row[i]) if i < len(row) else 0 for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            out.write("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() + "\n")
        for bye in rnd.byes:
            kind = "" if bye.kind == "bye" else f" ({bye.kind})"
            out.write(f"  bye: {_label(schedule, bye.id)}{kind}\n")
    return out.getvalue()


def spreadsheet_safe(text: str) -> str:
    """A name as a spreadsheet shows it, never as a formula: a cell starting with = + - @
    (or a tab or carriage return) is run by Excel and LibreOffice ("CSV injection"), so it
    gets a leading apostrophe, which the spreadsheet hides. Only names and clubs go through
    here; the players CSV that fairdraw reads back keeps them as typed."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text


def render_csv(schedule: Schedule) -> str:
    """One row per seat: round, group, table, seat, id, number, name (and byes)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "group", "table", "seat", "id", "number", "name"])
    for rnd in schedule.rounds:
        for table in rnd.tables:
            labels = seat_labels(len(table.seats))
            for seat, pid in zip(labels, table.seats, strict=True):
                name = schedule.player(pid).name if any(p.id == pid for p in schedule.players) else ""
                writer.writerow([rnd.round, table.group or "", table.table, seat, pid, schedule.number_of(pid),
                                 spreadsheet_safe(name)])
        for bye in rnd.byes:
            writer.writerow([rnd.round, "", "", bye.kind, bye.id, schedule.number_of(bye.id),
                             spreadsheet_safe(schedule.player(bye.id).name)])
    return out.getvalue()


_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; }
section.round { break-inside: avoid; margin-bottom: 1.5rem; }
table { border-collapse: collapse; min-width: 24rem; }
th, td { border: 1px solid #999; padding: .25rem .6rem; text-align: left; }
th { background: #eee; }
p.byes { margin: .3rem 0; }
@media print { @page { size: A4; margin: 12mm; } section.round { page-break-inside: avoid; } }
"""


def render_html(schedule: Schedule, title: str | None = None) -> str:
    """A standalone printable page: one block per round, boards numbered."""
    esc = html.escape
    heading = title or f"fairdraw — {schedule.system}"
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(heading)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{esc(heading)}</h1>",
    ]
    if schedule.seed is not None:
        parts.append(f"<p>Seed: <code>{esc(str(schedule.seed))}</code></p>")
    for rnd in schedule.rounds:
        width = max((len(t.seats) for t in rnd.tables), default=2)
        labels = seat_labels(width)
        parts.append(f'<section class="round"><h2>Round {rnd.round}</h2><table>')
        head = "".join(f"<th>{esc(lbl)}</th>" for lbl in labels)
        parts.append(f"<thead><tr><th>{'Board' if width == 2 else 'Table'}</th>{head}</tr></thead><tbody>")
        for table in rnd.tables:
            name = str(table.table) if table.group is None else f"{table.group} / {table.table}"
            cells = "".join(f"<td>{esc(c)}</td>" for c in _table_cells(schedule, table))
            parts.append(f"<tr><td>{esc(name)}</td>{cells}</tr>")
        parts.append("</tbody></table>")
        if rnd.byes:
            names = ", ".join(esc(_label(schedule, b.id)) for b in rnd.byes)
            parts.append(f'<p class="byes">Bye: {names}</p>')
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"

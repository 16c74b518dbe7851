"""Render a schedule as a text table, CSV or a printable HTML page (issue 2, item 5).

Seats are shown by their role: chess boards as White/Black, larger tables by wind
(East, South, West, North). The HTML page has one block per round with numbered boards
and print CSS so that a round fits an A4 sheet; a seating at tables of more than two seats
ends with every player's table and wind round by round, in name order, for the wall.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Mapping

from fairdraw.core.model import Round, Schedule, Table
from fairdraw.formats.csv_cells import spreadsheet_writer
from fairdraw.formats.text_width import pad_left, shown_width
from fairdraw.systems.mahjong.winds import WINDS, seat_labels  # noqa: F401  (re-exported: formats' callers)


class _Lookup:
    """Names, pairing numbers and groups by id, built once per rendering: ``Schedule.player``
    scans the whole field, which made a 1,000-player round robin's CSV take 40 s."""

    def __init__(self, schedule: Schedule) -> None:
        self.names = {p.id: p.name for p in schedule.players}
        self.numbers = {p.id: schedule.number_of(p.id) for p in schedule.players}
        #: a field made without names ("Player 13" is id 13) whose draw numbered it otherwise:
        #: "5. Player 13" read as two numbers for one player (an audit), so the names alone are
        #: shown; the draw numbers stay in the JSON and CSV
        self.unnumbered = (all(p.name == f"Player {p.id}" for p in schedule.players)
                           and any(self.numbers[p.id] != p.id for p in schedule.players))
        groups: dict[int, set[str]] = {}
        for rnd in schedule.rounds:
            for table in rnd.tables:
                if table.group is not None:
                    for pid in table.seats:
                        groups.setdefault(pid, set()).add(table.group)
        #: the one group a participant plays in (Meerkamp), so a bye names its group too
        self.groups = {pid: next(iter(found)) for pid, found in groups.items() if len(found) == 1}

    def label(self, pid: int) -> str:
        if pid not in self.names:
            return f"#{pid}"
        if self.unnumbered:
            return self.names[pid]
        return f"{self.numbers[pid]}. {self.names[pid]}"

    def bye_label(self, pid: int, kind: str = "bye") -> str:
        """A bye's player, with its group in a grouped schedule (pairing numbers restart per
        group, so "1. Gert" alone does not say where) and its kind unless a plain bye."""
        notes = [f"group {self.groups[pid]}"] if pid in self.groups else []
        notes += [kind] if kind != "bye" else []
        return self.label(pid) + (f" ({', '.join(notes)})" if notes else "")


def _table_cells(lookup: _Lookup, table: Table) -> list[str]:
    return [lookup.label(pid) for pid in table.seats]


def render_text(schedule: Schedule) -> str:
    """A plain-text table per round (used by the CLI and the demo)."""
    out = io.StringIO()
    lookup = _Lookup(schedule)
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
            rows.append([name, *_table_cells(lookup, table)])
        widths = [max(shown_width(row[i]) if i < len(row) else 0 for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            out.write("  ".join(pad_left(cell, widths[i]) for i, cell in enumerate(row)).rstrip() + "\n")
        for bye in rnd.byes:
            out.write(f"  bye: {lookup.bye_label(bye.id, bye.kind)}\n")
    return out.getvalue()


def render_csv(schedule: Schedule) -> str:
    """One row per seat: round, group, table, seat, id, number, name (and byes)."""
    out = io.StringIO()
    writer = spreadsheet_writer(out)  # every cell: never a formula in a spreadsheet
    writer.writerow(["round", "group", "table", "seat", "id", "number", "name"])
    lookup = _Lookup(schedule)
    for rnd in schedule.rounds:
        for table in rnd.tables:
            labels = seat_labels(len(table.seats))
            for seat, pid in zip(labels, table.seats, strict=True):
                writer.writerow([rnd.round, table.group or "", table.table, seat, pid,
                                 lookup.numbers.get(pid, ""), lookup.names.get(pid, "")])
        for bye in rnd.byes:
            # a Meerkamp sit-out keeps its group, so a spreadsheet filtered by group still shows it
            writer.writerow([rnd.round, lookup.groups.get(bye.id, ""), "", bye.kind, bye.id,
                             lookup.numbers.get(bye.id, ""), lookup.names.get(bye.id, "")])
    return out.getvalue()


_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; }
section.round { break-inside: avoid; margin-bottom: 1.5rem; }
section.players { break-before: page; }
section.players table { margin-bottom: 1rem; font-size: .9rem; }
table { border-collapse: collapse; min-width: 24rem; }
th, td { border: 1px solid #999; padding: .25rem .6rem; text-align: left; }
th { background: #eee; }
p.byes { margin: .3rem 0; }
@media print { @page { size: A4; margin: 12mm; } section.round { page-break-inside: avoid; } }
"""


def render_pairing_list_html(schedule: Schedule, rnd: Round, points: Mapping[int, str], title: str) -> str:
    """One round's printable pairing list for the wall: board, White and Black with their
    points before the round (as arbiters post it), then the byes."""
    esc = html.escape
    lookup = _Lookup(schedule)
    parts = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>{esc(title)}</title><style>{_CSS}</style></head><body>", f"<h1>{esc(title)}</h1>",
             '<section class="round"><table><thead><tr><th>Board</th><th>White</th><th>Pts</th><th>Black</th>'
             "<th>Pts</th></tr></thead><tbody>"]
    for table in rnd.tables:
        white, black = table.seats
        cells = (lookup.label(white), points.get(white, ""), lookup.label(black), points.get(black, ""))
        parts.append(f"<tr><td>{table.table}</td>" + "".join(f"<td>{esc(c)}</td>" for c in cells) + "</tr>")
    parts.append("</tbody></table>")
    if rnd.byes:
        names = ", ".join(esc(lookup.bye_label(b.id, b.kind)) for b in rnd.byes)
        parts.append(f'<p class="byes">Bye: {names}</p>')
    parts.append("</section></body></html>")
    return "\n".join(parts) + "\n"


def render_html(schedule: Schedule, title: str | None = None) -> str:
    """A standalone printable page: one block per round, boards numbered."""
    esc = html.escape
    lookup = _Lookup(schedule)
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
            cells = "".join(f"<td>{esc(c)}</td>" for c in _table_cells(lookup, table))
            parts.append(f"<tr><td>{esc(name)}</td>{cells}</tr>")
        parts.append("</tbody></table>")
        if rnd.byes:
            names = ", ".join(esc(lookup.bye_label(b.id, b.kind)) for b in rnd.byes)
            parts.append(f'<p class="byes">Bye: {names}</p>')
        parts.append("</section>")
    parts += _by_player_html(schedule, lookup)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


#: the largest grid (players x rounds) the page lists player by player: a mahjong or league
#: field fits many times over; a 1,000-player round robin (a million cells) is left to its rounds
BY_PLAYER_MAX_CELLS = 50_000


def player_itineraries(schedule: Schedule) -> list[tuple[int, list[str]]]:
    """Each player's round-by-round place at tables of more than two seats (issue 4, item 1:
    seats in wind order): "T3 East" (table and seat), "Group B (T2)" for a league group that
    plays several games (its winds change from game to game: its table card lists them), "sits
    out" on a bye, "" for a round the player is in no table of; players in name order, as they
    look themselves up on a posted sheet. Empty for chess boards (their pairing lists are
    posted round by round) and for grids over ``BY_PLAYER_MAX_CELLS``."""
    if not any(len(t.seats) > 2 for rnd in schedule.rounds for t in rnd.tables):
        return []
    if len(schedule.players) * len(schedule.rounds) > BY_PLAYER_MAX_CELLS:
        return []
    place: dict[int, list[str]] = {p.id: [""] * len(schedule.rounds) for p in schedule.players}
    for index, rnd in enumerate(schedule.rounds):
        for table in rnd.tables:
            where = f"T{table.table}" if table.group is None else f"Group {table.group} (T{table.table})"
            for seat, pid in zip(seat_labels(len(table.seats)), table.seats, strict=True):
                if pid in place:
                    place[pid][index] = where if table.games else f"{where} {seat}"
        for bye in rnd.byes:
            if bye.id in place:
                place[bye.id][index] = "sits out" if bye.kind == "bye" else bye.kind
    ordered = sorted(schedule.players, key=lambda p: (_natural(p.name), p.id))
    return [(p.id, place[p.id]) for p in ordered]


def _natural(name: str) -> list[tuple[int, str]]:
    """A sort key that reads numbers in names as numbers ("Player 2" before "Player 10"), in
    tagged pairs so text and numbers never meet in one comparison."""
    return [(1, f"{int(part):020d}") if part.isdigit() else (0, part.casefold()) for part in re.split(r"(\d+)", name)]


#: rounds per block of the "Player by player" table: "T10 South" in 8 columns and a name fit
#: the width of an A4 page in portrait (the page's seats-by-player sheet uses it too)
ROUNDS_PER_TABLE = 8


def _by_player_html(schedule: Schedule, lookup: _Lookup) -> list[str]:
    """The "Player by player" section of ``render_html`` (``player_itineraries``)."""
    rows = player_itineraries(schedule)
    if not rows:
        return []
    esc = html.escape
    parts = ['<section class="players"><h2>Player by player</h2>']
    # at most ROUNDS_PER_TABLE rounds side by side: 30 rounds in one table were some 2,000 px
    # wide, clipped on an A4 page; each block repeats the player column
    for start in range(0, len(schedule.rounds), ROUNDS_PER_TABLE):
        block = schedule.rounds[start:start + ROUNDS_PER_TABLE]
        head = "".join(f"<th>R{rnd.round}</th>" for rnd in block)
        parts.append(f"<table><thead><tr><th>Player</th>{head}</tr></thead><tbody>")
        for pid, cells in rows:
            parts.append(f"<tr><td>{esc(lookup.label(pid))}</td>"
                         + "".join(f"<td>{esc(c)}</td>" for c in cells[start:start + len(block)]) + "</tr>")
        parts.append("</tbody></table>")
    parts.append("</section>")
    return parts


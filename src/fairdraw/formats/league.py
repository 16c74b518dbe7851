"""Text, CSV and HTML views of a league season and of the league table (issue 5).

A league schedule is an ordinary ``fairdraw.schedule/1`` document; these views add what
the generic renderers do not show: the hanchan inside each group (winds and sit-outs).
"""

from __future__ import annotations

import html
import io
from collections.abc import Sequence

from fairdraw.core.model import Schedule
from fairdraw.formats.csv_cells import spreadsheet_writer
from fairdraw.systems.league.table import TableRow

WINDS = ("E", "S", "W", "N")


def _name(schedule: Schedule, pid: int) -> str:
    try:
        return schedule.player(pid).name
    except KeyError:
        return f"#{pid}"


def _field(schedule: Schedule) -> str:
    """"29 players" for a season whose list also keeps 3 who left (their sessions stay), said so."""
    gone = len(schedule.meta.get("dropped") or ())
    playing = len(schedule.players) - gone
    return f"{playing} players" + (f" (and {gone} who left)" if gone else "")


def _leaves(name: str, first_missed: int) -> str:
    """A leaver's line of the printed changes (issue 5 item 4): one who left before the first
    session plays none, which "leaves after session 0" told an organiser badly."""
    if first_missed <= 1:
        return f"{name} plays no session (left before session 1)"
    return f"{name} leaves after session {first_missed - 1}"


def _summary(schedule: Schedule) -> list[str]:
    meta = schedule.meta
    lines = [f"design: {meta.get('design', '?')}"]
    if "shape" in meta:
        shape = f"groups per session: {meta['shape']}"
        if schedule.meta.get("joined") or schedule.meta.get("dropped"):
            shape += " (from the last re-plan on)"
        lines.append(
            f"{shape}; sessions without a repeat: {meta.get('sessions_without_repeat')};"
            f" repeats: {meta.get('repeats')} (max meetings of a pair: {meta.get('max_meetings')})"
        )
    joined = schedule.meta.get("joined") or {}
    left = schedule.meta.get("left") or {}
    if joined or left:
        moves = [f"{_name(schedule, int(pid))} joins from session {at}" for pid, at in sorted(joined.items(), key=lambda kv: kv[1])]
        moves += [_leaves(_name(schedule, int(pid)), int(at)) for pid, at in sorted(left.items(), key=lambda kv: kv[1])]
        lines.append("changes: " + "; ".join(moves))
    if "separate" in meta:
        sep = meta["separate"]
        lines.append(f"same-{sep['by']} meetings in a group: {sep['same_group_meetings']}")
    lines.append("seed: " + (str(schedule.seed) if schedule.seed is not None else "none (players in input order)"))
    return lines


def render_league_text(schedule: Schedule) -> str:
    out = io.StringIO()
    out.write(f"{schedule.system}: {_field(schedule)}, {len(schedule.rounds)} sessions\n")
    for line in _summary(schedule):
        out.write(line + "\n")
    for rnd in schedule.rounds:
        out.write(f"\nSession {rnd.round}\n")
        for table in rnd.tables:
            members = ", ".join(f"{schedule.number_of(p)}. {_name(schedule, p)}" for p in table.seats)
            out.write(f"  Group {table.group or table.table}: {members}\n")
            for game in table.games:
                seats = "  ".join(f"{w} {_name(schedule, p)}" for w, p in zip(WINDS, game.seats, strict=False))
                rest = f"  (out: {', '.join(_name(schedule, p) for p in game.out)})" if game.out else ""
                out.write(f"    hanchan {game.game}: {seats}{rest}\n")
    return out.getvalue()


def render_league_csv(schedule: Schedule) -> str:
    """One row per seat per hanchan: session, group, game, wind, id, number, name
    (wind "out" for the member who sits out)."""
    out = io.StringIO()
    writer = spreadsheet_writer(out)  # every cell: never a formula in a spreadsheet
    writer.writerow(["session", "group", "game", "wind", "id", "number", "name"])
    for rnd in schedule.rounds:
        for table in rnd.tables:
            for game in table.games:
                for wind, pid in zip(("East", "South", "West", "North"), game.seats, strict=False):
                    writer.writerow(
                        [rnd.round, table.group, game.game, wind, pid, schedule.number_of(pid),
                         _name(schedule, pid)]
                    )
                for pid in game.out:
                    writer.writerow(
                        [rnd.round, table.group, game.game, "out", pid, schedule.number_of(pid),
                         _name(schedule, pid)]
                    )
    return out.getvalue()


_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; }
section.session { break-inside: avoid; margin-bottom: 1.5rem; }
div.group { display: inline-block; vertical-align: top; margin: 0 1rem 1rem 0; }
table { border-collapse: collapse; }
th, td { border: 1px solid #999; padding: .2rem .5rem; text-align: left; }
th { background: #eee; }
@media print { @page { size: A4; margin: 12mm; } section.session { page-break-inside: avoid; } }
"""


def render_league_html(schedule: Schedule) -> str:
    esc = html.escape
    title = f"Mahjong league: {_field(schedule)}, {len(schedule.rounds)} sessions"
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
    ]
    parts.extend(f"<p>{esc(line)}</p>" for line in _summary(schedule))
    for rnd in schedule.rounds:
        parts.append(f'<section class="session"><h2>Session {rnd.round}</h2>')
        for table in rnd.tables:
            parts.append(f'<div class="group"><h3>Group {esc(str(table.group))}</h3><table>')
            parts.append(
                "<thead><tr><th>Hanchan</th><th>East</th><th>South</th><th>West</th><th>North</th><th>Out</th></tr></thead><tbody>"
            )
            for game in table.games:
                cells = "".join(f"<td>{esc(_name(schedule, p))}</td>" for p in game.seats)
                out = ", ".join(esc(_name(schedule, p)) for p in game.out)
                parts.append(f"<tr><td>{game.game}</td>{cells}<td>{out}</td></tr>")
            parts.append("</tbody></table></div>")
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _table_cells(row: TableRow) -> list[str]:
    """One field size's cells, shared by the text and the HTML table so both say the same."""
    def shown(value: int | None) -> str:
        return "-" if value is None else str(value)

    reach = f"{row.clean_sessions}+" if row.open_ended else str(row.clean_sessions)
    return [str(row.players), row.shape or "-", reach, shown(row.repeats),
            shown(row.max_meetings), shown(row.lower_bound), row.method]


def render_table_text(rows: Sequence[TableRow], sessions: int) -> str:
    head = ["players", "groups", "clean sessions", f"repeats in {sessions}", "max", "lower bound", "method"]
    body = [_table_cells(r) for r in rows]
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in [head, *body]]
    return "\n".join(lines) + "\n"


def render_table_html(rows: Sequence[TableRow], sessions: int) -> str:
    esc = html.escape
    title = f"League seasons of {sessions} sessions by field size"
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(title)}</title><style>{_CSS}</style></head><body><h1>{esc(title)}</h1><table>",
        (
            "<thead><tr><th>Players</th><th>Groups</th><th>Sessions without a repeat</th>"
            f"<th>Repeats in {sessions}</th><th>Max meetings</th><th>Lower bound</th><th>Method</th></tr></thead><tbody>"
        ),
    ]
    for r in rows:
        parts.append("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in _table_cells(r)) + "</tr>")
    parts.append("</tbody></table></body></html>")
    return "\n".join(parts) + "\n"

"""Standings and cross tables as text, CSV, HTML and JSON (adapters over the pure core).

The JSON is ``{"standings": [{"rank", "id", "name", "points", "tiebreaks": {code: value}}],
"scoring", "tiebreak_codes", "meta"}`` (plus ``"crosstable"`` when asked). Numbers are
written as JSON numbers: whole values as integers, others as decimals (a Keizer third is
rounded to 6 decimals so that output stays readable and stable).
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from fairdraw.core.model import Schedule
from fairdraw.formats.csv_cells import NumberText, spreadsheet_writer
from fairdraw.formats.text_width import pad_left, pad_right, shown_width
from fairdraw.scoring.results import FORFEIT_LOSS, FORFEIT_WIN, chess_entries, is_mahjong
from fairdraw.scoring.standings import StandingRow, Standings


def number(value: Fraction) -> int | float:
    """A JSON number for an exact value."""
    if value.denominator == 1:
        return int(value)
    return round(float(value), 6)


def text_number(value: Fraction) -> str:
    """A short text for an exact value: 5, 5.5, 22.25, 6.67."""
    if value.denominator == 1:
        return str(int(value))
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text


def _row_dict(st: Standings, r: StandingRow) -> dict[str, Any]:
    row: dict[str, Any] = {
        "rank": r.rank,
        "id": r.id,
        "name": r.name,
        "points": number(r.points),
        "tiebreaks": {code: number(v) for code, v in r.tiebreaks.items()},
    }
    if st.group is not None:
        row["group"] = st.group
    return row


def standings_dict(
    tables: Standings | Sequence[Standings], crosstable: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The JSON document of the standings (one or several groups: rows carry ``group``)."""
    many = [tables] if isinstance(tables, Standings) else list(tables)
    first = many[0]
    doc: dict[str, Any] = {
        "standings": [_row_dict(st, r) for st in many for r in st.rows],
        "scoring": first.scoring,
        "tiebreak_codes": list(first.tiebreaks),
        "meta": _whole(first.meta) if len(many) == 1 else {st.group: _whole(st.meta) for st in many},
    }
    if crosstable is not None:
        doc["crosstable"] = crosstable
    return doc


def _whole(value: Any) -> Any:
    """``value`` with every whole float written as an integer (a win's ``1.0`` as ``1``), as the
    values of the rows are: the scoring's facts came out as floats."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_whole(v) for v in value]
    return value


def render_json(tables: Standings | Sequence[Standings], crosstable: list[dict[str, Any]] | None = None) -> str:
    """Deterministic JSON text."""
    return json.dumps(standings_dict(tables, crosstable), indent=2, ensure_ascii=False) + "\n"


def _header(st: Standings) -> list[str]:
    return ["rank", "id", "name", "points", *st.tiebreaks]


def _cells(st: Standings) -> list[list[str]]:
    return [
        [str(r.rank), str(r.id), r.name, text_number(r.points), *(text_number(r.tiebreaks[c]) for c in st.tiebreaks)]
        for r in st.rows
    ]


def render_csv(tables: Standings | Sequence[Standings]) -> str:
    """One row per participant: [group,] rank, id, name, points, one column per tie-break."""
    many = [tables] if isinstance(tables, Standings) else list(tables)
    grouped = any(st.group is not None for st in many)
    out = io.StringIO()
    writer = spreadsheet_writer(out)  # every cell (the name, a group): never a formula in a spreadsheet
    writer.writerow((["group"] if grouped else []) + _header(many[0]))
    for st in many:
        for cells in _cells(st):
            # points and tie-breaks are numbers (a Keizer ladder's may be negative): not quoted
            numbers = [*cells[:3], *(NumberText(c) for c in cells[3:])]
            writer.writerow(([st.group or ""] if grouped else []) + numbers)
    return out.getvalue()


def _aligned(rows: list[list[str]]) -> str:
    widths = [max(shown_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [pad_right(c, widths[i]) if i != 2 else pad_left(c, widths[i]) for i, c in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def render_text(st: Standings, cross: list[dict[str, Any]] | None = None) -> str:
    """An aligned text table, then the cross table when asked."""
    head = f"Standings ({st.scoring}" if st.group is None else f"Group {st.group} ({st.scoring}"
    if st.scoring == "keizer":
        how = ("converged" if st.meta.get("converged") else
               f"stopped on a cycle of {st.meta['cycle_length']} rankings, listed in the one the next round is paired from"
               if st.meta.get("cycle_length") else "stopped at the iteration limit, listed in its last ranking")
        rounds = st.meta.get("iterations")
        head += f"; {rounds} iteration{'' if rounds == 1 else 's'}, {how}"
    head += ")\n"
    text = head + _aligned([_header(st), *_cells(st)])
    if cross:
        text += "\nCross table\n" + _aligned(_cross_rows(cross))
    return text


def crosstable(schedule: Schedule, st: Standings) -> list[dict[str, Any]]:
    """Per participant (standings order): results against each opponent by their place.

    Results are from the row player's side: 1, ½, 0, + and - for forfeits; a double round
    robin lists both games in round order ("1 ½")."""
    place = {r.id: i + 1 for i, r in enumerate(st.rows)}
    if is_mahjong(schedule):
        return []
    entries = chess_entries(schedule)
    symbol = {"W": "1", "D": "½", "L": "0"}
    rows = []
    for r in st.rows:
        cells: dict[str, list[str]] = {}
        for e in sorted(entries[r.id], key=lambda e: e.round):
            if e.opponent is None:
                continue
            mark = "+" if e.kind == FORFEIT_WIN else "-" if e.kind == FORFEIT_LOSS else symbol[e.outcome]
            cells.setdefault(str(place[e.opponent]), []).append(mark)
        rows.append(
            {"place": place[r.id], "id": r.id, "name": r.name, "results": {k: " ".join(v) for k, v in cells.items()}}
        )
    return rows


def _cross_rows(cross: list[dict[str, Any]]) -> list[list[str]]:
    n = len(cross)
    rows = [["#", "", "name", *(str(i) for i in range(1, n + 1))]]
    for row in cross:
        cells = ["X" if i == row["place"] else row["results"].get(str(i), "") for i in range(1, n + 1)]
        rows.append([str(row["place"]), "", row["name"], *cells])
    return rows


_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; }
table { border-collapse: collapse; margin-bottom: 1.5rem; }
th, td { border: 1px solid #999; padding: .2rem .5rem; text-align: right; }
td.name, th.name { text-align: left; }
th { background: #eee; }
table.wide { font-size: .7rem; }
table.wide th, table.wide td { padding: .1rem .2rem; }
section.wide { page: wide; }
@media print { @page { size: A4; margin: 12mm; } @page wide { size: A4 landscape; } }
"""

#: a cross table with more columns than this is printed small on a landscape page (a 40-player
#: round robin's 40 result columns ran off an A4 page in portrait)
WIDE_CROSS_TABLE = 16


_NAME = ' class="name"'


def render_html(
    parts: Standings | Sequence[tuple[Standings, list[dict[str, Any]] | None]],
    cross: list[dict[str, Any]] | None = None,
    title: str = "Standings",
) -> str:
    """A standalone printable page: per group (or once) the standings and the cross table."""
    if isinstance(parts, Standings):
        parts = [(parts, cross)]
    esc = html.escape
    page = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
    ]
    for st, table_cross in parts:
        if st.group is not None:
            page.append(f"<h2>Group {esc(st.group)}</h2>")
        page.append(f"<p>Scoring: {esc(st.scoring)}</p>")
        page.append(_html_table([_header(st), *_cells(st)]))
        if table_cross:
            rows = _cross_rows(table_cross)
            wide = len(rows[0]) > WIDE_CROSS_TABLE + 3
            page.append('<section class="wide">' if wide else "<section>")
            page.append("<h3>Cross table</h3>")
            page.append(_html_table(rows, css="wide" if wide else None))
            page.append("</section>")
    page.append("</body></html>")
    return "\n".join(page) + "\n"


def _html_table(rows: list[list[str]], css: str | None = None) -> str:
    esc = html.escape
    out = [f'<table class="{css}"><thead><tr>' if css else "<table><thead><tr>"]
    out.append("".join(f"<th{_NAME if i == 2 else ''}>{esc(c)}</th>" for i, c in enumerate(rows[0])))
    out.append("</tr></thead><tbody>")
    for row in rows[1:]:
        out.append("<tr>" + "".join(f"<td{_NAME if i == 2 else ''}>{esc(c)}</td>" for i, c in enumerate(row)) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)

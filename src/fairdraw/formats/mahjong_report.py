"""The seating report (issue 4, item 8): metrics as Markdown plus heat maps as SVG.

Adapter code (writes files): the numbers come from the schedule alone, recomputed here so
the report also serves as a check of any schedule JSON with k-seat tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fairdraw.core.model import Schedule
from fairdraw.formats.wording import counted


def compute(schedule: Schedule) -> dict[str, Any]:
    """Per-player and per-pair figures of a schedule (ids as in the schedule)."""
    ids = [p.id for p in schedule.players]
    index = {pid: i for i, pid in enumerate(ids)}
    n = len(ids)
    size = max((len(t.seats) for r in schedule.rounds for t in r.tables), default=4)
    meet = [[0] * n for _ in range(n)]
    winds = [[0] * size for _ in range(n)]
    visits: dict[tuple[int, int], int] = {}
    repeat_visits = [0] * n
    for rnd in schedule.rounds:
        for table in rnd.tables:
            seats = [index[p] for p in table.seats]
            for s, a in enumerate(seats):
                winds[a][s] += 1
                key = (a, table.table)
                if key in visits:
                    repeat_visits[a] += 1
                visits[key] = visits.get(key, 0) + 1
                for b in seats[s + 1 :]:
                    meet[a][b] += 1
                    meet[b][a] += 1
    pairs = [meet[a][b] for a in range(n) for b in range(a + 1, n)]
    return {
        "ids": ids,
        "meet": meet,
        "winds": winds,
        "repeat_visits": repeat_visits,
        "repeats": sum(c - 1 for c in pairs if c > 1),
        "max_meetings": max(pairs, default=0),
        "distinct": [sum(1 for b in range(n) if b != a and meet[a][b]) for a in range(n)],
        "size": size,
    }


def _heatmap(matrix: list[list[int]], title: str, xlabels: list[str], ylabels: list[str], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows, cols = len(matrix), len(matrix[0]) if matrix else 0
    fig, ax = plt.subplots(figsize=(max(4.0, min(14.0, cols * 0.18 + 2)), max(3.0, min(14.0, rows * 0.14 + 1.5))))
    image = ax.imshow(matrix, cmap="viridis", aspect="auto", interpolation="nearest")
    ax.set_title(title)
    if cols <= 8:
        ax.set_xticks(range(cols), xlabels)
    if rows <= 40:
        ax.set_yticks(range(rows), ylabels, fontsize=6)
    fig.colorbar(image, ax=ax)
    fig.tight_layout()
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)


def _cell(text: object) -> str:
    """Text as one Markdown table cell, shown as written: a '|' in a name ("Smith | J.")
    split the row into one column too many, and '<b>', '*' or '_' were read as markup."""
    out = " ".join(str(text).split())
    out = out.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for ch in "\\`*_[]|":
        out = out.replace(ch, "\\" + ch)
    return out


def _code(text: object) -> str:
    """Text as a Markdown code span, fenced by more backticks than it holds (a seed may hold one)."""
    raw = " ".join(str(text).split())
    longest = 0
    run = 0
    for ch in raw:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if raw.startswith("`") or raw.endswith("`") else ""
    return f"{fence}{pad}{raw}{pad}{fence}"


def write_report(schedule: Schedule, folder: Path) -> list[Path]:
    """Write report.md, meetings.svg (pair heat map) and winds.svg into ``folder``.

    Each is written beside its place first and all three are moved in only when all are whole:
    a full disk left a report of a new meetings.svg cut off mid-tag beside the old report.md."""
    folder.mkdir(parents=True, exist_ok=True)
    final = [folder / "report.md", folder / "meetings.svg", folder / "winds.svg"]
    drafts = [path.with_name(f".{path.name}.part") for path in final]
    try:
        _write_drafts(schedule, *drafts)
    except BaseException:
        for draft in drafts:
            draft.unlink(missing_ok=True)
        raise
    for draft, path in zip(drafts, final, strict=True):
        draft.replace(path)
    return final


def _write_drafts(schedule: Schedule, report: Path, meet_svg: Path, wind_svg: Path) -> None:
    """The three files of ``write_report``, at the paths given."""
    data = compute(schedule)
    names = {p.id: p.name for p in schedule.players}
    labels = [f"{schedule.number_of(pid)}. {names[pid]}" for pid in data["ids"]]
    seats = list(schedule.meta.get("seats") or ["East", "South", "West", "North"])[: data["size"]]
    _heatmap(data["meet"], "Pair meetings (player x player)", labels, labels, meet_svg)
    _heatmap(data["winds"], "Seats (winds) per player", seats, labels, wind_svg)
    # a re-seat carries over a hand-edited meta: a design or separation that is no mapping is
    # reported as unknown, not a traceback after the schedule was seated
    found = schedule.meta.get("design")
    design: dict[str, object] = found if isinstance(found, dict) else {}
    lines = [
        f"# Seating report: {schedule.system}, {counted(len(schedule.players), 'player')}, {counted(len(schedule.rounds), 'round')}",
        "",
        f"- seed: {_code(schedule.seed)}",
        f"- design: {_cell(design.get('source', 'n/a'))}",
        f"- repeat meetings: {data['repeats']}",
        f"- most meetings of any pair: {data['max_meetings']}",
        f"- distinct opponents per player: {min(data['distinct'], default=0)}..{max(data['distinct'], default=0)}",
        f"- repeat visits to a physical table: {sum(data['repeat_visits'])} in total",
    ]
    sep = schedule.meta.get("separation")
    if isinstance(sep, dict) and "by" in sep and "same_group_meetings" in sep:
        # issue 4 (d): the floor the table counts force, when the seating recorded it
        forced = f" ({sep['forced']} forced by the table counts)" if type(sep.get("forced")) is int else ""
        lines.append(f"- same-{sep['by']} meetings: {sep['same_group_meetings']}{forced}")
    lines += ["", "![pair meetings](meetings.svg)", "", "![winds](winds.svg)", ""]
    lines.append("| no. | player | " + " | ".join(_cell(x) for x in seats) + " | distinct opponents | repeat table visits |")
    lines.append("|---|---|" + "---|" * len(seats) + "---|---|")
    for i, pid in enumerate(data["ids"]):
        wind = " | ".join(str(c) for c in data["winds"][i])
        lines.append(
            f"| {schedule.number_of(pid)} | {_cell(names[pid])} | {wind} | {data['distinct'][i]} | {data['repeat_visits'][i]} |"
        )
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")

"""``fairdraw undo`` and ``fairdraw trf``: what an arbiter does to a per-round event's JSON
besides pairing it (take back the last round; hand the event on as TRF16).

Thin adapters: read the schedule, change or convert it in the core's terms, write atomically;
bad input raises InputError (exit 2) before anything is written.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from fairdraw.cli.base import (
    app,
    check_output,
    err_console,
    naming_the_file,
    refuse_repeated_players,
    refuse_shared_numbers,
    refuse_to_overwrite_results,
    write_output,
)
from fairdraw.core.errors import InputError
from fairdraw.core.model import ALLOCATED_BYE_KINDS, Round
from fairdraw.core.option_values import is_json_whole
from fairdraw.core.player_rules import withdrawal_rounds
from fairdraw.core.registry import system_kind


#: what the per-round systems write into ``meta`` about the round they paired (the Dutch
#: engine, the club Swiss, the Keizer ladder): stale once that round is removed; the event's
#: settings (total rounds, withdrawals, point system, ...) stay
_ABOUT_THE_LAST_ROUND = frozenset({"explanation", "matchings", "round", "order", "relaxed", "keizer_scores"})


@app.command("undo")
def undo_command(
    schedule_file: Annotated[Path, typer.Argument(metavar="EVENT.json", help="A Swiss or Keizer event's schedule JSON.")],
    force: Annotated[bool, typer.Option("--force", help="Also when the round has results (they are removed with it).")] = False,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write here instead of over EVENT.json.")] = None,
) -> None:
    """Remove the last round of a Swiss or Keizer event, for `fairdraw pair` to make again.

    For a late bye request or a withdrawal entered after the pairing was made. The file is
    rewritten atomically; nothing is written on error."""
    from fairdraw.formats.schedule_json import dump_schedule, load_schedule

    check_output(output)
    schedule = load_schedule(schedule_file)
    if not schedule.rounds:
        raise InputError("no round is paired yet", source=str(schedule_file), field="rounds")
    if system_kind(schedule.system) != "per-round":
        raise InputError(f"{schedule.system!r} is not paired round by round: its schedule is made at once "
                         "(make it again, or re-seat a mahjong seating with `fairdraw reseat`)",
                         source=str(schedule_file), field="system")
    from fairdraw.scoring.results import has_result

    last = schedule.rounds[-1]
    entered = sum(has_result(t) for t in last.tables)
    if entered and not force:
        raise InputError(f"round {last.round} has {entered} result(s); add --force to remove them with it",
                         source=str(schedule_file), field="rounds")
    if output is not None and output.resolve() != schedule_file.resolve():
        refuse_to_overwrite_results(output, False, "write it to another file")
    meta = {k: v for k, v in schedule.meta.items() if k not in _ABOUT_THE_LAST_ROUND}
    # withdrawals entered with the round undone go with it (`pair` records when: withdrawn_at)
    with naming_the_file(schedule_file):  # a damaged record names the file and the field
        entered_at = {str(k): v for k, v in withdrawal_rounds(meta).items()}
    taken_back = {int(k) for k, v in entered_at.items() if v == last.round}
    if taken_back:
        meta["withdrawn"] = [pid for pid in meta.get("withdrawn") or [] if pid not in taken_back]
        meta["withdrawn_at"] = {k: v for k, v in entered_at.items() if int(k) not in taken_back}
        for key in ("withdrawn", "withdrawn_at"):
            if not meta[key]:
                del meta[key]
        err_console.print(f"withdrawal of {', '.join(map(str, sorted(taken_back)))} taken back with round {last.round}",
                          highlight=False)
    kept = _announced_byes(last, {*(meta.get("withdrawn") or ()), *taken_back})
    if kept:
        meta["byes_later"] = {**dict(meta.get("byes_later") or {}), str(last.round): kept}
        err_console.print(f"byes asked for round {last.round} kept for it: "
                          f"{', '.join(f'{pid} {kind}' for pid, kind in kept.items())} "
                          f"(meta.byes_later; a bye given by mistake is taken out there)", highlight=False,
                          soft_wrap=True)
    write_output(dump_schedule(replace(schedule, rounds=schedule.rounds[:-1], meta=meta)), output or schedule_file)
    err_console.print(f"round {last.round} removed; `fairdraw pair` makes it again", highlight=False)


def _announced_byes(undone: Round, withdrawn: Collection[Any]) -> dict[str, str]:
    """The byes the undone round's players asked for (half-, full-, zero-point, absent: given
    with ``--bye``, or announced in the file and used up by ``pair``), as ``meta.byes_later``
    holds them, so that ``pair`` makes the same round again (an audit: after ``undo`` the player
    who had asked for the bye was paired, and another got the pairing-allocated bye). Neither the
    pairing-allocated bye nor a withdrawn player's absence is a request."""
    return {str(bye.id): bye.kind for bye in undone.byes
            if bye.kind not in ALLOCATED_BYE_KINDS and bye.id not in withdrawn}


@app.command("trf")
def trf_command(
    schedule_file: Annotated[Path, typer.Argument(metavar="EVENT.json", help="A chess event's schedule JSON with results.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write here instead of stdout (atomically).")] = None,
    name: Annotated[str | None, typer.Option("--name", help="Tournament name for the 012 line (default: the file's name).")] = None,
    group: Annotated[str | None, typer.Option("--group", help="Only this group of an event with groups (a Meerkamp): one TRF per group.")] = None,
) -> None:
    """Write a chess event's JSON as TRF16, for the rating officer or another program.

    The rounds up to the first one with a result missing; start ranks by pairing number."""
    from fairdraw.scoring.standings import chess_groups, restrict
    from fairdraw.formats.players import MAX_NAME, tidy_text
    from fairdraw.formats.schedule_json import load_schedule
    from fairdraw.formats.trf_export import schedule_to_trf
    from fairdraw.formats.trf_lines import FEDERATION_WIDTH, NAME_WIDTH

    check_output(output)
    refuse_to_overwrite_results(output, False, "write the TRF to another file (e.g. EVENT.trf)")
    if name is not None:
        # one printable line: "My Open\nXXR 1" wrote a second XXR line, and `pair` refused the file
        name = tidy_text(name, field="--name", limit=MAX_NAME)
    schedule = load_schedule(schedule_file)
    if schedule.meta.get("groups"):  # a Meerkamp's groups number their own players
        refuse_repeated_players(schedule, str(schedule_file))
    else:
        refuse_shared_numbers(schedule, str(schedule_file))
    groups = chess_groups(schedule)
    if group is not None:
        if group not in groups:
            known = f"groups: {', '.join(groups)}" if groups else "this schedule has no groups"
            raise InputError(f"there is no group {group!r} ({known})", source=str(schedule_file), field="--group")
        schedule = restrict(schedule, groups[group])  # each group is its own round robin (seed 002)
    elif len(groups) > 1:
        # TRF16 has no groups: one file of every group reads back as one event, and `standings`
        # on it ranks them together where the JSON gets a table per group (an audit)
        err_console.print(f"note: TRF16 has no groups: this file holds groups {', '.join(groups)} as one event, "
                          "and standings of it rank them together; write one file per group with --group",
                          highlight=False, soft_wrap=True, markup=False)
    total = schedule.meta.get("total_rounds")
    try:
        text = schedule_to_trf(schedule, name=name if name is not None else schedule_file.stem,
                               total_rounds=total if is_json_whole(total) else None)
    except InputError as exc:
        raise InputError(exc.message, source=str(schedule_file), field=exc.field or "seats") from None
    write_output(text, output)
    left = schedule.meta.get("withdrawn")
    withdrawn = [p.name for p in schedule.players if isinstance(left, list) and p.id in left]
    if withdrawn:
        # TRF16 has no mark for a withdrawal: the export says it for the next round only (an audit:
        # the TRF paired again brought the player back a round later, and a Keizer ladder scored
        # the rounds after it as absences)
        err_console.print(f"note: TRF16 cannot record a withdrawal: {', '.join(withdrawn[:5])}"
                          f"{f' and {len(withdrawn) - 5} more' if len(withdrawn) > 5 else ''} "
                          "marked absent for the next round only; pairing this TRF later, give them again with "
                          "--withdraw and their start rank (the event's JSON keeps them)",
                          highlight=False, soft_wrap=True, markup=False)
    # TRF16's columns hold 33 characters of a name and 3 of a federation: said, not cut silently
    cut = [p for p in schedule.players if len(p.name) > NAME_WIDTH or len(p.federation or "") > FEDERATION_WIDTH]
    if cut:
        shown = ", ".join(p.name[:40] for p in cut[:5]) + (f" and {len(cut) - 5} more" if len(cut) > 5 else "")
        err_console.print(f"note: TRF16 holds {NAME_WIDTH} characters of a name and {FEDERATION_WIDTH} of a "
                          "federation; cut to fit for "
                          f"{shown}", highlight=False, soft_wrap=True, markup=False)

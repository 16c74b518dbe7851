"""``fairdraw league``, ``league-reseat`` and ``league-table`` (issue 5).

Thin adapter: read players or a schedule, call the ``mahjong-league`` system, render,
write atomically. Bad input raises InputError (exit 2) before anything is written.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace

from pathlib import Path

import typer

from fairdraw.cli.base import (
    OVERWRITE_HELP, OutputFormat, app, err_console, load_players, naming_the_file, note_nothing_to_separate,
    check_output, pick_format, player_ids, refuse_to_drop_results, refuse_to_move_changes, refuse_to_overwrite_results,
    working, write_output,
)
from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.core.registry import PairingRequest
from fairdraw.core.option_values import is_json_whole
from fairdraw.core.player_rules import round_record
from fairdraw.formats.players import MAX_NAME, tidy_text
from fairdraw.formats.wording import counted

_SEPARATE_HELP = "Keep players of the same club (or federation) apart where the design allows: club|federation."


def _render(schedule: Schedule, fmt: OutputFormat) -> str:
    from fairdraw.formats import league as view
    from fairdraw.formats.schedule_json import dump_schedule

    if fmt is OutputFormat.json:
        return dump_schedule(schedule)
    if fmt is OutputFormat.csv:
        return view.render_league_csv(schedule)
    if fmt is OutputFormat.html:
        return view.render_league_html(schedule)
    return view.render_league_text(schedule)


@app.command("league")
def league_command(
    players: int | None = typer.Option(None, "--players", "-n", help="Field size (players named Player 1..N)."),
    sessions: int = typer.Option(6, "--sessions", "-s", help="Sessions in the season."),
    names: Path | None = typer.Option(None, "--names", help="Players file (CSV with a name column, or JSON)."),
    seed: str | None = typer.Option(None, "--seed", help="Public seed string for the player-to-position draw."),
    separate: str | None = typer.Option(None, "--separate", help=_SEPARATE_HELP),
    prefer: int = typer.Option(5, "--prefer", help="5: fewest groups (default); 4: most groups of 4."),
    json_: bool = typer.Option(False, "--json", help="Write the schedule JSON (fairdraw.schedule/1)."),
    csv_: bool = typer.Option(False, "--csv", help="One CSV row per seat per hanchan."),
    html_: bool = typer.Option(False, "--html", help="A printable HTML page."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write here instead of stdout."),
    force: bool = typer.Option(False, "--force", help=OVERWRITE_HELP),
) -> None:
    """Plan a mahjong league season: groups of 4 and 5 each session, fewest repeat groupings."""
    from fairdraw.core.registry import get_system
    from fairdraw.formats.players import numbered_players
    from fairdraw.systems.league.partition import check_limits

    fmt = pick_format(json_, csv_, html_)
    check_output(output)
    refuse_to_overwrite_results(output, force, reads=names)
    field: list[Participant]
    if names is not None:
        field = load_players(names)
        if players is not None and players != len(field):
            raise InputError(
                f"--players {players} but the file lists {len(field)} players", source=str(names), field="players"
            )
    elif players is not None:
        if players < 1:
            raise InputError(f"--players must be positive, got {players}", field="players")
        check_limits(players=players)  # before a list of a billion players is made
        field = numbered_players(players)
    else:
        raise InputError("give --players N or --names PLAYERS", field="players")
    if sessions < 1:
        raise InputError(f"--sessions must be at least 1, got {sessions}", field="sessions")
    check_limits(sessions=sessions)
    note_nothing_to_separate(separate, field, named=names is not None)
    request = PairingRequest(
        players=tuple(field),
        total_rounds=sessions,
        seed=seed,
        options={"sessions": sessions, "prefer": prefer, "separate": separate},
    )
    # a field the players file cannot serve (11 players, 400 players) is that file's fault
    blame: AbstractContextManager[None] = naming_the_file(names, field="players") if names is not None else nullcontext()
    with blame, working("planning the season"):
        schedule = get_system("mahjong-league").pair(request)
    write_output(_render(schedule, fmt), output)


def _why_not_later(from_session: int, total: int, in_file: int) -> str:
    """What lets a re-plan start at ``from_session`` past the range: a season one session too
    short is lengthened with ``--sessions``, which the bare range did not say; a later start is
    never possible, as the sessions before it must be in the file."""
    if from_session < 1:
        return ""
    if from_session <= in_file + 1:  # beyond the season's length only
        return f" (the season has {counted(total, 'session')}: --sessions {from_session} or more lengthens it)"
    return (f" (the sessions before it must be in the file, which has {counted(in_file, 'session')}; "
            f"--sessions lengthens the season from session {in_file + 1} on)")


@app.command("league-reseat")
def league_reseat_command(
    schedule_file: Path = typer.Argument(..., metavar="SCHEDULE.json", help="A league schedule written by --json."),
    from_session: int = typer.Option(..., "--from-session", help="First session to re-plan (earlier ones are kept)."),
    drop: list[str] = typer.Option(None, "--drop", help="Id of a player who leaves (repeat, or comma-separated)."),
    add: list[str] = typer.Option(None, "--add", help="Name of a player who joins (repeat for several; a name may hold a comma)."),
    sessions: int | None = typer.Option(None, "--sessions", help="Season length (default: as in the file)."),
    prefer: int | None = typer.Option(
        None, "--prefer", help="5: fewest groups; 4: most groups of 4 (default: as in the file)."
    ),
    separate: str | None = typer.Option(None, "--separate", help=_SEPARATE_HELP),
    force: bool = typer.Option(False, "--force", help="Re-plan even sessions that have results (they are dropped)."),
    move_changes: bool = typer.Option(
        False, "--move-changes", help="Seat the newcomers and leave out the leavers that an earlier re-plan recorded "
        "for a later session from --from-session on (refused without it)."
    ),
    json_: bool = typer.Option(False, "--json"),
    csv_: bool = typer.Option(False, "--csv"),
    html_: bool = typer.Option(False, "--html"),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write here instead of stdout."),
) -> None:
    """Keep the sessions played, change the field, and re-plan the rest of the season."""
    from fairdraw.core.registry import get_system
    from fairdraw.formats.schedule_json import load_schedule

    fmt = pick_format(json_, csv_, html_)
    check_output(output)
    old = load_schedule(schedule_file)
    src = str(schedule_file)
    if old.system != "mahjong-league":
        raise InputError(f"this is a {old.system!r} schedule, not a league season (fairdraw league); "
                         "re-seat a tournament seating with `fairdraw reseat`", source=src, field="system")
    if sessions is not None and sessions < 1:
        raise InputError(f"--sessions must be at least 1, got {sessions}", source=src, field="sessions")
    if not old.rounds:
        raise InputError("the season has no sessions to keep or re-plan", source=src, field="rounds")
    known_ids = {p.id for p in old.players}
    for rnd in old.rounds:  # kept sessions are written back as they are: they must be sound
        for table in rnd.tables:
            strangers = sorted(set(table.seats) - known_ids)
            if strangers:
                raise InputError(f"session {rnd.round}, group {table.group or table.table}: ids "
                                 f"{', '.join(map(str, strangers))} are not in the player list", source=src,
                                 field="rounds")
    check_season_file(old, src)
    total = sessions if sessions is not None else len(old.rounds)
    # the group shape the season was planned with stays (issue 5, item 4: attendance
    # changes re-plan the rest of the season, they do not change its kind of groups)
    if separate is None and isinstance(old.meta.get("separate"), dict):  # the season's choice stays
        recorded_by = old.meta["separate"].get("by")
        separate = recorded_by if recorded_by in ("club", "federation") else None
    prefer_given = prefer is not None
    if prefer is None:  # checked by check_season_file: absent (older files) or 4 or 5
        prefer = old.meta.get("prefer", 5)
    # sessions 1..K-1 are kept as played, so they must exist: K is at most one past the
    # file's last session (a later K would plan the missing sessions in between, with
    # newcomers seated before the session recorded as their first in meta.joined)
    last = min(total, len(old.rounds) + 1)
    if not 1 <= from_session <= last:
        raise InputError(f"--from-session must be between 1 and {last}, got {from_session}"
                         f"{_why_not_later(from_session, total, len(old.rounds))}", source=src, field="from-session")
    refuse_to_drop_results(old, from_session, force, src, "--from-session", unit="session")
    kept = tuple(r for r in old.rounds if r.round < from_session)
    drop_ids = player_ids(drop, source=src)
    known = {p.id for p in old.players}
    for pid in drop_ids:
        if pid not in known:
            raise InputError(f"--drop {pid}: no player with that id in the schedule", source=src, field="drop")
    gone_before = set(old.meta.get("dropped") or [])
    for pid in drop_ids:
        if pid in gone_before:
            raise InputError(f"--drop {pid}: that player has already left the season", source=src, field="drop")
    # issue 5 item 4 as issue 4 item 5: a re-plan from before an earlier one's joins and leaves
    # would move them to this session without a word; asked for with --move-changes
    refuse_to_move_changes(old, from_session, drop_ids, move_changes, src, "--from-session", unit="session",
                           verb="re-plan")
    left = set(drop_ids) | gone_before
    # in the season's numbering, newcomers after: the numbers printed so far stay (`keep_order`)
    field = sorted((p for p in old.players if p.id not in left), key=lambda p: old.number_of(p.id))
    next_id = max(known, default=0) + 1
    # names are taken whole, commas included ("Smith, John"), as `reseat --add` takes them
    for name in (a.strip() for a in add or []):
        if not name:
            raise InputError("an added player needs a name", source=src, field="add")
        # the rule of a players file: a direction override or a control character was stored,
        # and the next command refused the file
        name = tidy_text(name, field="add", limit=MAX_NAME)
        field.append(Participant(id=next_id, name=name))
        next_id += 1
    note_nothing_to_separate(separate, field, named=True)
    request = PairingRequest(
        players=tuple(field),
        history=kept,
        total_rounds=total,
        seed=old.seed,
        options={
            "sessions": total - len(kept),
            "prefer": prefer,
            "separate": separate,
            "history_players": tuple(p for p in old.players if p.id in left),
            "previous": tuple(r for r in old.rounds if r.round >= from_session),
            "keep_order": True,
        },
    )
    if total - len(kept) < 1:
        raise InputError("nothing left to re-plan", source=src, field="from-session")
    with naming_the_file(src), working("planning the season"):  # e.g. the field left is 11 players
        schedule = get_system("mahjong-league").pair(request)
        if not prefer_given and (drop_ids or add):
            schedule = _better_group_shape(schedule, request, prefer)
    # who joined when, kept over several re-plans: the checker's --everyone expects a
    # newcomer only from the session they joined; re-planned from before that session, the
    # newcomer now plays from K (and a leaver is gone from K), as `reseat` records it (asked for
    # with --move-changes first: ``refuse_to_move_changes``)
    joined = {str(k): min(int(v), from_session) for k, v in _recorded_sessions(old, "joined", src).items()}
    joined.update({str(p.id): from_session for p in field if p.id not in known})
    if joined:
        schedule = replace(schedule, meta={**schedule.meta, "joined": joined})
    # and who left when: the checker's --everyone then catches a leaver seated again
    left_at = {str(k): min(int(v), from_session) for k, v in _recorded_sessions(old, "left", src).items()}
    left_at.update({str(pid): from_session for pid in drop_ids})
    if left_at:
        schedule = replace(schedule, meta={**schedule.meta, "left": left_at})
    # the season's numbering stays; newcomers get the next numbers
    numbers = {p.id: old.number_of(p.id) for p in schedule.players if p.id in known}
    top = max(numbers.values(), default=0)
    # in the order of --add, as the system listed each group's members (``keep_order``): the
    # schedule's players come in the seeded draw's order, which numbered two newcomers the other
    # way round from their seats (issue 5 item 2: members in pairing-number order)
    for p in field:
        if p.id not in numbers:
            top += 1
            numbers[p.id] = top
    schedule = replace(schedule, numbers=numbers)
    # what the system does not plan is the organiser's, and stays: the scoring `result --start
    # --uma` recorded (standings refused the sums without it)
    if "scoring" in old.meta:
        schedule = replace(schedule, meta={**schedule.meta, "scoring": old.meta["scoring"]})
    write_output(_render(schedule, fmt), output)


def _better_group_shape(schedule: Schedule, request: PairingRequest, prefer: int) -> Schedule:
    """The season re-planned with the other group shape when that is better by issue 5's order
    and no ``--prefer`` was given (``MahjongLeague.with_the_better_shape``, as the page's
    re-plan does); a note says which shape was taken and why."""
    from fairdraw.systems.league.system import MahjongLeague

    chosen = MahjongLeague().with_the_better_shape(request, schedule)
    if chosen is not schedule:
        err_console.print(
            f"note: planned with --prefer {chosen.meta.get('prefer')} ({chosen.meta.get('repeats')} repeats, "
            f"{chosen.meta.get('sessions_without_repeat')} sessions without one) where the season's --prefer "
            f"{prefer} gives {schedule.meta.get('repeats')} and {schedule.meta.get('sessions_without_repeat')}; "
            f"give --prefer {prefer} to keep that shape", highlight=False, soft_wrap=True, markup=False)
    return chosen


def _recorded_sessions(old: Schedule, key: str, src: str) -> dict[int, int]:
    """``meta.joined`` / ``meta.left`` as ``league-reseat`` writes them (player id -> session
    number). A damaged entry is the file's fault and exits 2 naming it (it raised a traceback
    before: ``int("x")``), rather than moving somebody's first or last session."""
    with naming_the_file(src):
        return round_record(old.meta, key, known={p.id for p in old.players}, unit="session",
                            whose="of the season")


def _check_hanchan_list(rnd: Round, table: Table, src: str) -> None:
    """A group's hanchan as the checker reads them (``core.checker``: one game per member, each
    seating the members but the one out, nobody out twice, nobody from outside): a kept session
    is written back as it is, so a broken list came out of league-reseat looking like its own."""
    from fairdraw.core.checker import CheckReport, check_group_games

    report = CheckReport()
    check_group_games(rnd, table, report)
    if report.breaches:
        raise InputError(report.breaches[0], source=src, field="rounds")


def check_season_file(old: Schedule, src: str) -> None:
    """Refuse (exit 2, file and field named) a season file whose sessions or records cannot be
    what ``fairdraw league`` wrote: the kept sessions are written back as they are and the
    re-plan counts their meetings, so a damaged file would silently yield a damaged season
    (issue 5 item 1: every session a split of the field into groups of 4 and 5; item 4: the
    sessions played are kept). Missing ``meta`` entries are fine: older files lack them."""
    joined = _recorded_sessions(old, "joined", src)
    left = _recorded_sessions(old, "left", src)
    dropped = old.meta.get("dropped")
    known = {p.id for p in old.players}
    if dropped is not None and not (isinstance(dropped, list) and all(is_json_whole(i) and i in known for i in dropped)):
        raise InputError(f"expected a list of the ids of players of the season, got {dropped!r}", source=src,
                         field="meta.dropped")
    # a leaver recorded only in meta.dropped (files before meta.left) may be absent anywhere
    unsure = set(dropped or ()) - set(left)
    for index, rnd in enumerate(old.rounds, start=1):
        if rnd.round != index:
            raise InputError(f"sessions must be numbered 1, 2, 3, ... in order; entry {index} is session {rnd.round}",
                             source=src, field=f"rounds.{index - 1}.round")
        seated: set[int] = set()
        for table in rnd.tables:
            name = table.group or table.table
            if len(table.seats) not in (4, 5):
                raise InputError(f"session {rnd.round}, group {name}: a group has 4 or 5 members, "
                                 f"got {len(table.seats)}", source=src, field="rounds")
            twice = sorted(seated.intersection(table.seats) | {p for p in table.seats if table.seats.count(p) > 1})
            if twice:
                raise InputError(f"session {rnd.round}: ids {', '.join(map(str, twice))} are seated twice",
                                 source=src, field="rounds")
            seated.update(table.seats)
            _check_hanchan_list(rnd, table, src)
        # every player plays every session between joining and leaving (issue 5 item 1: each
        # session a split of the whole field); the checker's --everyone holds a season to this
        expected = {pid for pid in known - unsure
                    if joined.get(pid, 1) <= rnd.round and rnd.round < left.get(pid, rnd.round + 1)}
        missing = sorted(expected - seated)
        if missing:
            raise InputError(f"session {rnd.round}: ids {', '.join(map(str, missing))} are not seated, though "
                             "meta.joined and meta.left do not say they were away", source=src, field="rounds")
        extra = sorted(seated - expected - unsure)
        if extra:
            raise InputError(f"session {rnd.round}: ids {', '.join(map(str, extra))} are seated, though meta.joined "
                             "or meta.left says they were away", source=src, field="rounds")
    numbers = [old.number_of(p.id) for p in old.players]
    if len(set(numbers)) != len(numbers):
        doubled = sorted({n for n in numbers if numbers.count(n) > 1})
        raise InputError(f"pairing numbers {', '.join(map(str, doubled))} are given to more than one player",
                         source=src, field="players.number")
    if "prefer" in old.meta and not (is_json_whole(old.meta["prefer"]) and old.meta["prefer"] in (4, 5)):
        raise InputError(f"expected 4 or 5, got {old.meta['prefer']!r}", source=src, field="meta.prefer")
    recorded = old.meta.get("separate")
    if recorded is not None and not (isinstance(recorded, dict) and recorded.get("by") in ("club", "federation")):
        raise InputError(f"expected {{\"by\": \"club\"}} or {{\"by\": \"federation\"}}, got {recorded!r}",
                         source=src, field="meta.separate")


@app.command("league-table")
def league_table_command(
    first: int = typer.Option(10, "--from", help="Smallest field size."),
    last: int = typer.Option(100, "--to", help="Largest field size."),
    sessions: int = typer.Option(6, "--sessions", "-s", help="Season length."),
    prefer: int = typer.Option(5, "--prefer", help="5: fewest groups (default); 4: most groups of 4."),
    html_: bool = typer.Option(False, "--html", help="A printable HTML page."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write here instead of stdout."),
) -> None:
    """For every field size: group sizes, sessions without a repeat, repeats over the season."""
    from fairdraw.formats.league import render_table_html, render_table_text
    from fairdraw.systems.league.partition import MAX_PLAYERS, check_limits
    from fairdraw.systems.league.table import league_table

    check_output(output)
    if first < 1 or last < first:
        raise InputError(f"need 1 <= --from <= --to, got {first}..{last}", field="from")
    if last > MAX_PLAYERS:
        raise InputError(f"--to is at most {MAX_PLAYERS} players, got {last}", field="to")
    if sessions < 1:
        raise InputError(f"--sessions must be at least 1, got {sessions}", field="sessions")
    check_limits(sessions=sessions)
    if prefer not in (4, 5):
        raise InputError(f"--prefer must be 4 or 5, got {prefer}", field="prefer")
    rows = league_table(first, last, sessions, prefer)
    text = render_table_html(rows, sessions) if html_ else render_table_text(rows, sessions)
    write_output(text, output)

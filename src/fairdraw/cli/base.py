"""The Typer app shared by every command module, and the helpers they use.

Each command module does ``from fairdraw.cli.base import app`` and decorates its commands;
``fairdraw.cli.app`` imports the modules (one line each) and runs the app. ``main`` turns
``InputError`` into a message on stderr and exit status 2, so bad input never leaves a
traceback or a half-written file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

import os
import sys
from enum import Enum
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from fairdraw.core.errors import InputError, UnsolvableError
from fairdraw.core.model import Participant, Schedule
from fairdraw.formats.file_output import check_destination, write_file

app = typer.Typer(
    name="fairdraw",
    help="Fair, verifiable pairings and seatings for chess and mahjong.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
# no emoji codes: ":zero:" in "--bye 3:zero" must print as typed, not as an emoji
console = Console(emoji=False)
err_console = Console(stderr=True, emoji=False)


def working(message: str) -> AbstractContextManager[object]:
    """A spinner on stderr while long work runs (a big field's seating, a search), so a
    secretary at a terminal sees the command is alive; nothing when stderr is a file or a
    pipe, so scripts and logs stay clean."""
    if err_console.is_terminal:
        return err_console.status(message, spinner="dots")
    return nullcontext()


def print_listing(title: str, headers: tuple[str, ...], rows: Iterable[tuple[str, ...]]) -> None:
    """A titled table of plain-text rows (the registries' listings); every cell is escaped,
    since names and descriptions may hold brackets that Rich would read as markup."""
    from rich.table import Table as RichTable

    table = RichTable(title=escape(title))
    for header in headers:
        table.add_column(header)
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    console.print(table)


def note_nothing_to_separate(separate: str | None, players: Iterable[Participant], named: bool) -> None:
    """``--separate club`` on a field where nobody has a club keeps nobody apart: say so
    rather than let the organiser believe it was honoured."""
    if separate in ("club", "federation") and not any(getattr(p, separate) for p in players):
        err_console.print(f"note: no player has a {separate}: --separate {separate} has nothing to keep apart"
                          + ("" if named else " (give the players with --names FILE and a column for it)"),
                          highlight=False, soft_wrap=True, markup=False)


def load_players(path: Path) -> list[Participant]:
    """The players file at ``path`` (``formats.players``), its notes (an unread column, a name
    on two rows) shown on stderr as "note:" lines: legal input, so no error, but a secretary
    should see that "Fed" was not read as the federation before the draw is published."""
    from fairdraw.formats.players import read_players_noted

    players, notes = read_players_noted(path)
    show_notes(path, notes)
    return players


def show_notes(path: Path, notes: Iterable[str]) -> None:
    """A file's notes (``formats.players``, ``formats.text_files``) on stderr, one "note:" line each."""
    for note in notes:
        err_console.print(f"note: {path}: {note}", highlight=False, markup=False, soft_wrap=True)


class OutputFormat(str, Enum):
    text = "text"
    json = "json"
    csv = "csv"
    html = "html"


@contextmanager
def naming_the_file(path: Path | str, *, field: str | None = None) -> Iterator[None]:
    """Bad input found below a command that names no file (a field too small for its tables, an
    unknown id) is a fault of the file the command read: its error names it, as every bad-input
    message names file, line and field. ``field`` limits this to errors of that field (a players
    file answers only for the field it lists)."""
    try:
        yield
    except InputError as exc:
        if exc.source is None and (field is None or exc.field == field):
            exc.source = str(path)
        raise


def refuse_to_drop_results(schedule: Schedule, first: int, force: bool, source: str, option: str,
                           unit: str = "round") -> None:
    """Re-seating from round ``first`` replaces those rounds' tables, and with them any result
    entered there: refuse unless ``--force`` says so, naming where the results are (an
    organiser who re-seats after entering a round must not lose its scores silently)."""
    from fairdraw.scoring.results import has_result

    entered = [(r.round, sum(1 for t in r.tables if has_result(t))) for r in schedule.rounds if r.round >= first]
    entered = [(number, count) for number, count in entered if count]
    if not entered:
        return
    where = ", ".join(f"{unit} {number} ({count} table(s))" for number, count in entered)
    if force:  # dropped as asked, but said: the organiser should know what went
        err_console.print(f"note: --force: the results entered in {where} are dropped", highlight=False,
                          soft_wrap=True, markup=False)
    else:
        raise InputError(f"results are entered in {where}; re-planning from {option} {first} would remove them: "
                         f"re-plan from a later one, or add --force to drop them", source=source, field=option)


def refuse_to_move_changes(schedule: Schedule, first: int, drop: list[int], move: bool, source: str, option: str,
                           unit: str = "round", verb: str = "re-seat") -> None:
    """A re-seat (or a league's re-plan) from a round before an earlier one's joins and leaves
    seats one field from there on: the newcomers from this round, the leavers out from it.
    Done without a word, a newcomer who arrives at round 5 was seated at round 3's tables, and
    a player who stays until round 6 lost their seats (an audit; issue 4 item 5, issue 5 item
    4). The organiser says so with ``--move-changes`` (and a note names what moved), or starts
    from the latest of those rounds. ``unit`` and ``verb`` word it for the command."""
    from fairdraw.core.player_rules import later_changes

    moved = later_changes(schedule.meta, first, drop)
    if not moved:
        return
    names = {p.id: p.name for p in schedule.players}
    groups: dict[tuple[str, int], list[str]] = {}
    for change in moved:
        who = f"{change.id} ({names[change.id]})" if change.id in names else str(change.id)
        groups.setdefault((change.kind, change.round), []).append(who)
    said = "; ".join(f"{', '.join(who)} {'joined' if kind == 'joined' else 'left'} from {unit} {number}"
                     for (kind, number), who in groups.items())
    if move:
        err_console.print(f"note: --move-changes: {said}; now from {unit} {first}", highlight=False,
                          soft_wrap=True, markup=False)
        return
    kinds = {change.kind for change in moved}
    effect = " and ".join(text for kind, text in (("joined", "the newcomers would play"),
                                                  ("left", "the leavers would lose their seats")) if kind in kinds)
    latest = max(change.round for change in moved)
    raise InputError(f"an earlier {verb} recorded that {said}; a {verb} seats one field in every {unit} it makes, "
                     f"so {effect} from {unit} {first}: {verb} from {unit} {latest} or later, or add "
                     "--move-changes to move them", source=source, field=option.removeprefix("--"))


#: --force of the commands that start an event (``refuse_to_overwrite_results``).
OVERWRITE_HELP = "Write over an event file that holds results (they are lost)."


def refuse_to_overwrite_results(output: Path | None, force: bool, hint: str = "", *,
                                reads: Path | None = None) -> None:
    """A command writing over an event file that holds results would lose them without a word
    (a new event from seat, league, roundrobin, meerkamp, heller or pair; standings, a TRF or
    a pairing list written to the wrong name): refuse unless ``--force``, naming the file and
    how many results it holds, with ``hint`` as the advice. Anything that is not a readable
    schedule is left to the usual atomic write. Writing over ``reads``, the players file the
    command reads, is refused even with ``--force`` (an audit: ``roundrobin self.csv -o
    self.csv`` replaced the player list with the pairings)."""
    if output is not None and reads is not None and output.resolve() == reads.resolve():
        raise InputError("this is the players file the command reads: writing the output over it would replace the "
                         "player list; give another output file", source=str(output), field="output")
    if force or output is None or not output.is_file():
        return
    import json

    from fairdraw.formats.schedule_json import looks_like_schedule, schedule_from_dict
    from fairdraw.scoring.results import has_result

    try:
        data = json.loads(output.read_text(encoding="utf-8-sig"))
        if not looks_like_schedule(data):
            return
        schedule = schedule_from_dict(data)
    except (OSError, ValueError, InputError):
        return
    count = sum(1 for r in schedule.rounds for t in r.tables if has_result(t))
    if count:
        advice = hint or "write it to another file, or add --force"
        raise InputError(f"this file holds the results of {count} table(s) of an event, which writing over it would "
                         f"lose: {advice}", source=str(output), field="output")


def pick_format(json_: bool, csv_: bool, html_: bool) -> OutputFormat:
    """The output format from the mutually exclusive --json/--csv/--html flags."""
    chosen = [f for f, on in ((OutputFormat.json, json_), (OutputFormat.csv, csv_), (OutputFormat.html, html_)) if on]
    if len(chosen) > 1:
        raise InputError("choose at most one of --json, --csv, --html")
    return chosen[0] if chosen else OutputFormat.text


def render(schedule: Schedule, fmt: OutputFormat) -> str:
    """The schedule in the chosen format, as text."""
    from fairdraw.formats import render as r
    from fairdraw.formats.schedule_json import dump_schedule

    if fmt is OutputFormat.json:
        return dump_schedule(schedule)
    if fmt is OutputFormat.csv:
        return r.render_csv(schedule)
    if fmt is OutputFormat.html:
        return r.render_html(schedule)
    return r.render_text(schedule)


def split_values(values: list[str] | None) -> list[str]:
    """Accept both ``--drop 3 --drop 5`` and ``--drop 3,5``."""
    out: list[str] = []
    for value in values or []:
        out.extend(v.strip() for v in value.split(",") if v.strip())
    return out


def player_ids(values: list[str] | None, *, source: str | None = None, field: str = "drop") -> list[int]:
    """The ids of a repeatable, comma-separated option such as ``--drop``; InputError names it."""
    ids: list[int] = []
    for value in split_values(values):
        try:
            ids.append(int(value))
        except ValueError:
            raise InputError(f"--{field} takes player ids, got {value!r}", source=source, field=field) from None
    return ids


def check_output(output: Path | None) -> None:
    """Refuse an ``-o`` path the write would refuse, before the command's work: every command
    with ``-o`` calls this first, so a missing folder, a folder given for the file or a folder
    it may not write in costs nothing (``league -n 80 -s 20`` planned for half a minute and
    then exited 2). The rules are ``write_file``'s own (``file_output.check_destination``)."""
    if output is not None:
        check_destination(output)


def write_output(text: str, output: Path | None) -> None:
    """Write to ``output`` (``file_output.write_file``: atomically where it is a file), or to stdout. A ``.csv`` file
    starts with a UTF-8 byte order mark: Excel on Windows reads a CSV without one as ANSI, and
    every name beyond ASCII (Müller, Ελένη, 张伟) came out garbled; fairdraw's own readers skip it."""
    if output is None:
        sys.stdout.write(text)
        return
    if output.suffix.lower() == ".csv" and not text.startswith("\ufeff"):
        text = "\ufeff" + text
    write_file(output, text.encode("utf-8"))


def emit(schedule: Schedule, json_: bool, csv_: bool, html_: bool, output: Path | None) -> None:
    """Render a schedule in the chosen format and write it."""
    write_output(render(schedule, pick_format(json_, csv_, html_)), output)


def fail(message: str, code: int = 2) -> None:
    """Print an error and exit with ``code`` (2: bad input)."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def _usage_error_types() -> tuple[type[Exception], ...]:
    """Click's exception base class as this Typer raises it.

    Typer 0.2x vendors click as ``typer._click``, whose ``UsageError`` is not a subclass of
    ``click.ClickException``; older Typers raise click's own. ``typer.BadParameter`` is public in
    both, so its ancestry names the class actually raised; click's own is added when installed.
    """
    bases: set[type[Exception]] = {c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"}
    try:
        import click

        bases.add(click.ClickException)
    except ImportError:  # pragma: no cover - click is optional once Typer vendors it
        pass
    return tuple(bases)


USAGE_ERRORS = _usage_error_types()


def _is_file(arg: str) -> bool:
    try:
        return Path(arg).is_file()
    except (OSError, ValueError):  # a name too long for the system, a NUL in it
        return False


def _not_utf8(args: list[str]) -> str | None:
    """A message for the first argument that is not UTF-8 text (Python keeps such bytes as
    lone surrogates, and a seed or a name of them ended in a UnicodeEncodeError traceback when
    hashed or written), None when all are; a path to an existing file may hold any bytes."""
    for arg in args:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            if _is_file(arg) or os.path.isdir(arg):
                continue
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            return (f"the argument {shown!r} is not UTF-8 text: type it in a UTF-8 terminal (a seed, a name "
                    "or an option must be text)")
    return None


def run_app(argv: list[str] | None = None) -> None:
    """Run the app, mapping fairdraw errors to exit statuses (2 bad input, 3 unsolvable)."""
    undecodable = _not_utf8(argv if argv is not None else sys.argv[1:])
    if undecodable is not None:
        err_console.print(f"[bold red]error:[/] {escape(undecodable)}", highlight=False, soft_wrap=True)
        sys.exit(2)
    try:
        # Without standalone mode, click returns the code of a typer.Exit instead of raising it.
        code = app(args=argv, standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except InputError as exc:
        err_console.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(2)
    except UnsolvableError as exc:
        err_console.print(f"[bold red]cannot pair:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(3)
    except RecursionError:
        # Python's JSON reader gives up on lists or objects nested about a thousand deep: no
        # fairdraw file nests more than a few levels, so an input file is not what it should be
        given = [a for a in (argv if argv is not None else sys.argv[1:]) if _is_file(a)]
        where = f"{', '.join(given)}: " if given else ""
        err_console.print(f"[bold red]error:[/] {escape(where)}lists or objects nested too deeply to read (a fairdraw "
                          "file nests a few levels): not a schedule, players or standings file", highlight=False,
                          soft_wrap=True)
        sys.exit(2)
    except OSError as exc:  # a file another writer could not create (a missing folder, no permission)
        where = f"{exc.filename}: " if exc.filename else ""
        err_console.print(f"[bold red]error:[/] {escape(where + (exc.strerror or str(exc)))}", highlight=False, soft_wrap=True)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        sys.exit(1)
    except USAGE_ERRORS as exc:  # unknown option, missing argument...: click's message, its exit code (2)
        exc.show()  # type: ignore[attr-defined]
        sys.exit(exc.exit_code)  # type: ignore[attr-defined]


def refuse_repeated_players(schedule: Schedule, source: str) -> None:
    """A player id listed twice in the file ``source`` is refused, the entry named: it would be
    paired, ranked (`standings` ranked it twice, exit 0) or exported twice."""
    from fairdraw.core.history_rules import check_unique_players

    try:
        check_unique_players(p.id for p in schedule.players)
    except InputError as exc:
        raise InputError(exc.message, source=source, field=exc.field) from None


def refuse_shared_numbers(schedule: Schedule, source: str) -> None:
    """Pairing numbers are fixed from round 1 (FIDE C.04.2; seed 002's club Swiss keeps them
    too), one per player: two players holding one number (a late entry typed in by hand with a
    number in use) made ``pair`` renumber the field from there down without a word, and every
    list printed before stopped matching (an audit). A late entry leaves its number out and
    takes the next free one. Exports too (`trf`): its start ranks are the pairing numbers.
    A player id listed twice is refused first (``refuse_repeated_players``)."""
    refuse_repeated_players(schedule, source)
    shared = schedule.shared_numbers()
    if shared:
        position = {p.id: index for index, p in enumerate(schedule.players)}
        # the first player in the list whose number another player above holds
        number, ids = min(shared.items(), key=lambda item: position[item[1][1]])
        raise InputError(f"pairing number {number} is also player {ids[0]}'s; each player keeps the "
                         "number of round 1, and a late entry leaves its number out to take the next free one",
                         source=source, field=f"players.{position[ids[1]]}.number")

"""Read a field of players from CSV or JSON (issue 2, item 4).

CSV: a header row; column ``name`` is required, ``id``, ``rating``, ``federation`` and
``club`` are optional (other common headings, "Elo", "Fed", "Naam"..., are read as the column
they stand for: ``COLUMN_ALIASES``); ``id`` defaults to the row number starting at 1; UTF-8 (a BOM
is accepted); comma or semicolon as separator. JSON: a list of objects with the same keys,
or ``{"players": [...]}`` (so a schedule JSON also serves as a player list).

Every problem raises ``InputError`` naming the file, the line and the field. What is legal but
likely a slip (a column fairdraw does not read, such as "fed2" for "federation"; one name on two
rows; a heading read as another column) is not an error: ``read_players_noted`` returns it as
notes for the caller to show, because a club's list often carries extra columns (e-mail, phone)
and two members can share a name.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant
from fairdraw.formats.csv_cells import read_back
from fairdraw.formats.text_files import decode_spreadsheet_text, parse_json, read_bytes

KNOWN_COLUMNS = ("id", "name", "rating", "federation", "club")
#: other headings for the columns fairdraw reads, as club lists, rating-office exports and the
#: Dutch clubs of seed 002 write them (after lower-casing and trimming). Why: a list with an "Elo"
#: or "Fed" column is a rating or a federation, and reading it beats a note that it was not read
#: (Varma and --separate need the federation, the initial order the rating). A heading is taken
#: for its column only when the file has no column of that exact name already.
COLUMN_ALIASES: dict[str, str] = {
    "elo": "rating", "fide rating": "rating", "fide elo": "rating", "rtg": "rating", "rating fide": "rating",
    "fed": "federation", "fide federation": "federation", "nation": "federation", "country": "federation",
    "club/city": "club", "vereniging": "club",
    "player": "name", "player name": "name", "full name": "name", "naam": "name",
    "start no": "id", "start number": "id", "startnummer": "id", "sno": "id", "snr": "id",
}
#: what fairdraw itself writes beside a player and recomputes on reading (a schedule JSON's draw
#: number), so reading it back is no slip worth a note
WRITTEN_BY_FAIRDRAW = ("number",)


def read_players(path: str | Path) -> list[Participant]:
    """Read players from a ``.json`` file or a CSV file (anything else)."""
    return read_players_noted(path)[0]


def read_players_noted(path: str | Path) -> tuple[list[Participant], list[str]]:
    """``read_players`` and its notes: what was read but may not be what was meant."""
    path = Path(path)
    notes: list[str] = []
    # a byte order mark (Excel's "CSV UTF-8") stripped; Excel's plain CSV read as Windows-1252
    text = decode_spreadsheet_text(read_bytes(path), source=str(path), notes=notes)
    if path.suffix.lower() == ".json":
        return parse_players_json(text, source=str(path), notes=notes), notes
    return parse_players_csv(text, source=str(path), notes=notes), notes


def sep_directive(line: str) -> str | None:
    """The separator a spreadsheet's first line ``sep=;`` names (Excel writes and reads it so a
    file opens in any locale), or None when the line is no such directive."""
    text = line.strip()
    if len(text) == 5 and text[:4].lower() == "sep=":
        return text[4]
    return None


def header_line(text: str) -> str:
    """A CSV text's header row: its first line, or the second after a ``sep=`` directive."""
    lines = text.splitlines()
    if not lines:
        return ""
    return lines[1] if sep_directive(lines[0]) is not None and len(lines) > 1 else lines[0]


def csv_delimiter(header_line: str) -> str:
    """The separator the header row uses most of: comma, semicolon (spreadsheets in locales
    with a decimal comma) or tab (rows pasted from a spreadsheet); comma on a tie."""
    counts = {sep: header_line.count(sep) for sep in (",", ";", "\t")}
    return max(counts, key=lambda sep: (counts[sep], sep == ","))


def header_columns(header_line: str) -> list[str]:
    """A header row's column names as the readers match them: split at its separator, quotes
    and spaces stripped, in lower case, other headings of a read column under its own name
    (``canonical_columns``)."""
    cells = header_line.split(csv_delimiter(header_line))
    return canonical_columns([cell.strip().strip('"').lower() for cell in cells])


def canonical_columns(columns: list[str]) -> list[str]:
    """``columns`` (lower case) with each heading of ``COLUMN_ALIASES`` renamed to the column it
    stands for, unless that column is already there (by name or an earlier heading): "rating"
    beside "elo" keeps "elo" unread, as before."""
    taken = set(columns)
    renamed: list[str] = []
    for column in columns:
        target = COLUMN_ALIASES.get(column)
        if target is not None and target not in taken:
            taken.add(target)
            column = target
        renamed.append(column)
    return renamed


def aliased_columns_note(columns: list[str], read_as: list[str]) -> str | None:
    """Which headings were read as which column ("'elo' read as the rating"), or None: the
    organiser sees what the file was taken to say."""
    pairs = [f"{given!r} as the {used}" for given, used in zip(columns, read_as, strict=True) if given != used]
    return f"read {', '.join(pairs)}" if pairs else None


def parse_players_csv(text: str, *, source: str = "<csv>", notes: list[str] | None = None) -> list[Participant]:
    """Parse CSV text with a header row into participants (``notes``, if given, gets the slips
    of ``unread_columns_note`` and ``shared_names_note``)."""
    lines = text.splitlines()
    directive = sep_directive(lines[0]) if lines else None
    header_at = 2 if directive is not None else 1
    if len(lines) < header_at or not lines[header_at - 1].strip():
        raise InputError("expected a header row with at least a 'name' column", source=source, line=header_at)
    delimiter = directive or csv_delimiter(lines[0])
    # newline=None: universal newlines, so a file saved with bare CR line ends (spreadsheets
    # on the Mac) reads like any other; the csv module alone stops at the first CR.
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=delimiter)
    if directive is not None:
        next(reader)  # the directive line is no header (the line numbers stay the file's)
    try:
        return _parse_csv_rows(reader, lines, source=source, notes=notes, header_at=header_at)
    except csv.Error as exc:
        # e.g. a cell past the csv module's field limit: a clear message, never a traceback
        limit = csv.field_size_limit()
        message = (f"a cell is longer than {limit} characters" if "field limit" in str(exc)
                   else f"this line cannot be read as CSV ({exc})")
        raise InputError(message, source=source, line=reader.line_num or 1) from None


def _parse_csv_rows(reader: Any, lines: list[str], *, source: str, notes: list[str] | None,
                    header_at: int = 1) -> list[Participant]:
    given = [cell.strip().lower() for cell in next(reader)]
    header = canonical_columns(given)
    _note(notes, aliased_columns_note(given, header))
    _note(notes, unread_columns_note(header, "columns"))
    for i, column in enumerate(header):
        if column and column in header[:i]:
            raise InputError(f"the header names the column {column!r} twice", source=source, line=header_at,
                             field=column)
    if "name" not in header:
        raise InputError(
            f"the header has no 'name' column (found: {', '.join(header) or 'nothing'})",
            source=source,
            line=header_at,
            field="name",
        )
    rows: list[tuple[int, dict[str, str]]] = []
    start = reader.line_num + 1
    for row in reader:
        line, row_start, start = reader.line_num, start, reader.line_num + 1
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise InputError(
                f"{len(row)} cells but the header has {len(header)} columns",
                source=source,
                line=line,
            )
        # a cell fairdraw's CSVs wrote with an apostrophe before a formula's first character
        # ("'=x", so that a spreadsheet shows it) reads back as typed (formats.csv_cells)
        record = {header[i]: read_back(row[i].strip()) for i in range(len(row))}
        if start > len(lines) and "\n".join(lines[row_start - 1:]).count('"') % 2:
            # the last row holds an odd number of quote marks (a doubled "" counts two): a quote
            # left open runs to the end of the file; a quoted name with a line break closed on
            # its own last line is a name (docs/formats.md: the line break becomes a space)
            raise InputError("a quote opened here is never closed", source=source, line=row_start)
        rows.append((line, record))
    return _build(rows, source=source, notes=notes)


def parse_players_json(text: str, *, source: str = "<json>", notes: list[str] | None = None) -> list[Participant]:
    """Parse a JSON list of player objects (or an object with a ``players`` list); ``notes`` as
    for CSV."""
    try:
        data = parse_json(text, source=source)
    except RecursionError:  # about a thousand levels deep: no players list (on the page too)
        raise InputError("lists or objects nested too deeply to read: expected a list of players", source=source) from None
    if isinstance(data, dict) and "players" in data:
        data = data["players"]
    if not isinstance(data, list):
        raise InputError("expected a list of players or an object with a 'players' list", source=source)
    rows: list[tuple[int, dict[str, Any]]] = []
    for index, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise InputError(f"player {index} is not an object", source=source, field=f"players[{index - 1}]")
        read_as = canonical_columns(list(item))
        _note(notes, aliased_columns_note(list(item), read_as) if index == 1 else None)
        rows.append((index, {k: "" if v is None else v for k, v in zip(read_as, item.values(), strict=True)}))
    _note(notes, unread_columns_note((key for _, record in rows for key in record), "keys"))
    return _build(rows, source=source, json_mode=True, notes=notes)


def unread_columns_note(columns: Iterable[str], kind: str) -> str | None:
    """The columns (or JSON keys) fairdraw does not read, named once each in file order; None if
    every one is read. Why: "fed2" or a misspelt "federation" would otherwise
    drop the data without a word (and --separate would keep nobody apart)."""
    # a JSON list may be a schedule's own players, "number" and all; a CSV's "number" column is
    # the organiser's (numbers drawn by lot), which the pairing numbers do not follow: said
    known = KNOWN_COLUMNS + (WRITTEN_BY_FAIRDRAW if kind == "keys" else ())
    unread = list(dict.fromkeys(c for c in columns if c and c not in known))
    if not unread:
        return None
    names = ", ".join(repr(c) for c in unread)
    why = (" (pairing numbers follow the order of the rows, or the ratings where a system orders by them: "
           "put the rows in the order wanted)") if "number" in unread else ""
    return (f"{names} {'is' if len(unread) == 1 else 'are'} not read (fairdraw reads the {kind} "
            f"{', '.join(KNOWN_COLUMNS)}){why}")


def shared_names_note(rows_of_name: dict[str, tuple[str, list[str]]], rows: str) -> str | None:
    """The names that more than one row carries, letter case aside (``rows_of_name``: folded name
    -> the name as first written and the numbers of its ``rows``, "lines" or "players"), or None."""
    shared = [f"{name!r} ({rows} {_listed(where)})" for name, where in rows_of_name.values() if len(where) > 1]
    if not shared:
        return None
    return f"the same name on more than one row, two entries of one player? {'; '.join(shared)}"


def _listed(numbers: list[str]) -> str:
    return ", ".join(numbers[:-1]) + " and " + numbers[-1]


def _note(notes: list[str] | None, note: str | None) -> None:
    if notes is not None and note is not None:
        notes.append(note)


#: limits that keep a stored player printable and storable: TRF16 has 4 digits for a start
#: rank, SQLite 64-bit integers; a name longer than this is a pasting accident
MAX_ID = 999_999
#: the ratings a player may have: TRF16's four rating columns hold 0 to 9999, and its export
#: (``trf_export``) refuses anything else. One range for every entry (players files, the page's
#: forms and imports) and that export, so a rating is refused when typed, not when the rating
#: officer's file is due (an audit: 1000000 and -5 were taken and refused only at export).
MIN_RATING = 0
MAX_RATING = 9999
MAX_NAME = 200
MAX_FEDERATION = 16
MAX_CLUB = 200


def tidy_text(value: Any, *, field: str, limit: int, where: str = "", source: str | None = None,
              line: int | None = None) -> str:
    """A name or club as one printable line: tabs, line breaks and other control characters
    would split a TRF line or a CSV row, so every run of whitespace becomes one space and
    other control characters are refused, as is text longer than ``limit``."""
    prefix = f"{where}: " if where else ""
    if isinstance(value, (list, dict, bool)):
        # a JSON list, object or true/false is no name: str() would print "['Anna']" on the pairings
        shown = json.dumps(value, ensure_ascii=False)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise InputError(f"{prefix}{field} must be text, got {shown}", source=source, line=line, field=field)
    text = " ".join(str(value).split())
    problem = unprintable(text)
    if problem:
        raise InputError(f"{prefix}{field} {problem}", source=source, line=line, field=field)
    if len(text) > limit:
        raise InputError(f"{prefix}{field} is {len(text)} characters long (at most {limit})", source=source,
                         line=line, field=field)
    return text


#: Unicode's explicit direction embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069).
_BIDI_CONTROLS = frozenset(chr(c) for c in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def unprintable(text: str) -> str | None:
    """What keeps ``text`` from printing as it reads ("contains the control character '\\x07'"),
    or None. Control characters (C0, DEL and C1: a Latin-1 reading of a Windows file leaves
    0x80-0x9F in names) ring bells and break lines on printouts; bidirectional overrides and
    isolates turn what follows around on every printout and page ("Z\u202eevil" shows as
    "Zlive"): no name needs them, and they hide what a name says. One rule for players files,
    TRF16 and schedule JSON."""
    bad = next((c for c in text if ord(c) < 32 or 127 <= ord(c) < 160), None)
    if bad is not None:
        return f"contains the control character {bad!r}"
    turned = next((c for c in text if c in _BIDI_CONTROLS), None)
    if turned is not None:
        return f"contains the direction control U+{ord(turned):04X}, which would show the text after it reversed"
    return None


def _bounded(number: int | None, *, low: int, high: int, source: str, line: int | None, field: str,
             where: str) -> int | None:
    if number is not None and not low <= number <= high:
        raise InputError(f"{where}: {field} must be between {low} and {high}, got {number}", source=source,
                         line=line, field=field)
    return number


def _whole_number(value: Any, *, source: str, line: int | None, field: str, where: str) -> int | None:
    if value == "" or value is None:
        return None
    if isinstance(value, bool):
        raise InputError(f"{where}: expected a whole number, got {value!r}", source=source, line=line, field=field)
    if isinstance(value, int):
        return value
    text = str(value).strip()
    try:
        # ASCII digits only: Python's int() also reads "1_0" as 10 and full-width or Arabic-Indic
        # digits, so an id or a rating typed with a slip was taken as another number
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            raise ValueError(text)
        return int(text)
    except ValueError:
        raise InputError(
            f"{where}: expected a whole number, got {text!r}", source=source, line=line, field=field
        ) from None


def _build(rows: Iterable[tuple[int, dict[str, Any]]], *, source: str, json_mode: bool = False,
           notes: list[str] | None = None) -> list[Participant]:
    players: list[Participant] = []
    seen: dict[int, int] = {}
    rows_of_name: dict[str, tuple[str, list[str]]] = {}
    for position, (line, record) in enumerate(rows, start=1):
        where = f"player {line}" if json_mode else "row"
        loc_line = None if json_mode else line
        name = tidy_text(record.get("name", ""), field="name", limit=MAX_NAME, where=where, source=source,
                         line=loc_line)
        if not name:
            raise InputError(f"{where}: the name is missing", source=source, line=loc_line, field="name")
        pid = _whole_number(record.get("id", ""), source=source, line=loc_line, field="id", where=where)
        given = pid is not None
        if pid is None:
            pid = position
        elif pid < 1:  # 0 is the bye in the engines' list format (id 0); ids are positive
            raise InputError(f"{where}: id must be at least 1, got {pid}", source=source, line=loc_line, field="id")
        _bounded(pid, low=1, high=MAX_ID, source=source, line=loc_line, field="id", where=where)
        if pid in seen:
            # a row without an id takes its position: say so, or the message names an id nobody typed
            taken_as = "" if given else f"no id given, so it takes its position {pid}, but "
            raise InputError(
                f"{where}: {taken_as}id {pid} is already used by " + (f"player {seen[pid]}" if json_mode else
                                                                      f"the player on line {seen[pid]}")
                + ("" if given else " (give every player an id, or none)"),
                source=source,
                line=loc_line,
                field="id",
            )
        seen[pid] = line
        rating = _bounded(
            _whole_number(record.get("rating", ""), source=source, line=loc_line, field="rating", where=where),
            low=MIN_RATING, high=MAX_RATING, source=source, line=loc_line, field="rating", where=where)
        federation = tidy_text(record.get("federation", ""), field="federation", limit=MAX_FEDERATION, where=where,
                               source=source, line=loc_line) or None
        club = tidy_text(record.get("club", ""), field="club", limit=MAX_CLUB, where=where, source=source,
                         line=loc_line) or None
        players.append(Participant(id=pid, name=name, rating=rating, federation=federation, club=club))
        rows_of_name.setdefault(name.casefold(), (name, []))[1].append(str(line))
    if not players:
        raise InputError("no players found", source=source)
    _note(notes, shared_names_note(rows_of_name, "players" if json_mode else "lines"))
    return players


def numbered_players(count: int, names: list[Participant] | None = None) -> list[Participant]:
    """``count`` players named "Player 1".. unless a list of participants is given."""
    if names is not None:
        return list(names)
    return [Participant(id=i, name=f"Player {i}") for i in range(1, count + 1)]

"""Reading an input file as text, one way for every reader (schedule JSON, TRF16, players).

Why one reader: Windows editors (Notepad, Excel's "CSV UTF-8") start a saved file with a
UTF-8 byte order mark. The JSON parser refuses it ("Unexpected UTF-8 BOM") and the TRF16
parser sees ``\\ufeff012`` where the ``012`` line should start, so a file that looks right in
the editor was refused, or taken for the wrong format, by whichever command read it without
stripping the mark. Every reader goes through ``read_text``/``decode_text``, so all of them
accept the mark, and report an unreadable file the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fairdraw.core.errors import InputError

#: The UTF-8 encoding of U+FEFF, written at the start of a file by some editors.
UTF8_BOM = b"\xef\xbb\xbf"


def without_bom(raw: bytes) -> bytes:
    """``raw`` without a leading UTF-8 byte order mark (a mark marks the encoding, it is no text)."""
    return raw[len(UTF8_BOM):] if raw.startswith(UTF8_BOM) else raw


def decode_text(raw: bytes, *, source: str, fallback: str | None = None) -> str:
    """The text of a file's bytes: UTF-8 without a leading byte order mark; when the bytes are
    not UTF-8, decoded as ``fallback`` (TRF16 files from older Windows programs: Windows-1252,
    whose 0x80-0x9F hold Š, € and quotes where Latin-1 has control characters that a name never
    holds), and as Latin-1 when ``fallback`` cannot read them; without a fallback, an InputError
    naming the first line that is not UTF-8."""
    body = without_bom(raw)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        if fallback is not None:
            try:
                return body.decode(fallback)
            except UnicodeDecodeError:  # a byte Windows-1252 leaves undefined: Latin-1 reads every byte
                return body.decode("latin-1")
        line = body[: exc.start].count(b"\n") + 1
        raise InputError("the file is not UTF-8 text", source=source, line=line) from None


#: UTF-16 byte order marks: a spreadsheet's "Unicode text" (tab-separated) starts with one.
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")

#: The 8-bit encoding of a spreadsheet's plain "CSV" on Windows in Western Europe (José, Müller
#: and Ødegaard as one byte each): the encoding a club's players list most often arrives in.
SPREADSHEET_8BIT = "cp1252"


def decode_spreadsheet_text(raw: bytes, *, source: str, notes: list[str] | None = None) -> str:
    """The text of a players list as a spreadsheet saves it: UTF-8 (byte order mark stripped),
    UTF-16 with its mark ("Unicode text"), else Windows-1252 with a note in ``notes``, as the
    plain "CSV" of Excel on Windows is written. Why not refuse what is not UTF-8: that plain CSV
    is what a secretary saves by default, and bytes that are not UTF-8 are almost never UTF-8
    damaged, so reading them as Windows-1252 gets the names right in the common case; the note
    says so, so a list in another encoding (Cyrillic, say) is seen at once. Bytes that are no
    Windows-1252 either are refused, naming the line and the way out."""
    if raw.startswith(UTF16_BOMS):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise InputError("the file starts as UTF-16 text but is not: save it as \"CSV UTF-8\"",
                             source=source) from None
    body = without_bom(raw)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        first_bad_line = body[: exc.start].count(b"\n") + 1
    try:
        text = body.decode(SPREADSHEET_8BIT)
    except UnicodeDecodeError:
        raise InputError("the file is not UTF-8 text, nor Windows-1252: save it as \"CSV UTF-8\" in the "
                         "spreadsheet program", source=source, line=first_bad_line) from None
    if notes is not None:
        notes.append(f"the file is not UTF-8 (line {first_bad_line} first): read as Windows-1252, a "
                     "spreadsheet's plain \"CSV\"; check the accented names, or save it as \"CSV UTF-8\"")
    return text


def read_bytes(path: str | Path) -> bytes:
    """The file's bytes; InputError (exit 2) naming the file when it cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror})", source=str(path)) from None


def read_text(path: str | Path, *, fallback: str | None = None) -> str:
    """A file's text as ``decode_text`` gives it (byte order mark stripped)."""
    return decode_text(read_bytes(path), source=str(path), fallback=fallback)


def parse_json(text: str, *, source: str, hint: Callable[[], str] | None = None) -> Any:
    """The JSON document in ``text``, or InputError naming ``source``: a syntax error with its
    line and column (``hint``, asked only then, may add what the file looks like instead), and
    an integer of over 4,300 digits, which Python refuses to read (a ValueError, a traceback
    where every JSON reader took only the syntax error)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}{hint() if hint else ''}", source=source, line=exc.lineno,
                         column=exc.colno) from None
    except ValueError:
        raise InputError("this JSON holds a number too long to read (over 4,300 digits)", source=source) from None


#: the first line of a TRF16 file: a three-character record code (``012``, ``001``, ``XXR``,
#: ``BBW``...) and a space
_TRF_RECORD = re.compile(r"(\d{3}|XX[A-Z]|BB[A-Z]) ")


def looks_like_trf(text: str) -> bool:
    """Whether text is a TRF16 tournament file rather than JSON or a players table: its first
    line holds a record code, or a later line is a player (``001``). One rule for every
    command that takes either kind of file (standings, pair, the web page's import)."""
    body = text.lstrip("\ufeff \t\r\n")
    return bool(_TRF_RECORD.match(body)) or "\n001 " in body or "\r001 " in body

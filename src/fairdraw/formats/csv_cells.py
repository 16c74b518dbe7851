"""Cells of every CSV fairdraw writes, safe to open in a spreadsheet, and read back as typed.

Why: Excel and LibreOffice run a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or
carriage return before one) as a formula ("CSV injection"): a player entered as
``=HYPERLINK(...)``, a club ``+SUM(1)``, would run on the arbiter's laptop. The usual rule
(OWASP's) puts an apostrophe before such a cell; the spreadsheet shows the text and hides the
apostrophe. Until now only the names of some CSVs went through it; clubs, federations, groups
and the players CSV the page exports did not. ``spreadsheet_writer`` applies it to every cell of
every row, so no writer can forget a column.

A number column (a score of ``-1``, a tie-break of ``-0.5``: passed as a number, or as
``NumberText`` when the writer formats it itself) is no formula and stays a number; a text column
is text, so a player named ``+1`` or ``-2`` is quoted too (a spreadsheet would show 1 and -2, the
name lost). A text that starts with apostrophes before such a character gets one more, so that
``read_back`` (the players CSV reader) takes exactly one off and gives back what was typed,
whatever the name: the players CSV the page exports reads back to the same names.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import IO, Any

#: what a spreadsheet takes for the start of a formula (a tab or carriage return before one too)
FORMULA_STARTS = "=+-@\t\r"
_PLAIN_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
#: a text written with an apostrophe before it: a formula start, after any apostrophes
_NEEDS_QUOTE = re.compile(r"'*[" + re.escape(FORMULA_STARTS) + "]")
#: a cell as ``spreadsheet_cell`` wrote such a text: one apostrophe more
_QUOTED = re.compile(r"''*[" + re.escape(FORMULA_STARTS) + "]")


class NumberText(str):
    """A number its writer formatted as text (standings points "5.5", "-1"): written as it is
    when it is a plain number, where a text cell starting with "-" gets its apostrophe."""


def spreadsheet_cell(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet shows and never runs: a text that a spreadsheet
    would take for a formula gets a leading apostrophe; numbers and other texts stay."""
    if not isinstance(value, str):
        return value
    if isinstance(value, NumberText) and _PLAIN_NUMBER.fullmatch(value):
        return str(value)
    return "'" + value if _NEEDS_QUOTE.match(value) else value


def read_back(text: str) -> str:
    """A cell as typed before ``spreadsheet_cell`` wrote it: the apostrophe it added taken off.
    Unambiguous, as ``spreadsheet_cell`` adds one to every text it could be confused with
    (``'=x`` was written ``''=x``); a cell no spreadsheet would have run stays as it is."""
    return text[1:] if _QUOTED.match(text) else text


class SpreadsheetWriter:
    """A ``csv.writer`` whose every cell goes through ``spreadsheet_cell``."""

    def __init__(self, out: IO[str]) -> None:
        self._writer = csv.writer(out, lineterminator="\n")

    def writerow(self, cells: Iterable[Any]) -> None:
        self._writer.writerow([spreadsheet_cell(cell) for cell in cells])


def spreadsheet_writer(out: IO[str]) -> SpreadsheetWriter:
    """The writer of every CSV fairdraw produces (pairings, standings, league, the page's exports)."""
    return SpreadsheetWriter(out)

"""Errors the adapters turn into clear messages and exit statuses.

``InputError`` is raised for bad input; the CLI prints it and exits with status 2. It names
the source (a file), the line and the field so a secretary can find and fix the cell.
"""

from __future__ import annotations


class FairdrawError(Exception):
    """Base class of fairdraw's own errors."""


class InputError(FairdrawError):
    """Input that cannot be used: names where it is and what was expected."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.field = field
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = []
        if self.source:
            where.append(str(self.source))
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        if self.field:
            where.append(f"field '{self.field}'")
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


class UnsolvableError(FairdrawError):
    """The request is well-formed but no pairing or seating satisfies its hard rules."""

"""Counted nouns for the lines people read ("1 round", "2 rounds").

Why a helper: a one-round schedule, a one-player check or a single repeat meeting are ordinary
cases (a final ranked round, a re-check after one pairing), and "1 rounds" in a printed report
reads as a bug to the arbiter holding it.
"""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural (``plural`` or noun + "s") unless count is 1."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"

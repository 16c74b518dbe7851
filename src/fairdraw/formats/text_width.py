"""Padding text columns by the width a terminal shows, not by the count of characters.

Why: a Chinese or Japanese name takes two columns a character and an accent written as a
combining mark none, so tables padded with ``str.ljust`` ran out of line for every such name
(the CSV, JSON and HTML outputs were right; only the plain-text tables were off).
"""

from __future__ import annotations

import unicodedata


def shown_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: wide (East Asian wide and full-width, most
    emoji) characters two, combining marks and zero-width characters none, others one."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad_left(text: str, width: int) -> str:
    """``text`` then spaces up to ``width`` shown columns (``str.ljust`` by what is seen)."""
    return text + " " * max(0, width - shown_width(text))


def pad_right(text: str, width: int) -> str:
    """Spaces then ``text`` up to ``width`` shown columns (``str.rjust`` by what is seen)."""
    return " " * max(0, width - shown_width(text)) + text

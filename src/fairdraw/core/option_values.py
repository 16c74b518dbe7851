"""Reading a system's options as the values they must be, or an InputError that names them.

Why one place: the options reach a system from the command line (already typed by Typer), from
a schedule JSON's meta and from the web page's options box, where ``group_size=abc`` or
``iterations=1000000000`` is one slip away. Read with a bare ``int()`` they stopped the pairing
with a ValueError (the page could only say the system failed), or kept it busy for hours.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fairdraw.core.errors import InputError


def is_json_whole(value: object) -> bool:
    """A whole number as JSON gives one: ``true`` is a bool, not a count, though Python's bool
    is an int (a file's ``"table_size": true`` must not read as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number_option(options: Mapping[str, Any], key: str, default: int, *, low: int | None = None,
                        high: int | None = None) -> int:
    """``options[key]`` as a whole number (``default`` when absent, None or blank), within
    ``low``..``high`` when given; a number written as text ("5") is read as the number."""
    raw = options.get(key)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return default
    text = raw.strip() if isinstance(raw, str) else None
    if isinstance(raw, bool) or not (isinstance(raw, int) or (text is not None and text.lstrip("+-").isdigit())):
        raise InputError(f"{key}: expected a whole number, got {raw!r}", field=key)
    value = int(raw)
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low} to {high}" if low is not None and high is not None else (
            f"at least {low}" if low is not None else f"at most {high}")
        raise InputError(f"{key}: expected a whole number {span}, got {value}", field=key)
    return value


def flag_option(options: Mapping[str, Any], key: str, default: bool = False) -> bool:
    """``options[key]`` as yes or no: a JSON or command-line bool, or the words true/false,
    yes/no, on/off, 1/0 (the page's options box); absent, None or blank is ``default``. Why not
    ``bool()``: ``double=maybe`` made a double round robin without a word, and the text "false"
    is true to Python."""
    raw = options.get(key)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return default
    if isinstance(raw, bool):
        return raw
    if is_json_whole(raw) and raw in (0, 1):
        return bool(raw)
    words = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}
    if isinstance(raw, str) and raw.strip().lower() in words:
        return words[raw.strip().lower()]
    raise InputError(f"{key}: expected true or false, got {raw!r}", field=key)

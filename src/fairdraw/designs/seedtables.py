"""Parse the tournament tables of seeds 000/001 ("Blocks of 4") into rounds.

The seeds write a round either as letter words ("AEIM BFJN ...", A.. then a.. for fields
above 26: uppercase letters are players 0..n/2-1 and lowercase letters n/2..n-1, as the
28- and 32-player tables use A-N/a-n and A-P/a-p) or as a list of 1-based numbers
("[ [1, 2, 3, 4], ... ]"). Lines look like ``N<TAB>round<TAB>of<TAB>data[<TAB>balanced]``.
"""

from __future__ import annotations

import ast
import re

Round = list[tuple[int, ...]]

_LINE = re.compile(r"^(\d+)\t(\S+)\t(\S+)\t(.+)$")


def _letter(ch: str, n: int) -> int:
    return ord(ch) - ord("A") if ch.isupper() else n // 2 + ord(ch) - ord("a")


def parse_round(text: str, n: int) -> Round:
    """One round of a seed table as tuples of 0-based player numbers."""
    raw = text.replace("\xa0", " ").strip().rstrip(".")
    if raw.startswith("["):
        return [tuple(int(x) - 1 for x in table) for table in ast.literal_eval(raw)]
    return [tuple(_letter(ch, n) for ch in word) for word in raw.split()]


def parse_tables(text: str) -> dict[int, list[Round]]:
    """Every table in the text, by field size, rounds in the order given."""
    tables: dict[int, list[Round]] = {}
    for line in text.splitlines():
        m = _LINE.match(line.replace("\xa0", " ").rstrip())
        if not m:
            continue
        data = m.group(4).split("\t")[0]
        if not re.fullmatch(r"[A-Za-z .]+|\[[\d\[\], ]+\]", data.strip()):
            continue
        n = int(m.group(1))
        tables.setdefault(n, []).append(parse_round(data, n))
    return tables

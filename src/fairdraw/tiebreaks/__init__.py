"""Tie-breaks by short code (FIDE C.07 2023 for chess; mahjong's own), and their registry.

Importing this package registers every tie-break; add one import line per new module.
"""

from fairdraw.tiebreaks import chess, counts, fore_buchholz, koya, mahjong, opponent_averages, ratings  # noqa: F401  (registers the tie-breaks)
from fairdraw.tiebreaks.base import (
    TieBreak,
    TieBreakContext,
    TieBreakSpec,
    all_tiebreaks,
    get_tiebreak,
    parse_spec,
    register_tiebreak,
)

__all__ = [
    "TieBreak",
    "TieBreakContext",
    "TieBreakSpec",
    "all_tiebreaks",
    "get_tiebreak",
    "parse_spec",
    "register_tiebreak",
]

"""Scorings (one module each, registered by name) and standings over them.

Importing this package registers every scoring; add one import line per new module.
"""

from fairdraw.scoring import keizer, mahjong, standard  # noqa: F401  (registers the scorings)
from fairdraw.scoring.base import ScoreSheet, Scoring, all_scorings, get_scoring, register_scoring

__all__ = ["ScoreSheet", "Scoring", "all_scorings", "get_scoring", "register_scoring"]

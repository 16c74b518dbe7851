"""Mahjong league seasons (issue 5): groups of 4 and 5 per session, fewest repeat groupings.

Importing this package registers the ``mahjong-league`` system.
"""

from fairdraw.systems.league import system  # noqa: F401

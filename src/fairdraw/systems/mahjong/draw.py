"""The verifiable draw: which player takes which design position (issue 4, item 4).

Why SHA-256 per player: anyone can redo the draw with a standard tool and the published
seed, without our code. For each player compute

    key = SHA-256( UTF-8( seed + "|" + str(id) + "|" + name ) )   (lowercase hex digest)

and sort the players by key (ties, which do not happen in practice, by id). The player
in sorted position i (0-based) takes design position i, i.e. pairing number i + 1.
The design itself is deterministic, so seed + player list fix the whole seating.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from fairdraw.core.model import Participant

DEFAULT_SEED = "fairdraw"
#: The date of the last change to how a seed seats a field (designs, searches, winds, re-seats).
#: Bumped with every such change, and recorded with the package version in ``meta.draw.software``,
#: so that `check --redraw` can say that a file comes from another seating method even while
#: the package version stays the same (an audit: a file drawn the same day with 0.1.0 was
#: accused without that note).
SEATING_REVISION = "2026-12-06"


def software_label() -> str:
    """What ``meta.draw.software`` records of the program that drew a seating."""
    from fairdraw import __version__

    return f"fairdraw {__version__}, seating {SEATING_REVISION}"


def draw_key(seed: str, player: Participant) -> str:
    """The public sort key of one player."""
    return hashlib.sha256(f"{seed}|{player.id}|{player.name}".encode()).hexdigest()


def draw_order(seed: str, players: Sequence[Participant]) -> list[Participant]:
    """Players in design-position order for this seed."""
    return sorted(players, key=lambda p: (draw_key(seed, p), p.id))


def seed_int(seed: str, purpose: str) -> int:
    """A 64-bit integer derived from the seed, for the seeded searches (deterministic)."""
    return int.from_bytes(hashlib.sha256(f"{seed}|{purpose}".encode()).digest()[:8], "big")

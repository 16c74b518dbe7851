"""The three tiers of seed 002's club Swiss, one identifier per rule.

Seed 002 ("Zwitsers") lists absolute rules, strong rules ("may be broken only to keep an
absolute rule") and preferences ("may be broken only to keep a strong rule"); GUIDE.md
translates them. Every rule gets a short identifier used in the weights, the explanation
and the relaxation report, and a text that cites the seed.

Readings that the seed leaves open (docs/club-swiss.md explains them):
- S1 "not twice in a row the same colour" counts games in CONSECUTIVE rounds; P2 "alternate
  colour from the previous game" counts the previous game played, even across a bye. So a
  same-colour repeat straight after the previous round breaks S1 (and P2 with it); one
  across a round without a game breaks only P2.
- S2 "balance not left at ±1": a game moves the balance by one, so a player at 0 always
  ends at ±1. The rule bites on a player at ±1 who must be brought back to 0: it is broken
  when the player ends at ±2.
- S3 "a player floated down ... is not floated down again": a downfloat is being paired
  with an opponent of a lower score; any earlier downfloat in the event counts.
"""

from __future__ import annotations

from dataclasses import dataclass

ABSOLUTE_RULES: dict[str, str] = {
    "A1": "seed 002: absolute rule 1 (no more rounds than configured)",
    "A2": "seed 002: absolute rule 2 (no rematch)",
    "A3": "seed 002: absolute rule 3 (no second bye)",
    "A4": "seed 002: absolute rule 4 (never three games in a row with the same colour)",
    "A5": "seed 002: absolute rule 5 (colour balance within -2..+2)",
}

STRONG_RULES: dict[str, str] = {
    "S1": "seed 002: strong rule 1 (not twice in a row the same colour)",
    "S2": "seed 002: strong rule 2 (colour balance not left at ±1: brought back to 0)",
    "S3": "seed 002: strong rule 3 (a player floated down once is not floated down again)",
}

PREFERENCES: dict[str, str] = {
    "P1": "seed 002: preference 1 (opponent with the same score)",
    "P2": "seed 002: preference 2 (colour opposite to the previous game)",
}

ALL_RULES: dict[str, str] = {**ABSOLUTE_RULES, **STRONG_RULES, **PREFERENCES}

#: Absolute rules the pairing itself can break (A1 is checked before pairing, A3 by the bye).
PAIRING_ABSOLUTES = ("A2", "A4", "A5")


def tier_of(rule: str) -> str:
    """ "absolute", "strong" or "preference"."""
    return {"A": "absolute", "S": "strong", "P": "preference"}[rule[0]]


@dataclass(frozen=True)
class Breach:
    """One rule of a lower tier that a pairing breaks, and for whom."""

    rule: str
    player: int

    def key(self) -> tuple[str, int]:
        return (self.rule, self.player)

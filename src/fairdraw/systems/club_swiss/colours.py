"""Colours in the club Swiss: which rules a colour breaks, and seed 002's allocation.

A board's colours depend only on its two players, so each candidate pair is judged on its
own: first the absolute colour rules (A4, A5) decide which of the two orientations are
allowed at all, then the orientation with the fewest strong-rule breaches, then the fewest
preference breaches, and only then seed 002's colour-allocation procedure (which is the
same order of concerns written as a recipe) and finally the seeded coin.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from fairdraw.systems.club_swiss.ordering import BLACK, WHITE, PlayerState
from fairdraw.systems.club_swiss.rules import Breach

OTHER = {WHITE: BLACK, BLACK: WHITE}


def colour_breaches(st: PlayerState, colour: str, next_round: int) -> tuple[list[str], list[str], list[str]]:
    """(absolute, strong, preference) rule ids that ``colour`` for ``st`` would break."""
    absolute: list[str] = []
    strong: list[str] = []
    prefs: list[str] = []
    last, run = st.colour_run()
    # seed 002: absolute rule 4: never three games in a row with the same colour.
    if last == colour and run >= 2:
        absolute.append("A4")
    after = st.balance + (1 if colour == WHITE else -1)
    # seed 002: absolute rule 5: whites minus blacks never outside -2..+2.
    if abs(after) > 2:
        absolute.append("A5")
    # seed 002: strong rule 1: not the same colour in two consecutive rounds.
    if last == colour and st.last_round_played() == next_round - 1:
        strong.append("S1")
    # seed 002: strong rule 2: a player at ±1 is brought back to 0, not pushed to ±2.
    if abs(after) == 2 and abs(st.balance) == 1:
        strong.append("S2")
    # seed 002: preference 2: the colour opposite to the previous game played.
    if last == colour:
        prefs.append("P2")
    return absolute, strong, prefs


def claims_by_step(st: PlayerState) -> list[str | None]:
    """The colour each step of seed 002's allocation recipe asks for this player.

    Step 1: two same colours in a row must switch. Step 2: balance +1 plays black, -1 plays
    white (GUIDE.md: the seed's text has the signs swapped; we follow its meaning,
    equalise). Step 3: the colour opposite to the last game.
    """
    last, run = st.colour_run()
    step1 = OTHER[last] if last is not None and run >= 2 else None
    step2 = BLACK if st.balance > 0 else WHITE if st.balance < 0 else None
    step3 = OTHER[last] if last is not None else None
    return [step1, step2, step3]


STEP_NAMES = [
    "two same colours in a row must switch",
    "the colour balance is equalised",
    "the colour opposite to the last game",
]


def allocation(
    a: PlayerState,
    b: PlayerState,
    seed: str | None,
    next_round: int,
    claims: tuple[list[str | None], list[str | None]] | None = None,
) -> tuple[int, str]:
    """Seed 002's colour allocation for a pair: (id of White, reason).

    The first step at which the two players' wishes differ decides (one wishes, the other
    does not, or they wish opposite colours); when no step decides, a coin seeded by the
    published seed, the round and the two ids. ``claims`` may pass both players'
    precomputed wishes (``claims_by_step``) to save work on large fields.
    """
    claims_a, claims_b = claims if claims is not None else (claims_by_step(a), claims_by_step(b))
    for step, (ca, cb) in enumerate(zip(claims_a, claims_b, strict=True)):
        if ca is None and cb is None or ca == cb:
            continue
        if ca is not None and ca != cb:
            white = a.id if ca == WHITE else b.id
        else:
            assert cb is not None
            white = b.id if cb == WHITE else a.id
        return white, STEP_NAMES[step]
    low, high = sorted((a.id, b.id))
    digest = hashlib.sha256(f"{seed or ''}:colour:{next_round}:{low}:{high}".encode()).digest()
    white = low if digest[0] % 2 == 0 else high
    return white, "drawn by the seeded coin"


@dataclass(frozen=True)
class Orientation:
    """One way to seat a pair, with what it breaks."""

    white: int
    black: int
    absolute: tuple[Breach, ...]
    strong: tuple[Breach, ...]
    prefs: tuple[Breach, ...]


Judged = tuple[tuple[Breach, ...], tuple[Breach, ...], tuple[Breach, ...]]


def judge(st: PlayerState, colour: str, next_round: int) -> Judged:
    """``colour_breaches`` for one player as Breach tuples (computed once per player)."""
    absolute, strong, prefs = colour_breaches(st, colour, next_round)
    return (
        tuple(Breach(r, st.id) for r in absolute),
        tuple(Breach(r, st.id) for r in strong),
        tuple(Breach(r, st.id) for r in prefs),
    )


def orientation(w: PlayerState, b: PlayerState, next_round: int) -> Orientation:
    """Judge seating ``w`` with White and ``b`` with Black."""
    return combine(w.id, b.id, judge(w, WHITE, next_round), judge(b, BLACK, next_round))


def combine(white: int, black: int, jw: Judged, jb: Judged) -> Orientation:
    """An orientation from the two players' own judgements (a board's colour breaches are
    the sum of its two players')."""
    return Orientation(white=white, black=black, absolute=jw[0] + jb[0], strong=jw[1] + jb[1], prefs=jw[2] + jb[2])

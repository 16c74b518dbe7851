"""A second opinion for small fields past their design: the league planner's season search.

Why: beyond the repeat-free rounds, ``fairdraw.designs.extend`` adds rounds by copies of the
design and a tabu search over swaps. On a few small fields the league planner's own search
(issue 5: ``fairdraw.systems.league``, groups of 4 and 5) does better with the same rounds, e.g.
20 players at tables of 5 for 6 rounds: 50 repeats against 53 or 54 (seeds "test" and
"fairdraw"), or 30 players at tables of 5 for 10 rounds: at most 2 meetings of a pair against 3
(measured 2026-12-05). Issue 4 (b) asks for the fewest repeats,
then the lowest maximum, then the most distinct opponents, so ``seat`` runs both and keeps the
better plan by that order (``fairdraw.designs.extend.quality_order``), and only a plan whose
leading repeat-free rounds are at least as many as the design's, so quality (a) never drops.

The league planner is deterministic for a field size, round count and shape (its random
choices are seeded by them), so the seating stays reproducible from the seed string alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from fairdraw.designs.extend import quality_order
from fairdraw.designs.verify import clean_prefix, verify

#: Fields below this size get the second opinion (larger ones: the league search costs
#: seconds and has not beaten the design search in our measurements; docs/mahjong.md).
SMALL_FIELD = 40

#: The group sizes the league planner makes.
LEAGUE_SIZES = (4, 5)

#: Players² × rounds at most: the league search's time grows with it (about 1.5 s at this
#: budget on our machine, 18 s for 36 players and 150 rounds, where it did not win); the
#: fields where it beat the design search in our measurements are all well inside it.
WORK_BUDGET = 12_000

Rounds = list[list[tuple[int, ...]]]


def league_alternative(
    n: int, k: int, rounds: int, design: Sequence[Sequence[tuple[int, ...]]], design_clean: int
) -> tuple[Rounds, int] | None:
    """The league planner's ``rounds`` rounds of tables of ``k`` for ``n`` players, with their
    leading repeat-free rounds, when they beat ``design`` by issue 4's order and keep at least
    ``design_clean`` repeat-free rounds in front; otherwise None."""
    if n >= SMALL_FIELD or k not in LEAGUE_SIZES or n % k or rounds <= design_clean or n * n * rounds > WORK_BUDGET:
        return None
    from fairdraw.systems.league.partition import try_partition  # numpy: loaded only for small fields
    from fairdraw.systems.league.planner import plan_season

    shape = try_partition(n, prefer=k)
    if shape is None or set(shape.sizes()) != {k}:
        return None
    plan = plan_season(n, rounds, shape)
    found = [[tuple(sorted(group)) for group in session] for session in plan.sessions]
    if len(found) != rounds or not verify(found, k, n).ok:  # everyone once a round, tables of k
        return None
    clean = clean_prefix(found, k, n)
    if clean < design_clean or quality_order(found, n) >= quality_order([list(r) for r in design], n):
        return None
    return found, clean

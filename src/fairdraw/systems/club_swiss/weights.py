"""The club Swiss as one maximum-weight matching whose weights encode seed 002's tiers.

Encoding (lexicographic, exact):
- absolute rules are FORBIDDEN EDGES, never weights: a pair that met before (seed 002:
  absolute rule 2) or whose colours cannot be given without a third same colour in a row
  (absolute rule 4) or a balance outside -2..+2 (absolute rule 5) is not in the graph;
- every edge then has a cost vector (strong breaches, preference breaches, score
  difference in half points, squared distance in the order); the matching minimises the
  SUM of these vectors lexicographically;
- lexicographic order is made exact by multipliers: tier k's multiplier exceeds the
  largest total the tiers below k can reach over a whole matching (k/2 edges times the
  per-edge maximum). So one strong breach outweighs any number of preference breaches
  (seed 002: strong rules give way only to absolute rules; preferences only to strong
  rules), one preference breach outweighs any score gap, a smaller score gap outweighs any
  ordering difference;
- weight = ceiling - cost, positive, with the ceiling above the total cost of any
  matching: a maximum-weight matching then has maximum cardinality (a perfect matching
  whenever one exists among the allowed edges), and every perfect matching has the same
  number of edges, so the ceiling cancels out.

The lowest tier, squared distance in the order, makes the best remaining player meet the
nearest compatible one (1-2, 3-4 in a score group; around a forbidden 1-2 it prefers 1-3,
2-4 to 1-4, 2-3), which is how the seed's "sort, then pair from the top" reads.

Sizes: for 1,000 players after 8 rounds the ceiling is about 2^65; the matching
(``fairdraw.core.matching``) is exact at any width; tests check 2,000 players and 20 rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fairdraw.core.matching import max_weight_matching
from fairdraw.systems.club_swiss.colours import (
    Judged,
    Orientation,
    allocation,
    claims_by_step,
    combine,
    judge,
)
from fairdraw.systems.club_swiss.ordering import BLACK, WHITE, PlayerState
from fairdraw.systems.club_swiss.rules import ALL_RULES, Breach

#: per-edge maxima of the tiers: S1 and S2 for each of the two players plus S3 (5);
#: P1 for both players plus P2 for each (4).
MAX_STRONG_PER_EDGE = 5
MAX_PREFS_PER_EDGE = 4


@dataclass(frozen=True)
class Constraints:
    """What a (counterfactual) solve may not do or may ignore.

    ``forbidden`` turns chosen lower-tier breaches into absolute ones (to ask "could this
    breach have been avoided?"); ``lifted`` ignores absolute rules (to ask "which absolute
    rule forced it?"). The real pairing uses neither.
    """

    forbidden: frozenset[tuple[str, int]] = frozenset()
    lifted: frozenset[str] = frozenset()


@dataclass(frozen=True)
class EdgeChoice:
    """A candidate board: its best orientation and its cost vector."""

    orient: Orientation
    strong: tuple[Breach, ...]
    prefs: tuple[Breach, ...]
    score_diff: int
    rank_dist2: int
    colour_reason: str

    def cost(self) -> tuple[int, int, int, int]:
        return (len(self.strong), len(self.prefs), self.score_diff, self.rank_dist2)


@dataclass(frozen=True)
class PairInfo:
    """Everything about a candidate pair that does not depend on counterfactual constraints."""

    rematch: bool
    pair_strong: tuple[Breach, ...]
    pair_prefs: tuple[Breach, ...]
    #: both orientations, each with 0 when it is the one seed 002's recipe gives, else 1.
    orients: tuple[tuple[Orientation, int], ...]
    recipe_reason: str
    score_diff: int
    rank_dist2: int


Edge = tuple[int, int, tuple[int, EdgeChoice]]


@dataclass
class Context:
    """Fixed facts of one pairing run, and caches (valid for this run only)."""

    states: dict[int, PlayerState]
    next_round: int
    seed: str | None
    max_score_diff: int
    #: pairs the organiser forbids (``forbidden_pairs``, TRF XXP): treated as a rematch
    forbidden: frozenset[frozenset[int]] = frozenset()
    _info: dict[tuple[int, int], PairInfo] = field(default_factory=dict)
    _cache: dict[tuple[int, int, Constraints], EdgeChoice | None] = field(default_factory=dict)
    _edges: dict[tuple[tuple[int, ...], frozenset[str]], list[Edge]] = field(default_factory=dict)

    _judged: dict[tuple[int, str], Judged] = field(default_factory=dict)
    _claims: dict[int, list[str | None]] = field(default_factory=dict)

    def judged(self, pid: int, colour: str) -> Judged:
        key = (pid, colour)
        found = self._judged.get(key)
        if found is None:
            found = judge(self.states[pid], colour, self.next_round)
            self._judged[key] = found
        return found

    def claims(self, pid: int) -> list[str | None]:
        found = self._claims.get(pid)
        if found is None:
            found = claims_by_step(self.states[pid])
            self._claims[pid] = found
        return found

    def info(self, low: int, high: int) -> PairInfo:
        key = (low, high)
        found = self._info.get(key)
        if found is None:
            found = _pair_info(self, self.states[low], self.states[high])
            self._info[key] = found
        return found


def _pair_info(ctx: Context, a: PlayerState, b: PlayerState) -> PairInfo:
    pair_strong: list[Breach] = []
    pair_prefs: list[Breach] = []
    if a.score != b.score:
        high = a if a.score > b.score else b
        # seed 002: strong rule 3: whoever floated down before does not float down again.
        if high.floated_down:
            pair_strong.append(Breach("S3", high.id))
        # seed 002: preference 1: opponents have the same score (broken for both).
        pair_prefs.extend((Breach("P1", a.id), Breach("P1", b.id)))
    white_by_recipe, reason = allocation(a, b, ctx.seed, ctx.next_round, (ctx.claims(a.id), ctx.claims(b.id)))
    orients = tuple(
        (o, 0 if o.white == white_by_recipe else 1)
        for o in (
            combine(a.id, b.id, ctx.judged(a.id, WHITE), ctx.judged(b.id, BLACK)),
            combine(b.id, a.id, ctx.judged(b.id, WHITE), ctx.judged(a.id, BLACK)),
        )
    )
    return PairInfo(
        # seed 002: absolute rule 2: two players never meet twice (played games only).
        rematch=b.id in a.opponents or bool(ctx.forbidden and frozenset((a.id, b.id)) in ctx.forbidden),
        pair_strong=tuple(pair_strong),
        pair_prefs=tuple(pair_prefs),
        orients=orients,
        recipe_reason=reason,
        score_diff=abs(a.score - b.score),
        rank_dist2=(a.rank - b.rank) ** 2,
    )


def evaluate(ctx: Context, a_id: int, b_id: int, cons: Constraints) -> EdgeChoice | None:
    """The best way to seat a and b, or None when an absolute rule forbids the pair."""
    low, high = (a_id, b_id) if a_id < b_id else (b_id, a_id)
    key = (low, high, cons)
    if key in ctx._cache:
        return ctx._cache[key]
    result = _choose(ctx, ctx.info(low, high), cons)
    ctx._cache[key] = result
    return result


def _choose(ctx: Context, info: PairInfo, cons: Constraints) -> EdgeChoice | None:
    if info.rematch and "A2" not in cons.lifted:
        return None
    if cons.forbidden and any(br.key() in cons.forbidden for br in info.pair_strong + info.pair_prefs):
        return None
    best: tuple[tuple[int, int, int], Orientation] | None = None
    for o, off_recipe in info.orients:
        # seed 002: absolute rules 4 and 5 make an orientation impossible, never just costly.
        if any(br.rule not in cons.lifted for br in o.absolute):
            continue
        if cons.forbidden and any(br.key() in cons.forbidden for br in o.strong + o.prefs):
            continue
        rank = (len(o.strong), len(o.prefs), off_recipe)
        if best is None or rank < best[0]:
            best = (rank, o)
    if best is None:
        return None
    o = best[1]
    reason = info.recipe_reason
    if best[0][2]:
        other = next(x for x, off in info.orients if not off)
        worse = other.absolute or other.strong or other.prefs
        names = ", ".join(f"{ALL_RULES[br.rule]} for {ctx.states[br.player].participant.name}" for br in worse)
        reason = f"the recipe's way round would break {names or 'a rule'}"
    return EdgeChoice(
        orient=o,
        strong=info.pair_strong + o.strong,
        prefs=info.pair_prefs + o.prefs,
        score_diff=info.score_diff,
        rank_dist2=info.rank_dist2,
        colour_reason=reason,
    )


@dataclass(frozen=True)
class Solution:
    """A perfect matching of the pool and its summed cost vector."""

    boards: tuple[EdgeChoice, ...]
    totals: tuple[int, int, int, int]

    def strong(self) -> list[Breach]:
        return [br for e in self.boards for br in e.strong]

    def prefs(self) -> list[Breach]:
        return [br for e in self.boards for br in e.prefs]


def multipliers(pool_size: int, max_score_diff: int, field_size: int) -> tuple[int, int, int, int, int]:
    """(m_strong, m_pref, m_diff, m_rank, ceiling) making the cost sum lexicographic.

    ``field_size`` bounds the distance in the order (ranks cover the whole field, absent
    players included); ``pool_size`` bounds the number of boards.
    """
    k = max(pool_size // 2, 1)
    bound_rank = k * max(field_size - 1, 1) ** 2
    bound_diff = k * max_score_diff
    bound_pref = k * MAX_PREFS_PER_EDGE
    bound_strong = k * MAX_STRONG_PER_EDGE
    m_rank = 1
    m_diff = m_rank * (bound_rank + 1)
    m_pref = m_diff * (bound_diff + 1)
    m_strong = m_pref * (bound_pref + 1)
    ceiling = m_strong * (bound_strong + 1)
    return m_strong, m_pref, m_diff, m_rank, ceiling


def _base_edges(ctx: Context, pool: tuple[int, ...], lifted: frozenset[str]) -> list[Edge]:
    """Allowed edges of ``pool`` (as node indices) with their weights, cached per run."""
    key = (pool, lifted)
    found = ctx._edges.get(key)
    if found is not None:
        return found
    m_strong, m_pref, m_diff, m_rank, ceiling = multipliers(len(pool), ctx.max_score_diff, len(ctx.states))
    cons = Constraints(lifted=lifted)
    edges: list[Edge] = []
    for i in range(len(pool)):
        for j in range(i + 1, len(pool)):
            choice = evaluate(ctx, pool[i], pool[j], cons)
            if choice is None:
                continue
            s, p, d, r = choice.cost()
            weight = ceiling - (s * m_strong + p * m_pref + d * m_diff + r * m_rank)
            edges.append((i, j, (weight, choice)))
    ctx._edges[key] = edges
    return edges


def _edges(ctx: Context, pool: tuple[int, ...], cons: Constraints) -> list[Edge]:
    """The edges under ``cons``: the cached base, re-judged only on the boards of the players
    whose breaches are forbidden (a breach (rule, player) only arises on that player's boards)."""
    base = _base_edges(ctx, pool, cons.lifted)
    if not cons.forbidden:
        return base
    touched = {pid for _, pid in cons.forbidden}
    index = {pid: i for i, pid in enumerate(pool)}
    edges = [e for e in base if pool[e[0]] not in touched and pool[e[1]] not in touched]
    m_strong, m_pref, m_diff, m_rank, ceiling = multipliers(len(pool), ctx.max_score_diff, len(ctx.states))
    done: set[tuple[int, int]] = set()
    for pid in sorted(touched):
        if pid not in index:
            continue
        i = index[pid]
        for j in range(len(pool)):
            pair = (min(i, j), max(i, j))
            if j == i or pair in done:
                continue
            done.add(pair)
            a, b = pool[pair[0]], pool[pair[1]]
            choice = _choose(ctx, ctx.info(min(a, b), max(a, b)), cons)
            if choice is None:
                continue
            s, p, d, r = choice.cost()
            weight = ceiling - (s * m_strong + p * m_pref + d * m_diff + r * m_rank)
            edges.append((pair[0], pair[1], (weight, choice)))
    return edges


def solve(ctx: Context, pool: Sequence[int], cons: Constraints = Constraints()) -> Solution | None:
    """The lexicographically cheapest perfect matching of ``pool``, or None if none exists.

    Every weight is ``ceiling - cost`` with the ceiling above any matching's total cost,
    so a maximum-weight matching is also of maximum cardinality (module doc)."""
    if len(pool) % 2:
        raise ValueError("the pool to match must be even")
    pool = tuple(pool)
    edges = _edges(ctx, pool, cons)
    chosen = {(i, j): data[1] for i, j, data in edges}
    pairs = max_weight_matching(len(pool), [(i, j, data[0]) for i, j, data in edges])
    if 2 * len(pairs) != len(pool):
        return None
    # boards in the order of the pool, so every report built from them is reproducible
    boards = [chosen[pair] for pair in pairs]
    totals = tuple(sum(c) for c in zip(*(b.cost() for b in boards), strict=True)) if boards else (0, 0, 0, 0)
    return Solution(boards=tuple(boards), totals=totals)  # type: ignore[arg-type]


def feasible(ctx: Context, pool: Sequence[int], cons: Constraints = Constraints()) -> bool:
    """Whether a perfect matching of ``pool`` exists under the absolute rules (unit weights)."""
    if len(pool) % 2:
        return False
    pool = tuple(pool)
    pairs = max_weight_matching(len(pool), [(i, j, 1) for i, j, _ in _edges(ctx, pool, cons)])
    return 2 * len(pairs) == len(pool)

"""The bracket-by-bracket procedure of the Dutch system (FIDE C.04.3 B-D).

Players are ordered by pairing score, then pairing number (A.2). Brackets are paired
from the top down. For each bracket one maximum-weight matching over *all* players still
to pair (weights: ``weights.base_weight``) fixes what the criteria C.1-C.21 allow; the
remaining freedom is then resolved in the order the rules prescribe, one decision at a
time, each checked by a new matching so that no decision can spoil a higher criterion:

1. which moved-down players (MDPs) are paired here: the highest first (B.2, D.2);
2. their opponents: for each MDP in order, the highest-ranked resident possible (D.2);
3. the remainder is split into S1/S2: the fewest exchanges, then the smallest
   differences of the exchanged pairing numbers, preferring to move the lowest S1 and
   the highest S2 players (D.1 exchange order);
4. each S1 player in order takes the highest S2 player still possible (D.1 transposition
   order).

The low-weight bits (``Matcher`` ``low``) carry these orderings; ``weights`` documents
the high ones. Decisions are recorded for ``explain``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fairdraw.core.errors import UnsolvableError
from fairdraw.systems.dutch.matcher import IncrementalMatcher, Matcher, RustworkxMatcher
from fairdraw.systems.dutch.state import Context, Player
from fairdraw.systems.dutch.weights import (
    ByeInfo,
    Layout,
    OutsideWeights,
    base_weight,
    bits,
    compatible,
    float_of,
)


@dataclass(slots=True)
class BracketNote:
    """What happened in one bracket (for --explain)."""

    score: int
    residents: list[int]
    movers: list[int]
    pairs: list[tuple[int, int, str]] = field(default_factory=list)  # (higher, lower, why)
    floaters: list[int] = field(default_factory=list)
    exchanges: int = 0


@dataclass(slots=True)
class Outcome:
    """The pairs (higher, lower) found, the bye, and the notes per bracket."""

    pairs: list[tuple[Player, Player]]
    bye: Player | None
    brackets: list[BracketNote]
    bye_reason: str = ""
    solves: int = 0
    max_bits: int = 0


def _load_initial(m: IncrementalMatcher | RustworkxMatcher, ctx: Context, players: list[Player], score: list[int]) -> None:
    """First matching of an odd field (C.2): complete, with an eligible player left over,
    whose score is as low as possible. Per edge (i < j, j the lower-ranked end): a pair at
    all, plus one per end that may not get the bye; then the score ranks of both ends;
    then whether the lower end is a topscorer."""
    n = len(players)
    top = score[0]
    ranks = {s: i for i, s in enumerate(sorted(set(score)))}
    rank = [ranks[s] for s in score]
    barred = [int(not p.bye_eligible) for p in players]
    low_shift = bits(n)
    for j in range(n):
        pj = players[j]
        flag = int(score[j] >= top)
        for i in range(j):
            if not compatible(ctx, pj, players[i]):
                continue
            w = (((1 + barred[i] + barred[j]) << 16) | (rank[i] + rank[j])) << low_shift
            m.set(i, j, w | flag)


def _load_outside(m: IncrementalMatcher | RustworkxMatcher, ctx: Context, lay: Layout, players: list[Player], bye: ByeInfo) -> None:
    """Every pair's weight before the first bracket (``base_weight`` with neither end in
    the bracket or the next group)."""
    outside = OutsideWeights.build(ctx, lay, players, bye)
    for j in range(len(players)):
        pj = players[j]
        for i in range(j):
            w = outside.weight(ctx, i, j, players[i], pj)
            if w:
                m.set(i, j, w)


def pair_round(ctx: Context) -> Outcome:
    """Pair the players of ``ctx`` (raises UnsolvableError when no legal pairing exists)."""
    players = sorted(ctx.players, key=lambda p: (-ctx.acc(p), p.rank))
    n = len(players)
    if n == 0:
        return Outcome([], None, [])
    if n == 1:
        only = players[0]
        if not only.bye_eligible:
            raise UnsolvableError(f"player {only.id} is alone and may not receive the bye (C.2)")
        return Outcome([], only, [], "the only player present")
    score = [ctx.acc(p) for p in players]
    lay = Layout.build(ctx, players)
    floats = {p.id: (float_of(ctx, p, 1) if ctx.played_rounds >= 1 else None,
                     float_of(ctx, p, 2) if ctx.played_rounds >= 2 else None) for p in players}
    bye = ByeInfo()
    top = score[0]

    # -- completion and the bye (C.1, C.2, C.4) ------------------------------------
    if n % 2:
        m0 = Matcher(n, [(0, 64, "top", 0)], low_bits=1)
        _load_initial(m0, ctx, players, score)
        mate = m0.solve()
    else:
        m0 = Matcher(n, lay.fields, low_bits=lay.low_bits())
        _load_outside(m0, ctx, lay, players, bye)
        mate = m0.solve()
    unmatched = [v for v in range(n) if mate[v] == v]
    if len(unmatched) > 1 or (unmatched and not players[unmatched[0]].bye_eligible):
        raise UnsolvableError("no pairing satisfies the absolute criteria C.1-C.3 for every player")

    if n % 2:
        bye.score = score[unmatched[0]]
        if bye.score >= top:
            bye.single_downfloater = True
            for v in range(n):
                if score[v] < top:
                    break
                if score[mate[v]] < top:
                    bye.single_downfloater = False
                    break
        counts = sorted((p.played_games for v, p in enumerate(players) if score[v] == bye.score), reverse=True)
        for r, g in enumerate(counts):
            bye.unplayed_rank[g] = r
    if n % 2:
        m = Matcher(n, lay.fields, low_bits=lay.low_bits())
        _load_outside(m, ctx, lay, players, bye)
    else:
        m = m0

    notes: list[BracketNote] = []
    pairs: list[tuple[int, int]] = []
    matched = [False] * n
    nb = lay.size_bits

    # P: vertices of the bracket (movers first, then residents) then of the next group.
    P: list[int] = []
    nxt = 0
    while nxt < n and score[nxt] >= top:
        P.append(nxt)
        nxt += 1
    movers = 0  # scoreGroupBegin: MDPs at the head of P
    group_start_v = 0  # vertex of the first resident

    while len(P) > 1 or nxt < n:
        size = len(P)  # movers + residents
        next_v = group_start_v + (size - movers)  # first vertex of the next score group
        group_it = nxt
        while nxt < n and score[nxt] >= score[group_it]:
            P.append(nxt)
            nxt += 1
        note = BracketNote(score=score[P[movers]] if movers < size else score[P[0]],
                           residents=[players[v].id for v in P[movers:size]],
                           movers=[players[v].id for v in P[:movers]])
        # base[l][s] for s < l: hi of the edge P[s]-P[l]
        base: dict[tuple[int, int], int] = {}
        for li in range(movers, len(P)):
            lv = P[li]
            for si in range(li):
                w = base_weight(ctx, lay, players[P[si]], players[lv], li < size, li >= size, bye, floats)
                base[(li, si)] = w
                m.set(P[si], lv, w)

        m.inner = len(P)
        m.score_counts = {}
        for v in P:
            m.score_counts[score[v]] = m.score_counts.get(score[v], 0) + 1

        def resident(v: int) -> bool:
            return group_start_v <= v < next_v

        mate = m.solve()

        # 1. which MDPs are paired in this bracket (highest first)
        md_score = None
        remaining = remaining_matched = 0
        for i in range(movers):
            if i == 0 or score[P[i]] < md_score:  # type: ignore[operator]
                md_score = score[P[i]]
                remaining = remaining_matched = 0
                j = i
                while j < len(P) and score[P[j]] >= md_score:
                    remaining += 1
                    if resident(mate[P[j]]):
                        remaining_matched += 1
                    j += 1
            if not remaining_matched:
                continue
            v = P[i]
            if remaining <= remaining_matched:
                matched[v] = True
                continue
            remaining -= 1
            if not resident(mate[v]):
                for r in range(movers, size):
                    w = base[(r, i)]
                    if w:
                        m.set(v, P[r], w, 1)
                mate = m.solve()
            if resident(mate[v]):
                matched[v] = True
                remaining_matched -= 1
                for r in range(movers, size):
                    w = base[(r, i)]
                    if w:
                        m.set(v, P[r], w, (size - movers) + 1)

        # 2. the opponents of the MDPs: the highest-ranked resident possible
        for i in range(movers):
            v = P[i]
            if not matched[v]:
                continue
            addend = len(P)
            for r in range(size - 1, movers - 1, -1):
                ov = P[r]
                if matched[ov]:
                    continue
                w = base[(r, i)]
                if w:
                    m.set(v, ov, w, addend)
                    addend += 1
            mate = m.solve()
            mv = mate[v]
            matched[mv] = True
            m.fix(v, mv)
            pairs.append((v, mv))
            note.pairs.append((players[v].id, players[mv].id, "moved-down player paired with the highest resident possible (D.2)"))

        # 3. the remainder: S1/S2 and the exchanges
        rem = [r for r in range(movers, size) if mate[P[r]] >= group_start_v]
        rem_pairs = sum(1 for r in rem if mate[P[r]] < P[r])
        pos = {r: k for k, r in enumerate(rem)}

        def ew(s: int, l_: int, s_pos: int) -> tuple[int, int]:
            w = base[(l_, s)]
            if not w:
                return 0, 0
            return w, (((s_pos < rem_pairs) << (2 * nb)) - s_pos) << 1

        for oi in rem:
            for si in rem:
                if oi <= si:
                    break
                hi, lo = ew(si, oi, pos[si])
                m.set(P[si], P[oi], hi, lo)
        mate = m.solve()

        def down_in_bracket(v: int) -> bool:
            return v < mate[v] < next_v

        exchanges = sum(1 for r in rem[:rem_pairs] if not down_in_bracket(P[r]))
        note.exchanges = exchanges
        # lowest S1 players first: can each one move to S2?
        left = exchanges
        for k in range(rem_pairs - 1, -1, -1):
            if not left:
                break
            v = P[rem[k]]
            if down_in_bracket(v):
                for q in range(k + 1, len(rem)):
                    hi, lo = ew(rem[k], rem[q], k)
                    if hi:
                        m.set(v, P[rem[q]], hi, lo - 1)
                mate = m.solve()
            exchange = not down_in_bracket(v)
            left -= exchange
            for q in range(k + 1, len(rem)):
                if exchange:
                    base[(rem[q], rem[k])] = 0
                hi, lo = ew(rem[k], rem[q], k)
                m.set(v, P[rem[q]], hi, lo)
        # highest S2 players first: can each one move to S1?
        left = exchanges
        for k in range(rem_pairs, len(rem)):
            if left <= 1:
                break
            v = P[rem[k]]
            already = down_in_bracket(v)
            if not already:
                for q in range(k + 1, len(rem)):
                    hi, lo = ew(rem[k], rem[q], k)
                    if hi:
                        m.set(v, P[rem[q]], hi, lo + 1)
                mate = m.solve()
            if down_in_bracket(v):
                left -= 1
                for q in range(k):
                    base[(rem[k], rem[q])] = 0
                    m.set(v, P[rem[q]], 0)
                for o in range(size, len(P)):
                    base[(o, rem[k])] = 0
                    m.set(v, P[o], 0)
            if not already:
                for q in range(k + 1, len(rem)):
                    hi, lo = ew(rem[k], rem[q], k)
                    m.set(v, P[rem[q]], hi, lo)
        # fix who is in S1 and who in S2
        for k, r in enumerate(rem):
            v = P[r]
            for q in range(k + 1, len(rem)):
                ov = P[rem[q]]
                if not down_in_bracket(v) or down_in_bracket(ov):
                    base[(rem[q], r)] = 0
                m.set(v, ov, base[(rem[q], r)])

        # 4. each S1 player takes the highest S2 player still possible
        for r in rem:
            v = P[r]
            if not down_in_bracket(v):
                continue
            addend = 0
            for q in reversed(rem):
                ov = P[q]
                if q <= r or matched[ov]:
                    continue
                w = base[(q, r)]
                if w:
                    m.set(v, ov, w, addend)
                addend += 1
            mate = m.solve()
            mv = mate[v]
            matched[v] = matched[mv] = True
            m.fix(v, mv)
            pairs.append((v, mv))
            note.pairs.append((players[v].id, players[mv].id, "S1 player paired with the highest S2 player possible (D.1)"))

        # next bracket: unpaired players of this bracket move down
        new_p: list[int] = []
        movers = 0
        bye.single_downfloater = bool(n % 2 and group_it < n and bye.score >= score[group_it])
        for idx, v in enumerate(P):
            if idx < size and matched[v]:
                continue
            new_p.append(v)
            if idx < size:
                movers += 1
                note.floaters.append(players[v].id)
            if bye.single_downfloater and score[mate[v]] < score[group_it]:
                bye.single_downfloater = False
        notes.append(note)
        P = new_p
        group_start_v = next_v

    bye_player = players[P[0]] if P else None
    return Outcome(
        pairs=[(players[a], players[b]) for a, b in pairs],
        bye=bye_player,
        brackets=notes,
        solves=m.solves + (m0.solves if m0 is not m else 0),
        max_bits=max(m.max_bits, m0.max_bits),
    )


__all__ = ["BracketNote", "Outcome", "pair_round", "bits"]

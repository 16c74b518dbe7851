"""Edge weights that encode the Dutch criteria in priority order (FIDE C.04.3 C.1-C.21).

A pairing is a maximum-weight matching whose edge weights are bit fields, the most
important criterion in the highest bits: every field is wide enough that no sum of
lower fields over a whole matching can carry into it, so maximising the total weight
maximises the fields lexicographically. The field order is the rule order:

====================  =====================================================================
field                 rule
====================  =====================================================================
top (2 bits)          C.1/C.2/C.4 a pair at all (completion); C.2 bye only for an eligible
                      player with the lowest possible score (bye candidates)
pairs_cur             C.6 maximise the number of pairs in the current bracket
scores_cur            C.7 maximise the scores paired in the current bracket (per score)
pairs_next            C.8 ... so that the next bracket can be completed: its pairs
scores_next           C.8 ... and its scores
unplayed              C.9 the bye assignee has played as many games as possible
colour x4             C.10 absolute imbalance, C.11 absolute (same colour 3 times),
                      C.12 colour preferences, C.13 strong preferences
floats x4             C.14-C.17 repeated down/up-floaters from the last two rounds
float scores x4       C.18-C.21 their scores
low region            exchange/transposition order inside the bracket (B.3, D.1-D.3),
                      set by the bracket procedure; kept as a separate signed number
====================  =====================================================================

A weight is stored as ``(hi, low)``: ``hi`` the fields above (a non-negative int in this
fixed layout), ``low`` a small signed int. The matcher compresses ``hi`` by dropping
fields that are zero on every edge, which keeps the numbers below 2^125 (rustworkx's
exact range) without changing the order of any two matchings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fairdraw.systems.dutch.colours import compatible_preferences
from fairdraw.systems.dutch.state import Context, Player, invert, points_of


def bits(value: int) -> int:
    """Bits needed to represent ``value`` (0 -> 0)."""
    return int(value).bit_length()


@dataclass(slots=True)
class Layout:
    """Field widths of one pairing: group-size bits and one sub-field per score group."""

    size_bits: int
    score_bits: int  # total width of a per-score field
    shifts: dict[int, int]  # score -> offset of its sub-field inside a per-score field
    widths: dict[int, int]  # score -> width of its sub-field
    played_rounds: int
    #: (offset, width, kind, score) of every field in ``hi``, highest first (compression)
    fields: list[tuple[int, int, str, int]] = field(default_factory=list)
    #: one-past-the-top offset (the top field starts there)
    top_offset: int = 0

    @classmethod
    def build(cls, ctx: Context, sorted_players: list[Player]) -> Layout:
        scores = [ctx.acc(p) for p in sorted_players]
        groups: dict[int, int] = {}
        for s in scores:
            groups[s] = groups.get(s, 0) + 1
        shifts: dict[int, int] = {}
        widths: dict[int, int] = {}
        offset = 0
        for s in sorted(groups):  # lowest score first: higher scores get higher bits
            shifts[s] = offset
            widths[s] = bits(groups[s])
            offset += widths[s]
        size_bits = bits(max(groups.values()))
        layout = cls(size_bits, offset, shifts, widths, ctx.played_rounds)
        layout._build_fields()
        return layout

    def _build_fields(self) -> None:
        """(offset, width, kind, score) of each field of ``hi``, highest first; mirrors
        ``base_weight``. kind: "top", "n" (a count), "u" (C.9 ranks), "s" (per score)."""
        nb = self.size_bits
        spec: list[tuple[str, int]] = [("n", nb), ("s", 0), ("n", nb), ("s", 0), ("u", 2 * nb)]
        spec += [("n", nb)] * 4
        spec += [("n", nb)] * (2 * min(self.played_rounds, 2))
        spec += [("s", 0)] * (2 * min(self.played_rounds, 2))
        total = sum(self.score_bits if kind == "s" else width for kind, width in spec)
        fields: list[tuple[int, int, str, int]] = [(total, 2, "top", 0)]
        offset = total
        for kind, width in spec:
            w = self.score_bits if kind == "s" else width
            offset -= w
            if kind == "s":
                for score in sorted(self.shifts, reverse=True):
                    fields.append((offset + self.shifts[score], self.widths[score], "s", score))
            else:
                fields.append((offset, w, kind, 0))
        self.top_offset = total
        self.fields = fields

    def low_bits(self) -> int:
        """Width of the low region the bracket procedure works in (B.3/D ordering)."""
        return 3 * self.size_bits + 1


@dataclass(slots=True)
class ByeInfo:
    """C.2/C.9 facts fixed after the first matching of an odd field."""

    score: int = 0  # score of the bye assignee (players at or below it are bye candidates)
    single_downfloater: bool = False  # C.9 applies in the current bracket
    unplayed_rank: dict[int, int] = field(default_factory=dict)  # played games -> rank


def compatible(ctx: Context, a: Player, b: Player) -> bool:
    """C.1 no rematch (nor forbidden pair); C.3 two players with the same absolute colour
    preference do not meet, except topscorers (> 50 % score) in the last round."""
    if b.id in ctx.forbidden.get(a.id, ()):
        return False
    if not (a.absolute and b.absolute and a.preference == b.preference):
        return True
    if ctx.played_rounds >= ctx.expected_rounds - 1:
        threshold = (ctx.played_rounds * max(ctx.points.win, ctx.points.draw)) >> 1
        return ctx.acc(a) > threshold or ctx.acc(b) > threshold
    return False


def bye_candidate(ctx: Context, p: Player, bye: ByeInfo) -> bool:
    return p.bye_eligible and ctx.acc(p) <= bye.score


def float_of(ctx: Context, p: Player, back: int) -> str | None:
    """'D' (floated down), 'U' (floated up) or None, ``back`` rounds ago (A.4): a bye or
    a point without playing (forfeit win, H/F bye) counts as a downfloat."""
    m = p.matches[ctx.played_rounds - back]
    if not m.played:
        return "D" if points_of(m, p.id, ctx.points) > ctx.points.loss else None
    assert m.opponent is not None
    mine = ctx.acc(p, back)
    theirs = ctx.score_of(m.opponent, back)
    return "D" if mine > theirs else "U" if mine < theirs else None


def colour_fields(a: Player, b: Player) -> tuple[int, int, int, int]:
    """C.10-C.13 as four 0/1 fields (1 = the rule is satisfied by pairing a with b)."""
    same = a.preference == b.preference
    c10 = int(not a.absolute_imbalance or not b.absolute_imbalance or not same)
    if not a.absolute or not b.absolute or not same:
        c11 = 1
    elif a.imbalance == b.imbalance:
        c11 = int(a.repeated is None or a.repeated != b.repeated)
    else:
        c11 = int((b if a.imbalance > b.imbalance else a).repeated != invert(a.preference))
    c12 = int(compatible_preferences(a.preference, b.preference))
    c13 = int((not a.strong and not a.absolute) or (not b.strong and not b.absolute)
              or (a.absolute and b.absolute) or not same)
    return c10, c11, c12, c13


def base_weight(
    ctx: Context,
    lay: Layout,
    higher: Player,
    lower: Player,
    in_current: bool,
    in_next: bool,
    bye: ByeInfo,
    floats: dict[int, tuple[str | None, str | None]],
) -> int:
    """``hi`` of the edge higher-lower (0 when they may not meet). ``higher`` precedes
    ``lower`` in the bracket order; ``in_current``/``in_next`` say where ``lower`` is."""
    if not compatible(ctx, higher, lower):
        return 0
    sh, sl = ctx.acc(higher), ctx.acc(lower)
    w = 1 + (not bye_candidate(ctx, higher, bye)) + (not bye_candidate(ctx, lower, bye))
    nb, sb = lay.size_bits, lay.score_bits
    w = (w << nb) | in_current
    w = (w << sb) | ((1 << lay.shifts[sh]) if in_current else 0)
    w = (w << nb) | in_next
    w = (w << sb) | ((1 << lay.shifts[sh]) if in_next else 0)
    w <<= 2 * nb
    if bye.single_downfloater:
        if sh == bye.score:
            w |= bye.unplayed_rank[higher.played_games]
        if sl == bye.score:
            w += bye.unplayed_rank[lower.played_games]
    for bit in colour_fields(lower, higher):
        w = (w << nb) | (bit if in_current else 0)
    pr = ctx.played_rounds
    fh, fl = floats[higher.id], floats[lower.id]
    for back in (1, 2)[: min(pr, 2)]:
        dh, dl = fh[back - 1], fl[back - 1]
        # C.14/C.16: a previous downfloater paired in its bracket does not float again.
        w <<= nb
        if in_current:
            w |= dl == "D"
            w += sh <= sl and dh == "D"
        # C.15/C.17: the lower player does not float up again.
        w <<= nb
        if in_current:
            w |= not (sh > sl and dl == "U")
    for back in (1, 2)[: min(pr, 2)]:
        dh, dl = fh[back - 1], fl[back - 1]
        # C.18/C.20: scores of repeated downfloaters; C.19/C.21: of repeated upfloaters' opponents
        w <<= sb
        if in_current:
            w += (dl == "D") << lay.shifts[sl]
            w += (dh == "D") << lay.shifts[sh]
        w <<= sb
        if in_current and not (dl == "U" and sh > sl):
            w |= 1 << lay.shifts[sh]
    return w


@dataclass(slots=True)
class OutsideWeights:
    """``base_weight`` of the edges with neither end in the bracket nor in the next score
    group, from two numbers per player.

    Why: before the first bracket every pair of players gets a weight (about n²/2 of
    them: 500,000 at 1,000 players), and for those edges only the top field (C.1-C.4
    completion, C.2 bye candidates) and the C.9 unplayed-game ranks can be non-zero; the
    general bit-by-bit construction was the largest cost of a large round. The value is
    identical (tests compare the two).
    """

    top_shift: int
    tail_shift: int
    not_candidate: list[int]
    unplayed: list[int]

    @classmethod
    def build(cls, ctx: Context, lay: Layout, players: list[Player], bye: ByeInfo) -> OutsideWeights:
        nb, sb = lay.size_bits, lay.score_bits
        k = min(lay.played_rounds, 2)
        not_candidate = [int(not bye_candidate(ctx, p, bye)) for p in players]
        unplayed = [
            bye.unplayed_rank[p.played_games] if bye.single_downfloater and ctx.acc(p) == bye.score else 0
            for p in players
        ]
        return cls(4 * nb + 2 * sb, 4 * nb + 2 * nb * k + 2 * sb * k, not_candidate, unplayed)

    def weight(self, ctx: Context, i: int, j: int, a: Player, b: Player) -> int:
        """hi of the edge between players ``a`` (index i) and ``b`` (index j)."""
        if not compatible(ctx, a, b):
            return 0
        top = 1 + self.not_candidate[i] + self.not_candidate[j]
        return ((top << self.top_shift) + self.unplayed[i] + self.unplayed[j]) << self.tail_shift

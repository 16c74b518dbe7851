"""Colour allocation of a pair (FIDE C.04.3 E, "colour allocation rules").

The rules, in order, for the two players of a pair (``allocate`` returns the colour of
the first one and the rule that decided, for ``--explain``):

E.1 grant both colour preferences when they are compatible;
E.2 grant the stronger preference (absolute beats strong beats mild; between two
    absolute preferences the larger colour difference wins);
E.3 alternate both players' colours from the most recent round in which they had
    different colours;
E.4 grant the preference of the higher-ranked player;
E.5 with no preference at all: the higher-ranked player gets the initial colour when
    its pairing number is odd (rank index even), the other colour otherwise.
"""

from __future__ import annotations

from fairdraw.systems.dutch.state import Context, Player, invert


def compatible_preferences(a: str | None, b: str | None) -> bool:
    """Two preferences can both be granted (different, or at least one has none)."""
    return a != b or a is None or b is None


def _first_difference(p: Player, q: Player) -> tuple[str | None, str | None]:
    """Colours of both players in the latest round (counting each one's played games
    backwards together) in which their colours differed."""
    pc = [m.colour for m in p.matches if m.played]
    qc = [m.colour for m in q.matches if m.played]
    i, j = len(pc) - 1, len(qc) - 1
    while i >= 0 and j >= 0 and pc[i] == qc[j]:
        i -= 1
        j -= 1
    return (pc[i] if i >= 0 else None, qc[j] if j >= 0 else None)


def _neutral(p: Player, q: Player) -> tuple[str | None, str]:
    """The colour for ``p`` decided by E.1-E.3, or None when those rules do not decide."""
    if compatible_preferences(p.preference, q.preference):
        if p.preference is not None:
            return p.preference, "E.1 both preferences granted"
        if q.preference is not None:
            return invert(q.preference), "E.1 both preferences granted"
        return None, ""
    if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
        return p.preference, f"E.2 absolute preference of {p.number} prevails"
    if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
        return invert(q.preference), f"E.2 absolute preference of {q.number} prevails"
    if p.strong and not q.strong:
        return p.preference, f"E.2 strong preference of {p.number} prevails"
    if q.strong and not p.strong:
        return invert(q.preference), f"E.2 strong preference of {q.number} prevails"
    pc, qc = _first_difference(p, q)
    if pc is not None and qc is not None:
        return qc, "E.3 colours alternated from the last round they differed"
    return None, ""


def ranked_higher(ctx: Context, p: Player, q: Player) -> bool:
    """``p`` ranks above ``q``: higher pairing score, then lower pairing number (A.2)."""
    return (ctx.acc(p), -p.rank) > (ctx.acc(q), -q.rank)


def allocate(ctx: Context, p: Player, q: Player) -> tuple[str, str]:
    """(colour of ``p``, reason) for the pair p-q."""
    colour, reason = _neutral(p, q)
    if colour is not None:
        return colour, reason
    higher, lower = (p, q) if ranked_higher(ctx, p, q) else (q, p)
    if p.preference is None:
        # E.5: the initial colour goes to odd pairing numbers (rank index even).
        hc = ctx.initial_colour if higher.rank % 2 == 0 else invert(ctx.initial_colour)
        assert hc is not None
        return (hc if higher is p else invert(hc)) or hc, (
            f"E.5 no preferences: {higher.number} gets the {'initial' if hc == ctx.initial_colour else 'other'} colour "
            f"by pairing-number parity"
        )
    hc = higher.preference
    assert hc is not None
    return (hc if higher is p else invert(hc)) or hc, f"E.4 preference of the higher-ranked {higher.number} granted"

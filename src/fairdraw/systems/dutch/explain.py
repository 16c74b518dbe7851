"""Why each pair was made, in words an arbiter can defend (``fairdraw pair --explain``).

The text follows the order of the procedure: for each score bracket its residents and
moved-down players, the pairs it made and the rule that fixed each partner, who floated
down and why; then the bye (C.2, C.9) and the colour rule (E.1-E.5) of every board.
"""

from __future__ import annotations

from fairdraw.core.model import Round
from fairdraw.systems.dutch.brackets import Outcome
from fairdraw.systems.dutch.state import Context


def _pts(tenths: int) -> str:
    return f"{tenths // 10}" + (f".{tenths % 10}" if tenths % 10 else "")


def _who(ctx: Context, pid: int, no: dict[int, int]) -> str:
    for p in ctx.players:
        if p.id == pid:
            pref = p.preference or "-"
            strength = "absolute" if p.absolute else "strong" if p.strong else "mild" if p.preference else "none"
            return f"{no.get(pid, pid)} ({_pts(ctx.acc(p))}, colour pref {pref} {strength})"
    return str(no.get(pid, pid))


def explain(ctx: Context, outcome: Outcome, rnd: Round, colour_reasons: list[str],
            numbers: dict[int, int] | None = None) -> list[str]:
    """Lines of explanation for the round just paired. Players are named by pairing number
    (``numbers``: id -> number), as the pairing list shows them and arbiters speak of them;
    in a TRF16 file the two are the same."""
    no = numbers or {}

    def names(ids: list[int] | tuple[int, ...]) -> str:
        return ", ".join(str(no.get(pid, pid)) for pid in ids)

    lines = [
        f"Round {rnd.round}: {len(ctx.players)} players to pair, ordered by score then pairing number (FIDE C.04.3 A.2); "
        "players are named by pairing number.",
        "Criteria applied in priority order: C.1 no rematch, C.3 no clash of absolute colour preferences, "
        "C.4 the whole round must be pairable, then per bracket C.6 most pairs, C.7 highest scores paired, "
        "C.8 next bracket pairable, C.9-C.13 bye and colours, C.14-C.21 floats.",
    ]
    for note in outcome.brackets:
        head = f"Bracket {_pts(note.score)}: residents {names(note.residents) or '-'}"
        if note.movers:
            head += f"; moved down into it: {names(note.movers)}"
        lines.append(head)
        for a, b, why in note.pairs:
            lines.append(f"  {_who(ctx, a, no)} - {_who(ctx, b, no)}: {why}")
        if note.exchanges:
            lines.append(f"  {note.exchanges} exchange(s) between S1 and S2 were needed to satisfy the criteria (D.1)")
        if note.floaters:
            lines.append(
                "  floating down: " + names(note.floaters)
                + " (no pairing inside the bracket satisfies C.1-C.8 for them; the fewest and lowest floaters are chosen)"
            )
    if outcome.bye is not None:
        lines.append(
            f"Pairing-allocated bye: {no.get(outcome.bye.id, outcome.bye.id)}, the lowest-ranked player who may receive it "
            "(C.2: no earlier bye or win without playing; C.9: fewest unplayed games among the candidates) "
            "while the rest of the field remains pairable."
        )
    for table, reason in zip(rnd.tables, colour_reasons, strict=True):
        white, black = table.seats
        lines.append(f"Board {table.table}: {no.get(white, white)} (white) - {no.get(black, black)} (black): {reason}")
    return lines

"""Why each board was made, and which lower-tier rule gave way for whom and why.

Seed 002's tiers only mean something if a secretary can see them at work: a strong rule
may give way only to keep an absolute rule, a preference only to keep a strong rule. So
for every breach in the chosen round we ask the solver the counterfactual question
"could the round have been paired without THIS breach?":
- no pairing at all keeps it: an absolute rule forced it; we then lift the absolute rules
  one at a time (no rematch, three in a row, balance) and name those whose lifting would
  have let the breach be avoided;
- a pairing keeps it but breaks more of a higher tier: that higher tier forced it, and we
  name the breaches keeping it would have cost;
- a pairing keeps it at the same cost in the higher tiers: someone had to give way, and the
  lower tiers (same score, the order) chose who; we name the alternative.
"""

from __future__ import annotations

from collections.abc import Sequence

from fairdraw.systems.club_swiss.ordering import PlayerState, points
from fairdraw.systems.club_swiss.rules import ABSOLUTE_RULES, ALL_RULES, PAIRING_ABSOLUTES, Breach, tier_of
from fairdraw.systems.club_swiss.weights import Constraints, Context, EdgeChoice, Solution, feasible, solve

TIER_NAMES = ("strong rules", "preferences", "score differences", "the order")


def name(ctx: Context, pid: int) -> str:
    st = ctx.states[pid]
    return f"{st.participant.name} (#{st.rank + 1})"


def describe_board(ctx: Context, number: int, board: EdgeChoice) -> str:
    """One line per board: who, their score group, why this pair, the colours."""
    w: PlayerState = ctx.states[board.orient.white]
    b: PlayerState = ctx.states[board.orient.black]
    head = (
        f"Board {number}: {w.participant.name} (#{w.rank + 1}, {points(w.score)} pts, wp {points(w.wp)}) - "
        f"{b.participant.name} (#{b.rank + 1}, {points(b.score)} pts, wp {points(b.wp)})"
    )
    if w.score == b.score:
        why = f"same score group {points(w.score)} (preference 1 kept), nearest compatible in the order"
    else:
        high, low = (w, b) if w.score > b.score else (b, w)
        why = (
            f"{high.participant.name} floats down from {points(high.score)} to {points(low.score)} "
            "(preference 1 gives way: see relaxed)"
        )
    breaks = [br for br in board.strong + board.prefs]
    tier = "tier: all strong rules and preferences kept"
    if breaks:
        present = {tier_of(br.rule) for br in breaks}
        tiers = [f"{t} rules" if t == "strong" else "preferences" for t in ("strong", "preference") if t in present]
        tier = "tier: gives way on " + " and ".join(tiers) + " (see relaxed)"
    return f"{head}: {why}; White {w.participant.name}: {board.colour_reason}; {tier}"


def _diff(alternative: Solution, chosen: Solution) -> list[Breach]:
    have = {br.key() for br in chosen.strong() + chosen.prefs()}
    return [br for br in alternative.strong() + alternative.prefs() if br.key() not in have]


def _fmt(ctx: Context, breaches: Sequence[Breach]) -> str:
    if not breaches:
        return "nothing else"
    return "; ".join(f"{ALL_RULES[br.rule]} for {name(ctx, br.player)}" for br in breaches)


def relaxations(ctx: Context, pool: Sequence[int], chosen: Solution, *, analyse: bool) -> list[str]:
    """One line per lower-tier breach of the chosen round, with what forced it."""
    breaches = chosen.strong() + chosen.prefs()
    strong_s1 = {br.player for br in breaches if br.rule == "S1"}
    lines: list[str] = []
    seen: set[tuple[str, int]] = set()
    for br in breaches:
        if br.key() in seen:
            continue
        seen.add(br.key())
        if br.rule == "P2" and br.player in strong_s1:
            continue  # the same event as the strong rule 1 breach, reported there
        rule_text = ALL_RULES[br.rule]
        if br.rule == "S1":
            rule_text += " (and with it preference 2)"
        head = f"{rule_text} gives way for {name(ctx, br.player)}"
        if not analyse:
            lines.append(f"{head}: the cheapest pairing under the absolute rules (analysis skipped for this size)")
            continue
        lines.append(f"{head}: {_why(ctx, pool, chosen, br)}")
    return lines


def _why(ctx: Context, pool: Sequence[int], chosen: Solution, br: Breach) -> str:
    forbid = frozenset({br.key()})
    alternative = solve(ctx, pool, Constraints(forbidden=forbid))
    if alternative is None:
        culprits = [
            rule
            for rule in PAIRING_ABSOLUTES
            if feasible(ctx, pool, Constraints(forbidden=forbid, lifted=frozenset({rule})))
        ]
        if len(culprits) == 1:
            return f"forced by {ABSOLUTE_RULES[culprits[0]]}: no pairing of this round keeps it otherwise"
        if culprits:
            named = " and by ".join(ABSOLUTE_RULES[r] for r in culprits)
            return f"forced by {named}: no pairing of this round keeps it otherwise (relaxing either would)"
        if feasible(ctx, pool, Constraints(forbidden=forbid, lifted=frozenset(PAIRING_ABSOLUTES))):
            named = ", ".join(ABSOLUTE_RULES[r] for r in PAIRING_ABSOLUTES)
            return f"forced by the absolute rules together ({named})"
        if br.rule in ("P1", "S3"):
            return "forced by the field: no opponent with an equal score is left for this player (odd score group)"
        return "forced by the field: no pairing at all keeps it"
    mine = 0 if tier_of(br.rule) == "strong" else 1
    for tier in range(mine):
        if alternative.totals[tier] > chosen.totals[tier]:
            return f"kept to respect the {TIER_NAMES[tier]}: avoiding it would break {_fmt(ctx, _diff(alternative, chosen))}"
    if alternative.totals[mine] > chosen.totals[mine]:
        return f"avoiding it would break more {TIER_NAMES[mine]}: {_fmt(ctx, _diff(alternative, chosen))}"
    return (
        f"one of equal rank had to give way under the absolute rules; avoiding it would break "
        f"{_fmt(ctx, _diff(alternative, chosen))} instead, and the lower tiers ("
        + ", ".join(TIER_NAMES[mine + 1 :])
        + ") chose this one"
    )

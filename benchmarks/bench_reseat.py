"""Re-seats during an event (issue 4 item 5): players leave or join, the rest of the event is re-seated.

Random cases (seeded): a field of 16-48 players seated for its best known rounds, then from a
random round on one, two or four players leave, one or four join, or one leaves and one
joins. Ours is ``reseat`` as the CLI runs it (``--byes`` where the field needs it). Beside it
the fresh draw an organiser would make without it: ``seat`` for the new field over the rounds
left, which knows nothing of the rounds played. Counted here over the whole event (played
rounds included, leavers' meetings too): repeat meetings, the most meetings of a pair, the
tables of the old plan that no leaver or newcomer touched and that come back as they were, and
the wind breaches ``fairdraw check --balanced-seats --everyone`` lists.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from itertools import combinations

from fairdraw.core.checker import CheckRules, check_schedule
from fairdraw.core.model import Participant, Schedule
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.players import numbered_players
from fairdraw.formats.schedule_json import dump_schedule, schedule_from_dict
from fairdraw.systems.mahjong.changes import reseat
from fairdraw.systems.mahjong.reference import BEST_KNOWN_4

CASES = 40
CHANGES = ["drop 1", "drop 2", "drop 4", "add 1", "add 4", "drop 1 add 1"]


def _seat(players: list[Participant], rounds: int, seed: str) -> Schedule:
    options = {"byes": True} if len(players) % 4 else {}
    request = PairingRequest(players=tuple(players), total_rounds=rounds, seed=seed, options=options)
    return get_system("mahjong").pair(request)


def _meetings(rounds: list[list[tuple[int, ...]]]) -> tuple[int, int]:
    c: Counter[tuple[int, int]] = Counter()
    for rnd in rounds:
        for t in rnd:
            c.update(combinations(sorted(t), 2))
    return sum(v - 1 for v in c.values()), max(c.values(), default=0)


def _case(rng: random.Random) -> tuple[int, int, str, list[int], list[str]]:
    n = rng.choice(range(16, 49, 4))
    change = rng.choice(CHANGES)
    words = change.split()
    drop = rng.sample(range(1, n + 1), int(words[1])) if "drop" in words else []
    add = [f"New {i + 1}" for i in range(int(words[-1]))] if "add" in words else []
    return n, rng.randint(2, BEST_KNOWN_4[n]), change, drop, add


def run() -> str:
    rng = random.Random(2026)
    rows = []
    totals = Counter()
    slowest = 0.0
    for _ in range(CASES):
        n, from_round, change, drop, add = _case(rng)
        rounds = BEST_KNOWN_4[n]
        original = schedule_from_dict(json.loads(dump_schedule(_seat(numbered_players(n), rounds, "bench"))))
        start = time.process_time()
        ours = reseat(original, from_round, drop=drop, add=add, byes=True)
        seconds = time.process_time() - start
        slowest = max(slowest, seconds)
        our_rounds = [[t.seats for t in r.tables] for r in ours.rounds]
        repeats, top = _meetings(our_rounds)
        breaches = len(check_schedule(ours, CheckRules(balanced_seats=True, everyone=True)).breaches)
        changed = set(drop)
        untouched = kept = 0
        for old, new in zip(original.rounds[from_round - 1:], ours.rounds[from_round - 1:], strict=True):
            before = {frozenset(t.seats) for t in old.tables if not changed & set(t.seats)}
            untouched += len(before)
            kept += len(before & {frozenset(t.seats) for t in new.tables})
        field = [p for p in ours.players if p.id not in changed]
        fresh = _seat(field, rounds - from_round + 1, "bench")
        fresh_rounds = our_rounds[: from_round - 1] + [[t.seats for t in r.tables] for r in fresh.rounds]
        f_repeats, f_top = _meetings(fresh_rounds)
        totals.update(repeats=repeats, fresh=f_repeats, breaches=breaches, kept=kept, untouched=untouched)
        totals["better"] += (repeats, top) <= (f_repeats, f_top)
        rows.append(f"| {n} | {rounds} | {from_round} | {change} | {repeats} | {top} | {f_repeats} | {f_top} "
                    f"| {kept}/{untouched} | {breaches} | {seconds:.2f} |")
    share = 100 * totals["kept"] / max(1, totals["untouched"])
    return "\n".join([
        "## Reseat",
        "",
        f"{CASES} random re-seats (seed 2026): 16-48 players seated for their best known rounds, then from a "
        "random round on one, two or four leave, one or four join, or one leaves and one joins. *Ours*: "
        "`fairdraw reseat` (`--byes` where needed); *fresh*: `fairdraw seat` for the new field over the "
        "rounds left, blind to the rounds played. Repeats and the most meetings of a pair count the whole "
        "event; *kept* counts the old plan's tables that no leaver sat at and that come back as they were; "
        "breaches are the wind breaches `fairdraw check --balanced-seats --everyone` lists.",
        "",
        f"- cases where ours is no worse than the fresh draw (repeats, then maximum): **{totals['better']} of {CASES}**",
        f"- repeats in all: ours **{totals['repeats']}**, fresh draw **{totals['fresh']}**",
        f"- old tables kept: **{totals['kept']} of {totals['untouched']}** ({share:.0f}%)",
        f"- wind breaches in all: **{totals['breaches']}**",
        f"- slowest re-seat: **{slowest:.2f} s** CPU",
        "",
        "| players | rounds | from round | change | repeats | max | fresh repeats | fresh max | kept | wind breaches | CPU s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "Reproduce: `python -m benchmarks reseat`.",
    ])

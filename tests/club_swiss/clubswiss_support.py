"""Independent reference for the club Swiss tests: written from seed 002's rule text
(GUIDE.md translation), sharing no code with fairdraw.systems.club_swiss.

It replays a history, judges a proposed round against the absolute rules, and, for small
fields, finds by brute force the best count of strong-rule and preference breaches any
legal round could have (the yardstick for "gives way only when it must").
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import networkx as nx

from fairdraw.core.errors import UnsolvableError
from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.core.registry import PairingRequest, get_system

PLAYED = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
FORFEIT = {"+/-": (1.0, 0.0), "-/+": (0.0, 1.0), "-/-": (0.0, 0.0)}
BYE_VALUE = {"bye": 1.0, "full-point": 1.0, "half-point": 0.5, "zero-point": 0.0, "absent": 0.0}


@dataclass
class Ref:
    """A player's record as the reference sees it."""

    pid: int
    rating: int | None
    score: float = 0.0
    colours: list[tuple[int, str]] = field(default_factory=list)  # played games only
    met: set[int] = field(default_factory=set)
    byes: int = 0  # pairing-allocated byes
    downfloats: int = 0
    wins_over: list[int] = field(default_factory=list)
    draws_with: list[int] = field(default_factory=list)

    def balance(self) -> int:
        return sum(1 if c == "W" else -1 for _, c in self.colours)


def replay(players: tuple[Participant, ...], history: tuple[Round, ...]) -> dict[int, Ref]:
    refs = {p.id: Ref(p.id, p.rating) for p in players}
    for rnd in history:
        start = {pid: r.score for pid, r in refs.items()}
        for t in rnd.tables:
            w, b = t.seats
            if start[w] > start[b]:
                refs[w].downfloats += 1
            elif start[b] > start[w]:
                refs[b].downfloats += 1
            if t.result in PLAYED:
                sw, sb = PLAYED[t.result]
                refs[w].colours.append((rnd.round, "W"))
                refs[b].colours.append((rnd.round, "B"))
                refs[w].met.add(b)
                refs[b].met.add(w)
                if sw == 1:
                    refs[w].wins_over.append(b)
                elif sb == 1:
                    refs[b].wins_over.append(w)
                else:
                    refs[w].draws_with.append(b)
                    refs[b].draws_with.append(w)
            else:
                sw, sb = FORFEIT[t.result]  # type: ignore[index]
            refs[w].score += sw
            refs[b].score += sb
        for bye in rnd.byes:
            refs[bye.id].score += BYE_VALUE[bye.kind]
            refs[bye.id].byes += bye.kind == "bye"
    return refs


def weerstandspunten(refs: dict[int, Ref], pid: int) -> float:
    """Seed 002: a win adds twice the opponent's score, a draw once, a loss nothing."""
    r = refs[pid]
    return sum(2 * refs[o].score for o in r.wins_over) + sum(refs[o].score for o in r.draws_with)


def reference_order(refs: dict[int, Ref], seed: str) -> list[int]:
    def key(pid: int) -> tuple[float, float, int, int]:
        rating = refs[pid].rating if refs[pid].rating is not None else -1
        rnd = int(hashlib.sha256(f"{seed}:{pid}".encode()).hexdigest(), 16)
        return (-refs[pid].score, -weerstandspunten(refs, pid), -rating, rnd)

    return sorted(refs, key=key)


def colour_ok(r: Ref, colour: str) -> bool:
    """Absolute rules 4 and 5 for one player receiving ``colour``."""
    seq = [c for _, c in r.colours] + [colour]
    if len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3]:
        return False
    return abs(sum(1 if c == "W" else -1 for c in seq)) <= 2


def board_legal(refs: dict[int, Ref], w: int, b: int) -> bool:
    return b not in refs[w].met and colour_ok(refs[w], "W") and colour_ok(refs[b], "B")


def pair_legal(refs: dict[int, Ref], a: int, b: int) -> bool:
    return board_legal(refs, a, b) or board_legal(refs, b, a)


def board_breaches(refs: dict[int, Ref], w: int, b: int, rnd: int) -> list[tuple[str, int]]:
    """The strong rules (S1-S3) and preferences (P1, P2) seating w White against b Black breaks."""
    out: list[tuple[str, int]] = []
    for pid, colour in ((w, "W"), (b, "B")):
        r = refs[pid]
        if r.colours and r.colours[-1][1] == colour:
            out.append(("P2", pid))
            if r.colours[-1][0] == rnd - 1:
                out.append(("S1", pid))
        before = r.balance()
        after = before + (1 if colour == "W" else -1)
        if abs(before) == 1 and abs(after) == 2:
            out.append(("S2", pid))
    if refs[w].score != refs[b].score:
        out += [("P1", w), ("P1", b)]
        high = w if refs[w].score > refs[b].score else b
        if refs[high].downfloats:
            out.append(("S3", high))
    return out


def board_cost(refs: dict[int, Ref], w: int, b: int, rnd: int) -> tuple[int, int]:
    """(strong breaches, preference breaches) of seating w White against b Black."""
    found = board_breaches(refs, w, b, rnd)
    strong = sum(1 for rule, _ in found if rule.startswith("S"))
    return strong, len(found) - strong


def best_pair_cost(refs: dict[int, Ref], a: int, b: int, rnd: int) -> tuple[int, int] | None:
    options = [board_cost(refs, w, x, rnd) for w, x in ((a, b), (b, a)) if board_legal(refs, w, x)]
    return min(options) if options else None


def perfect_matching_exists(refs: dict[int, Ref], pool: list[int]) -> bool:
    if len(pool) % 2:
        return False
    graph = nx.Graph()
    graph.add_nodes_from(pool)
    for i, a in enumerate(pool):
        for b in pool[i + 1 :]:
            if pair_legal(refs, a, b):
                graph.add_edge(a, b)
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(pool)


def best_round_cost(refs: dict[int, Ref], pool: list[int], rnd: int) -> tuple[int, int] | None:
    """Brute force: the lexicographically least (strong, prefs) of any legal pairing of pool."""
    best: tuple[int, int] | None = None

    def walk(rest: list[int], acc: tuple[int, int]) -> None:
        nonlocal best
        if best is not None and acc[0] > best[0]:
            return
        if not rest:
            if best is None or acc < best:
                best = acc
            return
        a = rest[0]
        for b in rest[1:]:
            cost = best_pair_cost(refs, a, b, rnd)
            if cost is None:
                continue
            walk([x for x in rest[1:] if x != b], (acc[0] + cost[0], acc[1] + cost[1]))

    walk(list(pool), (0, 0))
    return best


def absolute_breaches(schedule: Schedule, total_rounds: int | None) -> list[str]:
    """Every absolute rule of seed 002 the LAST round of ``schedule`` breaks."""
    *before, last = schedule.rounds
    refs = replay(schedule.players, tuple(before))
    problems: list[str] = []
    if total_rounds is not None and len(schedule.rounds) > total_rounds:
        problems.append("rule 1: more rounds than configured")
    seen: list[int] = [pid for t in last.tables for pid in t.seats] + [b.id for b in last.byes]
    if sorted(seen) != sorted(p.id for p in schedule.players):
        problems.append(f"not everyone exactly once: {sorted(seen)}")
    for t in last.tables:
        w, b = t.seats
        if b in refs[w].met:
            problems.append(f"rule 2: rematch {w}-{b}")
        for pid, colour in ((w, "W"), (b, "B")):
            seq = [c for _, c in refs[pid].colours] + [colour]
            if len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3]:
                problems.append(f"rule 4: three {colour} in a row for {pid}")
            if abs(sum(1 if c == "W" else -1 for c in seq)) > 2:
                problems.append(f"rule 5: balance out of range for {pid}")
    for bye in last.byes:
        if bye.kind == "bye" and refs[bye.id].byes:
            problems.append(f"rule 3: second bye for {bye.id}")
    if len([b for b in last.byes if b.kind == "bye"]) > 1:
        problems.append("more than one pairing bye")
    return problems


def round_impossible(refs: dict[int, Ref], present: list[int]) -> bool:
    """True when no legal round exists (for any allowed bye)."""
    if len(present) % 2 == 0:
        return not perfect_matching_exists(refs, present)
    for bye in present:
        if refs[bye].byes:
            continue
        if perfect_matching_exists(refs, [p for p in present if p != bye]):
            return False
    return True


def make_players(n: int, rng: random.Random) -> tuple[Participant, ...]:
    return tuple(
        Participant(id=i, name=f"P{i}", rating=rng.choice([None, rng.randint(1000, 2400), 1500]))
        for i in range(1, n + 1)
    )


def with_results(rnd: Round, rng: random.Random, forfeit_rate: float = 0.05) -> Round:
    tables = []
    for t in rnd.tables:
        if rng.random() < forfeit_rate:
            result = rng.choice(list(FORFEIT))
        else:
            result = rng.choice(list(PLAYED))
        tables.append(Table(table=t.table, seats=t.seats, result=result))
    return Round(round=rnd.round, tables=tuple(tables), byes=rnd.byes)


def pair(players, history, total_rounds, seed, **options) -> Schedule:  # type: ignore[no-untyped-def]
    system = get_system("club-swiss")
    return system.pair(
        PairingRequest(players=players, history=history, total_rounds=total_rounds, seed=seed, options=options)
    )


def simulate(
    n: int, rounds: int, rng: random.Random, seed: str, *, absent_rate: float = 0.0, **options: object
) -> Iterator[tuple[tuple[Participant, ...], tuple[Round, ...], dict[int, str], Schedule | UnsolvableError]]:
    """Play a random tournament round by round; yields (players, history, absent, outcome)."""
    players = make_players(n, rng)
    history: tuple[Round, ...] = ()
    for _ in range(rounds):
        absent = {rng.randint(1, n): "absent"} if rng.random() < absent_rate else {}
        try:
            schedule = pair(players, history, rounds, seed, absent=absent, **options)
        except UnsolvableError as exc:
            yield players, history, absent, exc
            return
        yield players, history, absent, schedule
        history = history + (with_results(schedule.rounds[-1], rng),)


def board(w: int, b: int, result: str, number: int = 1) -> Table:
    return Table(table=number, seats=(w, b), result=result)


def rounds_from(spec: list[tuple[list[tuple[int, int, str]], list[int]]]) -> tuple[Round, ...]:
    """Build a history from [(boards as (white, black, result), pairing byes)]."""
    return tuple(
        Round(
            round=i,
            tables=tuple(board(w, b, res, k) for k, (w, b, res) in enumerate(boards, start=1)),
            byes=tuple(Bye(id=x, kind="bye") for x in byes),
        )
        for i, (boards, byes) in enumerate(spec, start=1)
    )

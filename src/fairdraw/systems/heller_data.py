"""Shipped Heller schemes: every group size from 6 to 20 players at 5 rounds (seed 002), and
13 to 20 players at 3, 4, 6 and 7 rounds.

WHY: seed 002's club plays its period competition with 8, 10 or 12 players per group over
5 rounds, and other clubs' groups come in every size. The best schemes are computed once
with a generous CP-SAT budget (a quick run at the command's budget left 17 players at
spread 3 where 0 exists, and finds poorer colours) and shipped as data, so the command
answers at once. Other round counts are searched at run time, which proves the best spread
within its budget up to 12 players; from 13 on it did not always (20 players over 3 rounds:
spread 3 where 1 exists, some odd fields over 6-7 rounds 15 s to stay at 1 over a bound of 0),
so those ship as well. Every shipped scheme is re-checked when loaded (rules and metrics, by
heller_metrics, independent of the solver); the tests re-verify them and a slow test
re-proves the spread bound with CP-SAT for the club sizes.

Regenerate with ``python -m fairdraw.systems.heller_data [N[:R] ...]`` (writes
src/fairdraw/data/heller/heller-N-R.json for the sizes given, R = 5 when not given; default
every entry of ``SHIPPED``: from 5 s to 6 min each on this machine).
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from fairdraw.systems.heller_metrics import scheme_breaches, scheme_metrics
from fairdraw.systems.heller_search import FoundScheme

SHIPPED = tuple((players, 5) for players in range(6, 21)) + tuple(
    (players, rounds) for rounds in (3, 4, 6, 7) for players in range(13, 21)
)
#: CP-SAT's deterministic work units for stage 1 (the meeting graph) when building the data
BUILD_GRAPH_WORK = 60.0
FORMAT = "fairdraw.heller-schemes/1"


def _name(players: int, rounds: int) -> str:
    return f"heller-{players}-{rounds}.json"


def load_shipped(players: int, rounds: int) -> tuple[list[FoundScheme], dict[str, Any]] | None:
    """The shipped schemes for (N, R) with their proof record, or None when none ship."""
    try:
        text = resources.files("fairdraw.data.heller").joinpath(_name(players, rounds)).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    data = json.loads(text)
    proof = data["proof"]
    found: list[FoundScheme] = []
    for entry in data["schemes"]:
        table = [[(w, b) for w, b in rnd] for rnd in entry["rounds"]]
        breaches = scheme_breaches(players, table)
        metrics = scheme_metrics(players, table)
        if breaches or metrics.spread != entry["spread"] or list(metrics.colour_cost) != entry["colour_cost"]:
            raise ValueError(f"shipped Heller scheme for {players} players is inconsistent: {breaches}")
        found.append(
            FoundScheme(
                rounds=tuple(tuple(r) for r in table),
                metrics=metrics,
                proven_optimal=metrics.spread == proof["lower_bound"],  # the bound is proven either way
                lower_bound=proof["lower_bound"],
                source=proof["method"],
            )
        )
    return found, proof


def build(players: int, rounds: int, count: int = 4) -> dict[str, Any]:
    """Search with a large budget and return the JSON document for (N, R)."""
    from fairdraw.systems.heller_search import search_schemes

    found = search_schemes(players, rounds, count, graph_work=BUILD_GRAPH_WORK, rounds_work=3.0, candidates=count + 2)
    best = found[0]
    return {
        "format": FORMAT,
        "players": players,
        "rounds": rounds,
        "bye_counts_as": players + 1 if players % 2 else None,
        "proof": {
            "method": "CP-SAT",
            "status": "OPTIMAL" if best.proven_optimal else "FEASIBLE",
            "lower_bound": best.lower_bound,
            "what": "no meeting graph with R games each has a smaller spread of opponent-number sums",
        },
        "schemes": [
            {
                "spread": f.metrics.spread,
                "colour_cost": list(f.metrics.colour_cost),
                "rounds": [[list(pair) for pair in rnd] for rnd in f.rounds],
            }
            for f in found
        ],
    }


def main(argv: list[str] | None = None) -> None:
    """Build the shipped files for the sizes given as N or N:R (default: every entry of SHIPPED)."""
    given = sys.argv[1:] if argv is None else argv
    sizes = [(int(a.partition(":")[0]), int(a.partition(":")[2] or 5)) for a in given] or list(SHIPPED)
    out = Path(__file__).resolve().parent.parent / "data" / "heller"
    out.mkdir(parents=True, exist_ok=True)
    for players, rounds in sizes:
        doc = build(players, rounds)
        (out / _name(players, rounds)).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(players, rounds, [s["spread"] for s in doc["schemes"]], [s["colour_cost"] for s in doc["schemes"]],
              flush=True)


if __name__ == "__main__":
    main()

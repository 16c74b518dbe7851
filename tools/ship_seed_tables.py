"""Write the seeds' valid tables-of-4 to src/fairdraw/data/mahjong/seed_tables.json.

Usage: PYTHONPATH=src python tools/ship_seed_tables.py tests/seating/data/seed001_tables4.txt

Each table is checked by fairdraw.designs.verify; an invalid one is written only when the
repair below is the unique one (tests/seating/test_seed_tables.py shows why).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fairdraw.designs.seedtables import parse_tables
from fairdraw.designs.verify import verify

OUT = Path(__file__).resolve().parent.parent / "src" / "fairdraw" / "data" / "mahjong" / "seed_tables.json"

#: Seed 000/001, 24 players, round 6 prints "AEPS" and "BEDV": E twice, G missing. The
#: duplicated E in AEPS is the one meeting A, P and S again; "AGPS" is the only single-letter
#: repair that gives a valid repeat-free table (the test proves it).
REPAIRS = {(24, 6): ("AEPS", "AGPS")}


def main(path: str) -> None:
    tables = parse_tables(Path(path).read_text(encoding="utf-8"))
    entries = []
    for n, rounds in sorted(tables.items()):
        note = "seed 000/001 table, checked"
        for (rn, rr), (old, new) in REPAIRS.items():
            if rn == n:
                idx = next(i for i, t in enumerate(rounds[rr - 1]) if t == tuple(ord(c) - 65 for c in old))
                rounds[rr - 1][idx] = tuple(ord(c) - 65 for c in new)
                note = f"seed 000/001 table, round {rr} '{old}' repaired to '{new}', checked"
        verdict = verify(rounds, 4, n)
        if not verdict.clean:
            print(f"{n}: invalid, dropped: {verdict.problems[:3]} repeats={verdict.repeats}")
            continue
        entries.append({"kind": "rounds", "n": n, "k": 4, "source": note, "rounds": [[list(t) for t in r] for r in rounds]})
        print(f"{n}: {len(rounds)} rounds, valid")
    doc = {"format": "fairdraw.designs/1", "designs": entries}
    OUT.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])

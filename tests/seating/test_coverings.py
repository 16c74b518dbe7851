"""Shipped minimum coverings: one round past the longest repeat-free seating at the bound (issue 4 (b))."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from fairdraw.designs import best_design, catalog
from fairdraw.designs.coverings import covering_problems, least_repeats

COVERINGS = catalog.all_covering_entries()


def test_there_is_a_shipped_covering() -> None:
    assert {e["n"] for e in COVERINGS} >= {36, 48, 60, 72}


@pytest.mark.parametrize("entry", COVERINGS, ids=[e["file"] for e in COVERINGS])
def test_shipped_covering_meets_every_pair_and_repeats_a_perfect_matching(entry: dict) -> None:
    """Recounted here without the package's checker: every player once a round at tables of
    k, every pair met, and the pairs met twice a perfect matching (N/2 of them, each player in
    one), which is the pigeonhole bound for N/3 rounds."""
    n, k, rounds = entry["n"], entry["k"], entry["rounds"]
    assert len(rounds) == n // 3
    met: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        assert sorted(p for t in rnd for p in t) == list(range(n))
        assert all(len(t) == k for t in rnd)
        for t in rnd:
            for pair in combinations(sorted(t), 2):
                met[pair] = met.get(pair, 0) + 1
    assert len(met) == n * (n - 1) // 2
    twice = [pair for pair, c in met.items() if c == 2]
    assert max(met.values()) == 2 and len(twice) == n // 2
    assert sorted(p for pair in twice for p in pair) == list(range(n))
    assert not covering_problems([[tuple(t) for t in r] for r in rounds], n, k)


def test_the_checker_refuses_a_damaged_covering() -> None:
    entry = next(e for e in COVERINGS if e["n"] == 36)
    rounds = [[list(t) for t in rnd] for rnd in entry["rounds"]]
    rounds[0][0][0], rounds[0][1][0] = rounds[0][1][0], rounds[0][0][0]  # two players swap tables
    problems = covering_problems([[tuple(t) for t in r] for r in rounds], 36, 4)
    assert problems and any("never meet" in p or "repeats" in p or "times" in p for p in problems)
    assert covering_problems([[tuple(t) for t in r] for r in rounds[:-1]], 36, 4)  # a round short
    assert least_repeats(36, 4, 12) == 18 and least_repeats(36, 4, 11) == 0


def test_a_damaged_shipped_covering_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = dict(next(e for e in COVERINGS if e["n"] == 36))
    entry["rounds"] = [list(r) for r in entry["rounds"]]
    entry["rounds"][3] = entry["rounds"][2]  # a round twice: pairs meet twice, others never
    monkeypatch.setattr(catalog, "_listed", lambda key: (entry,) if key == "coverings" else ())
    assert catalog.shipped_coverings(36, 4) == []


def test_36_players_over_12_rounds_reach_the_pigeonhole_bound() -> None:
    """The 11-round design leaves each player's two unmet opponents in triangles, so extending
    it repeats 27 pairs; the covering repeats 18, the bound, each pair at most twice."""
    design = best_design(36, 4, 12, seed=0)
    met: dict[tuple[int, int], int] = {}
    for rnd in design.rounds:
        for t in rnd:
            for pair in combinations(sorted(t), 2):
                met[pair] = met.get(pair, 0) + 1
    assert sum(c - 1 for c in met.values()) == 18
    assert max(met.values()) == 2
    assert "minimum covering" in design.source


def test_the_design_stays_where_the_covering_is_no_better() -> None:
    """Up to the best known the repeat-free design is kept (issue 4 (a)), and 13 rounds, where
    the design's extension already reaches the bound, keep the design in front."""
    assert best_design(36, 4, 11, seed=0).clean_rounds == 11
    thirteen = best_design(36, 4, 13, seed=0)
    assert thirteen.clean_rounds == 11 and "minimum covering" not in thirteen.source


def test_seat_36_over_12_reports_the_bound(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    result = cli("seat", "-n", "36", "-r", "12", "--json", "-o", str(out))
    assert result.code == 0, result.err
    meta = json.loads(out.read_text())["meta"]
    assert meta["metrics"]["repeats"] == 18 and meta["metrics"]["max_meetings"] == 2
    assert meta["metrics"]["distinct_opponents_min"] == 35
    check = cli("check", str(out), "--table-size", "4", "--everyone", "--balanced-seats")
    assert check.code == 0, check.out + check.err

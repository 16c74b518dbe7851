"""Standings over the 240 reference tournaments (issue 6 acceptance).

* the computed scores equal the points column of every 001 line;
* the standings list every player exactly once, in non-increasing score order;
* for tournaments without unplayed rounds, Buchholz and Sonneborn-Berger equal a direct
  computation written here from the raw TRF text (no fairdraw code involved).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from fairdraw.core.model import Schedule
from fairdraw.formats.trf import read_trf, trf_to_participants, trf_to_rounds
from fairdraw.scoring.standings import compute_standings

from shared_data import GOLDEN_DUTCH as GOLDEN
FILES = sorted(GOLDEN.glob("*.trf")) if GOLDEN.is_dir() else []

pytestmark = pytest.mark.skipif(not FILES, reason="golden TRF files not available")


def _raw_games(path: Path) -> tuple[dict[int, Fraction], dict[int, list[tuple[int | None, str]]]]:
    """Points column and (opponent, result letter) per round, read straight from the text."""
    points: dict[int, Fraction] = {}
    games: dict[int, list[tuple[int | None, str]]] = {}
    for line in path.read_text(encoding="latin-1").replace("\r", "\n").split("\n"):
        if not line.startswith("001"):
            continue
        number = int(line[4:8])
        points[number] = Fraction(line[80:84].strip())
        row = []
        for start in range(91, len(line), 10):
            cell = line[start : start + 8].ljust(8)
            opp = int(cell[:4]) if cell[:4].strip() not in ("", "0000") else None
            row.append((opp, cell[7]))
        games[number] = row
    return points, games


def _schedule(path: Path) -> Schedule:
    doc = read_trf(path)
    return Schedule(system="trf", players=trf_to_participants(doc), rounds=trf_to_rounds(doc))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scores_order_and_buchholz(path: Path) -> None:
    points, games = _raw_games(path)
    st = compute_standings(_schedule(path), "standard", ["BH", "SB"])
    ids = [row.id for row in st.rows]
    assert sorted(ids) == sorted(points), "every player exactly once"
    for row in st.rows:
        assert row.points == points[row.id]
    assert all(a.points >= b.points for a, b in zip(st.rows, st.rows[1:], strict=False))
    assert [r.rank for r in st.rows] == sorted(r.rank for r in st.rows)

    all_played = all(opp is not None and res in "10=" for row in games.values() for opp, res in row)
    if not all_played:
        return
    value = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
    for row in st.rows:
        bh = sum(points[opp] for opp, _ in games[row.id] if opp is not None)
        sb = sum(points[opp] * value[res] for opp, res in games[row.id] if opp is not None)
        assert row.tiebreaks["BH"] == bh
        assert row.tiebreaks["SB"] == sb


def test_some_golden_tournaments_have_no_unplayed_rounds() -> None:
    """The Buchholz comparison above must really run on some files."""
    clean = 0
    for path in FILES:
        _, games = _raw_games(path)
        if all(opp is not None and res in "10=" for row in games.values() for opp, res in row):
            clean += 1
    assert clean >= 10

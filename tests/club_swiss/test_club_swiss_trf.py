"""The club Swiss works from TRF16 (the swiss helper's reader): it pairs the next round of
real tournaments' histories without breaking an absolute rule of seed 002."""

from __future__ import annotations

from pathlib import Path

import pytest
from clubswiss_support import absolute_breaches, replay, round_impossible

from fairdraw.core.errors import UnsolvableError
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.trf import read_trf, trf_to_request

from shared_data import GOLDEN_DUTCH as GOLDEN
if not GOLDEN.is_dir():
    GOLDEN = Path(__file__).resolve().parents[3] / "shared" / "golden" / "dutch"
FILES = sorted(GOLDEN.glob("*.trf"))


def _check(path: Path, upto: int) -> None:
    doc = read_trf(path)
    request = trf_to_request(doc, upto_round=upto)
    request = PairingRequest(
        players=request.players,
        history=request.history,
        total_rounds=request.total_rounds,
        seed=path.name,
        options=request.options,
    )
    try:
        schedule = get_system("club-swiss").pair(request)
    except UnsolvableError:
        refs = replay(request.players, request.history)
        absent = set(request.options.get("requested_byes", {}))
        assert round_impossible(refs, [p for p in refs if p not in absent])
        return
    assert len(schedule.rounds) == upto + 1
    assert absolute_breaches(schedule, request.total_rounds) == []
    assert len(schedule.meta["explanation"]) >= len(schedule.rounds[-1].tables)


@pytest.mark.skipif(not FILES, reason="golden TRF files not available")
@pytest.mark.parametrize("index", [0, 40, 120])
def test_pairs_next_round_from_trf(index: int) -> None:
    path = FILES[index % len(FILES)]
    doc = read_trf(path)
    rounds = doc.total_rounds or doc.rounds_in_file
    for upto in range(min(rounds, doc.rounds_in_file)):
        _check(path, upto)


@pytest.mark.slow
@pytest.mark.skipif(not FILES, reason="golden TRF files not available")
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_pairs_every_round_of_every_golden_file(path: Path) -> None:
    doc = read_trf(path)
    rounds = doc.total_rounds or doc.rounds_in_file
    for upto in range(min(rounds, doc.rounds_in_file)):
        _check(path, upto)

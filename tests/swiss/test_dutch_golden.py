"""Re-pair every round of the reference tournaments (bbpPairings v6, FIDE_DUTCH_2025) from
the rounds before it: pairs, colours and the bye must equal the reference.

The sample (varied sizes, forfeits, withdrawals, half-point byes) runs in ``make test``;
every file runs in ``make test-all`` (slow). Measure the count with
``python -m pytest -m slow tests/swiss/test_dutch_golden.py -q`` or ``fairdraw check --dutch``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fairdraw.core.registry import PairingRequest
from fairdraw.formats.trf import TrfDocument, read_trf, trf_round, trf_to_request
from fairdraw.systems.dutch.state import history_matches, infer_initial_colour
from fairdraw.systems.dutch.system import next_round

from .golden import FILES

SAMPLE_NAMES = (
    "n0006_r03_s1315083126", "n0007_r03_s1255915487", "n0009", "n0011", "n0013", "n0016", "n0019",
    "n0021", "n0029", "n0031", "n0039", "n0041", "n0059_r06", "n0061", "n0099",
)


def _sample() -> list[Path]:
    chosen: list[Path] = []
    for prefix in SAMPLE_NAMES:
        match = next((f for f in FILES if f.name.startswith(prefix)), None)
        if match is not None:
            chosen.append(match)
    return chosen


def initial_colour(doc: TrfDocument, rounds: int) -> str:
    """The colour pairing number 1 (or the first player with a game) had in round 1."""
    full = trf_to_request(doc, upto_round=rounds, total_rounds=rounds)
    ids = [p.id for p in full.players]
    return "black" if infer_initial_colour(ids, history_matches(full.history, ids)) == "b" else "white"


def repair_file(path: Path) -> list[tuple[int, bool, str]]:
    """(round, equal?, detail) for every round of the file."""
    doc = read_trf(path)
    rounds = doc.rounds_in_file
    colour = initial_colour(doc, rounds)
    out = []
    for r in range(1, rounds + 1):
        req = trf_to_request(doc, upto_round=r - 1, total_rounds=rounds)
        opts = dict(req.options, initial_colour=colour)
        req = PairingRequest(players=req.players, history=req.history, total_rounds=rounds, options=opts)
        mine, *_ = next_round(req)
        ref = trf_round(doc, r)
        mine_pairs = sorted(t.seats for t in mine.tables)
        ref_pairs = sorted(t.seats for t in ref.tables)
        mine_bye = [b.id for b in mine.byes if b.kind == "bye"]
        ref_bye = [b.id for b in ref.byes if b.kind == "bye"]
        equal = mine_pairs == ref_pairs and mine_bye == ref_bye
        detail = "" if equal else f"mine {mine_pairs} bye {mine_bye}\nref  {ref_pairs} bye {ref_bye}"
        out.append((r, equal, detail))
    return out


@pytest.mark.skipif(not FILES, reason="golden files not available")
@pytest.mark.parametrize("path", _sample(), ids=lambda p: p.stem)
def test_sample_rounds_equal_reference(path: Path) -> None:
    for r, equal, detail in repair_file(path):
        assert equal, f"{path.name} round {r}\n{detail}"


@pytest.mark.slow
@pytest.mark.skipif(not FILES, reason="golden files not available")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_round_equals_reference(path: Path) -> None:
    for r, equal, detail in repair_file(path):
        assert equal, f"{path.name} round {r}\n{detail}"


@pytest.mark.skipif(not FILES, reason="golden files not available")
@pytest.mark.parametrize("path", _sample()[::3], ids=lambda p: p.stem)
def test_rustworkx_backend_equals_reference(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback backend (no C extension) gives the same pairings."""
    monkeypatch.setenv("FAIRDRAW_MATCHER", "rustworkx")
    from fairdraw.systems.dutch.matcher import backend

    assert backend() == "rustworkx"
    for r, equal, detail in repair_file(path):
        assert equal, f"{path.name} round {r}\n{detail}"

"""The Dutch engine against bbpPairings beyond the golden files: Baku acceleration, XXA
accelerations, XXP forbidden pairs, byes and absences announced for a round, withdrawals,
late entries, XXC black1, point systems, tight odd fields and board order on large fields.

The reference data (tests/swiss/data/oracle/, see its README) were made by
``tests/swiss/oracle_gen.py`` with bbpPairings v6 (FIDE_DUTCH_2025) as the pairing engine:
each ``.trf`` is a whole tournament, each ``.expected`` the engine's list output for every
round (board order, colours, the bye). A round is re-paired from the file cut just before
it (the rounds before plus the byes announced for it), exactly the file the engine paired.

A sample runs in ``make test``; every file in ``make test-all``. When a bbpPairings
executable is on the PATH, fresh random tournaments are also compared live.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from fairdraw.formats.trf import parse_trf

from .oracle_gen import FEATURES, generate, parse_expected, repair_shipped

DATA = Path(__file__).parent / "data" / "oracle"
FILES = sorted(DATA.glob("*.trf"))
ORACLE = os.environ.get("FAIRDRAW_BBP") or shutil.which("bbpPairings.exe") or shutil.which("bbpPairings")


def _features(path: Path) -> set[str]:
    return set(path.stem.split("_")[-1].split("-"))


def _players(path: Path) -> int:
    return int(path.stem.split("_")[1][1:])


def _sample() -> list[Path]:
    """Per feature the smallest file of at least 16 players (the smallest large field for
    ``large``): enough brackets to matter, fast enough for ``make test``."""
    chosen: set[Path] = set()
    for feature in FEATURES:
        having = [f for f in FILES if feature in _features(f)]
        if feature != "large":
            having = [f for f in having if "large" not in _features(f) and 16 <= _players(f)] or having
        if having:
            chosen.add(min(having, key=lambda f: f.stat().st_size))
    return sorted(chosen)


def _check(path: Path) -> None:
    expected = parse_expected(path.with_suffix(".expected").read_text())
    assert expected, f"{path.name}: no expected rounds"
    bad = [(r, exp, mine) for r, equal, exp, mine in repair_shipped(path.read_bytes().decode(), expected) if not equal]
    assert not bad, "\n".join(f"{path.name} round {r}\noracle:   {e.split()}\nfairdraw: {m.split()}" for r, e, m in bad[:3])


def test_reference_data_cover_every_feature() -> None:
    """Every feature the generator knows is in the shipped data (guards against a thinned set)."""
    covered = set().union(*(_features(f) for f in FILES)) if FILES else set()
    assert set(FEATURES) <= covered, f"missing: {set(FEATURES) - covered}"
    for f in FILES:
        assert f.with_suffix(".expected").exists(), f.name


def test_reference_data_read_back_unchanged() -> None:
    """The TRF writer keeps every line (XXA, XXP, BB*, 192, 0000 absences) byte for byte."""
    for f in FILES:
        text = f.read_bytes().decode()
        assert parse_trf(text).dump() == text, f.name


@pytest.mark.parametrize("path", _sample(), ids=lambda p: p.stem)
def test_sample_rounds_equal_oracle(path: Path) -> None:
    _check(path)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_round_equals_oracle(path: Path) -> None:
    _check(path)


@pytest.mark.skipif(ORACLE is None, reason="bbpPairings not on the PATH (set FAIRDRAW_BBP to use it)")
@pytest.mark.parametrize("feature", [f for f in FEATURES if f != "large"])
def test_fresh_tournament_equals_live_oracle(feature: str) -> None:
    """A new small tournament per feature, paired live by the oracle and by fairdraw.
    FAIRDRAW_ORACLE_SEED picks other tournaments (the default keeps runs repeatable)."""
    base = int(os.environ.get("FAIRDRAW_ORACLE_SEED", "424242"))
    index = FEATURES.index(feature)
    seed = base * 100 + index
    players = 7 + (seed * 7919) % 24
    assert ORACLE is not None
    t, _, checks = generate(seed, index, ORACLE, features={feature, "absences"}, players=players)
    assert checks
    bad = [c for c in checks if not c.equal]
    assert not bad, f"seed {seed} ({t.name}) round {bad[0].round}\noracle:   {bad[0].oracle.split()}\nfairdraw: {bad[0].mine.split()}"

"""Seeds 000/001's tables of 4: checked independently; the invalid one is named and rejected."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairdraw.designs import candidates, verify
from fairdraw.designs.seedtables import parse_tables

DATA = Path(__file__).parent / "data" / "seed001_tables4.txt"


def _letters(word: str) -> tuple[int, ...]:
    return tuple(ord(c) - ord("A") for c in word)


@pytest.fixture(scope="module")
def tables() -> dict[int, list[list[tuple[int, ...]]]]:
    return parse_tables(DATA.read_text(encoding="utf-8"))


def test_all_tables_parsed(tables: dict[int, list[list[tuple[int, ...]]]]) -> None:
    assert {n: len(r) for n, r in tables.items()} == {16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 8, 40: 9}


@pytest.mark.parametrize("n", [16, 20, 28, 32, 36, 40])
def test_valid_seed_tables_are_reproduced_or_beaten(tables: dict[int, list[list[tuple[int, ...]]]], n: int) -> None:
    rounds = tables[n]
    assert verify(rounds, 4, n).clean, f"seed table for {n} players should be valid"
    assert candidates(n, 4)[0].clean_rounds >= len(rounds)


def test_seed_24_player_table_is_invalid(tables: dict[int, list[list[tuple[int, ...]]]]) -> None:
    """Seed 000/001, 24 players, round 6 prints 'AEPS IOXC QWHK BEDV FJLM NRTU': E is seated
    twice (AEPS and BEDV) and G not at all; the checker rejects it."""
    rounds = tables[24]
    verdict = verify(rounds, 4, 24)
    assert not verdict.ok
    assert "round 6: player 4 seated 2 times" in verdict.problems  # E = player 4
    assert "round 6: players [6] not seated" in verdict.problems  # G = player 6
    assert verdict.repeats == 3  # E meets A, P, S a second time


def test_seed_24_repair_is_unique(tables: dict[int, list[list[tuple[int, ...]]]]) -> None:
    """Replacing one of the two E's of round 6 by the missing G: only AEPS -> AGPS gives a
    valid repeat-free table, so the shipped repair is certain."""
    valid = []
    for index, word in enumerate(tables[24][5]):
        if 4 in word:
            fixed = [list(r) for r in tables[24]]
            fixed[5][index] = tuple(6 if p == 4 else p for p in word)
            if verify(fixed, 4, 24).clean:
                valid.append(word)
    assert valid == [_letters("AEPS")]


def test_shipped_24_is_the_repaired_seed_table(tables: dict[int, list[list[tuple[int, ...]]]]) -> None:
    from fairdraw.designs.catalog import all_entries

    shipped = [e for e in all_entries() if e["kind"] == "rounds" and e["n"] == 24]
    assert len(shipped) == 1
    rounds = [[tuple(t) for t in r] for r in shipped[0]["rounds"]]
    assert verify(rounds, 4, 24).clean
    diff = [(r, t) for r in range(7) for t in range(6) if rounds[r][t] != tables[24][r][t]]
    assert diff == [(5, 0)] and rounds[5][0] == _letters("AGPS")

"""Seed 002's 4-player Meerkamp example is FIDE's 4-player Berger table."""

from fairdraw.systems.berger import berger_rounds


def test_seed_002_four_player_table() -> None:
    assert berger_rounds(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]

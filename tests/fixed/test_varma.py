"""Varma numbering: FIDE C.05 Annex 2 groups for 9-24 players and seed 004's algorithm."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.systems.varma import varma_groups, varma_numbers, varma_order

# Typed from the FIDE Handbook, C.05 Annex 2, point 5 (handbook.fide.com/chapter/C05Annex2):
# "9/10 players: A: (3, 4, 8); B: (5, 7, 9); C: (1, 6); D: (2, 10)" and so on.
FIDE = {
    10: "3 4 8 | 5 7 9 | 1 6 | 2 10",
    12: "4 5 9 10 | 1 2 7 | 6 8 12 | 3 11",
    14: "4 5 6 11 12 | 1 2 8 9 | 7 10 13 | 3 14",
    16: "5 6 7 12 13 14 | 1 2 3 9 10 | 8 11 15 | 4 16",
    18: "5 6 7 8 14 15 16 | 1 2 3 10 11 12 | 9 13 17 | 4 18",
    20: "6 7 8 9 15 16 17 18 | 1 2 3 11 12 13 14 | 5 10 19 | 4 20",
    22: "6 7 8 9 10 17 18 19 20 | 1 2 3 4 12 13 14 15 | 11 16 21 | 5 22",
    24: "6 7 8 9 10 11 19 20 21 22 | 1 2 3 4 13 14 15 16 17 | 12 18 23 | 5 24",
}


def fide_groups(n: int) -> dict[str, list[int]]:
    key = n + n % 2
    parts = [[int(x) for x in part.split() if int(x) <= n] for part in FIDE[key].split("|")]
    return dict(zip("ABCD", parts, strict=True))


@pytest.mark.parametrize("n", range(9, 25))
def test_groups_equal_fide_table(n: int) -> None:
    groups = varma_groups(n)
    assert groups == fide_groups(n)
    assert sorted(x for g in groups.values() for x in g) == list(range(1, n + 1))
    for numbers in groups.values():
        assert numbers == sorted(numbers)


@pytest.mark.parametrize("n", [9, 11, 13, 15, 17, 19, 21, 23])
def test_odd_count_drops_the_dummy_of_the_next_even_table(n: int) -> None:
    even = varma_groups(n + 1)
    odd = varma_groups(n)
    assert {k: [x for x in v if x != n + 1] for k, v in even.items()} == odd


@pytest.mark.parametrize("n", range(2, 9))
def test_small_fields_all_in_group_a(n: int) -> None:
    assert varma_groups(n) == {"A": list(range(1, n + 1)), "B": [], "C": [], "D": []}


@pytest.mark.parametrize("n", [0, 1, 25, 40])
def test_outside_2_to_24_is_a_clear_input_error(n: int) -> None:
    with pytest.raises(InputError, match="2 to 24"):
        varma_groups(n)
    with pytest.raises(InputError, match="2 to 24"):
        varma_numbers([Participant(id=i, name=f"P{i}", federation="NED") for i in range(1, n + 1)])


def field(spec: list[tuple[str, str | None]]) -> list[Participant]:
    return [Participant(id=i, name=name, federation=fed) for i, (name, fed) in enumerate(spec, start=1)]


def by_name(players: list[Participant]) -> dict[str, int]:
    numbers = varma_numbers(players)
    return {p.name: numbers[p.id] for p in players}


def test_seed_004_example_ten_players_first_group_with_room() -> None:
    # 10 players: A(3,4,8) B(5,7,9) C(1,6) D(2,10). GER and NED both have 3: GER first
    # (alphabetical), takes A; NED takes B; BEL (2) the first group with 2 free: C;
    # ENG and FRA (1 each) then D, in that order; names alphabetical within a federation.
    players = field(
        [
            ("Zwart", "NED"), ("Ahrens", "GER"), ("Bakker", "NED"), ("Dupont", "BEL"),
            ("Müller", "GER"), ("Claes", "BEL"), ("Jansen", "NED"), ("Smith", "ENG"),
            ("Braun", "GER"), ("Moreau", "FRA"),
        ]
    )
    assert by_name(players) == {
        "Ahrens": 3, "Braun": 4, "Müller": 8,
        "Bakker": 5, "Jansen": 7, "Zwart": 9,
        "Claes": 1, "Dupont": 6,
        "Smith": 2, "Moreau": 10,
    }


def test_seed_004_spill_largest_available_first() -> None:
    # 9 players: A(3,4,8) B(5,7,9) C(1,6) D(2). NED (4) fits nowhere: spill over the groups
    # with most free numbers, A before B on a tie: 3,4,8 then 5. GER (3) fits nowhere now
    # (B 7,9; C 1,6; D 2): B (tie with C, B first) 7,9 then C 1. FRA (2): C 6 then D 2.
    players = field(
        [
            ("Anna", "NED"), ("Bart", "NED"), ("Cor", "NED"), ("Dick", "NED"),
            ("Emil", "GER"), ("Fritz", "GER"), ("Gert", "GER"),
            ("Henri", "FRA"), ("Ivo", "FRA"),
        ]
    )
    assert by_name(players) == {
        "Anna": 3, "Bart": 4, "Cor": 5, "Dick": 8,
        "Emil": 1, "Fritz": 7, "Gert": 9,
        "Henri": 2, "Ivo": 6,
    }


def test_berger_with_varma_uses_these_numbers() -> None:
    players = field([(f"N{i}", "NED" if i < 4 else f"X{i}") for i in range(12)])
    schedule = get_system("berger").pair(PairingRequest(players=tuple(players), options={"varma": True}))
    expected = varma_numbers(players)
    assert {pid: schedule.number_of(pid) for pid in expected} == expected
    assert [p.id for p in varma_order(players)] == sorted(expected, key=expected.get)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(st.text("abcdefgh", min_size=1, max_size=5), st.sampled_from(["NED", "GER", "BEL", "FRA", None])),
        min_size=2,
        max_size=24,
    )
)
def test_numbers_are_a_permutation_and_alphabetical_within_a_federation(spec: list[tuple[str, str | None]]) -> None:
    players = field(spec)
    numbers = varma_numbers(players)
    assert sorted(numbers.values()) == list(range(1, len(players) + 1))
    for fed in ("NED", "GER", "BEL", "FRA"):
        members = sorted((p for p in players if p.federation == fed), key=lambda p: (p.name, p.id))
        assigned = [numbers[p.id] for p in members]
        assert assigned == sorted(assigned)
    # A federation that fits in a group at its turn is kept in one group (seed 004).
    groups = varma_groups(len(players))
    label = {x: g for g, nums in groups.items() for x in nums}
    biggest = max({p.federation for p in players if p.federation}, default=None, key=lambda f: (
        sum(1 for p in players if p.federation == f), [-ord(c) for c in f]))
    if biggest is not None:
        size = sum(1 for p in players if p.federation == biggest)
        if any(len(nums) >= size for nums in groups.values()):
            assert len({label[numbers[p.id]] for p in players if p.federation == biggest}) == 1


def test_alphabetical_order_ignores_case_and_accents() -> None:
    """Seed 004 step 5 (FIDE C.05 Annex 2): names in alphabetical order as a reader sorts them,
    not by code point ("bob" is no later than "Carl", "Émile" no later than "Frank")."""
    names = ["bob", "Carl", "Anna", "Frank", "Émile"]
    players = [Participant(id=i, name=name, federation="NED") for i, name in enumerate(names, start=1)]
    numbers = varma_numbers(players)
    by_number = [p.name for p in sorted(players, key=lambda p: numbers[p.id])]
    assert by_number == ["Anna", "bob", "Carl", "Émile", "Frank"]

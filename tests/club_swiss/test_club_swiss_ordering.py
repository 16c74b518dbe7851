"""Ordering (score, weerstandspunten, rating, seeded random), reproducibility, colours,
the configured number of rounds, and bad input."""

from __future__ import annotations

import hashlib
import json

import pytest
from clubswiss_support import pair, rounds_from

from fairdraw.core.errors import InputError, UnsolvableError
from fairdraw.core.model import Participant, Round, Table
from fairdraw.formats.schedule_json import dump_schedule, schedule_from_dict


def field(n: int, rated: bool = True) -> tuple[Participant, ...]:
    return tuple(Participant(id=i, name=f"P{i}", rating=(2000 - 10 * i) if rated else None) for i in range(1, n + 1))


def test_weerstandspunten_order_before_rating() -> None:
    # R1: P1 beats P2, P3 draws P4. R2: P1 draws P3, P2 beats P4.
    # Scores: P1 1½, P2 1, P3 1, P4 ½. Weerstandspunten (seed 002): a win adds twice the
    # opponent's score, a draw once: P1 = 2*1 + 1 = 3, P2 = 0 + 2*½ = 1, P3 = ½ + 1½ = 2,
    # P4 = 1 + 0 = 1. P3 ranks above the higher-rated P2 on weerstandspunten.
    history = rounds_from(
        [
            ([(1, 2, "1-0"), (3, 4, "1/2-1/2")], []),
            ([(3, 1, "1/2-1/2"), (4, 2, "0-1")], []),
        ]
    )
    schedule = pair(field(4), history, 3, "w")
    order = schedule.meta["order"]
    assert [row["id"] for row in order] == [1, 3, 2, 4]
    assert {row["id"]: (row["score"], row["wp"]) for row in order} == {
        1: (1.5, 3.0),
        3: (1.0, 2.0),
        2: (1.0, 1.0),
        4: (0.5, 1.0),
    }
    # the pairing numbers stay the field's (fixed at round 1): the printed lists of earlier
    # rounds still match the file; the order is the round's own
    assert [schedule.number_of(pid) for pid in (1, 2, 3, 4)] == [1, 2, 3, 4]


def test_forfeits_score_but_give_no_weerstandspunten_colour_or_meeting() -> None:
    history = rounds_from([([(1, 2, "+/-"), (3, 4, "1-0")], [])])
    schedule = pair(field(4), history, 3, "f")
    by_id = {row["id"]: row for row in schedule.meta["order"]}
    assert by_id[1]["score"] == 1.0 and by_id[1]["wp"] == 0.0
    assert by_id[3]["wp"] == 0.0  # P4 has no points
    # P1 and P2 never played: they may meet now (same score groups decide: 1-3, 2-4 or 1-2)
    tables = schedule.rounds[-1].tables
    assert {frozenset(t.seats) for t in tables} == {frozenset({1, 3}), frozenset({2, 4})}


def test_rating_then_seeded_random_decide_ties() -> None:
    schedule = pair(field(6), (), 5, "abc")
    assert [row["id"] for row in schedule.meta["order"]] == [1, 2, 3, 4, 5, 6]
    unrated = pair(field(6, rated=False), (), 5, "abc")

    def draw(pid: int) -> int:
        return int(hashlib.sha256(f"abc:{pid}".encode()).hexdigest(), 16)

    assert [row["id"] for row in unrated.meta["order"]] == sorted(range(1, 7), key=draw)


def test_an_unrated_player_comes_after_every_rated_one_a_negative_rating_included() -> None:
    """A stand-in rating of -1 for "unrated" put an unrated player above a rating of -5, and
    level with -1 (the draw then decided); the order decides who gets the bye."""
    players = tuple(Participant(id=i, name=f"P{i}", rating=r) for i, r in ((1, -5), (2, None), (3, 0), (4, -1)))
    schedule = pair(players, (), 3, "x")
    assert [row["id"] for row in schedule.meta["order"]] == [3, 4, 1, 2]


def test_same_seed_same_bytes_other_seed_other_draw() -> None:
    history = rounds_from([([(1, 2, "1-0"), (3, 4, "0-1"), (5, 6, "1/2-1/2")], [7])])
    schedule = pair(field(7, rated=False), history, 5, "club-2026")
    a = dump_schedule(schedule)
    b = dump_schedule(pair(field(7, rated=False), history, 5, "club-2026"))
    assert a == b
    others = {dump_schedule(pair(field(7, rated=False), history, 5, f"other-{k}")) for k in range(5)}
    assert a not in others
    # the output is the shared schedule JSON, meta included, and reads back unchanged
    doc = json.loads(a)
    back = schedule_from_dict(doc)
    assert back.rounds == schedule.rounds
    assert doc["meta"]["explanation"] and isinstance(doc["meta"]["relaxed"], list)


def test_colour_recipe_equalises_balance() -> None:
    # Seed 002's recipe, step 2 (GUIDE.md: equalise): P5 is at +1 after round 1 and meets
    # P6 at -1... no: P6 won with White too, so both are at +1; make P6 Black instead:
    # R1: P5 White beats P1, P2 White beats P6 -> P5 +1 (last White), P6 -1 (last Black).
    # With only P5 and P6 present in round 2 they meet; both steps 2 and 3 say P6 White.
    history = rounds_from([([(5, 1, "1-0"), (2, 6, "1-0"), (3, 4, "1-0")], [])])
    schedule = pair(field(6), history, 3, "c", absent=[1, 2, 3, 4])
    assert schedule.rounds[-1].tables[0].seats == (6, 5)
    assert "balance is equalised" in schedule.meta["explanation"][1]


def test_colour_recipe_step_3_then_coin() -> None:
    # P1 and P2 both had White in round 1 and are at +1: step 2 cannot tell them apart
    # (both want Black), step 3 neither; whoever gets White goes to +2 (strong rule 2).
    # With P3 and P4 absent they must meet: the coin decides, reproducibly.
    history = rounds_from([([(1, 3, "1/2-1/2"), (2, 4, "1/2-1/2")], [])])
    seats = {pair(field(4), history, 3, f"k{k}", absent=[3, 4]).rounds[-1].tables[0].seats for k in range(12)}
    assert seats == {(1, 2), (2, 1)}
    again = pair(field(4), history, 3, "k0", absent=[3, 4])
    assert again.rounds[-1] == pair(field(4), history, 3, "k0", absent=[3, 4]).rounds[-1]
    assert any("strong rule 2" in line for line in again.meta["relaxed"])


def test_absolute_rule_1_no_more_rounds_than_configured() -> None:
    history = rounds_from([([(1, 2, "1-0"), (3, 4, "0-1")], [])])
    with pytest.raises(UnsolvableError, match="absolute rule 1"):
        pair(field(4), history, 1, "x")


def test_odd_field_with_every_bye_used_is_unsolvable() -> None:
    history = rounds_from(
        [
            ([(1, 2, "1-0")], [3]),
            ([(3, 1, "1-0")], [2]),
            ([(2, 3, "1-0")], [1]),
        ]
    )
    with pytest.raises(UnsolvableError, match="absolute rule 3"):
        pair(field(3), history, 5, "x")


def test_rematch_only_field_names_the_rule() -> None:
    history = rounds_from([([(1, 2, "1-0")], [])])
    with pytest.raises(UnsolvableError, match="absolute rule 2"):
        pair(field(2), history, 3, "x")


@pytest.mark.parametrize(
    ("round_", "fieldname"),
    [
        (Round(round=1, tables=(Table(table=1, seats=(1, 9), result="1-0"),)), "seats"),
        (Round(round=1, tables=(Table(table=1, seats=(1, 2), result="2-0"),)), "result"),
        (Round(round=1, tables=(Table(table=1, seats=(1, 2)),)), "result"),
        (
            Round(
                round=1, tables=(Table(table=1, seats=(1, 2), result="1-0"), Table(table=2, seats=(2, 3), result="1-0"))
            ),
            "seats",
        ),
    ],
)
def test_bad_history_is_an_input_error_naming_the_field(round_: Round, fieldname: str) -> None:
    with pytest.raises(InputError) as info:
        pair(field(4), (round_,), 3, "x")
    assert info.value.field is not None and info.value.field.endswith(fieldname)


def test_announced_absences_sit_out_with_their_kind() -> None:
    schedule = pair(field(6), (), 5, "a", requested_byes={3: "half-point"}, absent=[5])
    last = schedule.rounds[-1]
    seated = {pid for t in last.tables for pid in t.seats}
    assert 3 not in seated and 5 not in seated
    kinds = {b.id: b.kind for b in last.byes}
    assert kinds[3] == "half-point" and kinds[5] == "absent"
    assert sum(1 for k in kinds.values() if k == "bye") == 0  # four present: even
    with pytest.raises(InputError):
        pair(field(6), (), 5, "a", absent=[99])


def test_pairs_from_the_top_of_the_order() -> None:
    # Round 1, one score group: the best remaining player meets the nearest one.
    first = pair(field(8), (), 5, "o")
    assert {frozenset(t.seats) for t in first.rounds[-1].tables} == {
        frozenset({1, 2}),
        frozenset({3, 4}),
        frozenset({5, 6}),
        frozenset({7, 8}),
    }
    # All draws in round 1 keep one score group (ranks stay 1..8 by rating); odd ranks had
    # White, even ranks Black. Colour-clean boards pair an odd with an even rank, and 1-2,
    # 3-4, 5-6, 7-8 are rematches; pairing from the top then gives 1-4, 2-3, 5-8, 6-7.
    history = rounds_from([([(1, 2, "1/2-1/2"), (3, 4, "1/2-1/2"), (5, 6, "1/2-1/2"), (7, 8, "1/2-1/2")], [])])
    second = pair(field(8), history, 5, "o")
    assert second.meta["relaxed"] == []
    assert {frozenset(t.seats) for t in second.rounds[-1].tables} == {
        frozenset({1, 4}),
        frozenset({2, 3}),
        frozenset({5, 8}),
        frozenset({6, 7}),
    }

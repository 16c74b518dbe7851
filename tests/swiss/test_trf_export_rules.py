"""``fairdraw trf`` / the web export carry the event's rules, so another engine pairs the next
round as fairdraw does on the JSON (docs/swiss.md: the export of an event run on the JSON)."""

from __future__ import annotations

from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.trf import parse_trf, trf_to_request
from fairdraw.formats.trf_export import schedule_to_trf

PLAYERS = tuple(Participant(id=i, name=name, rating=2100 - 100 * i) for i, name in enumerate("ABCD", start=1))
ROUND_1 = Round(1, (Table(1, (1, 3), result="1-0"), Table(2, (4, 2), result="0-1")))


def _event(meta: dict) -> Schedule:
    return Schedule("dutch", PLAYERS, (ROUND_1,), meta=meta)


def _pairs(request: PairingRequest) -> list[tuple[int, ...]]:
    schedule = get_system("dutch").pair(request)
    return [t.seats for t in schedule.rounds[-1].tables]


def test_forbidden_pairs_travel_as_xxp_and_pair_the_same() -> None:
    """Without XXP the exported file would pair 1 and 2, the pair the event forbids."""
    event = _event({"total_rounds": 3, "forbidden_pairs": [[1, 2]]})
    text = schedule_to_trf(event, name="club", total_rounds=3)
    doc = parse_trf(text, source="export.trf")
    assert doc.forbidden_pairs == [[1, 2]]
    from_json = _pairs(PairingRequest(players=PLAYERS, history=(ROUND_1,), total_rounds=3,
                                      options={"forbidden_pairs": [[1, 2]]}))
    from_trf = _pairs(trf_to_request(doc))
    assert from_trf == from_json
    assert {1, 2} not in [set(p) for p in from_trf]


def test_the_point_system_travels_as_bb_lines_and_in_the_points_column() -> None:
    event = _event({"points": {"win": 3, "draw": 1}})
    doc = parse_trf(schedule_to_trf(event, name="club"), source="export.trf")
    assert (doc.points.win, doc.points.draw, doc.points.allocated_bye) == (30, 10, 30)  # BBU follows BBW
    assert {p.number: p.points for p in doc.players} == {1: 30, 2: 30, 3: 0, 4: 0}


def test_the_initial_colour_travels_as_xxc() -> None:
    doc = parse_trf(schedule_to_trf(_event({"initial_colour": "Black"}), name="club"), source="export.trf")
    assert doc.initial_colour == "black"


def test_check_dutch_reads_a_half_point_bye_before_a_withdrawal(tmp_path, capsys) -> None:
    """Player 5 had the allocated bye, then asked a half-point bye, then withdrew: the JSON
    `pair` wrote re-pairs equal round by round (the bye of round 2 is that round's entry, not
    a contradiction of the later withdrawal)."""
    import json

    from fairdraw.cli.swiss import dutch_check

    event = {
        "system": "dutch",
        "players": [{"id": i, "name": n, "rating": 2100 - 100 * i} for i, n in enumerate("ABCDE", start=1)],
        "rounds": [
            {"round": 1, "tables": [{"table": 1, "seats": [1, 3], "result": "1-0"},
                                    {"table": 2, "seats": [4, 2], "result": "1-0"}], "byes": [5]},
            {"round": 2, "tables": [{"table": 1, "seats": [4, 1], "result": "1-0"},
                                    {"table": 2, "seats": [2, 3], "result": "0-1"}],
             "byes": [5], "bye_kinds": {"5": "half-point"}},
            {"round": 3, "tables": [{"table": 1, "seats": [3, 4]}, {"table": 2, "seats": [1, 2]}],
             "byes": [5], "bye_kinds": {"5": "absent"}},
        ],
        "meta": {"total_rounds": 4, "withdrawn": [5]},
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    assert dutch_check(path) == 0
    assert "3/3 rounds equal" in capsys.readouterr().out


_WITH_260 = """012 Audit tournament
XXR 5
XXC white1
001    1      Player 1                          2000                             1.5          4 w 1     3 b =
001    2      Player 2                          1900                             1.0          5 b 0     6 w 1
001    3      Player 3                          1800                             1.5          6 w 1     1 w =
001    4      Player 4                          1700                             0.0          1 b 0     5 w 0
001    5      Player 5                          1600                             2.0          2 w 1     4 b 1
001    6      Player 6                          1500                             0.0          3 b 0     2 b 0
260   3   3    1    2
"""


def test_a_round_limited_prohibition_is_not_carried_into_the_json(tmp_path) -> None:
    """A 260 line forbids its pairs in its own rounds (here round 3 only): the JSON `pair`
    writes from the TRF must not make it a prohibition for every later round."""
    import json

    from fairdraw.cli.app import run_app

    trf = tmp_path / "event.trf"
    trf.write_text(_WITH_260, encoding="utf-8")
    out = tmp_path / "event.json"
    try:
        run_app(["pair", str(trf), "--json", "-o", str(out)])
    except SystemExit as exc:
        assert not exc.code
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {1, 2} not in [set(t["seats"]) for t in data["rounds"][-1]["tables"]]  # round 3 obeys the 260 line
    assert not data["meta"].get("forbidden_pairs")


def test_a_rating_wider_than_trf_allows_is_named() -> None:
    import pytest

    from fairdraw.core.errors import InputError

    wide = (Participant(id=1, name="A", rating=123456), *PLAYERS[1:])
    with pytest.raises(InputError, match="A's rating 123456"):
        schedule_to_trf(Schedule("dutch", wide, (ROUND_1,)), name="club")


def test_a_withdrawal_after_the_last_round_adds_no_round_beyond_xxr() -> None:
    """A withdrawal is written as the *next* round's "0000 - -" (not paired). After the last
    round (XXR rounds played) there is no next round: the entry made a file whose 001 lines hold
    more rounds than XXR, which fairdraw's own reader (and so `standings`, `check --dutch`)
    refused (TRF16: XXR is the number of rounds; FIDE C.04.1 a: no more rounds than planned)."""
    finished = Schedule("dutch", PLAYERS, (ROUND_1,), meta={"total_rounds": 1, "withdrawn": [3]})
    text = schedule_to_trf(finished, name="club", total_rounds=1)
    doc = parse_trf(text, source="export.trf")
    assert doc.rounds_in_file == 1
    going_on = Schedule("dutch", PLAYERS, (ROUND_1,), meta={"total_rounds": 2, "withdrawn": [3]})
    doc = parse_trf(schedule_to_trf(going_on, name="club", total_rounds=2), source="export.trf")
    assert doc.rounds_in_file == 2  # the next round's absence is still announced

"""The ``keizer`` pairing system: rules 1-4 of ``systems/keizer.py``, checked round by round."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.core.errors import InputError, UnsolvableError
from fairdraw.core.model import Participant, Round, Table
from fairdraw.core.registry import PairingRequest, get_system

RESULTS = ("1-0", "0-1", "1/2-1/2")


def field(n: int) -> tuple[Participant, ...]:
    return tuple(Participant(id=i, name=f"P{i}", rating=2000 - 10 * i) for i in range(1, n + 1))


def played(rnd: Round, rng: random.Random) -> Round:
    return Round(rnd.round, tuple(Table(t.table, t.seats, result=rng.choice(RESULTS)) for t in rnd.tables), rnd.byes)


def season(n: int, rounds: int, seed: int, absences: bool = False, **options: object) -> list[Round]:
    """``rounds`` rounds paired and played at random; with ``absences`` a few players announce
    an absence (half-point bye) each round."""
    rng, history = random.Random(seed), []
    for _ in range(rounds):
        away = {pid: "half-point" for pid in rng.sample(range(1, n + 1), rng.randint(0, n // 3))} if absences else {}
        request = PairingRequest(field(n), tuple(history), options={**options, "requested_byes": away})
        new = get_system("keizer").pair(request).rounds[-1]
        assert {b.id: b.kind for b in new.byes if b.kind != "bye"} == away
        history.append(played(new, rng))
    return history


def test_round_one_pairs_neighbours_the_higher_ranked_with_white() -> None:
    rnd = get_system("keizer").pair(PairingRequest(field(9), ())).rounds[-1]
    assert [t.seats for t in rnd.tables] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert [(b.id, b.kind) for b in rnd.byes] == [(9, "bye")]


def avoidable(pool: list[int], met: set[frozenset[int]]) -> bool:
    """Whether ``pool`` has a perfect matching of pairs that never met."""
    graph = nx.Graph()
    graph.add_nodes_from(pool)
    graph.add_edges_from(p for p in itertools.combinations(pool, 2) if frozenset(p) not in met)
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(pool)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(4, 13), rounds=st.integers(1, 8), seed=st.integers(0, 10_000), absences=st.booleans())
def test_everyone_once_byes_spread_no_avoidable_rematch(n: int, rounds: int, seed: int, absences: bool) -> None:
    history = season(n, rounds, seed, absences)
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for rnd in history:
        seated = [p for t in rnd.tables for p in t.seats] + [b.id for b in rnd.byes]
        assert sorted(seated) == list(range(1, n + 1))  # rule 1: everyone once
        bye = [b.id for b in rnd.byes if b.kind == "bye"]
        present = [p for p in range(1, n + 1) if p not in {b.id for b in rnd.byes if b.kind != "bye"}]
        assert len(bye) == len(present) % 2
        if bye:  # the fewest pairing byes so far among those present
            assert byes[bye[0]] == min(byes[p] for p in present)
            byes[bye[0]] += 1
        pairs = {frozenset(t.seats) for t in rnd.tables}
        pool = [p for t in rnd.tables for p in t.seats]
        if avoidable(pool, met):  # rule 2: no rematch while it can be avoided
            assert not pairs & met, rnd
        met |= pairs


def test_rematch_after_allows_old_opponents_again_and_prefers_neighbours() -> None:
    """4 players, ``rematch_after`` 2: last round's opponent never, an older one again when
    the ranking makes them neighbours."""
    history = season(4, 6, 3, rematch_after=2)
    for r, rnd in enumerate(history[1:], start=2):
        previous = {frozenset(t.seats) for t in history[r - 2].tables}
        assert not previous & {frozenset(t.seats) for t in rnd.tables}  # never the opponent just played
    again = sum(frozenset(t.seats) in {frozenset(u.seats) for u in history[0].tables} for t in history[2].tables)
    assert again == 2  # round 3 is free to pair round 1's neighbours again, and does


def test_forbidden_pairs_and_absences() -> None:
    keizer = get_system("keizer")
    rnd = keizer.pair(PairingRequest(field(6), (), options={"forbidden_pairs": [[1, 2]],
                                                            "requested_byes": {6: "half-point"}})).rounds[-1]
    assert all(set(t.seats) != {1, 2} for t in rnd.tables)
    assert ("half-point" in {b.kind for b in rnd.byes}) and len(rnd.tables) == 2
    with pytest.raises(UnsolvableError, match="forbidden pairs"):
        keizer.pair(PairingRequest(field(2), (), options={"forbidden_pairs": [[1, 2]]}))
    with pytest.raises(InputError, match="rematch_after"):
        keizer.pair(PairingRequest(field(4), (), options={"rematch_after": 0}))
    unplayed = keizer.pair(PairingRequest(field(4), ())).rounds[-1]
    with pytest.raises(InputError, match="no result yet"):
        keizer.pair(PairingRequest(field(4), (unplayed,)))


def test_the_ranking_is_the_keizer_standings_one() -> None:
    """Round 2 pairs neighbours of the Keizer standings (as ``fairdraw standings --scoring
    keizer`` ranks them) wherever round 1 left them free to meet."""
    from fairdraw.core.model import Schedule
    from fairdraw.scoring.base import get_scoring
    from fairdraw.scoring.standings import compute_standings

    first = get_system("keizer").pair(PairingRequest(field(8), ())).rounds[-1]
    results = ("0-1", "1-0", "0-1", "1-0")
    done = Round(1, tuple(Table(t.table, t.seats, result=r) for t, r in zip(first.tables, results, strict=True)))
    second = get_system("keizer").pair(PairingRequest(field(8), (done,))).rounds[-1]
    standings = compute_standings(Schedule("keizer", field(8), (done,)), get_scoring("keizer"), [])
    place = {row.id: i for i, row in enumerate(standings.rows)}
    met = {frozenset(t.seats) for t in done.tables}

    def cost(boards: list[tuple[int, int]]) -> int:
        return sum((place[a] - place[b]) ** 2 for a, b in boards)

    def matchings(rest: list[int]) -> list[list[tuple[int, int]]]:
        if not rest:
            return [[]]
        head, tail = rest[0], rest[1:]
        return [[(head, q), *m] for q in tail if frozenset((head, q)) not in met
                for m in matchings([x for x in tail if x != q])]

    best = min(cost(m) for m in matchings(list(place)))
    assert cost([t.seats for t in second.tables]) == best  # rule 3 over every rematch-free pairing
    assert [min(place[p] for p in t.seats) for t in second.tables] == sorted(
        min(place[p] for p in t.seats) for t in second.tables)  # boards from the top


def test_cli_keizer_from_a_players_file_keeps_its_settings(tmp_path, cli) -> None:  # type: ignore[no-untyped-def]
    import json

    players = tmp_path / "club.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{1900 - 10 * i}\n" for i in range(1, 8)))
    event = tmp_path / "ladder.json"
    run = cli("pair", "--system", "keizer", str(players), "--rematch-after", "3", "--json", "-o", str(event))
    assert run.code == 0, run.err
    doc = json.loads(event.read_text())
    assert doc["system"] == "keizer" and doc["meta"]["rematch_after"] == 3
    assert [t["seats"] for t in doc["rounds"][0]["tables"]] == [[1, 2], [3, 4], [5, 6]]
    for table in doc["rounds"][0]["tables"]:
        table["result"] = "1-0"
    event.write_text(json.dumps(doc))
    assert cli("pair", "--system", "keizer", str(event), "--json", "-o", str(event)).code == 0
    doc = json.loads(event.read_text())
    assert doc["meta"]["rematch_after"] == 3 and len(doc["rounds"]) == 2
    assert cli("pair", "--system", "keizer", str(players), "--rematch-after", "0").code == 2


def test_a_ladder_is_ranked_by_keizer_unless_told_otherwise() -> None:
    from fairdraw.core.model import Schedule
    from fairdraw.scoring.standings import compute_standings, default_scoring

    history = tuple(season(6, 2, 5))
    ladder = Schedule("keizer", field(6), history)
    assert default_scoring(ladder) == "keizer" and default_scoring(Schedule("dutch", field(6), history)) == "standard"
    assert compute_standings(ladder).scoring == "keizer"


def test_a_forfeit_gives_no_colour_in_the_keizer_colour_rule() -> None:
    """Rule 4 counts games played: a forfeit is no game (as in the Swiss systems and the
    checker), so after a forfeit the higher-ranked player gets white as if nothing was played."""
    from fairdraw.core.model import Round, Table
    from fairdraw.systems.keizer import _ColourHistory

    rank = {1: 2, 2: 1}  # player 2 placed higher
    forfeit = _ColourHistory((Round(1, (Table(1, (1, 2), result="+/-"),)),))
    assert forfeit.balance[1] == forfeit.balance[2] == 0
    assert forfeit.colours(1, 2, rank) == (2, 1)
    played = _ColourHistory((Round(1, (Table(1, (1, 2), result="1-0"),)),))
    assert played.colours(1, 2, {1: 1, 2: 2}) == (2, 1)  # 1 had white: 2 gets it by balance, not rank
    assert played.balance[1] == 1 and played.last[2] == "b"


def test_a_ladder_is_paired_again_by_its_own_system(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`pair` on a Keizer ladder's file without --system paired it as a FIDE Dutch event and
    rewrote its system; it follows the file now, and another system asked for is said. A list
    reordered by hand pairs as the recorded numbers say (ties of unrated players went by list
    position, where the standings go by number)."""
    import json

    players = tmp_path / "club.csv"
    players.write_text("name\n" + "".join(f"{n}\n" for n in "ABCDEFG"))  # unrated: the numbers break ties
    ladder = tmp_path / "ladder.json"
    assert cli("pair", "--system", "keizer", str(players), "--rounds", "4", "--json", "-o", str(ladder)).code == 0
    for table, result in ((1, "0-1"), (2, "1/2-1/2"), (3, "1-0")):
        assert cli("result", str(ladder), "-r", "1", "-t", str(table), result).code == 0
    again, by_name = tmp_path / "again.json", tmp_path / "by_name.json"
    assert cli("pair", str(ladder), "--json", "-o", str(again)).code == 0
    expected = tmp_path / "expected.json"
    assert cli("pair", "--system", "keizer", str(ladder), "--json", "-o", str(expected)).code == 0
    made = json.loads(again.read_text())
    assert made["system"] == "keizer"
    assert made["rounds"][-1] == json.loads(expected.read_text())["rounds"][-1]
    data = json.loads(ladder.read_text())
    data["players"] = data["players"][::-1]
    reordered = tmp_path / "reordered.json"
    reordered.write_text(json.dumps(data))
    assert cli("pair", str(reordered), "--json", "-o", str(by_name)).code == 0
    assert json.loads(by_name.read_text())["rounds"][-1] == made["rounds"][-1]
    switched = cli("pair", "--system", "dutch", str(ladder), "--json", "-o", str(tmp_path / "dutch.json"))
    assert switched.code == 0 and "was paired by 'keizer'" in switched.err

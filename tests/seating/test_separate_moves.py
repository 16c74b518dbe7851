"""--separate with uneven clubs (issue 4 (d), audit 2026-12-06): the relabelling alone kept 69
same-federation meetings for federations of 20, 12, 8 and 8 (64 are forced) and 34 for 37
players with sit-outs (30 reachable); the moves within rounds reach both, at no repeat."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from fairdraw.core.model import Participant
from fairdraw.formats.mahjong_report import write_report
from fairdraw.systems.mahjong.separate_moves import forced_meetings, move_apart

from .helpers import meetings, seat, winds


def _grouped(n: int, sizes: list[int], attr: str) -> list[Participant]:
    """Players 1..n, the first ``sizes[0]`` in group G0 and so on, the rest in none."""
    labels = [f"G{g}" for g, size in enumerate(sizes) for _ in range(size)]
    labels += [None] * (n - len(labels))
    return [Participant(id=i + 1, name=f"P{i + 1}", **{attr: labels[i]}) for i in range(n)]


def _same(schedule, attr: str) -> int:
    """Same-group meetings recounted from the tables."""
    group = {p.id: getattr(p, attr) for p in schedule.players}
    return sum(c for pair, c in meetings(schedule).items()
               if len({group[x] for x in pair}) == 1 and group[next(iter(pair))] is not None)


def test_uneven_federations_reach_the_forced_floor(tmp_path: Path) -> None:
    """48 players, federations of 20, 12, 8 and 8, 8 rounds: 20 players at 12 tables force 8
    pairs a round, 64 in all; the relabelling alone stopped at 69 (70 for another seed)."""
    schedule = seat(48, 8, seed="fairdraw", players=_grouped(48, [20, 12, 8, 8], "federation"),
                    separate="federation")
    sep = schedule.meta["separation"]
    assert sep["forced"] == 64
    assert _same(schedule, "federation") == sep["same_group_meetings"] == 64
    assert max(meetings(schedule).values()) == 1  # no repeat was paid for it
    assert schedule.meta["design"]["clean_rounds"] == 8
    assert all(counts == [2, 2, 2, 2] for counts in winds(schedule).values())
    assert "moved to other tables of their round" in schedule.meta["design"]["source"]
    write_report(schedule, tmp_path)
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "- same-federation meetings: 64 (64 forced by the table counts)" in report


def test_uneven_clubs_with_sit_outs() -> None:
    """37 players (clubs of 15, 6, 4, 3, 3, 2 and 4 without one), 6 rounds, one sits out a
    round: 30 meetings where the relabelling alone left 34, sit-outs still spread evenly."""
    schedule = seat(37, 6, seed="fairdraw", players=_grouped(37, [15, 6, 4, 3, 3, 2], "club"),
                    separate="club", byes=True)
    assert _same(schedule, "club") == schedule.meta["separation"]["same_group_meetings"] <= 30
    assert max(meetings(schedule).values()) == 1
    outs = Counter(b.id for rnd in schedule.rounds for b in rnd.byes)
    assert max(outs.values()) == 1 and len(outs) == 6


def test_forced_meetings_counts_the_even_spread() -> None:
    """Per round: 20 players of one club over 12 tables sit 2, 2, ..., 1: 8 pairs; a club of
    12 sits one a table: none. Players without a club never count."""
    rounds = [[tuple(range(4 * t, 4 * t + 4)) for t in range(12)]] * 3
    label = [("A" if p < 20 else "B" if p < 32 else None) for p in range(48)]
    assert forced_meetings(rounds, label) == 3 * 8


def test_moves_seat_no_pair_that_has_met_and_keep_the_sit_out_spread() -> None:
    """The rule of the moves on random rounds with sit-outs (and repeats): a pair meets more
    often only if it had never met, so no repeat is added; everyone is still placed once a
    round; the spread of sit-outs does not widen; the same-club count never rises."""
    moved_any = 0
    for seed in range(6):
        rng = random.Random(seed)
        n, k, rounds_count = 22, 4, 7
        rounds, byes = [], []
        for r in range(rounds_count):
            order = list(range(n))
            rng.shuffle(order)
            byes.append(sorted(order[:2]))
            rounds.append([tuple(order[2 + k * t: 2 + k * t + k]) for t in range(5)])
        label = [rng.choice("ABC") if p % 3 else None for p in range(n)]
        new_rounds, new_byes, moved = move_apart(rounds, byes, label, seed=seed)
        moved_any += moved

        def pairs(rs):
            return Counter(frozenset((a, b)) for rnd in rs for t in rnd for a in t for b in t if a < b)

        def same(rs):
            return sum(1 for rnd in rs for t in rnd for a in t for b in t
                       if a < b and label[a] is not None and label[a] == label[b])

        before, after = pairs(rounds), pairs(new_rounds)
        assert all(before[p] == 0 for p, c in after.items() if c > before[p])
        for r, rnd in enumerate(new_rounds):
            assert sorted([p for t in rnd for p in t] + new_byes[r]) == list(range(n))
        old_out = Counter(p for b in byes for p in b)
        new_out = Counter(p for b in new_byes for p in b)
        assert max(new_out[p] for p in range(n)) <= max(old_out[p] for p in range(n))
        assert min(new_out[p] for p in range(n)) >= min(old_out[p] for p in range(n))
        assert same(new_rounds) <= same(rounds)
    assert moved_any  # the rule was exercised, not just met by doing nothing


def test_a_reseat_recounts_the_separation_it_reports() -> None:
    """A re-seat rewrote ``meta.separation`` as ``{by, same_group_meetings}``, losing ``forced``.
    16 players, a club of 8 at 4 tables: 4 meetings a round forced. Player 1 of it leaves and a
    player without a club joins from round 4: 3 a round from there, 4·3 + 3·3 = 21 in 6 rounds.
    The draw's stage counts go (they counted rounds the file no longer holds)."""
    from fairdraw.systems.mahjong.changes import reseat

    schedule = seat(16, 6, seed="fairdraw", players=_grouped(16, [8, 4, 4], "club"), separate="club")
    assert schedule.meta["separation"]["forced"] == 24
    new = reseat(schedule, 4, drop=[1], add=["Newcomer"])
    sep = new.meta["separation"]
    assert sorted(sep) == ["by", "forced", "same_group_meetings"]
    assert sep["by"] == "club" and sep["forced"] == 21
    assert sep["same_group_meetings"] == _same(new, "club") >= 21


def test_a_reseat_that_keeps_the_rounds_keeps_the_draws_counts() -> None:
    """Re-seated with nothing changed, the old plan stays (changes.py), and with it every
    figure of ``meta.separation``: they still describe the file's rounds."""
    from fairdraw.systems.mahjong.changes import reseat

    schedule = seat(16, 6, seed="fairdraw", players=_grouped(16, [8, 4, 4], "club"), separate="club")
    new = reseat(schedule, 4)
    assert new.rounds == schedule.rounds and new.meta["reseat"].get("old_rounds_kept")
    assert new.meta["separation"] == schedule.meta["separation"]

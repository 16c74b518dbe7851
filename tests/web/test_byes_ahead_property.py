"""Property: whatever the order of asking, cancelling, pairing and undoing, the stored byes are
the byes asked, each for its own round (storage/events.set_bye_ahead, storage/rounds.py).

The reference is the plain record an arbiter keeps: (player, round) -> kind. Pairing round n
hands over the byes asked for n and uses them up; undoing round n asks its byes for n again. The
store must show, after every step, the next round's byes in ``next_bye`` and the later ones in
``later_byes``, never one a round early or late, and refuse (changing nothing) what the arbiter
could not ask: a round paired already, one past the event's rounds, a cancel of nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairdraw.core.errors import InputError
from fairdraw.core.model import Bye, Participant, Round
from fairdraw.storage import repo
from fairdraw.storage.db import make_engine, migrate, session_factory

ROUNDS = 5
PLAYERS = (1, 2, 3, 4)

_ask = st.tuples(st.just("ask"), st.sampled_from(PLAYERS), st.integers(0, ROUNDS + 1),
                 st.sampled_from(["half-point", "zero-point", None]))
_step = st.one_of(_ask, st.just(("pair",)), st.just(("undo",)))


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    engine = make_engine(f"sqlite:///{Path(tmp_path_factory.mktemp('byes')) / 'byes.sqlite3'}")
    migrate(engine)
    yield session_factory(engine)
    engine.dispose()


def _stored(sessions, event_id: int) -> tuple[int, dict[int, str | None], dict[int, dict[int, str]]]:  # type: ignore[no-untyped-def]
    with sessions() as db:
        event = repo.get_event(db, event_id)
        return (repo.next_round_number(event), {p.pid: p.next_bye for p in event.participants},
                {p.pid: repo.later_byes_of(p) for p in event.participants})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(_step, max_size=14))
def test_the_stored_byes_are_the_byes_asked_each_for_its_round(sessions, steps) -> None:  # type: ignore[no-untyped-def]
    with sessions.begin() as db:
        event = repo.create_event(db, name="Property", system="dutch", total_rounds=ROUNDS)
        repo.add_participants(db, event, [Participant(id=pid, name=f"P{pid}") for pid in PLAYERS])
        event_id = event.id
    asked: dict[tuple[int, int], str] = {}  # the arbiter's record: (player, round) -> kind
    paired: list[dict[int, str]] = []  # the byes each stored round gave
    for step in steps:
        upcoming = len(paired) + 1
        if step[0] == "ask":
            _, pid, number, kind = step
            allowed = upcoming <= number <= ROUNDS and (kind is not None or number == upcoming
                                                         or (pid, number) in asked)
            with sessions.begin() as db:
                event = repo.get_event(db, event_id)
                if allowed:
                    repo.set_bye_ahead(db, event, pid, number, kind)
                else:  # refused before anything changes: the checks below see the store as it was
                    with pytest.raises(InputError):
                        repo.set_bye_ahead(db, event, pid, number, kind)
            if allowed and kind is None:
                asked.pop((pid, number), None)
            elif allowed and kind is not None:
                asked[(pid, number)] = kind
        elif step[0] == "pair" and upcoming <= ROUNDS:
            with sessions.begin() as db:
                event = repo.get_event(db, event_id)
                given_now = {p.pid: p.next_bye for p in event.participants if p.next_bye}
                repo.store_rounds(db, event, [Round(round=upcoming, tables=(),
                                                    byes=tuple(Bye(pid, kind) for pid, kind in given_now.items()))],
                                  {}, {})
            assert given_now == {pid: kind for (pid, number), kind in asked.items() if number == upcoming}
            for pid in given_now:
                del asked[(pid, upcoming)]
            paired.append(given_now)
        elif step[0] == "undo" and paired:
            with sessions.begin() as db:
                repo.undo_last_round(db, repo.get_event(db, event_id), len(paired))
            for pid, kind in paired.pop().items():
                asked[(pid, len(paired) + 1)] = kind
        nxt, next_byes, later = _stored(sessions, event_id)
        assert nxt == len(paired) + 1
        for pid in PLAYERS:
            assert next_byes[pid] == asked.get((pid, nxt)), (step, pid)
            assert later[pid] == {number: kind for (who, number), kind in asked.items() if who == pid and number > nxt}

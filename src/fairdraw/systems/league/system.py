"""The registered system ``mahjong-league`` (issue 5): seasons of groups of 4 and 5.

Data flow: field -> session shape (``partition``) -> season on positions (``planner``:
blocks, drops, joins, search) -> players on positions (``mapping``: SHA-256 of the seed
and the roster, optional club separation) -> per group the hanchan schedule (``inner``)
-> ``Schedule`` with one Round per session and one Table per group (``group`` = "A",
"B", ..., ``games`` = the hanchan). Played sessions passed as ``request.history`` are kept
as they are and count as meetings when the rest is re-planned (attendance changes).

Options: ``sessions`` (int, new sessions to plan), ``prefer`` (5 or 4), ``separate``
("club" or "federation"), ``iterations`` (search budget), ``previous`` (the old plan's
rounds for the sessions being re-planned: the search starts from it, repaired),
``history_players`` (players of the history who left, kept in the players list),
``keep_order`` (the players come in pairing-number order: a re-plan keeps the numbering).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.core.option_values import whole_number_option
from fairdraw.core.registry import PairingRequest, PairingSystem, register
from fairdraw.systems.league.inner import group_games
from fairdraw.systems.league.mapping import same_label_meetings, seeded_order, separate
from fairdraw.systems.league.partition import check_limits, partition_field
from fairdraw.systems.league.planner import DEFAULT_ITERATIONS, plan_season
from fairdraw.systems.league.season import quality

SEPARATE_BY = ("club", "federation")


def group_name(index: int) -> str:
    """A, B, ..., Z, AA, AB, ... for group index 0, 1, ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def session_round(number: int, session: Sequence[Sequence[int]], order: Sequence[Participant],
                  number_order: dict[int, int] | None = None) -> Round:
    """A session on positions as a Round of the model: one Table per group, members in
    pairing-number order (``number_order``: id -> rank; default the positions'), with the
    group's hanchan, started ``number - 1`` games on (``inner.group_games``)."""
    tables = []
    for index, group in enumerate(session):
        ids = tuple(order[p].id for p in sorted(group))
        if number_order is not None:
            ids = tuple(sorted(ids, key=number_order.__getitem__))
        tables.append(Table(table=index + 1, seats=ids, group=group_name(index), games=group_games(ids, number - 1)))
    return Round(round=number, tables=tuple(tables))


@register
class MahjongLeague(PairingSystem):
    """Issue 5's league: S sessions, each a split into groups of 4 and 5."""

    name = "mahjong-league"
    description = "Mahjong league: sessions of groups of 4 and 5 with the fewest repeat groupings, winds balanced"
    kind = "fixed"
    option_names = frozenset({"sessions", "prefer", "separate", "iterations", "keep_order", "previous",
                              "history_players"})

    def check_options(self, options: Mapping[str, Any]) -> None:
        """``prefer`` (4 or 5), ``separate`` and ``iterations`` as ``pair`` reads them."""
        prefer = whole_number_option(options, "prefer", 5)
        if prefer not in (4, 5):
            raise InputError(f"prefer: expected 4 or 5 (the group size to prefer), got {prefer}", field="prefer")
        by = options.get("separate")
        if by is not None and by not in SEPARATE_BY:
            raise InputError(f"separate: expected one of {', '.join(SEPARATE_BY)}, got {by!r}", field="separate")
        whole_number_option(options, "iterations", DEFAULT_ITERATIONS, low=1, high=100 * DEFAULT_ITERATIONS)

    def pair(self, request: PairingRequest) -> Schedule:
        opts = request.options
        self.check_options(opts)  # one reading of the values, here and on the page's settings form
        sessions = whole_number_option(opts, "sessions", request.total_rounds or 6)
        if sessions < 1:
            raise InputError(f"the season needs at least 1 session, got {sessions}", field="sessions")
        check_limits(len(request.players), len(request.history) + sessions)
        prefer = whole_number_option(opts, "prefer", 5)
        by = opts.get("separate")
        # the search's rounds of moves: 1,200 plan a 100-player season in seconds
        iterations = whole_number_option(opts, "iterations", DEFAULT_ITERATIONS, low=1, high=100 * DEFAULT_ITERATIONS)
        players = list(request.players)
        ids = [p.id for p in players]
        if len(set(ids)) != len(ids):
            raise InputError("two players share an id", field="id")
        shape = partition_field(len(players), prefer)

        order = seeded_order(players, request.seed)
        position = {p.id: i for i, p in enumerate(order)}
        history = [
            [tuple(position[i] for i in t.seats if i in position) for t in rnd.tables] for rnd in request.history
        ]
        history = [[g for g in s if len(g) >= 2] for s in history]
        old_plan = _newcomers_in_leavers_seats(tuple(opts.get("previous", ())), players)
        previous = [
            [tuple(position[i] for i in t.seats if i in position) for t in rnd.tables]
            for rnd in old_plan
        ]
        plan = plan_season(len(players), sessions, shape, history=history, previous=previous, iterations=iterations)
        meta: dict[str, Any] = {
            "design": plan.method,
            "shape": shape.describe(),
            "groups_of_5": shape.fives,
            "groups_of_4": shape.fours,
            "prefer": prefer,  # league-reseat keeps the season's choice unless told otherwise
            "sessions_planned": sessions,
            # filled in below from the sessions written (issue 5: repeats over the season)
            "sessions_without_repeat": 0,
            "repeats": 0,
            "max_meetings": 0,
            "mapping": "input order" if request.seed is None else "sha256(seed, roster)",
        }
        if not request.history:
            meta["repeat_lower_bound"] = plan.lower_bound
        if by is not None:

            def label(p: Participant) -> str | None:
                return getattr(p, by)

            if not request.history:
                order = separate(plan.sessions, order, label)
            meta["separate"] = {"by": by}

        # a group's members (and so its hanchan) go in pairing-number order (docs/league.md
        # "Format", issue 5 item 2): the draw's for a new season, after any separation swaps (they
        # change who holds which position, and so the numbers published below), the season's own
        # on a re-plan (``keep_order``: the players come in that order, newcomers last), so an
        # unchanged group of a re-planned session keeps its hanchan
        listed = players if opts.get("keep_order") else order
        number_order = {p.id: i for i, p in enumerate(listed)}

        first = len(request.history) + 1
        new_rounds = [session_round(first + i, s, order, number_order) for i, s in enumerate(plan.sessions)]
        # The published counts cover the whole season as written, by player id: after a
        # league-reseat the kept sessions still hold the meetings of players who have left
        # since, which the plan (on the present players' positions) does not see.
        whole = quality([[t.seats for t in rnd.tables] for rnd in (*request.history, *new_rounds)])
        meta["sessions_without_repeat"] = whole.clean_prefix
        meta["repeats"] = whole.repeats
        meta["max_meetings"] = whole.max_meetings
        present = {p.id for p in order}
        gone = [p for p in self._history_players(request) if p.id not in present]
        everyone = tuple(order) + tuple(gone)
        if by is not None:
            # over the whole season, the sessions kept by a re-plan included (as the repeats are)
            season = [[t.seats for t in rnd.tables] for rnd in (*request.history, *new_rounds)]
            meta["separate"]["same_group_meetings"] = same_label_meetings(
                season, {p.id: getattr(p, by) for p in everyone})
        if gone:
            meta["dropped"] = [p.id for p in gone]
        numbers = {p.id: i for i, p in enumerate(everyone, start=1)}
        return Schedule(
            system=self.name,
            players=everyone,
            rounds=tuple(request.history) + tuple(new_rounds),
            numbers=numbers,
            seed=request.seed,
            meta=meta,
        )

    def continue_schedule(self, schedule: Schedule, from_round: int, *, leaving: tuple[int, ...],
                          joining: tuple[Participant, ...], options: Mapping[str, Any]) -> Schedule | None:
        """Issue 5 item 4 for callers other than the command line (the organiser's page), as
        ``league-reseat`` re-plans: the sessions before ``from_round`` kept, the rest planned
        again for the field as it now is (``leaving`` out, ``joining`` in), starting from the
        old plan, the players in the season's numbering with newcomers last."""
        left = set(leaving)
        kept = tuple(r for r in schedule.rounds if r.round < from_round)
        field = sorted((p for p in schedule.players if p.id not in left), key=lambda p: schedule.number_of(p.id))
        total = len(schedule.rounds)
        own = {key: options[key] for key in ("prefer", "separate", "iterations") if key in options}
        request = PairingRequest(
            players=(*field, *joining), history=kept, total_rounds=total, seed=schedule.seed,
            options={**own, "sessions": total - len(kept), "keep_order": True,
                     "history_players": tuple(p for p in schedule.players if p.id in left),
                     "previous": tuple(r for r in schedule.rounds if r.round >= from_round)},
        )
        made = self.pair(request)
        if "prefer" not in options and (leaving or joining):
            # no shape asked for: the other one too, as league-reseat does without --prefer
            made = self.with_the_better_shape(request, made)
        # who left and who joined from which session, for the caller to record as
        # ``league-reseat`` does (meta.joined / meta.left: `check --everyone` reads them)
        change = {"from_round": from_round, "dropped": sorted(left), "added": [{"id": p.id} for p in joining]}
        return replace(made, meta={**made.meta, "replans": [change]})

    def with_the_better_shape(self, request: PairingRequest, made: Schedule) -> Schedule:
        """``made`` (planned for ``request``), or the season planned with the other group shape
        when that one is better by issue 5's order: a field that changed can change the number
        of groups the shape gives (26 players in 6 groups, one leaves: 5 groups of 5 cost 16
        repeats, 6 groups, five of 4, cost 4). The other shape may not fit the field: then
        ``made``."""
        try:
            other = self.pair(replace(request, options={**request.options, "prefer": 9 - int(made.meta["prefer"])}))
        except InputError:
            return made
        return other if season_key(other) < season_key(made) else made

    @staticmethod
    def _history_players(request: PairingRequest) -> list[Participant]:
        known = request.options.get("history_players") or ()
        return list(known)


def _newcomers_in_leavers_seats(plan: tuple[Round, ...], players: Sequence[Participant]) -> tuple[Round, ...]:
    """The old plan with each newcomer in one leaver's seat in every session (the first newcomer
    for the first leaver, and so on): a plain swap keeps every group the plan had, so the
    sessions clean before stay clean (docs/league.md). Filled session by session instead, two
    newcomers traded seats between sessions and met players twice (24 players, two swapped
    from session 2 of 8: 3 clean sessions where the swap keeps 6)."""
    present = {p.id for p in players}
    seated = [pid for rnd in plan for t in rnd.tables for pid in t.seats]
    leavers = list(dict.fromkeys(pid for pid in seated if pid not in present))
    known = set(seated)
    newcomers = [p.id for p in players if p.id not in known]
    swap = dict(zip(leavers, newcomers, strict=False))
    if not swap:
        return plan
    return tuple(replace(rnd, tables=tuple(replace(t, seats=tuple(swap.get(pid, pid) for pid in t.seats))
                                           for t in rnd.tables)) for rnd in plan)


def season_key(schedule: Schedule) -> tuple[int, int, int]:
    """Issue 5's order for two plans of one season: the most sessions without a repeat, then the
    fewest repeats, then the lowest maximum meetings of a pair (smaller is better)."""
    meta = schedule.meta
    return (-int(meta.get("sessions_without_repeat") or 0), int(meta.get("repeats") or 0),
            int(meta.get("max_meetings") or 0))

"""Read-only views of a stored event for the templates, and form decoding for results.

Templates get plain objects (names resolved, seats labelled by colour or wind, results
shown from each player's side) so that they hold no logic beyond loops and conditions.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from typing import Any

from starlette.datastructures import FormData

from fairdraw.core.errors import FairdrawError, InputError
from fairdraw.core.model import Schedule
from fairdraw.core.registry import get_system, system_kind
from fairdraw.formats.render import seat_labels
from fairdraw.storage.models import Board, Event, RoundRow
from fairdraw.storage.repo import ResultEntry
from fairdraw.web import event_settings, workflow

#: a chess result seen from (white, black): what each side scored, as shown in a cross table
_SIDES: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("½", "½"),
    "+/-": ("+", "−"), "-/+": ("−", "+"), "-/-": ("−", "−"),
}
WIND_NAMES = frozenset({"East", "South", "West", "North"})
_BYE_SHORT = {"bye": "bye", "meerkamp-bye": "bye", "half-point": "½ bye", "full-point": "1 bye",
              "zero-point": "0 bye", "absent": "absent"}

#: a bye a player asks for, as the players list and its messages name it
BYE_NAMES = {"half-point": "½-point bye", "zero-point": "0-point bye"}


def typed_or(typed: dict[str, str] | None, key: str, default: Any) -> Any:
    """What the organiser typed in field ``key`` of a refused form, else the stored value."""
    if typed and key in typed:
        return typed[key]
    return default


def result_label(result: str | None) -> str:
    """A result as printed (½-½ rather than 1/2-1/2)."""
    if result is None:
        return ""
    return workflow.CHESS_RESULT_LABELS.get(result, result)


def _chombo(penalty: int | None) -> str:
    """A chombo penalty as a cross-table cell shows it after the score (empty for none)."""
    return f" (chombo {penalty})" if penalty else ""


def _chombo_list(penalties: list[int] | None) -> str:
    """A table's chombo penalties in seat order as its printed result shows them, or nothing."""
    if penalties and any(penalties):
        return " (chombo: " + " ".join(str(p) for p in penalties) + ")"
    return ""


def _game_scores(games: list[dict[str, Any]], pid: int) -> str:
    """A league player's scores in the group's hanchan, in game order ("out" where the player
    sat one out), for the cross table: empty until some game has its scores."""
    if not any(g["scores"] for g in games):
        return ""
    parts = []
    for g in games:
        if pid not in g["pids"]:
            parts.append("out")
            continue
        index = g["pids"].index(pid)
        penalties = g.get("penalties") or []
        penalty = penalties[index] if index < len(penalties) else None
        parts.append(("–" if not g["scores"] else str(g["scores"][index])) + _chombo(penalty))
    return " " + " / ".join(parts)


@dataclass
class SeatView:
    role: str
    pid: int
    label: str
    name: str
    number: int | None
    score: int | None = None
    penalty: int | None = None


@dataclass
class BoardView:
    id: int
    number: int
    group: str | None
    label: str
    seats: list[SeatView]
    result: str | None
    scores: list[int] | None
    version: int
    games: list[dict[str, Any]]
    penalties: list[int] | None = None

    @property
    def shown_penalties(self) -> str:
        return " ".join(str(p) for p in self.penalties) if self.penalties is not None else ""

    @property
    def chess(self) -> bool:
        return len(self.seats) == 2

    @property
    def done(self) -> bool:
        if self.games:
            return all(g["scores"] is not None for g in self.games)
        return self.result is not None or self.scores is not None

    @property
    def printed(self) -> str:
        """The result as printed on public pages."""
        if self.games:
            return " · ".join(f"g{g['game']}: " + (" ".join(map(str, g["scores"])) if g["scores"] else "–")
                              + _chombo_list(g.get("penalties")) for g in self.games)
        if self.scores is not None:
            return " ".join(str(s) for s in self.scores) + _chombo_list(self.penalties)
        return result_label(self.result)

    @property
    def shown(self) -> str:
        """What the results form shows (and sends back as the seen value)."""
        if self.games:
            return json.dumps([[g["game"], g["scores"]] for g in self.games])
        if self.scores is not None:
            return " ".join(str(s) for s in self.scores)
        return self.result or ""


def pairing_token(row: RoundRow) -> str:
    """A fingerprint of a round's pairing (boards, seats, byes). The results form carries
    it: a form opened before the round was undone and paired again must not write its
    results onto the new boards, even where the database reuses the old board ids."""
    shape = {"boards": [[b.id, b.number, b.group, list(b.seats)] for b in row.boards], "byes": row.byes or []}
    return hashlib.sha256(json.dumps(shape, sort_keys=True).encode()).hexdigest()[:20]


@dataclass
class RoundView:
    number: int
    boards: list[BoardView]
    byes: list[tuple[str, str]]
    meta: dict[str, Any]
    token: str = ""

    @property
    def done(self) -> int:
        return sum(1 for b in self.boards if b.done)

    @property
    def chess(self) -> bool:
        return all(b.chess for b in self.boards)

    @property
    def width(self) -> int:
        return max((len(b.seats) for b in self.boards), default=2)

    @property
    def roles(self) -> tuple[str, ...]:
        return seat_labels(self.width)

    @property
    def explanation(self) -> list[tuple[str, str]]:
        """The system's published facts for this round, each as (title, text)."""
        items: list[tuple[str, str]] = []
        for key, value in self.meta.items():
            if isinstance(value, str):
                items.append((key.replace("_", " "), value))
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                items.append((key.replace("_", " "), "\n".join(value)))
            else:
                items.append((key.replace("_", " "), json.dumps(value, indent=2, ensure_ascii=False)))
        return items


@dataclass(frozen=True)
class ByeAhead:
    """A bye asked for a round after the next (``Participant.later_byes``): its round, its text
    ("½-point bye in round 5"), and whether the event's rounds were cut below it since."""

    round: int
    label: str
    beyond: bool = False


@dataclass
class EventView:
    """Everything a page shows about one event."""

    event: Event
    schedule: Schedule
    kind: str = field(init=False)
    rounds: list[RoundView] = field(init=False)

    def __post_init__(self) -> None:
        self.kind = system_kind(self.event.system)
        self._players = {p.pid: p for p in self.event.participants}
        self._points_before: dict[int, dict[int, Any]] = {}
        self.rounds = [self._round(r) for r in self.event.rounds]

    # players ---------------------------------------------------------------------------

    def label(self, pid: int) -> str:
        player = self._players.get(pid)
        if player is None:
            return f"#{pid}"
        return f"{player.number}. {player.name}" if player.number is not None else player.name

    def name(self, pid: int) -> str:
        player = self._players.get(pid)
        return player.name if player is not None else f"#{pid}"

    @property
    def players(self) -> list[Any]:
        return list(self.event.participants)

    def plays(self, pid: int) -> bool:
        """Whether the player is in any stored round (seated or on a bye): such a player can
        be withdrawn but not deleted, the rounds name them."""
        return any(pid in b.seats for r in self.event.rounds for b in r.boards) or any(
            int(b["id"]) == pid for r in self.event.rounds for b in r.byes or [])

    @property
    def last_scored_round(self) -> int:
        """The last round with a result entered (0: none yet): what standings are "after"."""
        return max((r.number for r in self.rounds if r.done), default=0)

    def points_before(self, number: int) -> dict[int, Any]:
        """Chess: each player's points before round ``number`` under the event's scoring, as a
        pairing list shows them beside the names; empty when the rounds before have no result
        or cannot be scored (the standings page then says why)."""
        if number not in self._points_before:
            history = Schedule(self.schedule.system, self.schedule.players,
                               tuple(r for r in self.schedule.rounds if r.round < number), numbers=self.schedule.numbers)
            try:
                _, scoring_options = event_settings.split_options(dict(self.event.options or {}))
                table = workflow.standings(history, scoring=self.event.scoring, tiebreaks="none",
                                           scoring_options=scoring_options)
                self._points_before[number] = {row["id"]: row["points"] for row in table.rows}
            except (workflow.UnavailableError, FairdrawError):
                self._points_before[number] = {}
        return self._points_before[number]

    @property
    def pending(self) -> list[str]:
        """One line per started round with tables still without a result (the standings count
        them as not played yet), e.g. "Round 4: no result yet at board 2, board 5"."""
        from fairdraw.scoring.results import pending_tables

        return [f"Round {number}: no result yet at {', '.join(missing)}"
                for number, missing in pending_tables(self.schedule.rounds)]

    @property
    def next_round(self) -> int:
        """The round the next pairing makes: the one a bye on the players list's select is for."""
        from fairdraw.storage.repo import next_round_number

        return next_round_number(self.event)

    @property
    def rounds_ahead(self) -> tuple[int, int] | None:
        """(first, last) of the rounds a bye may be asked ahead for (after the next, within the
        event's rounds: ``storage.events.set_bye_ahead`` refuses any other), None when none is left."""
        from fairdraw.core.model import MAX_ROUNDS

        last = self.event.total_rounds if self.event.total_rounds is not None else MAX_ROUNDS
        first = self.next_round + 1
        return (first, last) if first <= last else None

    def byes_ahead(self, player: Any) -> list[ByeAhead]:
        """A player's byes asked ahead, in round order, as the players list shows them."""
        from fairdraw.storage.repo import later_byes_of

        total = self.event.total_rounds
        return [ByeAhead(number, f"{BYE_NAMES.get(kind, kind)} in round {number}",
                         beyond=total is not None and number > total)
                for number, kind in sorted(later_byes_of(player).items())]

    @property
    def active_count(self) -> int:
        return sum(1 for p in self.event.participants if not p.withdrawn)

    @property
    def withdrawn_ids(self) -> set[int]:
        """The players withdrawn from the event: the standings keep their rows (their games
        count) and mark them, so a reader does not take them for players still in it."""
        return {p.pid for p in self.event.participants if p.withdrawn}

    @property
    def scoring_label(self) -> str:
        """The scoring the standings use, by name: the event's own, or the one its schedule is
        ranked by when none is set ("mahjong (the default)"), not a bare "default"."""
        if self.event.scoring:
            return str(self.event.scoring)
        from fairdraw.scoring.standings import default_scoring

        return f"{default_scoring(self.schedule)} (the default)"

    # rounds ----------------------------------------------------------------------------

    def _round(self, row: RoundRow) -> RoundView:
        boards = [self._board(b) for b in row.boards]
        byes = [(self.label(int(b["id"])), _BYE_SHORT.get(str(b.get("kind", "bye")), str(b.get("kind"))))
                for b in row.byes]
        return RoundView(number=row.number, boards=boards, byes=byes, meta=dict(row.meta or {}),
                         token=pairing_token(row))

    def _board(self, b: Board) -> BoardView:
        roles = seat_labels(len(b.seats))
        seats = []
        for index, (role, pid) in enumerate(zip(roles, b.seats, strict=True)):
            player = self._players.get(pid)
            score = b.scores[index] if b.scores is not None and index < len(b.scores) else None
            penalty = b.penalties[index] if b.penalties is not None and index < len(b.penalties) else None
            label = self.label(pid)
            if player is not None and player.withdrawn and self.kind == "fixed" and not _has_result(b):
                # a schedule made ahead still seats a player who withdrew since (until its rounds
                # are made again): the round page, table cards and results sheet say so
                label += " (withdrawn)"
            seats.append(SeatView(role, pid, label, self.name(pid),
                                  player.number if player else None, score, penalty or None))
        games = []
        for g in b.games or []:
            games.append({"game": g["game"],
                          "seats": list(zip(seat_labels(len(g["seats"])), [self.name(p) for p in g["seats"]],
                                            strict=True)),
                          "pids": list(g["seats"]),
                          "out": [self.name(p) for p in g.get("out", [])],
                          "scores": g.get("scores"),
                          "penalties": g.get("penalties")})
        label = f"{b.group} · {b.number}" if b.group else str(b.number)
        return BoardView(b.id, b.number, b.group, label, seats, b.result, b.scores, b.version, games, b.penalties)

    def round(self, number: int) -> RoundView:
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        from fairdraw.storage.repo import NotFoundError

        raise NotFoundError(f"round {number} is not paired")

    @property
    def pair_label(self) -> str | None:
        """The text of the pairing button, or None when there is nothing to pair."""
        if self.kind == "fixed":
            if not self.rounds:
                return "Make the whole schedule"
            if self.seats_next_by_ranking:  # a mahjong seating's final rounds, from the standings
                return f"Seat round {len(self.rounds) + 1} by ranking"
            planned = self.rounds[0].meta.get("schedule_rounds")
            if isinstance(planned, int) and planned > len(self.rounds):
                first, last = len(self.rounds) + 1, planned - self._left_to_standings()
                return f"Make round {first} again" if first == last else f"Make rounds {first}–{last} again"
            return None
        if self.kind == "per-round":
            total = self.event.total_rounds
            if total is not None and len(self.rounds) >= total:
                return None
            return f"Pair round {len(self.rounds) + 1}"
        return None

    def _left_to_standings(self) -> int:
        """The final rounds the standings seat instead of the schedule made at the start: the
        system's ``rounds_left_to_standings`` (a mahjong seating's ``ranked_last``), from the
        options the pairing gets."""
        return get_system(self.event.system).rounds_left_to_standings(self._pairing_options())

    def _pairing_options(self) -> dict[str, Any]:
        return event_settings.pairing_options(self.event.system, self.event.scoring, dict(self.event.options or {}))

    @property
    def seats_next_by_ranking(self) -> bool:
        """Whether "pair" seats the next round from the standings (``workflow.ranked_round_due``,
        the rule the pairing itself follows)."""
        if self.kind != "fixed":
            return False
        return workflow.ranked_round_due(get_system(self.event.system), self.schedule, self._pairing_options(),
                                         self.event.total_rounds)

    @property
    def pair_blocked(self) -> str | None:
        """Why pairing the next round must wait, if it must."""
        waits_for_results = self.kind == "per-round" or self.seats_next_by_ranking
        if waits_for_results and self.rounds and self.rounds[-1].done < len(self.rounds[-1].boards):
            return f"enter every result of round {self.rounds[-1].number} first"
        if self.active_count < 2:
            return "add at least two players first"
        return None

    # cross table -----------------------------------------------------------------------

    def crosstable(self, order: list[int] | None = None) -> dict[str, Any]:
        """A round-by-round grid: per player and round, opponent/table, colour or wind, result."""
        pids = order or [p.pid for p in sorted(self.event.participants, key=lambda p: (p.number or 10**9, p.pid))]
        cells: dict[int, list[str]] = {pid: [] for pid in pids}
        for rnd in self.rounds:
            seen: dict[int, str] = {}
            for board in rnd.boards:
                for index, seat in enumerate(board.seats):
                    if board.chess:
                        other = board.seats[1 - index]
                        colour = "w" if index == 0 else "b"
                        side = _SIDES.get(board.result or "", ("", ""))[index]
                        seen[seat.pid] = f"{other.number or other.pid}{colour} {side}".strip()
                    elif board.games:  # a league group: winds change from game to game
                        seen[seat.pid] = f"G{board.label}{_game_scores(board.games, seat.pid)}"
                    else:
                        score = "" if seat.score is None else f" {seat.score}"
                        seat_mark = seat.role[0] if seat.role in WIND_NAMES else str(index + 1)
                        seen[seat.pid] = f"T{board.label} {seat_mark}{score}{_chombo(seat.penalty)}"
            for row in self.event.rounds:
                if row.number == rnd.number:
                    for bye in row.byes:
                        seen[int(bye["id"])] = _BYE_SHORT.get(str(bye.get("kind", "bye")), "bye")
            for pid in pids:
                cells[pid].append(seen.get(pid, ""))
        # events with groups (Meerkamp): one grid per group, as pairing numbers restart per group
        group_of: dict[int, str] = {}
        for rnd in self.rounds:
            for board in rnd.boards:
                for seat in board.seats:
                    if board.group is not None and board.chess:  # league groups change every session
                        group_of.setdefault(seat.pid, board.group)
        sections: list[dict[str, Any]] = []
        for pid in pids:
            if pid not in self._players:
                continue
            group = group_of.get(pid)
            section = next((s for s in sections if s["group"] == group), None)
            if section is None:
                section = {"group": group, "rows": []}
                sections.append(section)
            section["rows"].append((self._players[pid].number, self.name(pid), cells[pid]))
        sections.sort(key=lambda s: (s["group"] is None, len(s["group"] or ""), s["group"] or ""))
        return {"rounds": [r.number for r in self.rounds], "sections": sections}


def standings_or_reason(event: Event, schedule: Schedule) -> tuple[workflow.Standings | None, str | None]:
    """The standings, or the reason there are none (never a made-up table)."""
    withdrawn = {p.pid for p in event.participants if p.withdrawn}
    if withdrawn and system_kind(event.system) == "per-round":
        # when each withdrew, as the JSON export records it: a Keizer ladder's standings give
        # no absence share from then on (``scoring.keizer``)
        schedule = replace(schedule, meta={**schedule.meta, **workflow.withdrawn_records(schedule, withdrawn)})
    try:
        _, scoring_options = event_settings.split_options(dict(event.options or {}))
        return workflow.standings(schedule, scoring=event.scoring, tiebreaks=event.tiebreaks,
                                  scoring_options=scoring_options), None
    except InputError as exc:
        # the scoring layer names "<schedule>" and its field for the command line; the page
        # shows its own event, so only what is wrong ("round 1 table 1: the scores add up to ...")
        return None, exc.message if exc.source in (None, "<schedule>") else str(exc)
    except (workflow.UnavailableError, FairdrawError) as exc:
        return None, str(exc)


def check_scores(event: Event, number: int, entries: list[ResultEntry]) -> None:
    """Refuse table scores the scoring layer would reject, before anything is written."""
    _, scoring_options = event_settings.split_options(dict(event.options or {}))
    rnd = next(r for r in event.rounds if r.number == number)
    labels = {b.id: (f"{b.group} {b.number}" if b.group else str(b.number)) for b in rnd.boards}
    for entry in entries:
        if entry.untouched():
            continue
        if entry.scores is not None:
            workflow.check_table_scores(entry.scores, board=labels[entry.board_id], scoring=event.scoring,
                                        scoring_options=scoring_options)
        for game, scores in entry.game_scores or ():
            if scores is not None:
                workflow.check_table_scores(scores, board=f"{labels[entry.board_id]} game {game}",
                                            scoring=event.scoring, scoring_options=scoring_options)


def result_entries(event: Event, number: int, form: FormData) -> list[ResultEntry]:
    """Decode the results form of one round: ``r<id>`` (chess) or ``s<id>_<seat>`` (scores),
    ``v<id>`` the version and ``o<id>`` the value the form showed."""
    rnd = next((r for r in event.rounds if r.number == number), None)
    if rnd is None:
        from fairdraw.storage.repo import NotFoundError

        raise NotFoundError(f"round {number} is not paired")
    seen_token = form.get("pairing")
    if not (isinstance(seen_token, str) and seen_token):
        # every results form carries its round's fingerprint: without it the boards' ids alone
        # could name boards of a round undone and paired again since (SQLite reuses the ids)
        raise InputError("the form carries no round fingerprint (the 'pairing' field): open the round's page "
                         "again and enter the results there", field="pairing")
    if seen_token != pairing_token(rnd):
        from fairdraw.storage.repo import ConflictError

        raise ConflictError([], f"round {number} was undone and paired again after this page was opened, so "
                                "these results belong to boards that no longer exist")
    entries: list[ResultEntry] = []
    for board in rnd.boards:
        version_text = form.get(f"v{board.id}")
        if not isinstance(version_text, str):
            continue  # this board was not on the submitted form
        try:
            version = int(version_text)
        except ValueError:
            raise InputError(f"board {board.number}: bad version field", field=f"v{board.id}") from None
        if not 0 <= version < 2**31:  # the database's integer: a larger one was an OverflowError's 404
            raise InputError(f"board {board.number}: bad version field", field=f"v{board.id}")
        label = f"{board.group} {board.number}" if board.group else str(board.number)
        seen = form.get(f"o{board.id}")
        seen = seen if isinstance(seen, str) else ""
        if board.games:
            game_scores = []
            for g in board.games:
                values = [str(form.get(f"g{board.id}_{g['game']}_{i}") or "") for i in range(len(g["seats"]))]
                game_scores.append((int(g["game"]), workflow.parse_scores(values, board=f"{label} game {g['game']}")))
            try:
                seen_games = tuple((int(n), tuple(sc) if sc else None) for n, sc in json.loads(seen or "[]"))
            except (ValueError, TypeError):
                raise InputError(f"table {label}: bad form field", field=f"o{board.id}") from None
            entries.append(ResultEntry(board.id, version, game_scores=tuple(game_scores),
                                       seen_game_scores=seen_games or None))
        elif len(board.seats) == 2:
            result = workflow.parse_chess_result(str(form.get(f"r{board.id}") or ""), board=label)
            seen_result = workflow.parse_chess_result(seen, board=label) if seen else None
            entries.append(ResultEntry(board.id, version, result=result, seen_result=seen_result))
        else:
            values = [str(form.get(f"s{board.id}_{i}") or "") for i in range(len(board.seats))]
            scores = workflow.parse_scores(values, board=label)
            seen_scores = workflow.parse_scores(seen.split(), board=label) if seen.strip() else None
            penalty_values = [str(form.get(f"p{board.id}_{i}") or "") for i in range(len(board.seats))]
            penalties = workflow.parse_penalties(penalty_values, board=label)
            if penalties is not None and scores is None:
                # a chombo is subtracted from the table's result: on a table with no scores it
                # was stored on a result that does not exist while the page said "Saved"
                raise InputError(f"table {label}: a penalty (chombo) needs the table's final scores; enter "
                                 "every seat's score too, or clear the penalty", field="penalties")
            seen_pen = form.get(f"op{board.id}")
            seen_penalties = (workflow.parse_penalties(seen_pen.split(), board=label)
                              if isinstance(seen_pen, str) and seen_pen.strip() else None)
            entries.append(ResultEntry(board.id, version, scores=scores, seen_scores=seen_scores,
                                       penalties=penalties, seen_penalties=seen_penalties))
    return entries


def _has_result(board: Board) -> bool:
    """Whether a table's result or scores were entered (a game of a league group's included)."""
    return board.result is not None or board.scores is not None or any(g.get("scores") for g in board.games or [])

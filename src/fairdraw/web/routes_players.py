"""The event's players: add one, import a list, edit, delete, withdraw, ask for a bye."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.datastructures import FormData, UploadFile

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant as CoreParticipant
from fairdraw.core.registry import system_kind
from fairdraw.formats.text_files import decode_spreadsheet_text, looks_like_trf
from fairdraw.formats.wording import counted
from fairdraw.storage import repo
from fairdraw.storage.events import MAX_PLAYERS, REQUESTABLE_BYES
from fairdraw.storage.retry import retrying_clashes
from fairdraw.web import views, workflow
from fairdraw.web.stale_forms import refuse_stale_player, refuse_stale_round
from fairdraw.web.pages import (
    PLAYER_FILE_MAX_BYTES,
    SAVE_AS_UTF8,
    WebState,
    act,
    arrival_notes,
    form_int,
    form_text,
    gives_ids,
    organiser_form,
    redirect,
    renumbering_note,
    typed_back,
)


def _player_from_form(form: FormData, pid: int) -> CoreParticipant:
    """The player the add and edit forms describe (the same four fields), with id ``pid``."""
    return CoreParticipant(id=pid, name=form_text(form, "name"), rating=form_int(form, "rating"),
                           federation=form_text(form, "federation").strip() or None,
                           club=form_text(form, "club").strip() or None)


def _trf_rounds(db: Any, event: Any, history: workflow.TrfHistory, filename: str, *, fresh: bool) -> str:
    """Store the rounds of an imported TRF16 file, with their results, the byes announced for
    the next round and the byes asked ahead for later ones, so the arbiter goes on where another
    program stopped (the page took the players and dropped the rounds without a word). Only into
    a new event of a system paired round by round, numbered by the file's start ranks; otherwise
    the note says why not."""
    played = counted(len(history.rounds), "round")
    what = f"its {played}" if history.rounds else "the byes it asks for"
    if not workflow.takes_trf_rounds(event.system):
        return (f" Note: {filename}: {what} were not imported: a {event.system} schedule is made whole "
                "by the system.")
    if not fresh:
        return (f" Note: {filename}: {what} were not imported: rounds and byes come in only with the players, "
                "into an event with no players or rounds yet (make a new event for it).")
    if history.rounds:
        repo.store_rounds(db, event, history.rounds, {"imported_from": filename},
                          {p.pid: p.pid for p in event.participants})
    for pid, kind in history.next_byes.items():
        if kind in REQUESTABLE_BYES:
            repo.set_next_bye(db, event, pid, kind)
    # byes asked ahead, stored before any withdrawal below: a player the file announces absent
    # from the next round keeps the bye typed for round 5, honoured if brought back
    ahead, beyond = _store_byes_ahead(db, event, history.later_byes)
    withdrawn: list[str] = []
    for pid, kind in history.next_byes.items():
        if kind == "absent":
            # TRF16 has no mark for a withdrawal: a player announced absent from the next round
            # ("0000 - -", as fairdraw's own TRF16 export writes one) is withdrawn, not paired
            # again (an audit: the import brought a withdrawn player back); said, with the way back
            withdrawn.append(repo.set_withdrawn(db, event, pid, True).name)
    note = (f" Imported {played} with their results from {filename}; the next round is paired from them."
            if history.rounds else "")
    if ahead:
        note += f" Byes asked ahead, on the players list: {'; '.join(ahead)}."
    if beyond:
        note += (f" Not kept: {'; '.join(beyond)}, past the event's {counted(int(event.total_rounds), 'round')} "
                 "(change the event's rounds and ask for them again if the file is right).")
    if withdrawn:
        who = ", ".join(withdrawn)
        note += (f" Withdrawn: {who}, as the file announces {'them' if len(withdrawn) > 1 else 'this player'} "
                 f"absent from round {len(history.rounds) + 1} (0000 - -, how TRF16 writes a withdrawal); for "
                 "a player who misses that round only, use Bring back and ask a zero-point bye.")
    if history.total_rounds is not None and event.total_rounds not in (None, history.total_rounds):
        note += (f" The file plans {counted(history.total_rounds, 'round')} (XXR) and the event "
                 f"{counted(int(event.total_rounds), 'round')}: change the event's settings if the file is right.")
    if history.left_out:
        note += f" Not carried from the file: {'; '.join(history.left_out)}."
    return note


def _store_byes_ahead(db: Any, event: Any, later: dict[int, dict[int, str]]) -> tuple[list[str], list[str]]:
    """Store a TRF16 file's byes asked ahead (round -> {start rank = player id: kind}) as the
    players list asks them; (those stored, those past the event's rounds, which are not), each
    as "Name: ½-point bye in round 5"."""
    names = {p.pid: p.name for p in event.participants}
    stored: list[str] = []
    beyond: list[str] = []
    for number, asked in sorted(later.items()):
        for pid, kind in sorted(asked.items()):
            said = f"{names.get(pid, f'#{pid}')}: {views.BYE_NAMES[kind]} in round {number}"
            if event.total_rounds is not None and number > event.total_rounds:
                beyond.append(said)
                continue
            repo.set_bye_ahead(db, event, pid, number, kind)
            stored.append(said)
    return stored, beyond


def add_routes(app: FastAPI, state: WebState) -> None:
    """Every route that changes the players of an event."""
    codec = state.codec

    @app.post("/events/{event_id}/players")
    async def add_player(request: Request, event_id: int) -> Response:
        form = await organiser_form(state, request)

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                player = _player_from_form(form, max([p.pid for p in event.participants] + [0]) + 1)
                newest = max(event.participants, key=lambda p: p.id, default=None)
                if newest is not None and repo.stored_key(newest) == repo.player_key(player):
                    # the form sent twice (a double click): a namesake entered on purpose differs
                    # in a detail, or comes after someone else
                    raise InputError(f"{newest.name} was just added with this very rating, federation and club "
                                     "(the form sent twice?), so not added again; to enter a namesake, give a "
                                     "detail that tells them apart (a club, a rating)", field="name")
                already = {p.name.casefold() for p in event.participants}
                added = repo.add_participants(db, event, [player])
                return f"Added {added[0].name}." + arrival_notes(event, added, already)

        # two organisers adding at the same moment both took the same new id: the one the unique key
        # refused is run again and takes the next (storage.retry); refused, the form keeps what was
        # typed (it came back empty: an audit)
        return await act(state, request, event_id, lambda: retrying_clashes(work), anchor="players",
                         keep=("add", typed_back(form, ("name", "rating", "federation", "club"))))

    @app.post("/events/{event_id}/players/import")
    async def import_players(request: Request, event_id: int) -> Response:
        form = await organiser_form(state, request)
        upload = form.get("file")
        text = form_text(form, "text")
        filename = "pasted text"
        encoding_notes: list[str] = []
        if isinstance(upload, UploadFile) and upload.filename:
            filename = upload.filename
            target = f"/events/{event_id}#players"
            # read one byte past the limit, never the whole of a runaway file into memory
            raw = await upload.read(PLAYER_FILE_MAX_BYTES + 1)
            if len(raw) > PLAYER_FILE_MAX_BYTES:
                return redirect(state, request, target, f"Not done: {filename}: the file is too large (over "
                                f"{PLAYER_FILE_MAX_BYTES // (1024 * 1024)} MB; a players list of "
                                f"{MAX_PLAYERS:,} players is far smaller): is it the right file? Nobody was added.")
            if b"\x00" in raw and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
                # a workbook, an image or zeros: say so, never echo its bytes (a NUL-filled file
                # is valid UTF-8, and the reader's "found: ..." message showed the raw NULs)
                return redirect(state, request, target, f"Not done: {filename}: the file is not text "
                                f"(a spreadsheet workbook or another binary file?). {SAVE_AS_UTF8}")
            try:
                # UTF-8, UTF-16 with its mark, or a spreadsheet's plain "CSV" in Windows-1252
                # (José as one byte), read with a note, as `fairdraw` reads a players file
                text = decode_spreadsheet_text(raw, source=filename, notes=encoding_notes)
            except InputError:
                return redirect(state, request, target,
                                f"Not done: {filename}: the file is not UTF-8 text, nor Windows-1252. {SAVE_AS_UTF8}")

        def work() -> str:
            file_notes: list[str] = list(encoding_notes)
            players = workflow.parse_player_text(text, filename=filename, notes=file_notes)
            history = workflow.trf_history(text, filename) if looks_like_trf(text.lstrip("\ufeff")) else None
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                stored = {repo.stored_key(p) for p in event.participants}
                if stored and all(repo.player_key(p) in stored for p in players):
                    # the list imported twice, or its form sent twice: a second copy of every
                    # player would be paired against the first (a list with anyone new is taken)
                    raise InputError(f"every player of this list is already in the event with the same name, rating, "
                                     f"federation and club (the list imported twice, or the form sent twice?), so "
                                     f"nobody was added; add a namesake on purpose one by one, with a detail that "
                                     f"tells them apart", source=filename, field="players")
                already = {p.name.casefold() for p in event.participants}
                if already and all(p.name.casefold() in already for p in players):
                    # the list again with a rating or club corrected: adding it doubled the field
                    # (every player twice, paired against themselves); a correction is an edit
                    changed = [p.name for p in players if repo.player_key(p) not in stored]
                    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
                    detail = (f"; {shown} differ{'s' if len(changed) == 1 else ''} in rating, federation or club"
                              if changed else "")
                    raise InputError(f"every name of this list is already in the event{detail}, so nobody was "
                                     f"added: correct a player's details with Edit on the players list, or add a "
                                     f"namesake one by one", source=filename, field="players")
                taken = {p.pid for p in event.participants}
                fresh = not event.participants and not event.rounds
                ids_given = gives_ids(text)
                added = repo.add_participants(db, event, players, ids_given=ids_given)
                count = f"{len(added)} player{'s' if len(added) != 1 else ''}"
                read = "".join(f" Note: {filename}: {note}." for note in file_notes)
                renumbered = renumbering_note(players, added, taken) if ids_given else ""
                rounds = (_trf_rounds(db, event, history, filename, fresh=fresh)
                          if history and history.anything_to_store else "")
                return (f"Imported {count}." + rounds + renumbered + read
                        + arrival_notes(event, added, already))

        # a list imported while someone adds a player clashes as two adds do: run again (storage.retry);
        # refused, the page keeps the pasted text (the file input cannot be refilled: browsers forbid it)
        return await act(state, request, event_id, lambda: retrying_clashes(work), anchor="players",
                         keep=("import", typed_back(form, ("text",))))

    @app.post("/events/{event_id}/players/{pid}/edit")
    async def edit_player(request: Request, event_id: int, pid: int) -> Response:
        form = await organiser_form(state, request)

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                refuse_stale_player(form, event, pid)
                player = _player_from_form(form, pid)
                row = repo.update_participant(db, event, pid, player)
                return f"Saved {row.name}."

        return await act(state, request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/players/{pid}/delete")
    async def delete_player(request: Request, event_id: int, pid: int) -> Response:
        form = await organiser_form(state, request)

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                refuse_stale_player(form, event, pid)
                return f"Deleted {repo.delete_participant(db, event, pid)}."

        return await act(state, request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/players/{pid}/withdraw")
    async def withdraw(request: Request, event_id: int, pid: int) -> Response:
        form = await organiser_form(state, request)
        flag = form_text(form, "withdrawn")
        back = flag == "1"

        def work() -> str:
            if flag not in ("0", "1"):  # any other value withdrew the player ("maybe" did)
                raise InputError(f"expected 1 (withdraw) or 0 (back in the field), got {flag!r}", field="withdrawn")
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                refuse_stale_player(form, event, pid)
                player = repo.set_withdrawn(db, event, pid, back)
                if system_kind(event.system) != "per-round" and event.rounds:
                    return (f"{player.name} is marked {'withdrawn' if back else 'back'}; the schedule already made "
                            "is unchanged (undo its rounds and remake it, or re-seat with the system's command).")
                return f"{player.name} {'withdrawn from the rounds still to pair' if back else 'is back in the field'}."

        return await act(state, request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/players/{pid}/bye")
    async def request_bye(request: Request, event_id: int, pid: int) -> Response:
        form = await organiser_form(state, request)
        kind = form_text(form, "bye").strip() or None

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                refuse_stale_player(form, event, pid)
                refuse_stale_round(form, event)
                player = repo.set_next_bye(db, event, pid, kind)
                return f"{player.name}: {kind + ' bye' if kind else 'no bye'} in the next round."

        return await act(state, request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/players/{pid}/bye-ahead")
    async def request_bye_ahead(request: Request, event_id: int, pid: int) -> Response:
        """A bye asked (or, with ``bye`` empty, cancelled) for a named round not yet paired: the
        round is absolute, so a form opened before a pairing still means the round it names."""
        form = await organiser_form(state, request)
        kind = form_text(form, "bye").strip() or None

        def work() -> str:
            number = form_int(form, "round")
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                if system_kind(event.system) != "per-round":
                    raise InputError(f"a {event.system} schedule is made whole by the system, which takes no bye "
                                     "requests; withdraw a player who leaves", field="bye")
                refuse_stale_player(form, event, pid)
                player = repo.set_bye_ahead(db, event, pid, number, kind)
                if kind is None:
                    return f"{player.name}: the bye in round {number} is cancelled."
                return f"{player.name}: {views.BYE_NAMES[kind]} in round {number}."

        return await act(state, request, event_id, work, anchor="players")

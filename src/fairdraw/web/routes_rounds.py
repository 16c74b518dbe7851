"""Rounds: pair the next (or the schedule), undo, enter results; standings and exports."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.exc import IntegrityError

from fairdraw.core.errors import FairdrawError, InputError
from fairdraw.core.registry import system_kind
from fairdraw.formats.wording import counted
from fairdraw.storage import repo
from fairdraw.web import event_settings, views, workflow
from fairdraw.web.auth import user_id
from fairdraw.web.pages import (
    WebState,
    act,
    draw_record_meta,
    form_int,
    load_event,
    load_round,
    organiser_form,
    page,
    redirect,
    threaded,
)

log = logging.getLogger("fairdraw.web")


def add_routes(app: FastAPI, state: WebState) -> None:
    """Pairing, undo, results, standings and the exports."""
    codec = state.codec

    @app.post("/events/{event_id}/pair")
    async def pair(request: Request, event_id: int) -> Response:
        form = await organiser_form(state, request)

        def work() -> str:
            # read inside the work, as undo reads its round: a bad value is "Not done", not a 500
            expected = form_int(form, "round")  # the first round the button makes (a script may leave it out)
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                schedule = repo.event_schedule(event)
                made_already = max((r.round for r in schedule.rounds), default=0)
                if expected is not None and expected != made_already + 1:
                    # a stale tab, or a second click after the round's results were entered,
                    # made the next round without being asked (undo names its round likewise)
                    raise InputError(f"this page's button makes round {expected}, but the event has "
                                     f"{made_already} round{'s' if made_already != 1 else ''} now (another tab, or a "
                                     "second click): nothing was paired; reload the event page", field="round")
                withdrawn = {p.pid for p in event.participants if p.withdrawn}
                requested = {p.pid: p.next_bye for p in event.participants if p.next_bye and not p.withdrawn}
                system_options = event_settings.pairing_options(event.system, event.scoring, dict(event.options or {}))

                def ranking() -> list[int]:  # a mahjong seating's final rounds: the standings seat them
                    table, problem = views.standings_or_reason(event, schedule)
                    if table is None:
                        raise InputError(f"the standings seat this round, and there are none: {problem}")
                    return [int(row["id"]) for row in table.rows]

                try:
                    made = workflow.pair_next(schedule, withdrawn=withdrawn, total_rounds=event.total_rounds,
                                              options=system_options, requested_byes=requested, ranking=ranking)
                except (FairdrawError, IntegrityError):
                    raise
                except Exception as exc:  # a system's own failure: tell the organiser, keep the traceback
                    log.exception("pairing system %s failed on event %s", event.system, event_id)
                    raise InputError(f"the pairing system {event.system!r} failed ({type(exc).__name__}: {exc}); "
                                     "nothing was saved") from exc
                repo.store_rounds(db, event, made.rounds, made.meta, made.numbers)
                asked = event.total_rounds
                note = ""
                if system_kind(event.system) == "fixed" and repo.follow_schedule_length(
                        db, event, int(made.meta.get("schedule_rounds") or 0)):
                    total = int(event.total_rounds or 0)  # just set from the schedule's length
                    asked_for = f"the {asked} asked for do{'es' if asked == 1 else ''} not apply"
                    note = (f" The schedule has {counted(total, 'round')} (the system fixes the count; "
                            f"{asked_for}), so the event now has {total}.")
                numbers = [r.round for r in made.rounds]
                if made.meta.get("seated_by_ranking"):
                    breaches = sum((made.meta.get("ranked_wind_breaches") or {}).values())
                    forced = counted(breaches, "wind breach", "wind breaches")
                    winds = (f" The tables the ranking makes leave {forced} that no seat order avoids "
                             "(each player's winds are balanced as far as these tables allow).") if breaches else ""
                    ranked = f"Round {numbers[0]} is seated by ranking: {_ranked_tables(made.rounds[0])}."
                    return ranked + winds + note
                reseat_meta = made.meta.get("reseat")
                reseat_record: dict[str, Any] = reseat_meta if isinstance(reseat_meta, dict) else {}
                breaches = reseat_record.get("wind_breaches")
                if isinstance(breaches, int) and breaches > 0 and reseat_record.get("from_round") == numbers[0]:
                    # as `fairdraw reseat` says: the kept rounds fixed some winds, so the balance
                    # of issue 4 item 3 holds as far as they allow (`fairdraw check` lists them)
                    note += (f" The rounds kept leave {counted(breaches, 'wind breach', 'wind breaches')} in the "
                             "rounds made (each player's winds are balanced as far as the rounds played allow).")
                if len(numbers) == 1:
                    return f"Round {numbers[0]} is paired." + note
                return f"Rounds {numbers[0]}–{numbers[-1]} are made." + note

        return await act(state, request, event_id, work, anchor="rounds")

    @app.post("/events/{event_id}/undo")
    async def undo(request: Request, event_id: int) -> Response:
        form = await organiser_form(state, request)

        def work() -> str:
            expected = form_int(form, "round")  # the round the button named
            if expected is None:
                # without it, a page from before the button named its round, or a script, would
                # remove whatever round is last now (a second tab's, a double click's)
                raise InputError("the Undo button names the round it removes and this request did not: nothing "
                                 "was removed; reload the event page and press Undo again", field="round")
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                number = repo.undo_last_round(db, event, expected)
                return f"Round {number} and its results are removed."

        return await act(state, request, event_id, work, anchor="rounds")


    @app.get("/events/{event_id}/rounds/{number}", response_class=HTMLResponse)
    async def round_page(request: Request, event_id: int, number: int) -> Response:
        if user_id(codec, request) is None:
            return redirect(state, request, "/login")
        view = await threaded(lambda: load_round(state, event_id, number))
        return page(state, request, "round.html", event=view.event, view=view, rnd=view.round(number))

    @app.post("/events/{event_id}/rounds/{number}/results")
    async def save_results(request: Request, event_id: int, number: int) -> Response:
        form = await organiser_form(state, request)

        def work() -> tuple[int, list[int]]:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id, boards_of=number)
                entries = views.result_entries(event, number, form)
                views.check_scores(event, number, entries)
                # rounds a Swiss paired from the results as they were: a correction does not re-pair them
                later = ([r.number for r in event.rounds if r.number > number]
                         if system_kind(event.system) == "per-round" else [])
                return repo.record_results(db, event, number, entries), later

        try:
            changed, later = await threaded(work)
        except (repo.ConflictError, InputError) as exc:
            view = await threaded(lambda: load_round(state, event_id, number))
            event = view.event
            conflict = isinstance(exc, repo.ConflictError)
            message = (
                "Not saved: " + str(exc) + ". Nothing of this submission was written; the page now shows what is "
                "stored. Check the boards named and enter your results again."
                if conflict else f"Not saved: {exc}"
            )
            # a bad entry keeps what was typed on every board (only the named one needs fixing);
            # a conflict shows what is stored now, which is what the organiser must look at
            typed = None if conflict else {k: v for k, v in form.items() if isinstance(v, str)}
            return page(state, request, "round.html", status=409 if conflict else 400, event=event, view=view,
                        rnd=view.round(number), error=message, typed=typed)
        note = ""
        if changed and later:
            # FIDE C.04.2 (general handling rules of Swiss events): a result written down wrongly
            # and corrected only affects pairings yet to be made; the organiser should know that
            # the rounds already paired stay as they are
            rounds = f"round {later[0]} was" if len(later) == 1 else f"rounds {later[0]}–{later[-1]} were"
            note = (f" Note: {rounds} paired before this change and stay{'s' if len(later) == 1 else ''} as "
                    "paired; the correction counts in the standings and in the rounds still to pair.")
        return redirect(state, request, f"/events/{event_id}/rounds/{number}",
                        f"Saved {changed} result{'s' if changed != 1 else ''}." + note)

    # standings, exports ----------------------------------------------------------------

    @app.get("/events/{event_id}/standings", response_class=HTMLResponse)
    async def standings_page(request: Request, event_id: int) -> Response:
        if user_id(codec, request) is None:
            return redirect(state, request, "/login")
        event, schedule = await threaded(lambda: load_event(state, event_id))
        view = views.EventView(event, schedule)
        table, problem = await threaded(lambda: views.standings_or_reason(event, schedule))
        return page(state, request, "standings.html", event=event, view=view, standings=table, problem=problem)

    @app.get("/events/{event_id}/export/{kind}")
    async def export(request: Request, event_id: int, kind: str) -> Response:
        if user_id(codec, request) is None:
            raise HTTPException(403, "Sign in as the organiser to export.")
        event, schedule = await threaded(lambda: load_event(state, event_id))
        base = f"fairdraw-event-{event.id}"
        try:
            if kind == "json":
                body = workflow.export_json(schedule, tiebreaks=event.tiebreaks, made_with=draw_record_meta(event),
                                            **_kept_beside_rounds(event))
                media, name = "application/json", f"{base}.json"
            elif kind == "csv":
                body, media, name = workflow.export_csv(schedule), "text/csv", f"{base}.csv"
            elif kind == "players.csv":
                body, media, name = workflow.export_players_csv(schedule), "text/csv", f"{base}-players.csv"
            elif kind == "trf":
                body = workflow.export_trf(schedule, name=event.name, total_rounds=event.total_rounds,
                                           **_kept_beside_rounds(event))
                media, name = "text/plain", f"{base}.trf"
            else:
                raise HTTPException(404, f"no export {kind!r}")
        except (workflow.UnavailableError, FairdrawError) as exc:
            return redirect(state, request, f"/events/{event_id}", f"Not exported: {exc}")
        if media == "text/csv":  # for Excel on Windows, which reads a CSV without it as ANSI
            body = "\ufeff" + body
        return Response(body, media_type=f"{media}; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _kept_beside_rounds(event: Any) -> dict[str, Any]:
    """What the page keeps beside an event's rounds, as both exports take it: the scoring and
    options, the players withdrawn, the byes asked for the next round (a withdrawn player's
    left out, as the pairing leaves them) and those asked ahead."""
    return {"scoring": event.scoring, "options": dict(event.options or {}),
            "withdrawn": {p.pid for p in event.participants if p.withdrawn},
            "requested": {p.pid: p.next_bye for p in event.participants if p.next_bye and not p.withdrawn},
            "later": repo.byes_asked_ahead(event)}


def _ranked_tables(rnd: Any) -> str:
    """How the standings fill a round seated by ranking, as far as it has tables (the page said
    "5-8 at table 2, ..." of a round with one table and three sitting out)."""
    numbers = [t.table for t in rnd.tables]
    filled = f"table {numbers[0]}" + ("" if len(numbers) == 1 else f", then table {numbers[1]}") + (
        ", ..." if len(numbers) > 2 else "")
    shown = f"the standings' order fills {filled}"
    if rnd.byes:
        shown += (f"; {counted(len(rnd.byes), 'player')} sit{'s' if len(rnd.byes) == 1 else ''} out (of those "
                  "with the fewest sit-outs so far, the lowest ranked)")
    return shown

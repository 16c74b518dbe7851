"""The dashboard and the events: create, change the settings, delete, show."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from fairdraw.core.errors import InputError
from fairdraw.storage import repo
from fairdraw.web.stale_forms import refuse_if_stale, settings_mark
from fairdraw.web import event_settings
from fairdraw.web.auth import user_id
from fairdraw.web.pages import (
    NEW_EVENT_FIELDS,
    WebState,
    act,
    form_int,
    form_text,
    load_events,
    organiser_form,
    page,
    redirect,
    render_event_page,
    threaded,
    typed_back,
)


def add_routes(app: FastAPI, state: WebState) -> None:
    """The dashboard and every route on an event as a whole."""
    codec = state.codec


    @app.get("/", response_class=HTMLResponse)
    async def dashboard(request: Request) -> Response:
        if user_id(codec, request) is None:
            return redirect(state, request, "/login")

        uid = user_id(codec, request)
        events = await threaded(lambda: load_events(state, uid))
        return page(state, request, "dashboard.html", events=events, systems=event_settings.system_choices(), me=uid)

    @app.post("/events")
    async def create_event(request: Request) -> Response:
        form = await organiser_form(state, request)

        def work() -> tuple[int, bool]:
            system = form_text(form, "system")
            if system not in {s["name"] for s in event_settings.system_choices()}:
                raise InputError(f"unknown pairing system {system!r}", field="system")
            total_rounds = form_int(form, "rounds")
            scoring = form_text(form, "scoring").strip()
            tiebreaks = form_text(form, "tiebreaks").strip().replace(" ", "")
            event_settings.check_event_settings(total_rounds=total_rounds, scoring=scoring, tiebreaks=tiebreaks)
            options = event_settings.parse_options(form_text(form, "options"))
            event_settings.check_reserved_options(options)
            event_settings.check_system_options(system, options)
            event_settings.check_ranked_rounds(options, total_rounds)
            event_settings.check_scoring(system, scoring, options)
            name, seed = form_text(form, "name"), form_text(form, "seed").strip()
            owner = user_id(codec, request)
            with state.sessions.begin() as db:
                # the same form sent twice (a double click) shows the event the first one made
                twin = repo.unused_twin(db, owner, name=name, system=system, total_rounds=total_rounds,
                                        scoring=scoring, tiebreaks=tiebreaks, seed=seed, options=options)
                if twin is not None:
                    return twin.id, True
                event = repo.create_event(db, name=name, system=system, total_rounds=total_rounds, scoring=scoring,
                                          tiebreaks=tiebreaks, seed=seed, options=options, owner_id=owner)
                return event.id, False

        try:
            event_id, twin = await threaded(work)
        except InputError as exc:
            # the dashboard again with everything typed still in the form (as the results form
            # does): one bad option must not cost the organiser the name, rounds and options
            uid = user_id(codec, request)
            events = await threaded(lambda: load_events(state, uid))
            return page(state, request, "dashboard.html", status=400, events=events, me=uid,
                        systems=event_settings.system_choices(), error=f"Not created: {exc}", error_in="new-event",
                        typed=typed_back(form, NEW_EVENT_FIELDS))
        if twin:
            return redirect(state, request, f"/events/{event_id}", "This event was just made, with these very "
                            "settings and no players yet (the form was sent twice?): here it is, not made again.")
        return redirect(state, request, f"/events/{event_id}", "Event created. Add the players next.")

    @app.post("/events/{event_id}/settings")
    async def save_event_settings(request: Request, event_id: int) -> Response:
        form = await organiser_form(state, request)

        def work() -> str:
            total_rounds = form_int(form, "rounds")
            scoring = form_text(form, "scoring").strip()
            tiebreaks = form_text(form, "tiebreaks").strip().replace(" ", "")
            event_settings.check_event_settings(total_rounds=total_rounds, scoring=scoring, tiebreaks=tiebreaks)
            # a form without the options field (an old page) keeps the options stored
            options = event_settings.parse_options(form_text(form, "options")) if "options" in form else None
            if options is not None:
                event_settings.check_reserved_options(options)
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                refuse_if_stale(form, settings_mark(event), "the event's settings")
                fixed = bool(event.rounds)  # the form has no seed field then
                ranked = [r.number for r in event.rounds if (r.meta or {}).get("seated_by_ranking")]
                if ranked and total_rounds != event.total_rounds:
                    # the draw record counts the drawn rounds from the event's count: a round
                    # added after the ranked ones made an honest draw fail `check --redraw`
                    raise InputError(f"rounds: round {ranked[0]} is seated by ranking already, so the number "
                                     f"of rounds stays {event.total_rounds}", field="rounds")
                if options is not None:
                    event_settings.check_system_options(event.system, options, dict(event.options or {}))
                event_settings.check_ranked_rounds(dict(event.options or {}) if options is None else options, total_rounds)
                event_settings.check_scoring(event.system, scoring, dict(event.options or {}) if options is None else options)
                event_settings.check_results_still_count(event, repo.event_schedule(event), scoring=scoring,
                                                         tiebreaks=tiebreaks, options=options)
                repo.update_event(
                    db, event, name=form_text(form, "name"), total_rounds=total_rounds, scoring=scoring,
                    tiebreaks=tiebreaks,
                    seed=None if fixed else form_text(form, "seed").strip(),
                    options=options,
                    option_rule=lambda key, old, new: event_settings.option_change_refused(event.system, key, old, new),
                )
                return "Settings saved."

        return await act(state, request, event_id, work, anchor="settings")

    @app.post("/events/{event_id}/delete")
    async def delete_event(request: Request, event_id: int) -> Response:
        """Delete a test or mistaken event, only when the organiser typed its name: one
        misplaced click (or a form from another event's page) deletes nothing."""
        form = await organiser_form(state, request)
        uid = user_id(codec, request)

        def work() -> str:
            with state.sessions.begin() as db:
                # a co-organiser manages the event, but it stays the owner's to delete
                repo.check_is_owner(db, event_id, uid or 0, "delete it")
                return repo.delete_event(db, event_id, confirm=form_text(form, "confirm"))

        try:
            name = await threaded(work)
        except (InputError, repo.ForbiddenError) as exc:
            return redirect(state, request, f"/events/{event_id}#settings", f"Not deleted: {exc}")
        except repo.NotFoundError:
            return redirect(state, request, "/", f"Not deleted: there is no event {event_id} (deleted already?).")
        return redirect(state, request, "/", f"Deleted the event {name} with its players, rounds and results.")

    @app.get("/events/{event_id}", response_class=HTMLResponse)
    async def event_page(request: Request, event_id: int) -> Response:
        if user_id(codec, request) is None:
            return redirect(state, request, "/login")
        return await render_event_page(state, request, event_id)

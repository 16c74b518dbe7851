"""The FastAPI application factory and every route of the organiser's page.

Routes are thin: parse the form, check the session and CSRF token, run ONE transaction
through ``fairdraw.storage.repo``, then redirect (POST/redirect/GET, so a reload never
submits twice) or render. Work that may take a while (pairing, database calls) runs in
the thread pool so one slow pairing does not freeze the other browsers.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile

from fairdraw.core.errors import FairdrawError, InputError, UnsolvableError
from fairdraw.core.model import Participant as CoreParticipant
from fairdraw.core.registry import system_kind
from fairdraw.formats.render import WINDS, seat_labels
from fairdraw.storage import repo
from fairdraw.storage.db import default_url, make_engine, migrate, session_factory
from fairdraw.storage.models import Event
from fairdraw.web import event_settings, views, workflow
from fairdraw.web.auth import SessionCodec, check_csrf, user_id

HERE = Path(__file__).parent
log = logging.getLogger("fairdraw.web")
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
T = TypeVar("T")
#: the largest whole number a form field may hold (far above any rating or round count,
#: far below the database's 64-bit integers, which a bigger number would overflow)
FORM_INT_LIMIT = 1_000_000_000
#: the advice for a players file the page cannot read as text
SAVE_AS_UTF8 = ("Save it as CSV UTF-8 in the spreadsheet program (Save as, file type \"CSV UTF-8\") and "
                "upload that file.")


class WebState:
    """What every request needs: the database, the cookie codec, the templates."""

    def __init__(self, engine: Engine, sessions: sessionmaker[Session], codec: SessionCodec,
                 templates: Jinja2Templates, setup_token: str | None) -> None:
        self.engine = engine
        self.sessions = sessions
        self.codec = codec
        self.templates = templates
        self.setup_token = setup_token


def create_app(database_url: str | None = None) -> FastAPI:
    """Build the app on ``database_url`` (default: DATABASE_URL or the SQLite file).

    Applies the packaged migrations first, so a new installation or an upgraded one
    starts on the current schema. On first run (no organiser yet) a one-time setup token
    is made; ``fairdraw serve`` prints the URL that uses it.
    """
    url = database_url or default_url()
    event_settings.system_choices()  # import every system now, not on the organiser's first click
    engine = make_engine(url)
    migrate(engine)
    sessions = session_factory(engine)
    with sessions.begin() as db:
        secret = repo.secret_key(db)
        setup_token = secrets.token_urlsafe(16) if repo.user_count(db) == 0 else None
    state = WebState(engine, sessions, SessionCodec(secret), _templates(), setup_token)

    app = FastAPI(title="fairdraw", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.web = state
    app.state.database_url = url
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Any]) -> Response:
        """Defence in depth: only our own scripts and styles run, no other site may frame
        the page or receive the public page's address as a referrer."""
        response: Response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response

    _install_handlers(app, state)
    _routes(app, state)
    return app


# --- helpers -------------------------------------------------------------------------

_TEMPLATES: list[Jinja2Templates] = []


def _templates() -> Jinja2Templates:
    """One Jinja2 environment per process: compiled templates are shared by every app."""
    if not _TEMPLATES:
        templates = Jinja2Templates(directory=str(HERE / "templates"))
        templates.env.globals.update(WINDS=WINDS, seat_labels=seat_labels, result_label=views.result_label,
                                     typed_or=views.typed_or, options_text=event_settings.options_text)
        templates.env.filters["tojson_pretty"] = lambda v: json.dumps(v, indent=2, ensure_ascii=False)
        _TEMPLATES.append(templates)
    return _TEMPLATES[0]



def _page(state: WebState, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    codec = state.codec
    session = codec.load(request)
    notice = session.get("notice")
    if notice:
        codec.update(request, notice=None)
    context.setdefault("error", None)
    response = state.templates.TemplateResponse(
        request,
        template,
        {"csrf": codec.csrf_token(request), "signed_in": user_id(codec, request) is not None,
         "notice": notice, **context},
        status_code=status,
    )
    codec.save(request, response)
    return response


def _redirect(state: WebState, request: Request, url: str, notice: str | None = None) -> RedirectResponse:
    if notice:
        state.codec.update(request, notice=notice)
    response = RedirectResponse(url, status_code=303)
    state.codec.save(request, response)
    return response


async def _organiser_form(state: WebState, request: Request) -> FormData:
    """The posted form, once the request is known to come from the signed-in organiser with a
    valid CSRF token (403 otherwise): every change the page makes starts here."""
    form = await request.form()
    if user_id(state.codec, request) is None:
        raise HTTPException(status_code=403, detail="Sign in as the organiser to change anything.")
    token = form.get("csrf_token")
    check_csrf(state.codec, request, token if isinstance(token, str) else None)
    return form


def _text(form: FormData, key: str) -> str:
    value = form.get(key)
    return value if isinstance(value, str) else ""


def _int_or_none(form: FormData, key: str) -> int | None:
    value = _text(form, key).strip()
    if not value:
        return None
    try:
        number = int(value)
    except ValueError:
        raise InputError(f"{key}: expected a whole number, got {value!r}", field=key) from None
    if abs(number) > FORM_INT_LIMIT:
        raise InputError(f"{key}: {value} is too large (at most {FORM_INT_LIMIT})", field=key)
    return number


#: the fields of the *New event* form a refused submission shows again as typed
NEW_EVENT_FIELDS = ("name", "system", "rounds", "scoring", "tiebreaks", "seed", "options")


def _typed(form: FormData, keys: tuple[str, ...]) -> dict[str, str]:
    """What the organiser typed in ``keys`` of a refused form, to fill it in again (the
    templates escape it like any other text)."""
    return {key: value for key in keys if isinstance(value := form.get(key), str)}


def _gives_ids(text: str) -> bool:
    """Whether an imported list names its players' ids (a CSV ``id`` column, JSON ``"id"``
    keys, a TRF's start ranks). A list without them is numbered 1, 2, 3... by the reader, and
    its players simply follow the event's: no renumbering worth a note."""
    from fairdraw.formats.players import header_columns
    from fairdraw.formats.text_files import looks_like_trf

    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith(("[", "{")):
        return '"id"' in body
    if looks_like_trf(body):
        return True
    return "id" in header_columns(body.splitlines()[0] if body else "")


def _renumbering_note(players: list[CoreParticipant], added: list[Any], taken: set[int]) -> str:
    """Which imported ids clashed with the event's and the new id each imported player got.

    ``repo.add_participants`` renumbers the whole list after the highest id when one id is
    taken (keeping the list's order, never merging two people); the organiser must hear of
    it, or a list keyed by its own ids (a federation's, a club's) is silently mismatched."""
    moved = [(p.id, row.pid) for p, row in zip(players, added, strict=True) if p.id != row.pid]
    if not moved:
        return ""
    clashed = sorted({p.id for p in players} & taken)
    shown = ", ".join(f"{old} → {new}" for old, new in moved[:8]) + (" …" if len(moved) > 8 else "")
    which = ", ".join(map(str, clashed[:8])) + (" …" if len(clashed) > 8 else "")
    were = "was" if len(clashed) == 1 else "were"
    return (f" Note: id{'s' if len(clashed) != 1 else ''} {which} {were} already taken in this event, so the list "
            f"was renumbered after the highest id: {shown}.")


def _arrival_notes(event: Event, added: list[Any], names_before: set[str]) -> str:
    """What the organiser should know about players just added: a name already in the
    event (a list imported twice?) and, for a schedule made already, that they are in none
    of its rounds."""
    notes = ""
    twice = sorted({p.name for p in added if p.name.casefold() in names_before})
    if twice:
        notes += f" Note: {', '.join(twice[:5])}{' …' if len(twice) > 5 else ''} had the same name as a player " \
                 "already in the event (a list imported twice?)."
    if system_kind(event.system) == "fixed" and event.rounds:
        notes += " The schedule is made already, so they are in none of its rounds: undo every round and " \
                 "make it again to include them."
    return notes


async def _threaded(fn: Callable[[], T]) -> T:
    return await run_in_threadpool(fn)


def _install_handlers(app: FastAPI, state: WebState) -> None:
    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code in (401, 403, 404, 405, 409):
            return _page(state, request, "error.html", status=exc.status_code, message=str(exc.detail),
                         status_code=exc.status_code)
        return PlainTextResponse(str(exc.detail), status_code=exc.status_code)

    @app.exception_handler(repo.NotFoundError)
    async def not_found(request: Request, exc: repo.NotFoundError) -> Response:
        return _page(state, request, "error.html", status=404, message=str(exc), status_code=404)

    @app.exception_handler(RequestValidationError)
    async def bad_address(request: Request, exc: RequestValidationError) -> Response:
        """An address whose event, round or player number is not a number (``/events/abc``):
        the organiser's error page, not FastAPI's JSON."""
        where = ", ".join(str(e.get("loc", ("?",))[-1]) for e in exc.errors()) or "the address"
        return _page(state, request, "error.html", status=404, status_code=404,
                     message=f"No such page: {where} in this address must be a whole number.")

    @app.exception_handler(OverflowError)
    async def too_large(request: Request, exc: OverflowError) -> Response:
        """A number in the address too large for the database: no such event or round."""
        return _page(state, request, "error.html", status=404, status_code=404,
                     message="No such page: a number in this address is far larger than any event, round or player.")


# --- routes --------------------------------------------------------------------------


def _routes(app: FastAPI, state: WebState) -> None:
    """Every route, in one place (the page's whole surface is visible here)."""
    codec = state.codec

    # sign-in, first-run set-up ------------------------------------------------------

    @app.get("/setup", response_class=HTMLResponse)
    async def setup_form(request: Request, token: str = "") -> Response:
        if state.setup_token is None or not secrets.compare_digest(token, state.setup_token):
            raise HTTPException(403, "This set-up link is no longer valid. Ask the organiser, or run `fairdraw user add`.")
        return _page(state, request, "setup.html", token=token)

    @app.post("/setup")
    async def setup_submit(request: Request) -> Response:
        form = await request.form()
        check_csrf(codec, request, _text(form, "csrf_token"))
        token = _text(form, "token")
        if state.setup_token is None or not secrets.compare_digest(token, state.setup_token):
            raise HTTPException(403, "This set-up link is no longer valid.")

        def work() -> int:
            with state.sessions.begin() as db:
                if repo.user_count(db) != 0:
                    raise HTTPException(403, "An organiser account exists already.")
                return repo.create_user(db, _text(form, "username"), _text(form, "password")).id

        try:
            uid = await _threaded(work)
        except InputError as exc:
            return _page(state, request, "setup.html", status=400, token=token, error=str(exc))
        state.setup_token = None
        codec.update(request, uid=uid, csrf=secrets.token_urlsafe(24))
        return _redirect(state, request, "/", "Organiser account created. Welcome!")

    @app.get("/login", response_class=HTMLResponse)
    async def login_form(request: Request) -> Response:
        return _page(state, request, "login.html")

    @app.post("/login")
    async def login_submit(request: Request) -> Response:
        form = await request.form()
        check_csrf(codec, request, _text(form, "csrf_token"))

        def work() -> int | None:
            with state.sessions.begin() as db:
                user = repo.authenticate(db, _text(form, "username"), _text(form, "password"))
                return None if user is None else user.id

        uid = await _threaded(work)
        if uid is None:
            return _page(state, request, "login.html", status=401, error="Wrong user name or password.")
        # a fresh CSRF token at sign-in: a token planted before sign-in is useless afterwards
        codec.update(request, uid=uid, csrf=secrets.token_urlsafe(24))
        return _redirect(state, request, "/")

    @app.post("/logout")
    async def logout(request: Request) -> Response:
        form = await request.form()
        check_csrf(codec, request, _text(form, "csrf_token"))
        codec.update(request, uid=None, csrf=secrets.token_urlsafe(24))
        return _redirect(state, request, "/login", "Signed out.")

    # dashboard and events --------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def dashboard(request: Request) -> Response:
        if user_id(codec, request) is None:
            return _redirect(state, request, "/login")

        events = await _threaded(load_events)
        return _page(state, request, "dashboard.html", events=events, systems=event_settings.system_choices())

    def load_events() -> list[Event]:
        with state.sessions() as db:
            events = repo.list_events(db)
            for event in events:
                _ = (event.participants, event.rounds)
            return events

    @app.post("/events")
    async def create_event(request: Request) -> Response:
        form = await _organiser_form(state, request)

        def work() -> int:
            system = _text(form, "system")
            if system not in {s["name"] for s in event_settings.system_choices()}:
                raise InputError(f"unknown pairing system {system!r}", field="system")
            total_rounds = _int_or_none(form, "rounds")
            scoring = _text(form, "scoring").strip()
            tiebreaks = _text(form, "tiebreaks").strip().replace(" ", "")
            event_settings.check_event_settings(total_rounds=total_rounds, scoring=scoring, tiebreaks=tiebreaks)
            options = event_settings.parse_options(_text(form, "options"))
            event_settings.check_reserved_options(options)
            event_settings.check_system_options(system, options)
            event_settings.check_scoring(system, scoring, options)
            with state.sessions.begin() as db:
                event = repo.create_event(
                    db,
                    name=_text(form, "name"),
                    system=system,
                    total_rounds=total_rounds,
                    scoring=scoring,
                    tiebreaks=tiebreaks,
                    seed=_text(form, "seed").strip(),
                    options=options,
                )
                return event.id

        try:
            event_id = await _threaded(work)
        except InputError as exc:
            # the dashboard again with everything typed still in the form (as the results form
            # does): one bad option must not cost the organiser the name, rounds and options
            events = await _threaded(load_events)
            return _page(state, request, "dashboard.html", status=400, events=events,
                         systems=event_settings.system_choices(), error=f"Not created: {exc}", error_in="new-event",
                         typed=_typed(form, NEW_EVENT_FIELDS))
        return _redirect(state, request, f"/events/{event_id}", "Event created. Add the players next.")

    @app.post("/events/{event_id}/settings")
    async def save_event_settings(request: Request, event_id: int) -> Response:
        form = await _organiser_form(state, request)

        def work() -> str:
            total_rounds = _int_or_none(form, "rounds")
            scoring = _text(form, "scoring").strip()
            tiebreaks = _text(form, "tiebreaks").strip().replace(" ", "")
            event_settings.check_event_settings(total_rounds=total_rounds, scoring=scoring, tiebreaks=tiebreaks)
            # a form without the options field (an old page) keeps the options stored
            options = event_settings.parse_options(_text(form, "options")) if "options" in form else None
            if options is not None:
                event_settings.check_reserved_options(options)
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                fixed = bool(event.rounds)  # the form has no seed field then
                if options is not None:
                    event_settings.check_system_options(event.system, options, dict(event.options or {}))
                event_settings.check_scoring(event.system, scoring, dict(event.options or {}) if options is None else options)
                repo.update_event(
                    db, event, name=_text(form, "name"), total_rounds=total_rounds, scoring=scoring,
                    tiebreaks=tiebreaks,
                    seed=None if fixed else _text(form, "seed").strip(),
                    options=options,
                    option_rule=lambda key, old, new: event_settings.option_change_refused(event.system, key, old, new),
                )
                return "Settings saved."

        return await _act(request, event_id, work, anchor="settings")

    @app.post("/events/{event_id}/delete")
    async def delete_event(request: Request, event_id: int) -> Response:
        """Delete a test or mistaken event, only when the organiser typed its name: one
        misplaced click (or a form from another event's page) deletes nothing."""
        form = await _organiser_form(state, request)

        def work() -> str:
            with state.sessions.begin() as db:
                return repo.delete_event(db, event_id, confirm=_text(form, "confirm"))

        try:
            name = await _threaded(work)
        except InputError as exc:
            return _redirect(state, request, f"/events/{event_id}#settings", f"Not deleted: {exc}")
        except repo.NotFoundError:
            return _redirect(state, request, "/", f"Not deleted: there is no event {event_id} (deleted already?).")
        return _redirect(state, request, "/", f"Deleted the event {name} with its players, rounds and results.")

    def load(event_id: int) -> tuple[Event, Any]:
        with state.sessions() as db:
            event = repo.get_event(db, event_id)
            return event, repo.event_schedule(event)

    def load_round(event_id: int, number: int) -> views.EventView:
        """The event with one round's boards: what a round page shows and saves."""
        with state.sessions() as db:
            event = repo.get_event(db, event_id, boards_of=number)
            return views.EventView(event, repo.event_schedule(event))

    @app.get("/events/{event_id}", response_class=HTMLResponse)
    async def event_page(request: Request, event_id: int) -> Response:
        if user_id(codec, request) is None:
            return _redirect(state, request, "/login")
        event, schedule = await _threaded(lambda: load(event_id))
        return _page(state, request, "event.html", event=event, view=views.EventView(event, schedule))

    @app.post("/events/{event_id}/players")
    async def add_player(request: Request, event_id: int) -> Response:
        form = await _organiser_form(state, request)

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                player = CoreParticipant(
                    id=max([p.pid for p in event.participants] + [0]) + 1,
                    name=_text(form, "name"),
                    rating=_int_or_none(form, "rating"),
                    federation=_text(form, "federation").strip() or None,
                    club=_text(form, "club").strip() or None,
                )
                already = {p.name.casefold() for p in event.participants}
                added = repo.add_participants(db, event, [player])
                return f"Added {added[0].name}." + _arrival_notes(event, added, already)

        return await _act(request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/players/import")
    async def import_players(request: Request, event_id: int) -> Response:
        form = await _organiser_form(state, request)
        upload = form.get("file")
        text = _text(form, "text")
        filename = "pasted text"
        if isinstance(upload, UploadFile) and upload.filename:
            raw = await upload.read()
            filename = upload.filename
            target = f"/events/{event_id}#players"
            if b"\x00" in raw and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
                # a workbook, an image or zeros: say so, never echo its bytes (a NUL-filled file
                # is valid UTF-8, and the reader's "found: ..." message showed the raw NULs)
                return _redirect(state, request, target, f"Not done: {filename}: the file is not text "
                                 f"(a spreadsheet workbook or another binary file?). {SAVE_AS_UTF8}")
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                # most often a spreadsheet's "CSV" in Latin-1 / Windows-1252 (José as one byte),
                # or UTF-16: the organiser needs to know how to get a file the page reads
                return _redirect(state, request, target,
                                 f"Not done: {filename}: the file is not UTF-8 text. {SAVE_AS_UTF8}")

        def work() -> str:
            file_notes: list[str] = []
            players = workflow.parse_player_text(text, filename=filename, notes=file_notes)
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                already = {p.name.casefold() for p in event.participants}
                taken = {p.pid for p in event.participants}
                added = repo.add_participants(db, event, players)
                count = f"{len(added)} player{'s' if len(added) != 1 else ''}"
                read = "".join(f" Note: {filename}: {note}." for note in file_notes)
                renumbered = _renumbering_note(players, added, taken) if _gives_ids(text) else ""
                return (f"Imported {count}." + renumbered + read
                        + _arrival_notes(event, added, already))

        # refused, the page keeps the pasted text (the file input cannot be refilled: browsers forbid it)
        return await _act(request, event_id, work, anchor="players", keep=("import", _typed(form, ("text",))))

    @app.post("/events/{event_id}/players/{pid}/edit")
    async def edit_player(request: Request, event_id: int, pid: int) -> Response:
        form = await _organiser_form(state, request)

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                player = CoreParticipant(id=pid, name=_text(form, "name"), rating=_int_or_none(form, "rating"),
                                         federation=_text(form, "federation").strip() or None,
                                         club=_text(form, "club").strip() or None)
                row = repo.update_participant(db, event, pid, player)
                return f"Saved {row.name}."

        return await _act(request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/players/{pid}/delete")
    async def delete_player(request: Request, event_id: int, pid: int) -> Response:
        form = await _organiser_form(state, request)

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                return f"Deleted {repo.delete_participant(db, event, pid)}."

        return await _act(request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/players/{pid}/withdraw")
    async def withdraw(request: Request, event_id: int, pid: int) -> Response:
        form = await _organiser_form(state, request)
        flag = _text(form, "withdrawn")
        back = flag == "1"

        def work() -> str:
            if flag not in ("0", "1"):  # any other value withdrew the player ("maybe" did)
                raise InputError(f"expected 1 (withdraw) or 0 (back in the field), got {flag!r}", field="withdrawn")
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                player = repo.set_withdrawn(db, event, pid, back)
                if system_kind(event.system) != "per-round" and event.rounds:
                    return (f"{player.name} is marked {'withdrawn' if back else 'back'}; the schedule already made "
                            "is unchanged (undo its rounds and remake it, or re-seat with the system's command).")
                return f"{player.name} {'withdrawn from the rounds still to pair' if back else 'is back in the field'}."

        return await _act(request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/players/{pid}/bye")
    async def request_bye(request: Request, event_id: int, pid: int) -> Response:
        form = await _organiser_form(state, request)
        kind = _text(form, "bye").strip() or None

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                player = repo.set_next_bye(db, event, pid, kind)
                return f"{player.name}: {kind + ' bye' if kind else 'no bye'} in the next round."

        return await _act(request, event_id, work, anchor="players")

    @app.post("/events/{event_id}/pair")
    async def pair(request: Request, event_id: int) -> Response:
        form = await _organiser_form(state, request)

        def work() -> str:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                schedule = repo.event_schedule(event)
                withdrawn = {p.pid for p in event.participants if p.withdrawn}
                requested = {p.pid: p.next_bye for p in event.participants if p.next_bye and not p.withdrawn}
                system_options = event_settings.pairing_options(event.system, event.scoring, dict(event.options or {}))
                try:
                    made = workflow.pair_next(schedule, withdrawn=withdrawn, total_rounds=event.total_rounds,
                                              options=system_options, requested_byes=requested)
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
                    note = (f" The schedule has {event.total_rounds} rounds (the system fixes the count; "
                            f"the {asked} asked for do not apply), so the event now has {event.total_rounds}.")
                numbers = [r.round for r in made.rounds]
                if len(numbers) == 1:
                    return f"Round {numbers[0]} is paired." + note
                return f"Rounds {numbers[0]}–{numbers[-1]} are made." + note

        return await _act(request, event_id, work, anchor="rounds")

    @app.post("/events/{event_id}/undo")
    async def undo(request: Request, event_id: int) -> Response:
        form = await _organiser_form(state, request)

        def work() -> str:
            expected = _int_or_none(form, "round")  # the round the button named (None: an old page)
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id)
                number = repo.undo_last_round(db, event, expected)
                return f"Round {number} and its results are removed."

        return await _act(request, event_id, work, anchor="rounds")

    async def _act(request: Request, event_id: int, work: Callable[[], str], *, anchor: str,
                   keep: tuple[str, dict[str, str]] | None = None) -> Response:
        """Run one transaction; report its outcome on the event page.

        ``keep`` is (form, what was typed) for a form whose text is worth keeping (a pasted
        list): a refusal then shows the event page at once, the message beside that form and
        the text still in it, instead of redirecting to an emptied form."""
        target = f"/events/{event_id}#{anchor}"
        status = 400
        try:
            message = await _threaded(work)
        except repo.ConflictError as exc:
            refusal, status = f"Conflict: {exc}", 409
        except IntegrityError:
            # two browsers did the same thing at the same moment (e.g. both clicked "Pair
            # round 3"): the database's unique keys let exactly one of them through
            refusal, status = ("Conflict: someone else changed this event at the same moment; nothing of yours was "
                               "written. Check the page and try again if still needed."), 409
        except UnsolvableError as exc:
            refusal = f"Cannot pair: {event_settings.page_wording(str(exc))}"
        except (InputError, workflow.UnavailableError) as exc:
            refusal = f"Not done: {event_settings.page_wording(str(exc))}"
        else:
            return _redirect(state, request, target, message)
        if keep is None:
            return _redirect(state, request, target, refusal)
        form_id, typed = keep
        event, schedule = await _threaded(lambda: load(event_id))
        return _page(state, request, "event.html", status=status, event=event, view=views.EventView(event, schedule),
                     error=refusal, error_in=form_id, typed=typed)

    # rounds and results --------------------------------------------------------------

    @app.get("/events/{event_id}/rounds/{number}", response_class=HTMLResponse)
    async def round_page(request: Request, event_id: int, number: int) -> Response:
        if user_id(codec, request) is None:
            return _redirect(state, request, "/login")
        view = await _threaded(lambda: load_round(event_id, number))
        return _page(state, request, "round.html", event=view.event, view=view, rnd=view.round(number))

    @app.post("/events/{event_id}/rounds/{number}/results")
    async def save_results(request: Request, event_id: int, number: int) -> Response:
        form = await _organiser_form(state, request)

        def work() -> int:
            with state.sessions.begin() as db:
                event = repo.get_event(db, event_id, boards_of=number)
                entries = views.result_entries(event, number, form)
                views.check_scores(event, number, entries)
                return repo.record_results(db, event, number, entries)

        try:
            changed = await _threaded(work)
        except (repo.ConflictError, InputError) as exc:
            view = await _threaded(lambda: load_round(event_id, number))
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
            return _page(state, request, "round.html", status=409 if conflict else 400, event=event, view=view,
                         rnd=view.round(number), error=message, typed=typed)
        return _redirect(state, request, f"/events/{event_id}/rounds/{number}",
                         f"Saved {changed} result{'s' if changed != 1 else ''}.")

    # standings, exports ----------------------------------------------------------------

    @app.get("/events/{event_id}/standings", response_class=HTMLResponse)
    async def standings_page(request: Request, event_id: int) -> Response:
        if user_id(codec, request) is None:
            return _redirect(state, request, "/login")
        event, schedule = await _threaded(lambda: load(event_id))
        view = views.EventView(event, schedule)
        table, problem = await _threaded(lambda: views.standings_or_reason(event, schedule))
        return _page(state, request, "standings.html", event=event, view=view, standings=table, problem=problem)

    @app.get("/events/{event_id}/export/{kind}")
    async def export(request: Request, event_id: int, kind: str) -> Response:
        if user_id(codec, request) is None:
            raise HTTPException(403, "Sign in as the organiser to export.")
        event, schedule = await _threaded(lambda: load(event_id))
        base = f"fairdraw-event-{event.id}"
        try:
            if kind == "json":
                body = workflow.export_json(schedule, scoring=event.scoring, tiebreaks=event.tiebreaks,
                                            options=dict(event.options or {}))
                media, name = "application/json", f"{base}.json"
            elif kind == "csv":
                body, media, name = workflow.export_csv(schedule), "text/csv", f"{base}.csv"
            elif kind == "players.csv":
                body, media, name = workflow.export_players_csv(schedule), "text/csv", f"{base}-players.csv"
            elif kind == "trf":
                body = workflow.export_trf(schedule, name=event.name, total_rounds=event.total_rounds)
                media, name = "text/plain", f"{base}.trf"
            else:
                raise HTTPException(404, f"no export {kind!r}")
        except (workflow.UnavailableError, FairdrawError) as exc:
            return _redirect(state, request, f"/events/{event_id}", f"Not exported: {exc}")
        return Response(body, media_type=f"{media}; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # public, read-only pages (and everything printable) --------------------------------

    def load_public(slug: str) -> tuple[Event, Any]:
        with state.sessions() as db:
            event = repo.get_event_by_slug(db, slug)
            return event, repo.event_schedule(event)

    @app.get("/p/{slug}", response_class=HTMLResponse)
    async def public_page(request: Request, slug: str) -> Response:
        event, schedule = await _threaded(lambda: load_public(slug))
        view = views.EventView(event, schedule)
        table, problem = await _threaded(lambda: views.standings_or_reason(event, schedule))
        return _page(state, request, "public.html", event=event, view=view, standings=table, problem=problem)

    @app.get("/p/{slug}/print/{kind}", response_class=HTMLResponse)
    async def print_page(request: Request, slug: str, kind: str, round: int | None = None) -> Response:
        if kind not in ("pairings", "results", "cards", "standings", "crosstable"):
            raise HTTPException(404, f"no printout {kind!r}")
        event, schedule = await _threaded(lambda: load_public(slug))
        view = views.EventView(event, schedule)
        table, problem = (None, None)
        if kind == "standings":
            table, problem = await _threaded(lambda: views.standings_or_reason(event, schedule))
        rounds = view.rounds if round is None else [view.round(round)]
        return _page(state, request, f"print_{kind}.html", event=event, view=view, rounds=rounds,
                     standings=table, problem=problem)

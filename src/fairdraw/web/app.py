"""The FastAPI application factory of the organiser's page: security headers, error pages,
and the routes of ``routes_*.py`` (``pages`` holds what they share).

Routes are thin: parse the form, check the session and CSRF token, run ONE transaction
through ``fairdraw.storage.repo``, then redirect (POST/redirect/GET, so a reload never
submits twice) or render. Work that may take a while (pairing, database calls) runs in
the thread pool so one slow pairing does not freeze the other browsers.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from fairdraw.storage import repo
from fairdraw.storage.db import default_url, make_engine, migrate, session_factory
from fairdraw.web import (
    event_settings,
    routes_account,
    routes_events,
    routes_organisers,
    routes_players,
    routes_public,
    routes_rounds,
)
from fairdraw.web.auth import SessionCodec, user_id
from fairdraw.web.pages import HERE, WebState, page, templates, threaded

#: the addresses of one event's organiser pages and forms (``/events/12``, ``/events/12/rounds/3``):
#: the event's segment, whatever it holds, for the router reads "+1", " 1" or "1.0" as event 1 too
_EVENT_PATH = re.compile(r"^/events/([^/]+)(?:/|$)")
#: the only spelling of an event number the owner check accepts: plain digits
_EVENT_NUMBER = re.compile(r"\d{1,12}")
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")


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
    def signed_out_at(uid: int) -> float | None:
        with sessions() as db:
            return repo.signed_out_at(db, uid)

    state = WebState(engine, sessions, SessionCodec(secret, signed_out_at), templates(), setup_token)

    app = FastAPI(title="fairdraw", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.web = state
    app.state.database_url = url
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.middleware("http")
    async def own_events_only(request: Request, call_next: Callable[[Request], Any]) -> Response:
        """Every organiser page and form of an event (``/events/N/...``) is refused (403, nothing
        read or written) to an account that did not make it (issue 7 item 4). One check for all
        routes, present and future; signed-out visitors are left to the routes (their redirect
        or 403), missing events to the routes' 404."""
        match = _EVENT_PATH.match(request.url.path)
        if match and not _EVENT_NUMBER.fullmatch(match.group(1)):
            # refused before any route runs: the router would read "+1", "%201" or "1.0" as
            # event 1, past an owner check that only knew plain digits (found 2026-12-05)
            return page(state, request, "error.html", status=404, status_code=404,
                        message="No such page: the event number in this address must be written in plain digits.")
        uid = user_id(state.codec, request) if match else None
        if match and uid is not None:
            event_id = int(match.group(1))

            def check() -> None:
                with state.sessions() as db:
                    repo.check_owner(db, event_id, uid)

            try:
                await threaded(check)
            except repo.ForbiddenError as exc:
                return page(state, request, "error.html", status=403, message=str(exc), status_code=403)
        response: Response = await call_next(request)
        return response

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
    for routes in (routes_account, routes_events, routes_organisers, routes_players, routes_rounds, routes_public):
        routes.add_routes(app, state)
    return app


def _install_handlers(app: FastAPI, state: WebState) -> None:
    # Starlette's own HTTPException (the base of FastAPI's) is what its router raises for a
    # 405 and its form parser for an oversized form: registered on the base, they get the page too
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code in (400, 401, 403, 404, 405, 409, 413):
            return page(state, request, "error.html", status=exc.status_code, message=str(exc.detail),
                        status_code=exc.status_code)
        return PlainTextResponse(str(exc.detail), status_code=exc.status_code)

    @app.exception_handler(repo.NotFoundError)
    async def not_found(request: Request, exc: repo.NotFoundError) -> Response:
        return page(state, request, "error.html", status=404, message=str(exc), status_code=404)

    @app.exception_handler(RequestValidationError)
    async def bad_address(request: Request, exc: RequestValidationError) -> Response:
        """An address whose event, round or player number is not a number (``/events/abc``):
        the organiser's error page, not FastAPI's JSON."""
        where = ", ".join(str(e.get("loc", ("?",))[-1]) for e in exc.errors()) or "the address"
        return page(state, request, "error.html", status=404, status_code=404,
                    message=f"No such page: {where} in this address must be a whole number.")

    @app.exception_handler(OverflowError)
    async def too_large(request: Request, exc: OverflowError) -> Response:
        """A number in the address too large for the database: no such event or round."""
        return page(state, request, "error.html", status=404, status_code=404,
                    message="No such page: a number in this address is far larger than any event, round or player.")

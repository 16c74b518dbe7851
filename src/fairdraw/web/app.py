"""The FastAPI application factory of the organiser's page: security headers, error pages,
and the routes of ``routes_*.py`` (``pages`` holds what they share).

Routes are thin: parse the form, check the session and CSRF token, run ONE transaction
through ``fairdraw.storage.repo``, then redirect (POST/redirect/GET, so a reload never
submits twice) or render. Work that may take a while (pairing, database calls) runs in
the thread pool so one slow pairing does not freeze the other browsers.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from fairdraw.storage import repo
from fairdraw.storage.db import default_url, make_engine, migrate, session_factory
from fairdraw.web import event_settings, routes_account, routes_events, routes_players, routes_public, routes_rounds
from fairdraw.web.auth import SessionCodec
from fairdraw.web.pages import HERE, WebState, page, templates

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
    state = WebState(engine, sessions, SessionCodec(secret), templates(), setup_token)

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
    for routes in (routes_account, routes_events, routes_players, routes_rounds, routes_public):
        routes.add_routes(app, state)
    return app


def _install_handlers(app: FastAPI, state: WebState) -> None:
    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code in (401, 403, 404, 405, 409):
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

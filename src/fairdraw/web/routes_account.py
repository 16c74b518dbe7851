"""Sign-in, sign-out and the first-run set-up of the organiser account."""

from __future__ import annotations

import secrets

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from fairdraw.core.errors import InputError
from fairdraw.storage import repo
from fairdraw.web.auth import check_csrf, sign_in, user_id
from fairdraw.web.pages import WebState, form_text, page, redirect, threaded


def add_routes(app: FastAPI, state: WebState) -> None:
    """Sign-in, sign-out and the one-time set-up link."""
    codec = state.codec


    @app.get("/setup", response_class=HTMLResponse)
    async def setup_form(request: Request, token: str = "") -> Response:
        if state.setup_token is None or not secrets.compare_digest(token, state.setup_token):
            raise HTTPException(403, "This set-up link is no longer valid. Ask the organiser, or run `fairdraw user add`.")
        return page(state, request, "setup.html", token=token)

    @app.post("/setup")
    async def setup_submit(request: Request) -> Response:
        form = await request.form()
        check_csrf(codec, request, form_text(form, "csrf_token"))
        token = form_text(form, "token")
        if state.setup_token is None or not secrets.compare_digest(token, state.setup_token):
            raise HTTPException(403, "This set-up link is no longer valid.")

        def work() -> int:
            with state.sessions.begin() as db:
                if repo.user_count(db) != 0:
                    raise HTTPException(403, "An organiser account exists already.")
                return repo.create_user(db, form_text(form, "username"), form_text(form, "password")).id

        try:
            uid = await threaded(work)
        except InputError as exc:
            return page(state, request, "setup.html", status=400, token=token, error=str(exc))
        state.setup_token = None
        sign_in(codec, request, uid)
        return redirect(state, request, "/", "Organiser account created. Welcome!")

    @app.get("/login", response_class=HTMLResponse)
    async def login_form(request: Request) -> Response:
        return page(state, request, "login.html")

    @app.post("/login")
    async def login_submit(request: Request) -> Response:
        form = await request.form()
        check_csrf(codec, request, form_text(form, "csrf_token"))

        def work() -> int | None:
            with state.sessions.begin() as db:
                user = repo.authenticate(db, form_text(form, "username"), form_text(form, "password"))
                return None if user is None else user.id

        uid = await threaded(work)
        if uid is None:
            return page(state, request, "login.html", status=401, error="Wrong user name or password.")
        sign_in(codec, request, uid)
        return redirect(state, request, "/")

    @app.post("/logout")
    async def logout(request: Request) -> Response:
        form = await request.form()
        check_csrf(codec, request, form_text(form, "csrf_token"))
        uid = user_id(codec, request)
        if uid is not None:

            def work() -> None:
                with state.sessions.begin() as db:
                    repo.record_sign_out(db, uid)

            await threaded(work)
        codec.update(request, uid=None, at=None, csrf=secrets.token_urlsafe(24))
        return redirect(state, request, "/login", "Signed out.")

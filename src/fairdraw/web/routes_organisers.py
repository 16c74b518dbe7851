"""Who manages an event besides its owner: the owner names co-organisers by account name, or
takes the event back from one (storage: ``fairdraw.storage.organisers``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.responses import Response
from sqlalchemy.orm import Session

from fairdraw.core.errors import InputError
from fairdraw.storage import repo
from fairdraw.web.auth import user_id
from fairdraw.web.pages import WebState, act, form_text, organiser_form


def owner_only(work: Callable[[], str]) -> Callable[[], str]:
    """``work`` with the owner's refusal said on the page as any other refusal is (a
    co-organiser may open the form; the event page then names the owner)."""

    def guarded() -> str:
        try:
            return work()
        except repo.ForbiddenError as exc:
            raise InputError(str(exc), field="username") from None

    return guarded


def add_routes(app: FastAPI, state: WebState) -> None:
    """The two forms of the event page's "Who manages this event" section: name an account,
    remove one. Each is the owner's, in one transaction (``storage.organisers``)."""
    for path, operation in (("/events/{event_id}/organisers", repo.add_co_organiser),
                            ("/events/{event_id}/organisers/remove", repo.remove_co_organiser)):
        app.post(path)(_organiser_route(state, operation))


def _organiser_route(state: WebState, operation: Callable[[Session, int, int, str], str]) -> Callable[
        [Request, int], Awaitable[Response]]:
    async def route(request: Request, event_id: int) -> Response:
        form = await organiser_form(state, request)
        uid = user_id(state.codec, request) or 0  # organiser_form refused a signed-out visitor

        def work() -> str:
            with state.sessions.begin() as db:
                return operation(db, event_id, uid, form_text(form, "username"))

        return await act(state, request, event_id, owner_only(work), anchor="organisers")

    return route

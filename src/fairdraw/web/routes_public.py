"""The public, read-only pages of an event, and everything printable."""

from __future__ import annotations

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from fairdraw.web import views
from fairdraw.web.pages import WebState, load_public, page, threaded


def add_routes(app: FastAPI, state: WebState) -> None:
    """The public page and the printouts: read-only, no sign-in."""
    codec = state.codec

    @app.get("/p/{slug}", response_class=HTMLResponse)
    async def public_page(request: Request, slug: str) -> Response:
        event, schedule = await threaded(lambda: load_public(state, slug))
        view = views.EventView(event, schedule)
        table, problem = await threaded(lambda: views.standings_or_reason(event, schedule))
        return page(state, request, "public.html", event=event, view=view, standings=table, problem=problem)

    @app.get("/p/{slug}/print/{kind}", response_class=HTMLResponse)
    async def print_page(request: Request, slug: str, kind: str, round: int | None = None) -> Response:
        if kind not in ("pairings", "results", "cards", "standings", "crosstable"):
            raise HTTPException(404, f"no printout {kind!r}")
        event, schedule = await threaded(lambda: load_public(state, slug))
        view = views.EventView(event, schedule)
        table, problem = (None, None)
        if kind == "standings":
            table, problem = await threaded(lambda: views.standings_or_reason(event, schedule))
        rounds = view.rounds if round is None else [view.round(round)]
        return page(state, request, f"print_{kind}.html", event=event, view=view, rounds=rounds,
                    standings=table, problem=problem)

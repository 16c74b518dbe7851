"""The public, read-only pages of an event, and everything printable."""

from __future__ import annotations

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from fairdraw.formats.render import BY_PLAYER_MAX_CELLS, player_itineraries
from fairdraw.web import views, workflow
from fairdraw.web.pages import WebState, draw_record_meta, load_public, page, threaded


def add_routes(app: FastAPI, state: WebState) -> None:
    """The public page and the printouts: read-only, no sign-in."""
    codec = state.codec

    @app.get("/p/{slug}", response_class=HTMLResponse)
    async def public_page(request: Request, slug: str) -> Response:
        event, schedule = await threaded(lambda: load_public(state, slug))
        view = views.EventView(event, schedule)
        table, problem = await threaded(lambda: views.standings_or_reason(event, schedule))
        return page(state, request, "public.html", event=event, view=view, standings=table, problem=problem)

    @app.get("/p/{slug}/seating.json")
    async def public_seating(slug: str) -> Response:
        """A mahjong seating with its draw record, for anyone to draw again with `fairdraw check
        --redraw` (issue 4 item 4: everyone can check that the draw was not arranged)."""
        event, schedule = await threaded(lambda: load_public(state, slug))
        made_with = draw_record_meta(event)
        if event.system != "mahjong" or not isinstance(made_with.get("draw"), dict):
            raise HTTPException(404, "this event has no drawn seating to verify")
        body = workflow.export_json(schedule, scoring=event.scoring, tiebreaks=event.tiebreaks,
                                    options=dict(event.options or {}), made_with=made_with)
        return Response(body, media_type="application/json; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="seating-{slug}.json"'})

    @app.get("/p/{slug}/print/{kind}", response_class=HTMLResponse)
    async def print_page(request: Request, slug: str, kind: str, round: int | None = None) -> Response:
        if kind not in ("pairings", "results", "cards", "seats", "standings", "crosstable"):
            raise HTTPException(404, f"no printout {kind!r}")
        event, schedule = await threaded(lambda: load_public(state, slug))
        view = views.EventView(event, schedule)
        table, problem = (None, None)
        if kind == "standings":
            table, problem = await threaded(lambda: views.standings_or_reason(event, schedule))
        rounds = view.rounds if round is None else [view.round(round)]
        # seats by player: at a mahjong event everyone looks for their own table each round
        itineraries = player_itineraries(schedule) if kind == "seats" else []
        return page(state, request, f"print_{kind}.html", event=event, view=view, rounds=rounds,
                    standings=table, problem=problem, itineraries=itineraries,
                    names={p.id: p.name for p in schedule.players}, max_cells=BY_PLAYER_MAX_CELLS)

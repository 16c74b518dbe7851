"""What every route of the organiser's page shares: the per-app state, rendering a page or a
redirect with the session's notice, reading a posted form (after the sign-in and CSRF check),
running work in the thread pool, and loading an event. The routes live in ``routes_*.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from fastapi import HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException as StarletteHTTPException

from fairdraw.core.errors import InputError, UnsolvableError
from fairdraw.core.model import MAX_ROUNDS
from fairdraw.core.model import Participant as CoreParticipant
from fairdraw.core.registry import re_plans_a_changed_field, system_kind
from fairdraw.formats.players import MAX_RATING, MIN_RATING
from fairdraw.formats.render import ROUNDS_PER_TABLE, WINDS, seat_labels
from fairdraw.storage import repo
from fairdraw.storage.models import Event
from fairdraw.web import event_settings, stale_forms, views, workflow
from fairdraw.web.auth import SessionCodec, check_csrf, user_id

HERE = Path(__file__).parent
T = TypeVar("T")
#: the largest whole number a form field may hold (far above any rating or round count,
#: far below the database's 64-bit integers, which a bigger number would overflow)
FORM_INT_LIMIT = 1_000_000_000
#: how many fields a posted form may hold. Starlette's default (1,000) refused, as JSON, the
#: results form of any round past 333 boards (three fields a board: a 700-player Swiss) and
#: of 90 mahjong tables (eleven a table); the players limit (``storage.events.MAX_PLAYERS``)
#: keeps the biggest form of an event (a league group: 4.4 fields a player) far below this
FORM_MAX_FIELDS = 100_000
#: the largest text field a form may carry (a pasted players list); Starlette's default is 1 MiB
FORM_MAX_PART_BYTES = 8 * 1024 * 1024
#: the largest players file the page reads (an uploaded file is not bounded by the form parser)
PLAYER_FILE_MAX_BYTES = 8 * 1024 * 1024
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


_TEMPLATES: list[Jinja2Templates] = []


def short_number(value: Any) -> str:
    """A standings figure as the CLI's text shows it (``text_number``: 5, 5.5, 1.17): the page
    printed PLC as 1.166667. Anything else (a blank cell) is shown as it is."""
    from fractions import Fraction

    from fairdraw.formats.standings_render import text_number

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "" if value is None else str(value)
    return text_number(Fraction(value).limit_denominator(10**6))


def templates() -> Jinja2Templates:
    """One Jinja2 environment per process: compiled templates are shared by every app."""
    if not _TEMPLATES:
        templates = Jinja2Templates(directory=str(HERE / "templates"))
        templates.env.globals.update(WINDS=WINDS, seat_labels=seat_labels, result_label=views.result_label,
                                     typed_or=views.typed_or, options_text=event_settings.options_text,
                                     ROUNDS_PER_TABLE=ROUNDS_PER_TABLE, player_mark=stale_forms.player_mark,
                                     settings_mark=stale_forms.settings_mark, STALE_FIELD=stale_forms.FIELD,
                                     # the rating boxes' range: TRF16's rating field, which the
                                     # server checks too (formats.players), written once
                                     MIN_RATING=MIN_RATING, MAX_RATING=MAX_RATING,
                                     # the rounds box's top: the model's limit, which the server checks
                                     MAX_ROUNDS=MAX_ROUNDS)
        templates.env.filters["tojson_pretty"] = lambda v: json.dumps(v, indent=2, ensure_ascii=False)
        templates.env.filters["short"] = short_number
        _TEMPLATES.append(templates)
    return _TEMPLATES[0]


def page(state: WebState, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A template rendered with what every page shows (the CSRF token, whether the organiser is
    signed in, the notice left by the redirect before it, shown once)."""
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


def redirect(state: WebState, request: Request, url: str, notice: str | None = None) -> RedirectResponse:
    """303 to ``url`` (POST/redirect/GET: a reload never submits twice), with ``notice`` kept in
    the session for the page it lands on."""
    if notice:
        state.codec.update(request, notice=notice)
    response = RedirectResponse(url, status_code=303)
    state.codec.save(request, response)
    return response


async def organiser_form(state: WebState, request: Request) -> FormData:
    """The posted form, once the request is known to come from the signed-in organiser with a
    valid CSRF token (403 otherwise): every change the page makes starts here."""
    try:
        form = await request.form(max_fields=FORM_MAX_FIELDS, max_part_size=FORM_MAX_PART_BYTES)
    except StarletteHTTPException as exc:
        # the parser's own refusal ("Too many fields", "Field exceeded maximum size", a broken
        # multipart body) came back as bare JSON; the organiser needs the page, what was wrong
        # and that nothing was saved
        detail = str(exc.detail)
        if "Too many" in detail or "maximum size" in detail:
            raise HTTPException(status_code=413, detail=(
                f"The form is too large to read ({detail}): nothing was saved. A form holds at most "
                f"{FORM_MAX_FIELDS:,} fields and a pasted text at most {FORM_MAX_PART_BYTES // (1024 * 1024)} MB; "
                "upload a long players list as a file instead.")) from None
        raise HTTPException(status_code=400, detail=(
            f"The form could not be read ({detail}): nothing was saved. Open the page again and resend it.")) from None
    if user_id(state.codec, request) is None:
        raise HTTPException(status_code=403, detail="Sign in as the organiser to change anything.")
    token = form.get("csrf_token")
    check_csrf(state.codec, request, token if isinstance(token, str) else None)
    return form


def form_text(form: FormData, key: str) -> str:
    """The field as text; a missing field or an uploaded file where text belongs is ""."""
    value = form.get(key)
    return value if isinstance(value, str) else ""


def form_int(form: FormData, key: str) -> int | None:
    """The field as a whole number (None when blank), refused by name when it is not one or is
    beyond ``FORM_INT_LIMIT``."""
    value = form_text(form, key).strip()
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


def typed_back(form: FormData, keys: tuple[str, ...]) -> dict[str, str]:
    """What the organiser typed in ``keys`` of a refused form, to fill it in again (the
    templates escape it like any other text)."""
    return {key: value for key in keys if isinstance(value := form.get(key), str)}


def gives_ids(text: str) -> bool:
    """Whether an imported list names its players' ids (a CSV ``id`` column, JSON ``"id"``
    keys, a TRF's start ranks). A list without them is numbered 1, 2, 3... by the reader, and
    its players simply follow the event's: no renumbering worth a note."""
    from fairdraw.formats.players import header_columns, header_line
    from fairdraw.formats.text_files import looks_like_trf

    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith(("[", "{")):
        return '"id"' in body
    if looks_like_trf(body):
        return True
    return "id" in header_columns(header_line(body))


def renumbering_note(players: list[CoreParticipant], added: list[Any], taken: set[int]) -> str:
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


def arrival_notes(event: Event, added: list[Any], names_before: set[str]) -> str:
    """What the organiser should know about players just added: a name already in the
    event (a list imported twice?) and, for a schedule made already, that they are in none
    of its rounds."""
    notes = ""
    twice = sorted({p.name for p in added if p.name.casefold() in names_before})
    if twice:
        notes += f" Note: {', '.join(twice[:5])}{' …' if len(twice) > 5 else ''} had the same name as a player " \
                 "already in the event (a list imported twice?)."
    if system_kind(event.system) == "fixed" and event.rounds and re_plans_a_changed_field(event.system):
        # a seating re-plans the rounds left (continue_schedule): undoing the rounds played
        # too would throw their results away
        notes += " The schedule is made already, so they are in none of its rounds yet: undo the rounds not " \
                 "played yet and make them again; the rounds played stay as they are and the rest seat " \
                 "the field as it is now."
    elif system_kind(event.system) == "fixed" and event.rounds:
        notes += " The schedule is made already, so they are in none of its rounds: undo every round and " \
                 "make it again to include them."
    return notes


async def threaded(fn: Callable[[], T]) -> T:
    """``fn`` in the thread pool: a long pairing or database call must not freeze the other
    browsers."""
    return await run_in_threadpool(fn)


def load_events(state: WebState, user: int | None = None) -> list[Event]:
    """The events the account ``user`` may manage (every event when None), with their players
    and rounds loaded (the dashboard lists them)."""
    with state.sessions() as db:
        events = repo.list_events(db, user)
        for event in events:
            _ = (event.participants, event.rounds)
        return events


def load_event(state: WebState, event_id: int) -> tuple[Event, Any]:
    """The event and its schedule as the core model builds it."""
    with state.sessions() as db:
        event = repo.get_event(db, event_id)
        return event, repo.event_schedule(event)


def load_managers(state: WebState, event_id: int) -> repo.Managers:
    """Who manages the event (its page's "Who manages this event" section)."""
    with state.sessions() as db:
        return repo.event_managers(db, event_id)


def load_round(state: WebState, event_id: int, number: int) -> views.EventView:
    """The event with one round's boards: what a round page shows and saves."""
    with state.sessions() as db:
        event = repo.get_event(db, event_id, boards_of=number)
        return views.EventView(event, repo.event_schedule(event))


async def act(state: WebState, request: Request, event_id: int, work: Callable[[], str], *, anchor: str,
              keep: tuple[str, dict[str, str]] | None = None) -> Response:
    """Run one transaction; report its outcome on the event page.

    ``keep`` is (form, what was typed) for a form whose text is worth keeping (a pasted
    list): a refusal then shows the event page at once, the message beside that form and
    the text still in it, instead of redirecting to an emptied form."""
    target = f"/events/{event_id}#{anchor}"
    status = 400
    try:
        message = await threaded(work)
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
        return redirect(state, request, target, message)
    if keep is None:
        return redirect(state, request, target, refusal)
    form_id, typed = keep
    return await render_event_page(state, request, event_id, status=status, error=refusal, error_in=form_id,
                                   typed=typed)


async def render_event_page(state: WebState, request: Request, event_id: int, *, status: int = 200,
                            **context: Any) -> Response:
    """The event page: the event, its rounds and who manages it (the forms that only the owner
    may use are shown to the owner only)."""
    event, schedule = await threaded(lambda: load_event(state, event_id))
    managers = await threaded(lambda: load_managers(state, event_id))
    is_owner = managers.owner_id is None or managers.owner_id == user_id(state.codec, request)
    return page(state, request, "event.html", status=status, event=event, view=views.EventView(event, schedule),
                managers=managers, is_owner=is_owner, **context)


def field_changes(history: list[Any]) -> dict[str, Any]:
    """Who joined and who left when, over the re-seats made on the page, as `fairdraw reseat`
    records them (``meta.joined``: id -> first round, ``meta.left``: id -> first round missed,
    ``meta.withdrawn``): `check --everyone` on the export expected the newcomers from round 1
    and the leavers in every round, and `seat-ranked` on it seated a withdrawn player. Each
    re-seat is a fresh draw on the page, so the records are read from its history, in order: a
    re-seat from an earlier round moves a later first round back to it, as `reseat` does."""
    joined: dict[str, int] = {}
    left: dict[str, int] = {}
    for entry in history:
        if not isinstance(entry, dict) or not isinstance(entry.get("from_round"), int):
            continue
        start = entry["from_round"]
        joined = {pid: min(first, start) for pid, first in joined.items()}
        left = {pid: min(first, start) for pid, first in left.items()}
        for record in entry.get("added") or []:
            if isinstance(record, dict) and isinstance(record.get("id"), int):
                joined[str(record["id"])] = start
        for pid in entry.get("dropped") or []:
            if isinstance(pid, int):
                left.setdefault(str(pid), start)
    out: dict[str, Any] = {}
    if joined:
        out["joined"] = joined
    if left:
        out["left"] = left
        out["withdrawn"] = sorted(int(pid) for pid in left)
    return out


def draw_record_meta(event: Event) -> dict[str, Any]:
    """What the system recorded with the event's first pairing (a fixed schedule's meta: a
    mahjong seating's draw record), for the exports; empty before any round. The rounds seated
    from the standings are listed in ``seated_by_ranking`` (the redraw leaves them out). A seating
    re-seated on the page (a player left or joined) stores each re-seat's record with the rounds
    it made: those of the rounds still stored, in order, become ``reseats``, so that `fairdraw
    check --redraw` replays them after the draw."""
    if not event.rounds:
        return {}
    meta = dict(event.rounds[0].meta or {})
    history: list[Any] = []
    replans: list[Any] = []
    ranked: list[int] = []
    for row in sorted(event.rounds, key=lambda r: r.number):
        # the rounds one re-seat (a league's re-plan) made share its record: one entry each
        for key, seen in (("reseats", history), ("replans", replans)):
            entries = (row.meta or {}).get(key)
            if isinstance(entries, list) and entries and entries[-1] not in seen:
                seen.append(entries[-1])
        if (row.meta or {}).get("seated_by_ranking"):
            ranked.append(row.number)
    meta.pop("replans", None)
    if history:
        meta["reseats"] = history
        meta.update(field_changes(history))
    if replans:  # a league re-planned on the page: who joined and left when, as league-reseat writes
        changes = field_changes(replans)
        meta.update({key: changes[key] for key in ("joined", "left") if key in changes})
    if ranked:  # as `seat-ranked` records them: the rounds seated so far, and how many are left
        meta["seated_by_ranking"] = ranked
        meta["ranked_last"] = max(0, int(meta.get("ranked_last") or 0) - len(ranked))
    return meta


def load_public(state: WebState, slug: str) -> tuple[Event, Any]:
    """The event behind a public address and its schedule (no sign-in: the slug is the key)."""
    with state.sessions() as db:
        event = repo.get_event_by_slug(db, slug)
        return event, repo.event_schedule(event)

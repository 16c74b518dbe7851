"""Forms opened before someone else changed what they show (two tabs, two organisers).

Why: a results form carries its round's fingerprint, but the settings form and a player's
forms carried nothing, so a form left open in another tab silently put back what a co-organiser
had just corrected (a rating set to 1600 went back to 1500), and player ids come back after a
delete, so a stale *Delete Temp?* button deleted the newcomer who got Temp's id. Each such form
now carries a mark of the record as the page showed it (``was``), and the change is refused as a
conflict (nothing written, the page says why) when the record is no longer that. A form without the field (a script of an older page)
is taken as before.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from starlette.datastructures import FormData

from fairdraw.storage.repo import ConflictError

#: The hidden field the page's forms carry the mark in.
FIELD = "was"


def mark(*values: Any) -> str:
    """A short fingerprint of the values a form was drawn from."""
    return hashlib.sha256(json.dumps(values, sort_keys=True, default=str).encode()).hexdigest()[:16]


def player_mark(player: Any) -> str:
    """A player as the players list shows them (a stored row or the page's view of it)."""
    return mark(player.pid, player.name, player.rating, player.federation, player.club, bool(player.withdrawn),
                player.next_bye, player.later_byes or None)


def settings_mark(event: Any) -> str:
    """The settings form's fields as stored."""
    return mark(event.name, event.total_rounds, event.scoring, event.tiebreaks, event.seed, event.options or {})


def refuse_if_stale(form: FormData, current: str, what: str) -> None:
    """A conflict when the form shows another state of the record than the stored one."""
    seen = form.get(FIELD)
    if isinstance(seen, str) and seen and seen != current:
        raise ConflictError([], f"{what} changed after this page was opened (another tab or organiser), so "
                                "nothing was written: reload the page and make the change again if still needed")


def refuse_stale_player(form: FormData, event: Any, pid: int) -> None:
    """A conflict when player ``pid`` is not as the form showed them (edited since, or deleted and the
    id given to a newcomer); an unknown id is left to the change itself to name."""
    row = next((p for p in event.participants if p.pid == pid), None)
    if row is not None:
        refuse_if_stale(form, player_mark(row), f"player {pid} (now {row.name})")


def refuse_stale_round(form: FormData, event: Any) -> None:
    """A conflict when a bye request names another round than the next one to pair: the form was opened
    before a round was paired, and its request was for that round."""
    seen = form.get("round")
    upcoming = max((r.number for r in event.rounds), default=0) + 1
    if isinstance(seen, str) and seen.strip() and seen.strip() != str(upcoming):
        raise ConflictError([], f"this request was for round {seen.strip()}, and round {upcoming} is the next one "
                                "to pair now, so nothing was written: reload the page and ask again if still needed")

"""What ``fairdraw check`` adds for the seatings fairdraw writes: their records and their claims.

A mahjong seating or a league season carries bookkeeping beside its rounds (``meta``: who left
or joined, the table size, the seat names, the rounds seated by ranking) and the figures the
draw reported (repeats, max meetings). ``reseat``, ``seat-ranked`` and ``league-reseat`` refuse
a file whose bookkeeping is damaged, so ``check``, which the issue names as the way anyone
verifies a published draw (issue 4, item 4), must not call the same file OK; and a figure the
file claims but its rounds do not bear out (a hand-edited "0 repeats") is a breach too. The
rounds themselves are the core checker's (``fairdraw.core.checker``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from fairdraw.core.checker import CheckReport
from fairdraw.core.errors import InputError
from fairdraw.core.model import Schedule
from fairdraw.core.option_values import is_json_whole


def record_breaches(schedule: Schedule, report: CheckReport, source: str) -> list[str]:
    """The breaches of a seating's own records: a damaged ``meta`` (named by its field, as the
    commands that build on the file name it) and claimed figures that the recount contradicts."""
    breaches: list[str] = []
    validator = _validator(schedule.system)
    if validator is not None:
        try:
            validator(schedule, source)
        except InputError as exc:
            where = f"field '{exc.field}': " if exc.field else ""
            breaches.append(f"file record: {where}{exc.message}")
    claims = _claims(schedule)
    if claims:
        recount = {
            "repeats": report.repeat_count,
            "max_meetings": max(report.meetings.values(), default=0),
            "pairs_met": len(report.meetings),
        }
        for key, (path, claimed) in claims.items():
            if not is_json_whole(claimed):
                # a claimed figure of "x" passed unread, where a wrong number is caught
                breaches.append(f"file record: field '{path}' holds {claimed!r}, expected a whole number "
                                f"(the rounds give {recount[key]})")
            elif claimed != recount[key]:
                breaches.append(f"file record: field '{path}' claims {claimed}, the rounds give {recount[key]}")
    return breaches


def _validator(system: str) -> Callable[[Schedule, str], None] | None:
    """The file check of the command that builds on such a file, or None for other systems."""
    if system == "mahjong":
        return _check_mahjong_seating
    if system == "mahjong-league":
        from fairdraw.cli.league import check_season_file

        return check_season_file
    return None


def _check_mahjong_seating(schedule: Schedule, _source: str) -> None:
    from fairdraw.systems.mahjong.validate import check_seating

    check_seating(schedule)


def _claims(schedule: Schedule) -> dict[str, tuple[str, object]]:
    """The figures the file states about its own meetings, by recount key: a mahjong seating
    keeps them in ``meta.metrics`` (``seating_metrics``), a league season at the top of ``meta``."""
    meta = schedule.meta
    if schedule.system == "mahjong" and isinstance(meta.get("metrics"), Mapping):
        metrics = meta["metrics"]
        return {key: (f"meta.metrics.{key}", metrics[key]) for key in ("repeats", "max_meetings", "pairs_met")
                if key in metrics}
    if schedule.system == "mahjong-league":
        return {key: (f"meta.{key}", meta[key]) for key in ("repeats", "max_meetings") if key in meta}
    return {}

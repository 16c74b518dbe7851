"""The event's settings on the organiser's page: the options box read into a mapping, and every
check a setting gets when an event is created or its settings saved (no HTTP here).

Why at creation: a setting that could never work (a round count of 0, an unknown scoring or
tie-break code, an option the system does not read, a ``scoring.`` option its scoring refuses)
used to be stored and fail later, with the event already running; each refusal names the
form field. And why a module of its own: ``workflow`` does what the buttons do with an event
whose settings these functions have already passed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fairdraw.core.errors import FairdrawError, InputError
from fairdraw.core.model import MAX_ROUNDS, Schedule
from fairdraw.core.registry import PROGRAM_OPTIONS, all_systems, get_system, installed_system, typed_options
from fairdraw.formats.wording import counted
from fairdraw.storage.events import MAX_TIEBREAKS
from fairdraw.storage.models import Event


def system_choices() -> list[dict[str, str]]:
    """Every registered system for the "new event" form."""
    return [{"name": cls.name, "kind": cls.kind, "description": cls.description} for cls in all_systems()]


def parse_options(text: str) -> dict[str, Any]:
    """System options from ``key=value`` lines (or a JSON object).

    Values become booleans (true/false/yes/no), whole numbers or decimals where they look
    like one, else strings; ``group-size`` and ``group_size`` are the same key.
    """
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"options: not valid JSON ({exc.msg})", field="options", line=exc.lineno) from None
        if not isinstance(data, dict):
            raise InputError("options: expected a JSON object", field="options")
        return {str(k).replace("-", "_"): v for k, v in data.items()}
    if text.startswith("["):
        raise InputError("options: expected key=value lines or a JSON object, not a list", field="options")
    options: dict[str, Any] = {}
    for number, raw_line in enumerate(re.split(r"[\n;]", text), start=1):
        # a comma starts a new option only where a key= follows: "scoring.uma=15,5,-5,-15" is one list
        for raw in _OPTION_SPLIT.split(raw_line):
            line = raw.strip()
            if not line:
                continue
            key, sep, value = line.partition("=")
            key = key.strip().lstrip("-").replace("-", "_")
            if not _OPTION_KEY.fullmatch(key):
                raise InputError(f"options: {line!r} is not key=value", field="options", line=number)
            options[key] = _option_value(value.strip()) if sep else True
    return options


_OPTION_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_OPTION_SPLIT = re.compile(r",(?=\s*-{0,2}[A-Za-z_][A-Za-z0-9_.-]*\s*(?:=|,|$))")


def _option_value(value: str) -> Any:
    if "," in value:
        parts = [p.strip() for p in value.split(",")]
        return [_option_value(p) for p in parts]
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    if re.fullmatch(r"-?\d+\.\d*", value):
        return float(value)
    return value


SCORING_PREFIXES = ("scoring.", "scoring_")


def check_event_settings(*, total_rounds: int | None, scoring: str, tiebreaks: str) -> None:
    """Refuse settings that could never work when the event is created, not when its
    standings are first shown: a round count below 1, a scoring system or a tie-break
    code this installation does not know (each error names the form field)."""
    if total_rounds is not None and not 1 <= total_rounds <= MAX_ROUNDS:
        raise InputError(f"rounds: expected a number from 1 to {MAX_ROUNDS}, got {total_rounds}", field="rounds")
    if scoring:
        from fairdraw.scoring.base import all_scorings

        known = sorted(cls.name for cls in all_scorings())
        if scoring not in known:
            raise InputError(f"scoring: unknown scoring {scoring!r} (known: {', '.join(known)})", field="scoring")
    if tiebreaks and tiebreaks.strip().lower() != "none":
        from fairdraw.tiebreaks.base import get_tiebreak, parse_spec, refuse_repeated_tiebreaks

        specs = []
        for code in (c for c in tiebreaks.split(",") if c):
            try:
                specs.append(parse_spec(code))
                get_tiebreak(specs[-1])
            except (KeyError, ValueError) as exc:
                reason = exc.args[0] if exc.args else exc
                raise InputError(f"tie-breaks: {code!r}: {reason}", field="tiebreaks") from None
        try:
            if len(tiebreaks) <= MAX_TIEBREAKS:  # a list too long for its column is named as such when stored
                refuse_repeated_tiebreaks(specs)
        except ValueError as exc:
            raise InputError(f"tie-breaks: {exc}", field="tiebreaks") from None


def split_options(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(system options, scoring options): ``scoring.start=25000`` goes to the scoring."""
    system: dict[str, Any] = {}
    scoring: dict[str, Any] = {}
    for key, value in options.items():
        prefix = next((p for p in SCORING_PREFIXES if key.startswith(p)), None)
        if prefix:
            scoring[key[len(prefix):]] = value
        else:
            system[key] = value
    return system, scoring


def pairing_options(system: str, scoring: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """The options a pairing system gets from the event's settings: the system options, for a
    Keizer ladder ranked by Keizer scoring also that scoring's settings (``keizer``), so the
    ranking its rounds are paired from is the one the standings show, and for the Dutch the
    event's point system (``points``, from ``point_system``), so its scoregroups are those of
    the points the standings show. A ``points`` stored by hand before the page refused it
    (``PAGE_KEPT_OPTIONS``) gives way to the scoring's."""
    system_options, scoring_options = split_options(dict(options))
    if system == "keizer" and (scoring or "keizer") == "keizer" and scoring_options:
        system_options["keizer"] = scoring_options
    if system == "dutch":
        system_options.pop("points", None)
        points = point_system(scoring, scoring_options)
        if points is not None:
            system_options["points"] = points
    return system_options


def point_system(scoring: str | None, scoring_options: dict[str, Any]) -> Any:
    """The point system (in tenths, ``formats.trf.PointSystem``) the Dutch pairs an event by: its
    standard or football scoring with the event's ``scoring.`` options (``scoring.tenths_of``:
    FIDE C.04.3 A.3 groups players by the tournament's own points), or None for FIDE's 1-½-0 or a
    scoring that is no point system (Keizer: its ranking is no score to group by, and the Dutch
    then pairs on 1-½-0, as ``fairdraw pair`` does on the export). A value the engine cannot hold
    is an InputError naming the option."""
    from fairdraw.formats.trf import PointSystem
    from fairdraw.scoring.base import get_scoring
    from fairdraw.scoring.standard import StandardScoring, tenths_of

    name = scoring or "standard"
    try:
        built = get_scoring(name, **scoring_options)
    except (KeyError, ValueError, TypeError):
        return None  # refused by ``check_scoring`` when typed; the standings name what is wrong
    if not isinstance(built, StandardScoring):
        return None
    try:
        points = PointSystem(**tenths_of(built))
    except ValueError as exc:
        raise InputError(f"options: scoring.{exc.args[0]} (the Dutch pairs on the event's points)",
                         field="options") from None
    return None if points == PointSystem() else points


#: the command line's words in the systems' messages, as the page says them (its settings)
_PAGE_WORDS = (
    ("--byes", "the option byes=true"),
    ("--separate", "the option separate"),
    ("--ranked-last", "the option ranked_last"),
    ("--grouping", "the option grouping"),
    ("--prefer", "the option prefer"),
    ("--rounds, XXR", "the event's number of rounds"),
    ("--rounds", "the event's number of rounds"),
)


def page_wording(message: str) -> str:
    """A system's message with its command-line words replaced by the page's (an organiser
    on the page has settings and options, not flags)."""
    for cli, page in _PAGE_WORDS:
        message = message.replace(cli, page)
    return message


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_option_text(v) for v in value)
    return str(value)


def options_text(options: dict[str, Any] | None) -> str:
    """The options as the settings form shows them: ``key=value`` lines when those read back
    as exactly these options, else a JSON object.

    Why: the form is submitted as a whole, so what it shows must parse back to what is
    stored; ``{"s": "a,b"}`` shown as ``s=a,b`` came back as ``{"s": "a", "b": True}``
    and a nested object or a null was flattened to text by a save that changed nothing."""
    options = dict(options or {})
    if not options:
        return ""
    text = "".join(f"{key}={_option_text(value)}\n" for key, value in options.items())
    try:
        if parse_options(text) == options and all(isinstance(k, str) for k in options):
            return text
    except InputError:
        pass
    return json.dumps(options, indent=2, ensure_ascii=False) + "\n"


#: the packages of fairdraw's own systems that seat tables of more than two
_MAHJONG_PACKAGES = ("fairdraw.systems.mahjong", "fairdraw.systems.league")


def system_game(system: str) -> str | None:
    """``mahjong`` for a system that seats tables of more than two (mahjong seatings and
    leagues), ``chess`` for fairdraw's other systems, None when unknown (a system from
    elsewhere: its schedule decides, as for ``fairdraw standings``). It is the game a scoring
    must be made for (``Scoring.game``); the registry of systems does not record it."""
    cls = installed_system(system)
    game = getattr(cls, "game", None)
    if game in ("chess", "mahjong"):
        return str(game)
    module = getattr(cls, "__module__", "") or ""
    if system.startswith("mahjong") or module.startswith(_MAHJONG_PACKAGES):
        return "mahjong"
    if module.startswith("fairdraw.systems."):
        return "chess"
    return None


def default_scorings(system: str) -> list[str]:
    """The scoring an event of ``system`` is ranked by when none is named (as
    ``fairdraw.scoring.standings.default_scoring`` decides for its schedule); both
    candidates when the system's game is unknown."""
    game = system_game(system)
    if game == "mahjong":
        return ["mahjong"]
    if game == "chess":
        return ["keizer" if system == "keizer" else "standard"]
    return ["standard", "mahjong"]


#: options the page sets itself, each with where on the page it is set instead: typed into the
#: options box they fought the page's own controls (``absent=3,4`` made those players absent in
#: every round, with no withdrawal to undo and no trace in the exports; ``requested_byes=1``
#: stopped the pairing on a TypeError; ``points=3,1,0`` was refused at every pairing)
_BYES_AND_WITHDRAWALS = ("bye requests and withdrawals are made on the players' list: *Withdraw* and *Bring back*, "
                         "and the *Byes* cell for the next round or a later one")
PAGE_KEPT_OPTIONS: dict[str, str] = {
    **dict.fromkeys(PROGRAM_OPTIONS, "the page gives it from the event's rounds and players"),
    **dict.fromkeys(("requested_byes", "withdrawn", "withdrawn_at"), _BYES_AND_WITHDRAWALS),
    "absent": ("a player who misses rounds is withdrawn on the players' list (*Withdraw*, *Bring back* on "
               "return), or asks a 0-point bye in the *Byes* cell for each round missed"),
    "byes_later": "byes for later rounds are asked in the *Byes* cell of the players' list (*a later round…*)",
    "points": ("the point system comes from the event's scoring, and the Dutch pairs on it: choose football "
               "for 3-1-0, or set scoring.win, scoring.draw and scoring.loss"),
}


def check_reserved_options(options: dict[str, Any]) -> None:
    """Refuse an option the page sets itself (``PAGE_KEPT_OPTIONS``), naming it and where on the
    page it is set instead (docs/web.md: the options box)."""
    taken = sorted(k for k in options if k in PAGE_KEPT_OPTIONS)
    if taken:
        raise InputError(f"{taken[0]} is kept by the page itself ({PAGE_KEPT_OPTIONS[taken[0]]}), not an option "
                         "to type; remove it from the options", field=f"options.{taken[0]}")


def check_system_options(system: str, options: dict[str, Any], stored: dict[str, Any] | None = None) -> None:
    """Refuse a system option the system does not read (``scoring.*`` ones go to the
    scoring, checked by ``check_scoring``), naming it and the options the system has.

    Why: a slip (``grup_size=5`` for a Meerkamp) was stored and ignored, and the event made
    with the default. An option already ``stored`` with the same value passes, so an event
    saved before this check can still save its settings (once rounds exist its options may
    not change, so it could otherwise never save them again)."""
    chosen = type(get_system(system))
    names = chosen.option_names
    if names is None:
        return
    system_options, _ = split_options(options)
    kept = stored or {}
    unknown = sorted(k for k, v in system_options.items()
                     if k not in names and k not in PROGRAM_OPTIONS and not (k in kept and kept[k] == v))
    if unknown:
        typed = [name for name in typed_options(chosen) if name not in PAGE_KEPT_OPTIONS]  # not those refused
        known = ", ".join(typed) if typed else "none"
        raise InputError(f"options: {system} has no option {unknown[0]!r} (its options: {known}; "
                         "scoring options start with scoring.)", field=f"options.{unknown[0]}")
    try:
        # the values too, as the system reads them: `double=maybe` was stored and refused only
        # at *Pair*, with the players all entered
        get_system(system).check_options(system_options)
    except InputError as exc:
        raise InputError(f"options: {exc.message}", field=f"options.{exc.field or ''}".rstrip(".")) from None


def check_ranked_rounds(options: dict[str, Any], total_rounds: int | None) -> None:
    """``ranked_last`` (the final rounds seated by ranking) fits in the event's rounds: more was
    stored and refused only at *Pair*, under the command line's name ``ranked-last``."""
    ranked = options.get("ranked_last")
    if isinstance(ranked, int) and not isinstance(ranked, bool) and total_rounds is not None and ranked > total_rounds:
        raise InputError(f"options: ranked_last is {ranked}, more than the event's {counted(total_rounds, 'round')}",
                         field="options.ranked_last")


def check_scoring(system: str, scoring: str, options: dict[str, Any]) -> None:
    """Refuse a scoring that does not fit the event's game, or ``scoring.*`` options its
    scoring does not accept, by building the scoring with them (InputError naming the field),
    or, for the Dutch, points it cannot pair on (``point_system``).

    Why now and not at the standings: a bad ``scoring.start`` was stored, and from then on
    every results save and the standings failed, with the event already running."""
    from fairdraw.scoring.base import all_scorings, get_scoring

    classes = {c.name: c for c in all_scorings()}
    game = system_game(system)
    if scoring and scoring in classes and game is not None and classes[scoring].game != game:
        fitting = ", ".join(sorted(n for n, c in classes.items() if c.game == game))
        raise InputError(f"scoring: the {scoring} scoring counts {classes[scoring].game} results, but {system} "
                         f"is a {game} system (use {fitting}, or leave it empty)", field="scoring")
    _, scoring_options = split_options(options)
    if not scoring_options:
        return
    candidates = [scoring] if scoring else default_scorings(system)
    candidates = [name for name in candidates if name in classes]
    first_problem = ""
    for name in candidates:
        try:
            get_scoring(name, **scoring_options)
        except (ValueError, TypeError, KeyError) as exc:
            if not first_problem:
                first_problem = _scoring_problem(name, scoring_options, exc)
            continue
        if system == "dutch":
            point_system(name, scoring_options)  # points the Dutch can pair on (in tenths, none below 0)
        return  # a scoring the event may be ranked by accepts them
    if first_problem:
        raise InputError(f"options: {first_problem}", field="options")


def check_results_still_count(event: Event, schedule: Schedule, *, scoring: str, tiebreaks: str,
                              options: dict[str, Any] | None) -> None:
    """Refuse a scoring change the results already entered do not fit: a mahjong event's
    ``scoring.start`` changed after round 1 was scored made every standings page say the
    scores did not add up, and once a round was scored under each value no setting fitted
    both. Refused only where the standings worked before the change (an organiser mending a
    broken setting may take several steps), naming the first table that no longer fits."""
    from fairdraw.web import workflow

    def problem(scoring_name: str, tie_codes: str, stored_options: dict[str, Any]) -> InputError | None:
        _, scoring_options = split_options(stored_options)
        try:
            workflow.standings(schedule, scoring=scoring_name or None, tiebreaks=tie_codes or None,
                               scoring_options=scoring_options)
        except InputError as exc:
            return exc
        except (workflow.UnavailableError, FairdrawError):
            return None
        return None

    stored = dict(event.options or {})
    new_options = stored if options is None else options
    if split_options(new_options)[1] == split_options(stored)[1] and scoring == (event.scoring or ""):
        return
    if problem(event.scoring or "", event.tiebreaks or "", stored) is not None:
        return
    refused = problem(scoring, tiebreaks, new_options)
    if refused is not None:
        raise InputError(f"the results already entered do not fit the new scoring ({refused.message}); nothing "
                         "was changed: keep the scoring the results were entered under", field="options")


def _scoring_problem(name: str, scoring_options: dict[str, Any], exc: Exception) -> str:
    """What is wrong, with the option named even when the scoring's reason does not name it
    (``scoring.start=abc`` for mahjong said only "invalid literal for int()")."""
    from fairdraw.scoring.base import get_scoring

    culprit = ""
    for key, value in scoring_options.items():
        try:
            get_scoring(name, **{key: value})
        except (ValueError, TypeError, KeyError):
            culprit = key
            break
    reason = str(exc.args[0] if exc.args else exc)
    where = f"scoring.{culprit}" if culprit else "the scoring options"
    return f"{where}: {reason} (the {name} scoring)"


#: why a system option may not change once a round is made (the page says it)
FIXED_OPTION_REASON = "the system's options decided the rounds made; undo every round to change it"


def option_change_refused(system: str, key: str, old: Any, new: Any) -> str | None:
    """Why option ``key`` may not go from ``old`` to ``new`` (None: absent) once rounds
    exist, or None when it may.

    ``scoring.*`` options only change how results are counted, so they change at any time.
    A mahjong seating's ``byes`` may be turned on: it only affects the rounds made again
    (the re-seat of a field that no longer fills the tables, as the docs tell). Every other
    system option decided the rounds made."""
    if key.startswith(SCORING_PREFIXES):
        return None
    if key in PAGE_KEPT_OPTIONS and new is None:
        return None  # one stored before the page refused it goes: the page's own controls take over
    if system == "mahjong" and key == "byes" and new is True and not old:
        return None
    return FIXED_OPTION_REASON

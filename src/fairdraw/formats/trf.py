"""FIDE Tournament Report File 2016 (TRF16) reader and writer, with the engine extensions.

Why a line model: arbiters exchange TRF files between programs, so a file we read and
write back must keep every line we do not interpret (``012`` name, ``092``, ``102`` ...)
byte for byte, in its place, with its line endings (bbpPairings writes CR only). Player
lines (``001``) are parsed into fields and re-formatted in the fixed TRF16 columns.

Three modules: ``trf_lines`` (the line types and ``TrfDocument``), ``trf_read`` (text to
document, every field checked) and this one (the conversion into the core model), which
also names the whole public API below, so callers import from here alone.

Public API (stable: the scoring and club-swiss helpers build on it)
-------------------------------------------------------------------
``parse_trf(text, source=None) -> TrfDocument``; ``read_trf(path) -> TrfDocument``;
``TrfDocument.dump() -> str`` (writer; ``dump(parse_trf(t)) == t`` for well-formed files);
``write_trf(doc, path)``.

``TrfDocument`` fields: ``lines`` (ordered ``TrfLine`` items: ``PlayerLine`` or another
typed line, each with ``format()``), ``line_ending`` and ``final_newline``; properties
``players`` (``PlayerLine`` list in file order), ``total_rounds`` (``XXR``/``142``),
``initial_colour`` ("white"/"black"/None from ``XXC white1|black1`` or ``152``),
``use_rank`` (``XXC rank``), ``accelerations`` ({start number: [tenths per round]} from
``XXA``), ``forbidden_pairs`` (list of id groups from ``XXP``), ``points`` (a
``PointSystem`` from ``BBW BBD BBL BBZ BBF BBU``), ``system_tag`` (``192`` line, e.g.
"FIDE_DUTCH_2025_BAKU"), ``rounds_in_file``.

``PlayerLine``: ``number`` (start rank 1..9999), ``sex``, ``title``, ``name``, ``rating``
(int|None), ``federation``, ``fide_id``, ``birth``, ``points`` (tenths|None), ``rank``,
``games`` (``RoundEntry`` per round column: ``opponent`` (int|None: None = "0000" or
blank), ``colour`` ("w", "b", "-" or " "), ``result`` (one of ``1 0 = + - W D L U F H Z``
or " ")).

Conversion into the core model: ``trf_to_participants``, ``trf_to_rounds``,
``trf_to_request(doc, upto_round=None, total_rounds=None)`` -> ``PairingRequest`` for
the round after ``upto_round`` (default: every fully paired round in the file). See
``trf_to_request`` for the ``options`` keys a Swiss system reads.

TRF-2026 records read as well (FIDE TRF26, as bbpPairings v6 reads them): ``142``/``152``
(rounds, initial colour), ``162`` (point system), ``240`` (F/H/Z byes given for a round:
for the round to pair they are absences), ``250`` (accelerations over ranges of rounds and
players), ``260`` (prohibited pairings over a range of rounds); kept verbatim on writing.

Column layout of a ``001`` line (0-based, TRF16): 4-7 start rank, 9 sex, 10-12 title,
14-46 name, 48-51 rating, 53-55 federation, 57-67 FIDE id, 69-78 birth date, 80-83
points, 85-88 rank, then per round from column 91 + 10·k: opponent (4), colour at +5,
result at +7. (``trf_read.PLAYER_FIELDS`` lists them 1-based, as the standard and the messages do.)

What the reader refuses (``InputError``: file, line, column, what was expected), because
reading on would pair or score something the file does not say: a character in a blank
separator column of a 001 line or a digit in a letter field (a field shifted by a column),
a number field holding anything else; ``XXC`` words other than white1/black1/rank; results
in more rounds than ``XXR``/``142`` says, or two such lines that disagree; a game not written
on both lines with opposite colours and mirrored results (1/0, =/=, +/-, -/-, W/L, D/D);
a points column (81-84) other than the results' total under the file's point system
(optionally with the next round's announced byes and the player's acceleration, as
bbpPairings reads it); ``XXA``/``XXP``/``240``/``260`` naming a start rank without 001 line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Bye, Participant, Round, Table
from fairdraw.core.registry import PairingRequest
from fairdraw.formats.trf_lines import (  # noqa: F401  (the public API names them from here)
    BYE_KIND_OF,
    BYE_LETTER_OF,
    BYE_RESULTS,
    GAME_RESULTS,
    ROUND_START,
    ROUND_WIDTH,
    AccelerationLine,
    AccelerationRangeLine,
    ByeLine,
    ColourLine,
    ForbiddenLine,
    PlayerLine,
    PointsLine,
    PointSystem,
    PointSystemLine,
    ProhibitedLine,
    RawLine,
    RoundEntry,
    RoundsLine,
    TrfDocument,
    TrfLine,
)
from fairdraw.formats.trf_read import dominant_line_ending, parse_trf, read_trf, show_tenths, write_trf  # noqa: F401

RESULT_OF = {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "1/2-1/2", ("+", "-"): "+/-", ("-", "+"): "-/+",
              ("-", "-"): "-/-", ("W", "L"): "1-0", ("L", "W"): "0-1", ("D", "D"): "1/2-1/2"}


def trf_to_participants(doc: TrfDocument) -> tuple[Participant, ...]:
    """Participants with ``id`` = start rank (the TRF pairing number), in start-rank order."""
    return tuple(
        Participant(id=p.number, name=p.name, rating=p.rating, federation=p.federation or None)
        for p in sorted(doc.players, key=lambda q: q.number)
    )


def pairing_order(doc: TrfDocument) -> tuple[Participant, ...]:
    """Participants in pairing-number order, the order a Swiss system ranks them by.

    Normally the start rank (columns 5-8). ``XXC rank`` (the JaVaFo/bbpPairings extension)
    says the start ranks are only identifiers and the order of the ``001`` lines is the
    pairing order, as when an arbiter re-sorts the list after late entries (C.04.2 B/C)
    without renumbering; bbpPairings reads it that way."""
    if not doc.use_rank:
        return trf_to_participants(doc)
    return tuple(Participant(id=p.number, name=p.name, rating=p.rating, federation=p.federation or None)
                 for p in doc.players)


def trf_round(doc: TrfDocument, r: int) -> Round:
    """Round ``r`` (1-based) as a model Round. Tables are ordered by the higher score
    before the round, then the lower start rank, as a pairing list would print them;
    byes carry their kind (U -> "bye", H -> "half-point", F, Z, blank -> "absent")."""
    by_number = {p.number: p for p in doc.players}
    ps = doc.points
    scores = {p.number: sum(ps.of(g) for g in p.games[: r - 1]) for p in doc.players}
    tables: list[tuple[tuple[int, int], tuple[int, int], str]] = []
    byes: list[Bye] = []
    for p in sorted(doc.players, key=lambda q: q.number):
        g = p.games[r - 1] if r - 1 < len(p.games) else RoundEntry(None, " ", " ")
        if g.opponent is None:
            byes.append(Bye(p.number, BYE_KIND_OF.get(g.result, "absent")))
            continue
        if g.colour != "w":
            continue
        og = by_number[g.opponent].games[r - 1]
        result = RESULT_OF.get((g.result, og.result), f"{g.result}/{og.result}")
        key = (-max(scores[p.number], scores[g.opponent]), min(p.number, g.opponent))
        tables.append((key, (p.number, g.opponent), result))
    tables.sort()
    return Round(
        round=r,
        tables=tuple(Table(table=i + 1, seats=seats, result=res) for i, (_, seats, res) in enumerate(tables)),
        byes=tuple(byes),
    )


def round_is_paired(doc: TrfDocument, r: int) -> bool:
    """Whether column ``r`` holds a pairing (a game or a U bye), not only announced byes."""
    for p in doc.players:
        if r - 1 < len(p.games):
            g = p.games[r - 1]
            if g.opponent is not None or g.result == "U":
                return True
    return False


def trf_to_rounds(doc: TrfDocument, upto_round: int | None = None) -> tuple[Round, ...]:
    """Rounds 1..upto_round (default: every paired round in the file) as model Rounds."""
    if upto_round is None:
        upto_round = doc.rounds_in_file
        while upto_round and not round_is_paired(doc, upto_round):
            upto_round -= 1
    return tuple(trf_round(doc, r) for r in range(1, upto_round + 1))


def _byes_after(doc: TrfDocument, nxt: int) -> dict[str, dict[str, str]]:
    """The byes a file announces for the rounds after ``nxt`` (round -> {start rank: kind}):
    TRF-2026 ``240`` lines, and entries without opponent (H, F, Z, ``0000``) in a 001 line's
    columns past the next round, which a secretary types ahead for a player who will be away.
    Those columns were read only for the next round, so a JSON written from the request lost
    them and the later round paired the player (bbpPairings reads the file as longer instead)."""
    later: dict[int, dict[int, str]] = {}
    for r in sorted({line.round for line in doc.lines if isinstance(line, ByeLine)}):
        if r > nxt:
            later[r] = dict(doc.byes_in_round(r))
    for p in doc.players:
        for index in range(nxt, len(p.games)):
            g = p.games[index]
            if g.opponent is None and g.result != "U" and not g.is_blank:
                # "0000 - -" is how `fairdraw trf` announces a withdrawal ("not paired"): an
                # absence, as the withdrawal itself is, not a Z bye that `--withdraw` contradicts
                kind = "absent" if g.result == "-" else BYE_KIND_OF.get(g.result, "absent")
                round_byes = later.setdefault(index + 1, {})
                if kind != "absent" or p.number not in round_byes:  # "0000" alone keeps a 240 line's kind
                    round_byes[p.number] = kind
    return {str(r): {str(k): v for k, v in sorted(byes.items())} for r, byes in sorted(later.items()) if byes}


def trf_to_request(
    doc: TrfDocument, upto_round: int | None = None, total_rounds: int | None = None
) -> PairingRequest:
    """A PairingRequest for pairing round ``upto_round + 1``.

    ``history`` is rounds 1..upto_round. Entries without opponent in the next column
    (H, F, Z, blank) are absences announced before the pairing. ``options`` keys:
    ``initial_colour`` ("white"/"black"/None: None means take it from round 1, i.e.
    the colour of the lowest start rank that played), ``requested_byes`` ({id: kind}),
    ``accelerations`` ({id: [tenths per round]}), ``baku`` (bool: the 192 line asks
    for Baku acceleration), ``forbidden_pairs`` (list of id lists), ``points``
    (PointSystem, tenths), ``points_column`` ({id: tenths printed on the 001 line}).
    ``total_rounds`` defaults to the file's XXR line.
    """
    if upto_round is None:
        upto_round = len(trf_to_rounds(doc))
    history = trf_to_rounds(doc, upto_round)
    nxt = upto_round + 1
    # TRF-2026 240 records: byes given for the round to pair (the 001 column may be blank)
    requested: dict[int, str] = doc.byes_in_round(nxt)
    for p in doc.players:
        if nxt - 1 < len(p.games):
            g = p.games[nxt - 1]
            # TRF16: an entry without opponent (H F Z, or 0000 with a blank result: "not
            # paired") in the column after the last paired round is an absence known
            # before the pairing; a blank entry leaves the player available.
            if g.opponent is None and g.result != "U" and not g.is_blank:
                # "0000 - -" is how `fairdraw trf` announces a withdrawal ("not paired"): an
                # absence, as the withdrawal itself is, not a Z bye that `--withdraw` contradicts
                kind = "absent" if g.result == "-" else BYE_KIND_OF.get(g.result, "absent")
                if kind != "absent" or p.number not in requested:  # "0000" alone keeps a 240 line's kind
                    requested[p.number] = kind
    tag = doc.system_tag or ""
    options: dict[str, Any] = {
        "initial_colour": doc.initial_colour,
        "requested_byes": requested,
        "accelerations": doc.accelerations,
        "baku": tag.endswith("_BAKU"),
        "forbidden_pairs": doc.forbidden_in_round(nxt),
        # what holds in every round (XXP): a JSON written from this request carries only that,
        # since a 260 line forbids its pairs in its own rounds only
        "forbidden_every_round": doc.forbidden_pairs,
        "points": doc.points,
        "points_column": {p.number: p.points for p in doc.players if p.points is not None},
        # what TRF-2026 240 and 260 lines say of the rounds after this one: a JSON written from
        # this request keeps them (meta.byes_later, meta.forbidden_later), or they were lost
        "byes_later": _byes_after(doc, nxt),
        "forbidden_later": [{"rounds": [max(line.first_round, nxt + 1), line.last_round], "players": list(line.numbers)}
                            for line in doc.lines if isinstance(line, ProhibitedLine) and line.last_round > nxt],
    }
    return PairingRequest(
        players=pairing_order(doc),
        history=history,
        total_rounds=total_rounds if total_rounds is not None else doc.total_rounds,
        options=options,
    )


def truncated(doc: TrfDocument, rounds: int, *, total_rounds: int | None = None,
              initial_colour: str | None = None) -> TrfDocument:
    """A copy holding rounds 1..``rounds`` and the absences announced for the next round
    (entries without opponent other than U), with points recomputed: the file an arbiter
    has just before pairing round ``rounds + 1``. ``total_rounds`` and ``initial_colour``
    add ``XXR``/``XXC`` lines (replacing existing ones)."""
    ps = doc.points
    lines: list[TrfLine] = []
    for line in doc.lines:
        if isinstance(line, PlayerLine):
            games = list(line.games[:rounds])
            games += [RoundEntry(None, " ", " ")] * (rounds - len(games))
            if rounds < len(line.games):
                g = line.games[rounds]
                if g.opponent is None and g.result != "U" and not g.is_blank:
                    games.append(g)
            pts = sum(ps.of(g) for g in games[:rounds])
            lines.append(replace(line, games=games, points=pts))
        elif isinstance(line, RoundsLine) and total_rounds is not None:
            continue
        elif isinstance(line, ColourLine) and initial_colour is not None:
            continue
        else:
            lines.append(line)
    extra: list[TrfLine] = []
    if total_rounds is not None:
        extra.append(RoundsLine(f"XXR {total_rounds}", total_rounds))
    if initial_colour is not None:
        extra.append(ColourLine(f"XXC {initial_colour}1", initial_colour))
    at = next((i for i, x in enumerate(lines) if isinstance(x, PlayerLine)), len(lines))
    lines[at:at] = extra
    return TrfDocument(lines=lines, line_ending=doc.line_ending, final_newline=doc.final_newline, source=doc.source)


_ENTRY_OF_RESULT = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "½-½": ("=", "="),
                    "+/-": ("+", "-"), "-/+": ("-", "+"), "-/-": ("-", "-")}


#: bbpPairings' point-system lines and the ``PointSystem`` field each sets.
_BB_FIELDS = (("BBW", "win"), ("BBD", "draw"), ("BBL", "loss"), ("BBZ", "zero_bye"), ("BBF", "forfeit_loss"),
              ("BBU", "allocated_bye"))
#: the ``PointSystem`` fields, as ``meta.points`` names them in a schedule JSON
POINT_NAMES = tuple(name for _, name in _BB_FIELDS)


def point_system_from_meta(value: Any, source: str | None = None) -> PointSystem:
    """``meta.points`` ({"win": 3, "draw": 1, ...} in points, as ``pair --json`` writes it) in
    tenths. A value left out keeps FIDE's; the allocated bye follows the win unless given, as
    TRF16's ``BBU`` follows ``BBW`` (one reading for the JSON and the TRF of one event). Shared
    by ``pair`` (the pairing scores), the TRF export and the standings."""
    if not isinstance(value, dict):
        raise InputError('meta.points must be an object such as {"win": 1, "draw": 0.5}', source=source,
                         field="meta.points")
    tenths: dict[str, int] = {}
    for key, points in value.items():
        if key not in POINT_NAMES:
            raise InputError(f"unknown point value {key!r}; expected one of {', '.join(POINT_NAMES)}",
                             source=source, field=f"meta.points.{key}")
        if isinstance(points, bool) or not isinstance(points, int | float) or points < 0 or round(points * 10, 6) % 1:
            raise InputError(f"{points!r} is not a number of points in tenths (e.g. 1, 0.5, 3)",
                             source=source, field=f"meta.points.{key}")
        tenths[key] = round(points * 10)
    tenths.setdefault("allocated_bye", tenths.get("win", PointSystem().win))
    return PointSystem(**tenths)


def point_system_to_meta(points: Any) -> dict[str, int | float] | None:
    """The inverse of ``point_system_from_meta``: a point system in tenths (any object with
    ``PointSystem``'s fields: a TRF's, the Dutch engine's, the web page's) as ``meta.points``
    in points, or None when it is FIDE's default (nothing to carry)."""
    tenths = {name: getattr(points, name) for name in POINT_NAMES}
    if all(tenths[name] == getattr(PointSystem(), name) for name in POINT_NAMES):
        return None
    return {name: value // 10 if value % 10 == 0 else value / 10 for name, value in tenths.items()}


def point_system_lines(ps: PointSystem) -> list[TrfLine]:
    """``BBW``... lines for the values that differ from FIDE's 1 / ½ / 0: the points column is
    written under ``ps``, and a reader checks it against the point system the file declares
    (``BBU`` only when the allocated bye is not worth the win it follows by default)."""
    default = replace(PointSystem(), allocated_bye=ps.win)
    out: list[TrfLine] = []
    for key, name in _BB_FIELDS:
        value = getattr(ps, name)
        if value != getattr(default, name):
            out.append(PointsLine(f"{key} {show_tenths(value):>4}", key, value))
    return out


def rounds_to_trf(
    players: tuple[Participant, ...] | list[Participant],
    rounds: tuple[Round, ...] | list[Round],
    *,
    name: str = "fairdraw",
    total_rounds: int | None = None,
    initial_colour: str | None = None,
    points: PointSystem | None = None,
) -> TrfDocument:
    """A TRF16 document for players (start rank = participant id) and rounds with results.

    Byes are written with their TRF letters (bye U, half-point H, full-point F,
    zero-point Z, absent blank); a board without result raises InputError."""
    ps = points or PointSystem()
    entries: dict[int, list[RoundEntry]] = {p.id: [] for p in players}
    for rnd in rounds:
        seen: set[int] = set()
        for t in rnd.tables:
            if t.result not in _ENTRY_OF_RESULT:
                raise InputError(f"round {rnd.round}, board {t.table}: result {t.result!r} cannot be written to TRF")
            rw, rb = _ENTRY_OF_RESULT[t.result]
            w, b = t.seats
            entries[w].append(RoundEntry(b, "w", rw))
            entries[b].append(RoundEntry(w, "b", rb))
            seen.update((w, b))
        for bye in rnd.byes:
            letter = BYE_LETTER_OF.get(bye.kind, " ")
            entries[bye.id].append(RoundEntry(None, "-", letter) if letter != " " else RoundEntry(None, " ", " "))
            seen.add(bye.id)
        for pid, lst in entries.items():
            if pid not in seen:
                lst.append(RoundEntry(None, " ", " "))
    lines: list[TrfLine] = [RawLine(f"012 {name}")]
    if total_rounds is not None:
        lines.append(RoundsLine(f"XXR {total_rounds}", total_rounds))
    if initial_colour is not None:
        lines.append(ColourLine(f"XXC {initial_colour}1", initial_colour))
    lines += point_system_lines(ps)
    scores = {pid: sum(ps.of(g) for g in lst) for pid, lst in entries.items()}
    order = sorted(entries, key=lambda pid: (-scores[pid], pid))
    rank = {pid: i + 1 for i, pid in enumerate(order)}
    for p in sorted(players, key=lambda q: q.id):
        lines.append(PlayerLine(number=p.id, name=p.name, rating=p.rating, federation=p.federation or "",
                                points=scores[p.id], rank=rank[p.id], games=entries[p.id]))
    return TrfDocument(lines=lines, line_ending="\r", final_newline=True)

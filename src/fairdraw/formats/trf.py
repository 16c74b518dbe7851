"""FIDE Tournament Report File 2016 (TRF16) reader and writer, with the engine extensions.

Why a line model: arbiters exchange TRF files between programs, so a file we read and
write back must keep every line we do not interpret (``012`` name, ``092``, ``102`` ...)
byte for byte, in its place, with its line endings (bbpPairings writes CR only). Player
lines (``001``) are parsed into fields and re-formatted in the fixed TRF16 columns.

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
result at +7. (``PLAYER_FIELDS`` lists them 1-based, as the standard and the messages do.)

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

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Bye, Participant, Round, Table
from fairdraw.core.registry import PairingRequest
from fairdraw.formats.text_files import read_text

#: Result letters allowed in a round entry (TRF16 plus the engines' W D L for unrated games).
GAME_RESULTS = "10=+-WDL"
BYE_RESULTS = "UFHZ"
#: Bye letter -> model bye kind (fairdraw.core.model.BYE_KINDS).
BYE_KIND_OF = {"U": "bye", "H": "half-point", "F": "full-point", "Z": "zero-point", " ": "absent", "-": "zero-point"}
BYE_LETTER_OF = {"bye": "U", "half-point": "H", "full-point": "F", "zero-point": "Z", "absent": " "}

ROUND_START = 91
ROUND_WIDTH = 10
#: TRF-2026 ``162`` result codes -> the matching point-system key (X, unknown results
#: such as adjourned games, is not used in pairing). The standard's absence code is A;
#: bbpPairings reads Z for it, so both are accepted.
_POINT_CODE_162 = {"W": "BBW", "D": "BBD", "L": "BBL", "A": "A", "Z": "A", "P": "BBU"}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round column of a player line: opponent (None for 0000/blank), colour, result."""

    opponent: int | None
    colour: str
    result: str
    #: ``0000`` written with blank colour and result: TRF16 "player not paired" (an
    #: absence, zero points), unlike a blank entry in the next round's column, which
    #: leaves the player available. Kept so that the file writes back unchanged.
    zeros: bool = False

    @property
    def is_blank(self) -> bool:
        return self.opponent is None and self.colour == " " and self.result == " " and not self.zeros

    @property
    def is_bye(self) -> bool:
        """No opponent: a bye letter, an absence (blank) or a forfeit without opponent."""
        return self.opponent is None

    @property
    def played(self) -> bool:
        """A game over the board (forfeits are not played games: FIDE C.04.1 note)."""
        return self.opponent is not None and self.result in "10=WDL"

    def format(self) -> str:
        if self.is_blank:
            return "          "
        if self.opponent is None and self.colour == " " and self.result == " ":
            return "  0000    "
        opp = "0000" if self.opponent is None else f"{self.opponent:>4}"
        return f"  {opp} {self.colour} {self.result}"


@dataclass(slots=True)
class PlayerLine:
    """A ``001`` line: the player's identity fields and one ``RoundEntry`` per round."""

    number: int
    name: str = ""
    sex: str = " "
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: int | None = None  # tenths of a point, as printed in columns 80-83
    rank: int | None = None
    games: list[RoundEntry] = field(default_factory=list)
    line_number: int | None = None

    def format(self) -> str:
        rating = "" if self.rating is None else str(self.rating)
        points = "" if self.points is None else f"{self.points // 10}.{self.points % 10}"
        rank = "" if self.rank is None else str(self.rank)
        head = (
            f"001 {self.number:>4} {self.sex[:1] or ' '}{self.title:>3} {self.name:<33.33} {rating:>4} "
            f"{self.federation:<3.3} {self.fide_id:>11.11} {self.birth:<10.10} {points:>4} {rank:>4}"
        )
        if not self.games:
            return head.rstrip()
        return head + "".join(g.format() for g in self.games)


@dataclass(slots=True)
class RawLine:
    """A line we keep verbatim (``012``, ``092``, ``102``, blank lines, ...)."""

    text: str

    @property
    def tag(self) -> str:
        return self.text[:3]

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class RoundsLine:
    """``XXR n`` (or TRF-2026 ``142``): the total number of rounds."""

    text: str
    rounds: int

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class ColourLine:
    """``XXC white1|black1 [rank]`` (or ``152 W|B``): initial colour, rank-based numbers."""

    text: str
    initial_colour: str | None
    use_rank: bool = False

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class AccelerationLine:
    """``XXA nnnn pppp pppp``: points added to a player's pairing score, per round."""

    text: str
    number: int
    points: list[int]  # tenths per round

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class ForbiddenLine:
    """``XXP a b c``: none of these players may be paired with each other."""

    text: str
    numbers: list[int]

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class PointsLine:
    """``BBW/BBD/BBL/BBZ/BBF/BBU pp.p``: points of a win, draw, loss, zero-point bye,
    forfeit loss, pairing-allocated bye (bbpPairings' point-system lines)."""

    text: str
    key: str
    points: int  # tenths

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class PointSystemLine:
    """TRF-2026 ``162``: result codes (W D L A P X) with their points, from column 6 in
    steps of 9 (code, then the points in the next 4 columns)."""

    text: str
    values: list[tuple[str, int]]  # (code, tenths)

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class ByeLine:
    """TRF-2026 ``240``: players given a bye of a kind (F, H, Z) in a round (known before
    that round is paired: they are left out of its pairing)."""

    text: str
    kind: str
    round: int
    numbers: list[int]

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class AccelerationRangeLine:
    """TRF-2026 ``250``: fictitious points for the players first..last in rounds
    first..last (an accelerated pairing; replaces the ``192`` acceleration)."""

    text: str
    points: int  # tenths
    first_round: int
    last_round: int
    first_player: int
    last_player: int

    def format(self) -> str:
        return self.text


@dataclass(slots=True)
class ProhibitedLine:
    """TRF-2026 ``260``: these players may not meet each other in rounds first..last."""

    text: str
    first_round: int
    last_round: int
    numbers: list[int]

    def format(self) -> str:
        return self.text


TrfLine = (PlayerLine | RawLine | RoundsLine | ColourLine | AccelerationLine | ForbiddenLine | PointsLine
           | PointSystemLine | ByeLine | AccelerationRangeLine | ProhibitedLine)


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points in tenths. Defaults are FIDE's 1, ½, 0; the allocated bye is worth a win
    unless ``BBU`` says otherwise; a forfeit loss scores as a loss unless ``BBF``."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_bye: int = 0
    forfeit_loss: int = 0
    allocated_bye: int = 10

    def of(self, entry: RoundEntry) -> int:
        """Points a round entry earns (half-point bye = a draw, full-point bye = a win)."""
        r = entry.result
        if entry.opponent is None:
            return {"U": self.allocated_bye, "F": self.win, "H": self.draw}.get(r, self.zero_bye)
        if r in "1W+":
            return self.win
        if r in "=D":
            return self.draw
        if r == "-":
            return self.forfeit_loss
        return self.loss


@dataclass(slots=True)
class TrfDocument:
    """A whole TRF file: its lines in order and the line-ending style."""

    lines: list[TrfLine]
    line_ending: str = "\r"
    final_newline: bool = True
    source: str | None = None

    # -- views -----------------------------------------------------------------------
    @property
    def players(self) -> list[PlayerLine]:
        return [line for line in self.lines if isinstance(line, PlayerLine)]

    def player(self, number: int) -> PlayerLine:
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)

    @property
    def total_rounds(self) -> int | None:
        found = [line.rounds for line in self.lines if isinstance(line, RoundsLine)]
        return found[-1] if found else None

    @property
    def initial_colour(self) -> str | None:
        found = [line.initial_colour for line in self.lines if isinstance(line, ColourLine) and line.initial_colour]
        return found[-1] if found else None

    @property
    def use_rank(self) -> bool:
        return any(isinstance(line, ColourLine) and line.use_rank for line in self.lines)

    @property
    def accelerations(self) -> dict[int, list[int]]:
        """Points added per round, in file order: ``XXA`` appends a player's next rounds,
        ``250`` sets rounds first..last for players first..last (earlier rounds 0)."""
        acc: dict[int, list[int]] = {}
        for line in self.lines:
            if isinstance(line, AccelerationLine):
                acc.setdefault(line.number, []).extend(line.points)
            elif isinstance(line, AccelerationRangeLine):
                for number in range(line.first_player, line.last_player + 1):
                    values = acc.setdefault(number, [])
                    if len(values) < line.last_round:
                        values.extend([0] * (line.last_round - len(values)))
                    values[line.first_round - 1 : line.last_round] = [line.points] * (line.last_round - line.first_round + 1)
        return acc

    @property
    def forbidden_pairs(self) -> list[list[int]]:
        """``XXP`` groups (every round); see ``forbidden_in_round`` for ``260`` too."""
        return [list(line.numbers) for line in self.lines if isinstance(line, ForbiddenLine)]

    def forbidden_in_round(self, r: int) -> list[list[int]]:
        """Groups that may not meet in round ``r``: ``XXP`` and the ``260`` covering r."""
        out = self.forbidden_pairs
        out += [list(line.numbers) for line in self.lines
                if isinstance(line, ProhibitedLine) and line.first_round <= r <= line.last_round]
        return out

    def byes_in_round(self, r: int) -> dict[int, str]:
        """``240`` byes given for round ``r``: {start number: bye kind}."""
        out: dict[int, str] = {}
        for line in self.lines:
            if isinstance(line, ByeLine) and line.round == r:
                for number in line.numbers:
                    out[number] = BYE_KIND_OF.get(line.kind, "zero-point")
        return out

    @property
    def points(self) -> PointSystem:
        """The point system from ``BBW BBD BBL BBZ BBF BBU`` and TRF-2026 ``162`` lines,
        in file order; the allocated bye follows the win unless set (``BBU``, ``162 P``),
        ``162 A`` (absence) sets the zero-point bye and the forfeit loss."""
        ps = PointSystem()
        bye_set = False
        for line in self.lines:
            pairs: list[tuple[str, int]] = []
            if isinstance(line, PointsLine):
                pairs = [(line.key, line.points)]
            elif isinstance(line, PointSystemLine):
                pairs = [(_POINT_CODE_162[code], value) for code, value in line.values if code in _POINT_CODE_162]
            for key, value in pairs:
                if key == "BBW":
                    ps = replace(ps, win=value, allocated_bye=ps.allocated_bye if bye_set else value)
                elif key == "BBD":
                    ps = replace(ps, draw=value)
                elif key == "BBL":
                    ps = replace(ps, loss=value)
                elif key == "BBZ":
                    ps = replace(ps, zero_bye=value)
                elif key == "BBF":
                    ps = replace(ps, forfeit_loss=value)
                elif key == "A":
                    ps = replace(ps, zero_bye=value, forfeit_loss=value)
                elif key == "BBU":
                    ps = replace(ps, allocated_bye=value)
                    bye_set = True
        return ps

    @property
    def tournament_type(self) -> str | None:
        """TRF16's ``092`` line: the type of tournament, free text (e.g. "Individual: Swiss-System",
        "Individual: round robin")."""
        for line in self.lines:
            if isinstance(line, RawLine) and line.text.startswith("092 "):
                return line.text[4:].strip() or None
        return None

    @property
    def system_tag(self) -> str | None:
        for line in self.lines:
            if isinstance(line, RawLine) and line.text.startswith("192 "):
                return line.text[4:].strip()
        return None

    @property
    def rounds_in_file(self) -> int:
        return max((len(p.games) for p in self.players), default=0)

    # -- writer ----------------------------------------------------------------------
    def dump(self) -> str:
        """The file text (same line endings as read; CR for new documents)."""
        body = self.line_ending.join(line.format() for line in self.lines)
        return body + (self.line_ending if self.final_newline else "")


# ------------------------------------------------------------------------------------
# reader
# ------------------------------------------------------------------------------------


def _cols(first: int, last: int) -> str:
    """``column 10`` or ``columns 11-13`` (1-based, as TRF16 numbers them), for messages."""
    return f"column {first}" if first == last else f"columns {first}-{last}"


def _span(columns: tuple[int, int] | None) -> str:
    """`` (columns a-b)`` for a message, so the arbiter sees where the field must sit."""
    return "" if columns is None else f" ({_cols(*columns)})"


def _int_field(text: str, line_no: int, col: int, name: str, source: str | None, *, blank_ok: bool = True,
               columns: tuple[int, int] | None = None) -> int | None:
    """A whole number in a fixed-width field (blanks around it allowed); ``columns`` (1-based,
    inclusive) is named in the message for the fixed 001 fields."""
    stripped = text.strip()
    if not stripped:
        if blank_ok:
            return None
        raise InputError(f"{name}{_span(columns)} is missing", source=source, line=line_no, column=col + 1, field=name)
    if not stripped.isdigit():
        raise InputError(
            f"{name}{_span(columns)} must be a whole number, got {stripped!r}",
            source=source, line=line_no, column=col + 1, field=name,
        )
    return int(stripped)


def _tenths(text: str, line_no: int, col: int, name: str, source: str | None, *,
            columns: tuple[int, int] | None = None) -> int:
    """A score like ``5.5`` or ``10`` as tenths of a point."""
    s = text.strip()
    whole, _, frac = s.partition(".")
    if not s or not whole.isdigit() or (frac and (not frac.isdigit() or len(frac) > 1)):
        raise InputError(f"{name}{_span(columns)} must be a score like 5.5, got {s!r}", source=source, line=line_no,
                         column=col + 1, field=name)
    return int(whole) * 10 + (int(frac) if frac else 0)


def show_tenths(tenths: int) -> str:
    """Tenths of a point as TRF16 prints a score (``2.5``)."""
    return f"{tenths // 10}.{tenths % 10}"


@dataclass(frozen=True, slots=True)
class _Field:
    """A fixed field of a ``001`` line: 1-based inclusive columns as the TRF16 standard
    numbers them, and what it may hold (``number``, ``score``, ``letters``, ``date``, ``text``)."""

    name: str
    first: int
    last: int
    kind: str


#: TRF16 (FIDE, 2016), player section "001": 1-3 record type, 5-8 starting rank, 10 sex,
#: 11-13 title, 15-47 name, 49-52 FIDE rating, 54-56 federation, 58-68 FIDE number, 70-79
#: birth date, 81-84 points, 86-89 rank, round 1 from 92. The columns between them (4, 9,
#: 14, 48, 53, 57, 69, 80, 85, 90-91) are blank separators.
PLAYER_FIELDS = (
    _Field("record type", 1, 3, "text"),
    _Field("start rank", 5, 8, "number"),
    _Field("sex", 10, 10, "letters"),
    _Field("title", 11, 13, "letters"),
    _Field("name", 15, 47, "text"),
    _Field("rating", 49, 52, "number"),
    _Field("federation", 54, 56, "letters"),
    _Field("FIDE id", 58, 68, "number"),
    _Field("birth date", 70, 79, "date"),
    _Field("points", 81, 84, "score"),
    _Field("rank", 86, 89, "number"),
    _Field("round 1", ROUND_START + 1, ROUND_START + 8, "text"),
)


def _check_separators(text: str, line_no: int, source: str | None) -> None:
    """TRF16 is read by column: a character in a separator column means a field was written
    one column early or late (a rating 2000 in columns 50-53 would read as 200), so refuse it
    rather than read the wrong number."""
    for left, right in zip(PLAYER_FIELDS, PLAYER_FIELDS[1:], strict=False):
        for col in range(left.last + 1, right.first):
            if col <= len(text) and text[col - 1] != " ":
                raise InputError(
                    f"{_cols(left.last + 1, right.first - 1)} must be blank between {left.name} "
                    f"({_cols(left.first, left.last)}) and {right.name} ({_cols(right.first, right.last)}), "
                    f"found {text[col - 1]!r}: "
                    "is a field shifted by a column?",
                    source=source, line=line_no, column=col, field="separator",
                )


def _check_text_fields(text: str, line_no: int, source: str | None) -> None:
    """Sex, title and federation are letters and the birth date is digits with / . or -
    (TRF16: YYYY/MM/DD); a digit elsewhere is a number written into the wrong columns."""
    for f in PLAYER_FIELDS:
        cell = text[f.first - 1 : f.last]
        if f.kind == "letters":
            bad = next((c for c in cell if c.isdigit()), None)
            expected = "letters"
        elif f.kind == "date":
            bad = next((c for c in cell if not (c.isdigit() or c in "/.- ")), None)
            expected = "a date YYYY/MM/DD"
        else:
            continue
        if bad is not None:
            raise InputError(
                f"{f.name} ({_cols(f.first, f.last)}) must be {expected}, got {cell.strip()!r}",
                source=source, line=line_no, column=f.first + cell.index(bad), field=f.name,
            )


def _parse_player(text: str, line_no: int, source: str | None) -> PlayerLine:
    if len(text) < 84:
        raise InputError(
            "player line too short (a 001 line needs the columns up to the points, 84)",
            source=source, line=line_no, column=len(text) + 1, field="001",
        )
    _check_separators(text, line_no, source)
    number = _int_field(text[4:8], line_no, 4, "start rank", source, blank_ok=False, columns=(5, 8))
    assert number is not None
    if number == 0:
        raise InputError("start rank must be at least 1", source=source, line=line_no, column=5, field="start rank")
    rating = _int_field(text[48:52], line_no, 48, "rating", source, columns=(49, 52))
    _int_field(text[57:68], line_no, 57, "FIDE id", source, columns=(58, 68))
    _check_text_fields(text, line_no, source)
    points = None if not text[80:84].strip() else _tenths(text[80:84], line_no, 80, "points", source, columns=(81, 84))
    rank = _int_field(text[85:89], line_no, 85, "rank", source, columns=(86, 89))
    games: list[RoundEntry] = []
    start = ROUND_START
    while start < len(text):
        chunk = text[start - 2 : start + 8].ljust(10)
        col = start + 1  # 1-based column of the opponent field
        if chunk[:2].strip():
            k = len(games) + 1
            raise InputError(
                f"columns {start - 1}-{start} must be blank before round {k} (opponent in columns "
                f"{start + 1}-{start + 4}, colour {start + 6}, result {start + 8}): round entries are 10 columns wide",
                source=source, line=line_no, column=start - 1, field=f"round {k}")
        opp_text, colour, result = chunk[2:6], chunk[7], chunk[9]
        # TRF-2026: "letter codes are case-insensitive" (bbpPairings reads them so too);
        # they are written back in capitals
        result = result.upper() if result in "wdlhfuz" else result
        if chunk[6] != " " or chunk[8] != " ":
            raise InputError(
                f"round entry misaligned: columns {start + 5} and {start + 7} must be blank (opponent in columns "
                f"{start + 1}-{start + 4}, colour {start + 6}, result {start + 8})",
                source=source, line=line_no, column=col, field=f"round {len(games) + 1}")
        rnd = f"round {len(games) + 1}"
        if (not opp_text.strip() or not opp_text.strip("0")) and colour in "- " and result in "+=":
            # a point without a game, written as a forfeit win or a draw against nobody
            # ("0000 - +", "0000 - ="): the endorsed engine reads them as the F and H byes
            # (bbpPairings v6 pairs every reference file identically either way)
            result = "F" if result == "+" else "H"
        if not opp_text.strip():
            opponent = None
            if colour != " " or result not in " " + BYE_RESULTS + "-":
                if not (colour == "-" and result in BYE_RESULTS + "-"):
                    raise InputError("an entry without opponent must be a bye letter U F H Z", source=source, line=line_no, column=col, field=rnd)
        else:
            value = _int_field(opp_text, line_no, start, "opponent", source)
            opponent = None if value == 0 else value
            if opponent == number:
                raise InputError("a player cannot meet himself", source=source, line=line_no, column=col, field=rnd)
        if colour not in "wb- ":
            raise InputError(f"colour must be w, b or -, got {colour!r}", source=source, line=line_no, column=start + 6, field=rnd)
        if result not in GAME_RESULTS + BYE_RESULTS + " ":
            raise InputError(
                f"result must be one of 1 0 = + - W D L U F H Z, got {result!r}",
                source=source, line=line_no, column=start + 8, field=rnd,
            )
        if opponent is not None and (colour not in "wb" or result not in GAME_RESULTS):
            raise InputError("a game needs colour w/b and a result 1 0 = + - W D L", source=source, line=line_no, column=start + 6, field=rnd)
        if opponent is None and opp_text.strip() and result not in BYE_RESULTS + "-" and not (colour == " " and result == " "):
            raise InputError("0000 needs a bye letter U F H Z", source=source, line=line_no, column=start + 8, field=rnd)
        if opponent is None and colour in "wb":
            # TRF16: a round without opponent has no colour (bbpPairings refuses "0000 w U" too)
            raise InputError(f"an entry without opponent has colour '-' or blank, got {colour!r}", source=source,
                             line=line_no, column=start + 6, field=rnd)
        zeros = opponent is None and bool(opp_text.strip()) and colour == " " and result == " "
        games.append(RoundEntry(opponent, colour, result, zeros))
        start += ROUND_WIDTH
    return PlayerLine(
        number=number,
        sex=text[9],
        title=text[10:13].strip(),
        name=text[14:47].rstrip(),
        rating=rating,
        federation=text[53:56].strip(),
        fide_id=text[57:68].strip(),
        birth=text[69:79].strip(),
        points=points,
        rank=rank,
        games=games,
        line_number=line_no,
    )


def _parse_line(text: str, line_no: int, source: str | None) -> TrfLine:
    tag = text[:3]
    if tag == "001":
        return _parse_player(text, line_no, source)
    if tag in ("XXR", "142"):
        rounds = _int_field(text[3:], line_no, 3, "rounds", source, blank_ok=False)
        if not rounds:
            raise InputError("the number of rounds must be positive", source=source, line=line_no, column=5, field="rounds")
        return RoundsLine(text, rounds)
    if tag == "XXC":
        return _parse_xxc(text, line_no, source)
    if tag == "152":
        c = text[4:].strip()
        if c not in ("W", "B"):
            raise InputError("152 needs W or B", source=source, line=line_no, column=5, field="152")
        return ColourLine(text, "white" if c == "W" else "black")
    if tag == "XXA":
        number = _int_field(text[4:8], line_no, 4, "start rank", source, blank_ok=False)
        pts: list[int] = []
        start = 9
        while start < len(text):
            cell = text[start : start + 4]
            pts.append(0 if not cell.strip() else _tenths(cell, line_no, start, "acceleration", source))
            start += 5
        assert number is not None
        return AccelerationLine(text, number, pts)
    if tag == "XXP":
        numbers = []
        col = 3
        for token in text[3:].split():
            col = text.index(token, col)
            if not token.isdigit() or int(token) == 0:
                raise InputError(f"XXP lists start ranks, got {token!r}", source=source, line=line_no, column=col + 1, field="XXP")
            numbers.append(int(token))
            col += len(token)
        if len(set(numbers)) < 2:  # a prohibition is between players: a lone rank forbids nothing
            raise InputError(f"XXP lists the start ranks of two or more different players who may not meet, got "
                             f"{' '.join(map(str, numbers)) or 'none'}", source=source, line=line_no, column=5,
                             field="XXP")
        return ForbiddenLine(text, numbers)
    if tag == "162":
        return _parse_162(text, line_no, source)
    if tag == "240":
        return _parse_240(text, line_no, source)
    if tag == "250":
        return _parse_250(text, line_no, source)
    if tag == "260":
        return _parse_260(text, line_no, source)
    if tag in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
        if len(text) < 8:
            raise InputError(f"{tag} needs a score in columns 5-8", source=source, line=line_no, column=len(text) + 1, field=tag)
        return PointsLine(text, tag, _tenths(text[4:12], line_no, 4, tag, source))
    return RawLine(text)


#: ``XXC`` words (JaVaFo / bbpPairings): the colour of pairing number 1 in round 1, and
#: ``rank`` (the order of the 001 lines is the pairing order).
XXC_WORDS = ("white1", "black1", "rank")


def _parse_xxc(text: str, line_no: int, source: str | None) -> ColourLine:
    """``XXC white1|black1 [rank]``. bbpPairings skips a word it does not know, so ``XXC White1``
    or ``XXC purple`` would silently leave the colour to be guessed from round 1: refuse them."""
    tokens = text[3:].split()
    col = 3
    for token in tokens:
        col = text.index(token, col)
        if token not in XXC_WORDS:
            raise InputError(f"XXC: unknown word {token!r}; accepted: white1 or black1, and rank",
                             source=source, line=line_no, column=col + 1, field="XXC")
        col += len(token)
    if not tokens:
        raise InputError("XXC needs white1 or black1, and/or rank", source=source, line=line_no, column=4, field="XXC")
    if "white1" in tokens and "black1" in tokens:
        raise InputError("XXC: white1 and black1 contradict each other", source=source, line=line_no,
                         column=text.index("black1") + 1, field="XXC")
    colour = "white" if "white1" in tokens else "black" if "black1" in tokens else None
    return ColourLine(text, colour, "rank" in tokens)


def _numbers(text: str, start: int, line_no: int, source: str | None, name: str) -> list[int]:
    """Player numbers in 4-column fields every 5 columns from ``start`` (0-based)."""
    out: list[int] = []
    col = start
    while col < len(text):
        cell = text[col : col + 4]
        if cell.strip():
            value = _int_field(cell, line_no, col, name, source)
            if not value:
                raise InputError(f"{name} must be a start rank of at least 1", source=source, line=line_no,
                                 column=col + 1, field=name)
            out.append(value)
        if text[col + 4 : col + 5].strip():
            raise InputError(f"{name}: fields are 4 columns wide, one blank between", source=source,
                             line=line_no, column=col + 5, field=name)
        col += 5
    if not out:
        raise InputError(f"{name} lists no player", source=source, line=line_no, column=start + 1, field=name)
    return out


def _round_field(text: str, line_no: int, col: int, name: str, source: str | None) -> int:
    value = _int_field(text[col : col + 3], line_no, col, name, source, blank_ok=False)
    assert value is not None
    if value == 0:
        raise InputError(f"{name} must be at least 1", source=source, line=line_no, column=col + 1, field=name)
    return value


def _parse_162(text: str, line_no: int, source: str | None) -> PointSystemLine:
    """``162``: code at column 6, points at 7-10, then every 9 columns."""
    values: list[tuple[str, int]] = []
    col = 5
    while col < len(text):
        code = text[col].upper()
        if code == " " and not text[col:].strip():
            break
        if code not in "WDLAZPX":
            raise InputError(f"162: result code must be one of W D L A P X, got {code!r}", source=source,
                             line=line_no, column=col + 1, field="162")
        values.append((code, _tenths(text[col + 1 : col + 5], line_no, col + 1, "162 points", source)))
        col += 9
    if not values:
        raise InputError("162 needs a result code at column 6", source=source, line=line_no, column=6, field="162")
    return PointSystemLine(text, values)


def _parse_240(text: str, line_no: int, source: str | None) -> ByeLine:
    """``240 T RRR PPPP PPPP ...``: bye type at column 5, round at 7-9, players from 11."""
    kind = text[4:5].upper()
    if kind not in ("F", "H", "Z"):
        raise InputError(f"240: bye type must be F, H or Z, got {kind!r}", source=source, line=line_no, column=5,
                         field="240")
    rnd = _round_field(text, line_no, 6, "240 round", source)
    return ByeLine(text, kind, rnd, _numbers(text, 10, line_no, source, "240 player"))


def _parse_250(text: str, line_no: int, source: str | None) -> AccelerationRangeLine:
    """``250 MMMM GGGG RRF RRL PPPF PPPL``: (match points,) points, rounds, players."""
    if len(text) < 31:
        raise InputError("250 needs points, first and last round, first and last player (31 columns)",
                         source=source, line=line_no, column=len(text) + 1, field="250")
    if text[4:8].strip() and _tenths(text[4:8], line_no, 4, "250 match points", source):
        raise InputError("250: match points must be empty for individual tournaments", source=source,
                         line=line_no, column=5, field="250")
    points = _tenths(text[9:13], line_no, 9, "250 points", source)
    first_round = _round_field(text, line_no, 14, "250 first round", source)
    last_round = _round_field(text, line_no, 18, "250 last round", source)
    first = _int_field(text[22:26], line_no, 22, "250 first player", source, blank_ok=False)
    last = _int_field(text[27:31], line_no, 27, "250 last player", source, blank_ok=False)
    assert first is not None and last is not None
    if not points or last_round < first_round or not first or last < first or text[31:].strip():
        raise InputError("250: points must not be 0 and the rounds and players must be ranges first..last",
                         source=source, line=line_no, column=10, field="250")
    return AccelerationRangeLine(text, points, first_round, last_round, first, last)


def _parse_260(text: str, line_no: int, source: str | None) -> ProhibitedLine:
    """``260 RR1 RRL PPPP PPPP ...``: rounds at 5-7 and 9-11, players from 13."""
    first_round = _round_field(text, line_no, 4, "260 first round", source)
    last_round = _round_field(text, line_no, 8, "260 last round", source)
    if last_round < first_round:
        raise InputError("260: the last round comes before the first", source=source, line=line_no, column=9,
                         field="260")
    return ProhibitedLine(text, first_round, last_round, _numbers(text, 12, line_no, source, "260 player"))


#: Any line end, CRLF before CR so that one CRLF is one break: a file edited on two systems
#: mixes them, and splitting on one style alone glued lines together (a "line" holding the
#: rest of the file, quoted whole in the error message).
LINE_BREAK = re.compile(r"\r\n|\r|\n")


def dominant_line_ending(text: str) -> str:
    """The line end the file uses most (CRLF, CR or LF; on a tie in that order, LF when there
    is none), which a file written back keeps: bbpPairings writes CR, Windows programs CRLF."""
    crlf = text.count("\r\n")
    counts = {"\r\n": crlf, "\r": text.count("\r") - crlf, "\n": text.count("\n") - crlf}
    best = max(counts, key=counts.__getitem__)  # max keeps the first of equal counts
    return best if counts[best] else "\n"


def parse_trf(text: str, source: str | None = None, *, require_players: bool = False,
              check_points: bool = True) -> TrfDocument:
    """Parse TRF16 text (CR, LF or CRLF line endings, even mixed; written back with the
    commonest). Raises InputError on a bad line, and with
    ``require_players`` on a text without 001 lines (any other file read as TRF: a CSV, a JSON
    or an empty file would otherwise pass as an empty tournament). ``check_points=False``
    skips the points-column check: standings score the results under a scoring the user may
    set (``-O win=3``), so a column written under that scoring is no contradiction there;
    pairing, which ranks on the points, keeps the check."""
    ending = dominant_line_ending(text)
    parts = LINE_BREAK.split(text)
    final_newline = len(parts) > 1 and parts[-1] == ""
    if final_newline:
        parts.pop()
    lines = [_parse_line(part, index + 1, source) for index, part in enumerate(parts)]
    doc = TrfDocument(lines=lines, line_ending=ending, final_newline=final_newline, source=source)
    from fairdraw.formats.trf_checks import check_document  # it reads this module's types

    check_document(doc, parts, check_points=check_points)
    if require_players and not doc.players:
        raise InputError("no 001 player lines: expected a TRF16 tournament file", source=source, field="001")
    return doc


def read_trf(path: str | Path) -> TrfDocument:
    """Read a TRF file (UTF-8, a byte order mark stripped, else Latin-1 as older programs
    write). InputError on bad input."""
    text = read_text(path, fallback="latin-1")
    return parse_trf(text, source=str(path), require_players=True)


def write_trf(doc: TrfDocument, path: str | Path) -> None:
    """Write atomically (temp file then rename), keeping the document's line endings."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(doc.dump().encode("utf-8"))
    tmp.replace(path)


# ------------------------------------------------------------------------------------
# into the core model
# ------------------------------------------------------------------------------------

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
                kind = BYE_KIND_OF.get(g.result, "absent")
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

"""The TRF16 line model: one typed line per record, each able to format itself, and the
document that keeps them in file order (see ``fairdraw.formats.trf`` for the public API).

Why a module of its own: the reader (``trf_read``), the conversion into the core model
(``trf``), the consistency checks (``trf_checks``) and the export (``trf_export``) all work
on these types, and none of them needs the others to do so.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

#: Result letters allowed in a round entry (TRF16 plus the engines' W D L for unrated games).
GAME_RESULTS = "10=+-WDL"
BYE_RESULTS = "UFHZ"
#: Bye letter -> model bye kind (fairdraw.core.model.BYE_KINDS).
BYE_KIND_OF = {"U": "bye", "H": "half-point", "F": "full-point", "Z": "zero-point", " ": "absent", "-": "zero-point"}
BYE_LETTER_OF = {"bye": "U", "half-point": "H", "full-point": "F", "zero-point": "Z", "absent": " "}

ROUND_START = 91
ROUND_WIDTH = 10
#: the widths of a 001 line's name (columns 15-47) and federation (columns 54-56)
NAME_WIDTH = 33
FEDERATION_WIDTH = 3
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
            f"001 {self.number:>4} {self.sex[:1] or ' '}{self.title:>3} {self.name:<{NAME_WIDTH}.{NAME_WIDTH}} {rating:>4} "
            f"{self.federation:<{FEDERATION_WIDTH}.{FEDERATION_WIDTH}} {self.fide_id:>11.11} {self.birth:<10.10} {points:>4} {rank:>4}"
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

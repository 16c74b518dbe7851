"""The TRF16 reader: text -> ``TrfDocument``, every field checked against its columns.

Why strict: a field shifted by a column or a number where a letter belongs would pair or
score something the file does not say, so each refusal names the file, the line, the
columns and what was expected (the list is in ``fairdraw.formats.trf``'s docstring).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from fairdraw.core.errors import InputError
from fairdraw.formats.file_output import write_file
from fairdraw.formats.players import unprintable
from fairdraw.formats.text_files import SPREADSHEET_8BIT, read_text
from fairdraw.formats.trf_lines import (
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
    PointSystemLine,
    PointsLine,
    ProhibitedLine,
    RawLine,
    RoundEntry,
    RoundsLine,
    TrfDocument,
    TrfLine,
)



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
                # the start rank may be the typo (a copied 001 line keeps its number): name both
                raise InputError(f"a player cannot meet himself: the opponent here is this line's own start rank "
                                 f"{number} (columns 5-8); one of the two is wrong",
                                 source=source, line=line_no, column=col, field=rnd)
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
    problem = unprintable(text[14:47])
    if problem:  # a name is printed on every list: a bell or a reversing mark must not reach them
        raise InputError(f"the name (columns 15-47) {problem}", source=source, line=line_no, field="name")
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
    from fairdraw.formats.trf_checks import check_document  # late: it imports formats.trf, which imports this module

    check_document(doc, parts, check_points=check_points)
    if require_players and not doc.players:
        raise InputError("no 001 player lines: expected a TRF16 tournament file", source=source, field="001")
    return doc


def read_trf(path: str | Path) -> TrfDocument:
    """Read a TRF file (UTF-8, a byte order mark stripped, else Windows-1252 as older Windows
    programs write it, Latin-1 for bytes it leaves undefined). InputError on bad input."""
    text = read_text(path, fallback=SPREADSHEET_8BIT)
    return parse_trf(text, source=str(path), require_players=True)


def write_trf(doc: TrfDocument, path: str | Path) -> None:
    """Write atomically (temp file then rename), keeping the document's line endings."""
    write_file(Path(path), doc.dump().encode("utf-8"))

"""Whole-document checks of a TRF16 file, run by ``trf.parse_trf`` once every line is read.

Each line can be well formed while the file as a whole contradicts itself: an ``XXR`` below
the rounds written, two settings lines that disagree, a start rank named by ``XXA``/``XXP``
with no ``001`` line, the two lines of one game that do not mirror each other, a points
column the results do not give. Engines that read such a file pair on something the arbiter
never wrote, so each is refused here with the line and column to fix (exit 2).
"""

from __future__ import annotations

from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.formats.trf import (
    BYE_KIND_OF,
    AccelerationLine,
    AccelerationRangeLine,
    ByeLine,
    ColourLine,
    ForbiddenLine,
    RESULT_OF,
    ROUND_START,
    ROUND_WIDTH,
    PlayerLine,
    ProhibitedLine,
    RoundsLine,
    TrfDocument,
    round_is_paired,
    show_tenths,
)


def _count(n: int, noun: str) -> str:
    """``1 round``, ``2 rounds``: messages read as sentences."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def check_document(doc: TrfDocument, raw: list[str], *, check_points: bool = True) -> None:
    """Every whole-document check, in the order a reader would fix them; ``raw`` is the
    file's lines as written (the messages quote entries as typed)."""
    _check_start_ranks(doc)
    _check_settings_agree(doc)
    _check_total_rounds(doc)
    _check_consistency(doc, raw)
    _check_references(doc)
    _check_bye_records(doc, raw)
    if check_points:
        _check_points_column(doc)


def _check_start_ranks(doc: TrfDocument) -> None:
    """TRF16: the start rank (columns 5-8) identifies a player, so it appears once."""
    seen: dict[int, int] = {}
    for p in doc.players:
        if p.number in seen:
            raise InputError(
                f"start rank {p.number} already used on line {seen[p.number]}",
                source=doc.source, line=p.line_number, column=5, field="start rank",
            )
        seen[p.number] = p.line_number or 0


def _numbered(doc: TrfDocument, kind: type) -> list[tuple[int, Any]]:
    """(line number, line) of the lines of one type; ``doc.lines`` holds one item per line."""
    return [(index + 1, line) for index, line in enumerate(doc.lines) if isinstance(line, kind)]


def _check_settings_agree(doc: TrfDocument) -> None:
    """Two ``XXR``/``142`` lines with different counts, or ``XXC``/``152`` lines with different
    colours, contradict each other; reading only the last one would hide the conflict."""
    rounds = _numbered(doc, RoundsLine)
    for line_no, line in rounds[1:]:
        if line.rounds != rounds[0][1].rounds:
            raise InputError(f"{line.text[:3]} {line.rounds} contradicts {rounds[0][1].text.strip()!r} on line "
                             f"{rounds[0][0]}", source=doc.source, line=line_no, column=5, field="rounds")
    colours = [(n, c) for n, c in _numbered(doc, ColourLine) if c.initial_colour]
    for line_no, line in colours[1:]:
        if line.initial_colour != colours[0][1].initial_colour:
            raise InputError(f"initial colour {line.initial_colour} contradicts {colours[0][1].text.strip()!r} on "
                             f"line {colours[0][0]}", source=doc.source, line=line_no, column=5, field="colour")


def _rounds_written(doc: TrfDocument) -> tuple[int, int | None]:
    """The last round column holding an entry on any 001 line, and that line's number
    (trailing blank columns are no round: a line may just end in spaces)."""
    found, where = 0, None
    for p in doc.players:
        last = max((r + 1 for r, g in enumerate(p.games) if not g.is_blank), default=0)
        if last > found:
            found, where = last, p.line_number
    return found, where


def _check_total_rounds(doc: TrfDocument) -> None:
    """``XXR n``/``142 n`` is the tournament's number of rounds: results (or byes announced)
    for a later round contradict it (bbpPairings: "The number of rounds is larger than the
    reported number of rounds")."""
    rounds = _numbered(doc, RoundsLine)
    if not rounds:
        return
    line_no, line = rounds[-1]
    found, where = _rounds_written(doc)
    if found > line.rounds:
        raise InputError(
            f"{line.text[:3]} says the tournament has {_count(line.rounds, 'round')}, but the 001 lines hold "
            f"{_count(found, 'round')} (line {where} has an entry in round {found})",
            source=doc.source, line=line_no, column=5, field="rounds",
        )


def _check_references(doc: TrfDocument) -> None:
    """Start ranks named by ``XXA``, ``XXP``, ``240`` and ``260`` must have a 001 line: a
    forbidden pair or an acceleration for nobody is a typo that would otherwise do nothing."""
    known = {p.number for p in doc.players}
    if not known:
        return
    for line_no, line in enumerate(doc.lines, start=1):
        if isinstance(line, AccelerationLine):
            numbers, tag = [line.number], "XXA"
        elif isinstance(line, ForbiddenLine | ByeLine | ProhibitedLine):
            numbers, tag = line.numbers, line.text[:3]
        else:
            continue
        missing = [n for n in numbers if n not in known]
        if missing:
            raise InputError(f"{tag}: start rank {missing[0]} has no 001 line", source=doc.source, line=line_no,
                             field=tag)


def _check_bye_records(doc: TrfDocument, raw: list[str]) -> None:
    """A ``240`` line gives players a bye of one kind in a round; another ``240`` line, or the
    player's own column for that round (``0000 - F``), giving the same player a bye of another
    kind in that round contradicts it: one player, two byes (docs/swiss.md: refused, since
    which holds is the arbiter's to say; read on, the column silently won). ``raw`` quotes the
    column as written. Start ranks without a 001 line are ``_check_references``'s to name."""
    by_number = {p.number: p for p in doc.players}
    given: dict[tuple[int, int], tuple[str, int]] = {}  # (round, start rank) -> (kind, line)
    for line_no, line in _numbered(doc, ByeLine):
        kind = BYE_KIND_OF.get(line.kind, "zero-point")
        for number in line.numbers:
            earlier = given.setdefault((line.round, number), (kind, line_no))
            if earlier[0] != kind:
                raise InputError(f"240: player {number} is given a {kind} bye in round {line.round}, but line "
                                 f"{earlier[1]} gives a {earlier[0]} bye; one player has one bye a round",
                                 source=doc.source, line=line_no, field="240")
            player = by_number.get(number)
            if player is None:
                continue  # no such start rank: refused with the line's other checks
            entry = player.games[line.round - 1] if line.round <= len(player.games) else None
            if entry is not None and entry.opponent is not None:  # a board and a bye in one round
                raise InputError(
                    f"240: player {number} is given a {kind} bye in round {line.round}, but the player's line "
                    f"(line {player.line_number}) has a game in that round "
                    f"({_entry_as_written(raw, player, line.round - 1)}); correct one of them",
                    source=doc.source, line=line_no, field="240")
            if entry is None or entry.result == " ":
                continue  # no bye letter in the column: the 240 line says what the round is
            if BYE_KIND_OF.get(entry.result, "absent") != kind:
                raise InputError(
                    f"240: player {number} is given a {kind} bye in round {line.round}, but the player's line "
                    f"(line {player.line_number}) has {_entry_as_written(raw, player, line.round - 1)} in that "
                    "round; one player has one bye a round: correct one of them",
                    source=doc.source, line=line_no, field="240")


#: Points in halves of the TRF16 result codes of a game or forfeit, to catch two lines that
#: contradict each other (1 against 1); bye codes are not games and are left out.
_RESULT_POINTS = {"1": 2, "+": 2, "W": 2, "=": 1, "D": 1, "0": 0, "-": 0, "L": 0}


def _entry_as_written(raw: list[str], p: PlayerLine, r: int) -> str:
    """Round ``r`` (0-based) of a player line as the file writes it (quoted), for messages."""
    start = ROUND_START + ROUND_WIDTH * r
    line = raw[p.line_number - 1] if p.line_number and p.line_number <= len(raw) else p.format()
    text = line[start : start + 8].strip()
    return repr(text) if text else "nothing"


def _check_consistency(doc: TrfDocument, raw: list[str] | None = None) -> None:
    """Every game must appear on both players' lines with opposite colours (bbpPairings
    rejects such files too), and the two results must mirror each other; a message quotes
    both entries as the file (``raw``, its lines) writes them."""
    raw = raw if raw is not None else [line.format() for line in doc.lines]
    by_number = {p.number: p for p in doc.players}
    for p in doc.players:
        for r, g in enumerate(p.games):
            if g.opponent is None:
                continue
            col = ROUND_START + ROUND_WIDTH * r + 1
            other = by_number.get(g.opponent)
            if other is None:
                raise InputError(f"opponent {g.opponent} has no 001 line", source=doc.source, line=p.line_number,
                                 column=col, field=f"round {r + 1}")
            og = other.games[r] if r < len(other.games) else None
            written = (_entry_as_written(raw, p, r), _entry_as_written(raw, other, r) if og is not None else "nothing")
            if og is None or og.opponent != p.number or og.colour == g.colour:
                raise InputError(
                    f"round {r + 1} contradicts the entry of player {g.opponent}: line {p.line_number} (player "
                    f"{p.number}) has {written[0]}, line {other.line_number} (player {g.opponent}) has {written[1]}; "
                    "a game is written on both lines, each naming the other, with opposite colours",
                    source=doc.source, line=p.line_number, column=col, field=f"round {r + 1}",
                )
            _check_results_mirror(doc, p, other, r, written)


def _check_results_mirror(doc: TrfDocument, p: PlayerLine, other: PlayerLine, r: int,
                          written: tuple[str, str]) -> None:
    """The two results of one game give out at most one point and form a pair the model
    knows (``RESULT_OF``: 1-0, =-=, +/-, -/-, W-L, D-D); anything else (0 against 0, = against
    0, + against 0) is refused here with both lines, not later as an unknown result '0/0'."""
    g, og = p.games[r], other.games[r]
    col = ROUND_START + ROUND_WIDTH * r + 8
    here, there = _RESULT_POINTS.get(g.result), _RESULT_POINTS.get(og.result)
    if here is not None and there is not None and here + there > 2:  # in halves: a game gives at most one point
        raise InputError(
            f"round {r + 1}: result {g.result!r} here and {og.result!r} on the line of player "
            f"{g.opponent} (line {other.line_number}) give out more than one point (entries {written[0]} "
            f"and {written[1]})",
            source=doc.source, line=p.line_number, column=col, field=f"round {r + 1} result",
        )
    if (g.result, og.result) not in RESULT_OF:
        raise InputError(
            f"round {r + 1}: result {g.result!r} here ({written[0]}, line {p.line_number}) and {og.result!r} on the "
            f"line of player {g.opponent} ({written[1]}, line {other.line_number}) do not mirror each other; "
            "expected 1 against 0, = against =, + against -, - against -, W against L or D against D",
            source=doc.source, line=p.line_number, column=col, field=f"round {r + 1} result",
        )


def _last_paired_round(doc: TrfDocument) -> int:
    """The last round column holding a pairing (columns after it only announce byes)."""
    last = doc.rounds_in_file
    while last and not round_is_paired(doc, last):
        last -= 1
    return last


def _acceleration_allowances(doc: TrfDocument) -> tuple[dict[int, list[int]], set[int]]:
    """What a points column may add to the results: one of the player's ``XXA``/``250``
    accelerations ({start rank: tenths}), or with Baku (192 ..._BAKU, FIDE C.04.5.1) a win or
    a draw for anyone (the set). bbpPairings accepts a column with the acceleration added
    (validateScores); so do we."""
    manual = any(isinstance(line, AccelerationLine | AccelerationRangeLine) for line in doc.lines)
    baku = (doc.system_tag or "").endswith("_BAKU") and not manual
    return doc.accelerations, ({doc.points.win, doc.points.draw} if baku else set())


def _check_points_column(doc: TrfDocument) -> None:
    """TRF16 columns 81-84 hold the player's points: they must be what the results on the
    line give under the file's point system (BBW..BBU, 162). As bbpPairings reads it
    (validateScores), the column may also count the byes announced for the next round and
    the player's acceleration; a blank column is not checked. A column matching none of these
    contradicts the results: one of them was typed wrong, or the file scores by a point
    system it does not declare, and the engines (which score from the results) would pair on
    points the arbiter never saw."""
    ps = doc.points
    paired = _last_paired_round(doc)
    accelerations, baku = _acceleration_allowances(doc)
    for p in doc.players:
        if p.points is None:
            continue
        totals = [sum(ps.of(g) for g in p.games[:k]) for k in range(paired, max(paired, len(p.games)) + 1)]
        extra = {0, *accelerations.get(p.number, []), *baku}
        if p.points not in {t + a for t in totals for a in extra}:
            system = f"win {show_tenths(ps.win)}, draw {show_tenths(ps.draw)}, loss {show_tenths(ps.loss)}"
            rounds = f"rounds 1-{paired}" if paired > 1 else "round 1" if paired == 1 else "no round played"
            raise InputError(
                f"points (columns 81-84) say {show_tenths(p.points)} but the results on this line ({rounds}) total "
                f"{show_tenths(totals[0])} under the file's point system ({system}); correct the points or a result "
                "(a tournament scored otherwise declares it with BBW/BBD/BBL lines)",
                source=doc.source, line=p.line_number, column=81, field="points",
            )

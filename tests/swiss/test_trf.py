"""TRF16 reader/writer: round trip over every golden file, errors with line and column."""

from __future__ import annotations

import pytest

from fairdraw.core.errors import InputError
from fairdraw.formats.trf import parse_trf, trf_to_request, trf_to_rounds

from .golden import FILES

SAMPLE = (
    "012 Test\r"
    "XXR 3\r"
    "XXC white1\r"
    "001    1      A Player                          2000                             1.0    1     2 w 1\r"
    "001    2      B Player                          1900                             0.0    2     1 b 0\r"
)


@pytest.mark.skipif(not FILES, reason="golden files not available")
def test_every_golden_file_round_trips() -> None:
    for path in FILES:
        text = path.read_bytes().decode("utf-8")
        doc = parse_trf(text, source=str(path))
        assert doc.dump() == text, path.name
        # the points column equals the points the results give (the converter agrees)
        ps = doc.points
        for p in doc.players:
            assert p.points == sum(ps.of(g) for g in p.games), (path.name, p.number)


def test_sample_fields_and_model() -> None:
    doc = parse_trf(SAMPLE)
    assert doc.total_rounds == 3
    assert doc.initial_colour == "white"
    assert doc.dump() == SAMPLE
    rounds = trf_to_rounds(doc)
    assert len(rounds) == 1
    assert rounds[0].tables[0].seats == (1, 2)
    assert rounds[0].tables[0].result == "1-0"
    req = trf_to_request(doc)
    assert req.total_rounds == 3 and len(req.history) == 1


def test_byes_and_announced_absence() -> None:
    text = (
        "001    1      A                                 2000                             1.0    1     2 w 1  0000 - H\n"
        "001    2      B                                 1900                             0.0    2     1 b 0  0000 - Z\n"
        "001    3      C                                 1800                             1.0    3  0000 - U\n"
    )
    doc = parse_trf(text)
    assert doc.line_ending == "\n" and doc.dump() == text
    req = trf_to_request(doc)
    assert len(req.history) == 1
    assert [(b.id, b.kind) for b in req.history[0].byes] == [(3, "bye")]
    assert req.options["requested_byes"] == {1: "half-point", 2: "zero-point"}


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("001    x      A                                 2000                             1.0    1     2 w 1", 5),
        ("001    1      A                                 20x0                             1.0    1     2 w 1", 49),
        ("001    1      A                                 2000                             1.0    1     2 q 1", 97),
        ("001    1      A                                 2000                             1.0    1     2 w 7", 99),
        ("001    1      A                                 2000                             1.x    1     2 w 1", 81),
    ],
)
def test_malformed_line_names_line_and_column(line: str, column: int) -> None:
    text = "012 T\n" + line + "\n"
    with pytest.raises(InputError) as info:
        parse_trf(text, source="t.trf")
    assert info.value.line == 2
    assert info.value.column == column


def test_inconsistent_opponent_is_rejected() -> None:
    text = (
        "001    1      A                                 2000                             1.0    1     2 w 1\n"
        "001    2      B                                 1900                             0.0    2     1 w 0\n"
    )
    with pytest.raises(InputError) as info:
        parse_trf(text)
    assert info.value.line == 1


def test_bare_0000_in_next_column_is_an_absence() -> None:
    """TRF16 "not paired": 0000 with colour and result blank leaves the player out of the
    next round (bbpPairings does the same), whereas a blank entry keeps him available."""
    text = (
        "001    1      A                                 2000                             1.0    1     2 w 1  0000    \n"
        "001    2      B                                 1900                             0.0    2     1 b 0          \n"
        "001    3      C                                 1800                             1.0    3  0000 - U\n"
    )
    doc = parse_trf(text)
    assert doc.dump() == text
    req = trf_to_request(doc)
    assert len(req.history) == 1
    assert req.options["requested_byes"] == {1: "absent"}


def test_xxc_rank_makes_the_line_order_the_pairing_order() -> None:
    """``XXC rank``: start ranks are identifiers, the 001 lines' order is the pairing order
    (bbpPairings reads it so); without it the start rank orders the players."""
    lines = [
        "001    3      C                                 1800                             0.0    1",
        "001    1      A                                 2000                             0.0    2",
        "001    2      B                                 1900                             0.0    3",
    ]
    plain = parse_trf("012 T\nXXR 3\n" + "\n".join(lines) + "\n")
    ranked = parse_trf("012 T\nXXR 3\nXXC rank\n" + "\n".join(lines) + "\n")
    assert [p.id for p in trf_to_request(plain).players] == [1, 2, 3]
    assert [p.id for p in trf_to_request(ranked).players] == [3, 1, 2]


TRF26 = (
    "012 T\r"
    "142 5\r"
    "152 B\r"
    "162  W 3.0    D 1.0    P 1.0\r"
    "001    1      A                                 2000                             3.0    1     2 w 1\r"
    "001    2      B                                 1900                             0.0    2     1 b 0\r"
    "001    3      C                                 1800                             1.0    3  0000 - U\r"
    "001    4      D                                 1700                             0.0    4  0000 - Z\r"
    "240 H   2    3\r"
    "240 Z   3    4\r"
    "250       1.0   1   2    1    2\r"
    "250       0.5   2   3    2    3\r"
    "260   2   3    1    4\r"
    "260   4   5    2    3\r"
)


def test_trf2026_records() -> None:
    """142/152/162/240/250/260 (TRF-2026) read with the meaning bbpPairings gives them."""
    doc = parse_trf(TRF26)
    assert doc.dump() == TRF26
    assert doc.total_rounds == 5 and doc.initial_colour == "black"
    assert (doc.points.win, doc.points.draw, doc.points.allocated_bye) == (30, 10, 10)
    assert doc.accelerations == {1: [10, 10], 2: [10, 5, 5], 3: [0, 5, 5]}
    req = trf_to_request(doc)
    assert len(req.history) == 1
    assert req.options["requested_byes"] == {3: "half-point"}  # the 240 record for round 2
    assert req.options["forbidden_pairs"] == [[1, 4]]  # 260 for rounds 2-3 only
    assert doc.forbidden_in_round(4) == [[2, 3]]


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("240 Q   2    3", 5),
        ("240 H   x    3", 7),
        ("250       0.0   1   2    1    2", 10),
        ("250       1.0   1   2    1    x", 28),
        ("260   2   3    1   y4", 18),
        ("162  W 3.0    Q 1.0", 15),
    ],
)
def test_malformed_trf2026_record_names_line_and_column(line: str, column: int) -> None:
    with pytest.raises(InputError) as info:
        parse_trf("012 T\n" + line + "\n", source="t.trf")
    assert info.value.line == 2
    assert info.value.column == column


def test_result_letters_are_case_insensitive() -> None:
    """TRF-2026: letter codes are case-insensitive (h = H: a half-point bye)."""
    text = (
        "001    1      A                                 2000                             1.0    1     2 w 1  0000 - h\n"
        "001    2      B                                 1900                             0.0    2     1 b 0\n"
        "001    3      C                                 1800                             1.0    3  0000 - u\n"
    )
    req = trf_to_request(parse_trf(text))
    assert [(b.id, b.kind) for b in req.history[0].byes] == [(3, "bye")]
    assert req.options["requested_byes"] == {1: "half-point"}

"""No CSV fairdraw writes hands a spreadsheet a formula, and its own players CSV reads back.

An audit named players ``=HYPERLINK(...)`` and clubs ``+SUM(1)``: the page's players CSV wrote
them as typed (so a spreadsheet would run them), and the event CSV quoted names but not groups
or results. ``formats.csv_cells`` now writes every cell of every CSV; numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.formats.csv_cells import read_back, spreadsheet_cell
from fairdraw.formats.players import parse_players_csv
from fairdraw.formats.render import render_csv
from fairdraw.formats.standings_render import render_csv as standings_csv
from fairdraw.scoring.standings import StandingRow, Standings
from fairdraw.web.workflow import export_csv, export_players_csv

RISKY = ['=HYPERLINK("http://x","a")', "+1", "-2", "@x", "\tTab", "\rCR", "'=x", "''+y"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("text", RISKY)
def test_a_text_a_spreadsheet_would_run_gets_an_apostrophe_and_reads_back(text: str) -> None:
    written = spreadsheet_cell(text)
    assert written == "'" + text
    assert read_back(written) == text


@pytest.mark.parametrize("text", ["Anna", "it's", "'", "'Anna", "''", "1500", "'x"])
def test_other_texts_are_written_and_read_back_unchanged(text: str) -> None:
    assert spreadsheet_cell(text) == text and read_back(text) == text


def test_numbers_stay_numbers() -> None:
    assert [spreadsheet_cell(v) for v in (-1, 0, 2400, -8000)] == [-1, 0, 2400, -8000]


def test_the_players_csv_quotes_names_clubs_and_federations_and_reads_back_as_typed() -> None:
    players = tuple(Participant(id=i, name=name, rating=1500 + i, federation="@NL" if i == 1 else None,
                                club="+SUM(1)" if i == 2 else "-Rooks")
                    for i, name in enumerate([n for n in RISKY if n.strip() == n], start=1))
    text = export_players_csv(Schedule(system="berger", players=players, rounds=()))
    for row in _rows(text)[1:]:
        assert not any(cell.startswith(FORMULA_STARTS) for cell in row), row
    back = parse_players_csv(text)
    assert [(p.id, p.name, p.rating, p.federation, p.club) for p in back] == [
        (p.id, p.name, p.rating, p.federation, p.club) for p in players]


def test_the_event_csv_quotes_names_and_results_but_not_scores() -> None:
    players = (Participant(id=1, name="=1+1"), Participant(id=2, name="Ben"))
    chess = Schedule(system="dutch", players=players,
                     rounds=(Round(round=1, tables=(Table(table=1, seats=(1, 2), result="+/-", group="-G"),)),))
    rows = _rows(export_csv(chess))
    assert rows[1][1] == "'-G" and rows[1][7] == "'=1+1" and rows[1][8] == "'+/-"
    tables = Schedule(system="mahjong", players=tuple(Participant(id=i, name=f"P{i}") for i in range(1, 5)),
                      rounds=(Round(round=1, tables=(Table(table=1, seats=(1, 2, 3, 4),
                                                           scores=(60000, 30000, 20000, -10000)),)),))
    assert [row[9] for row in _rows(export_csv(tables))[1:]] == ["60000", "30000", "20000", "-10000"]


def test_the_pairings_csv_quotes_a_group_and_a_name_that_looks_like_a_number() -> None:
    players = (Participant(id=1, name="+1"), Participant(id=2, name="Ben"))
    schedule = Schedule(system="dutch", players=players,
                        rounds=(Round(round=1, tables=(Table(table=1, seats=(1, 2), group="@A"),)),))
    rows = _rows(render_csv(schedule))
    assert rows[1][1] == "'@A" and rows[1][6] == "'+1"


def test_standings_points_and_tie_breaks_stay_numbers_the_name_is_quoted() -> None:
    row = StandingRow(rank=1, id=1, name="-Anna", number=1, points=Fraction(-1), tiebreaks={"BH": Fraction(-1, 2)})
    rows = _rows(standings_csv(Standings(rows=(row,), scoring="keizer", tiebreaks=("BH",))))
    assert rows[1] == ["1", "1", "'-Anna", "-1", "-0.5"]

"""Standings options that cannot do what was meant are said, naming the option (an audit of
the chess tie-breaks, 2026-12-05). Each test fails on the code before its fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from shared_data import GOLDEN_FILES

TRF = str(GOLDEN_FILES[0])


def test_a_mahjong_scoring_on_chess_boards_names_the_scoring(cli: Callable[..., Any]) -> None:
    res = cli("standings", TRF, "--scoring", "mahjong")
    assert res.code == 2 and "field '--scoring'" in res.err and "--tiebreaks" not in res.err


def test_a_cut_of_every_round_is_said(cli: Callable[..., Any]) -> None:
    """BH:C9 in a 3-round event printed a column of zeros without a word."""
    res = cli("standings", TRF, "-t", "BH:C9,BH:M1")
    assert res.code == 0 and "BH:C9 cuts 9 values" in res.err and "BH:M1" not in res.err


def test_the_json_writes_whole_facts_as_integers(cli: Callable[..., Any]) -> None:
    res = cli("standings", TRF, "--json")
    meta = json.loads(res.out)["meta"]
    assert meta["win"] == 1 and isinstance(meta["win"], int)

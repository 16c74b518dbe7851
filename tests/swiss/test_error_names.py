"""Errors in a Swiss input name the file, and the line where there is one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairdraw.cli.app import run_app


def _run(argv: list[str]) -> int:
    try:
        run_app(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


@pytest.mark.parametrize("system", ["club-swiss", "keizer", "dutch"])
def test_a_bad_result_in_the_history_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    system: str) -> None:
    event = {"system": system, "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
             "rounds": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2], "result": "x"}]}]}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    assert _run(["pair", "--system", system, str(path), "-p"]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "history" not in err.split(":")[0] and "<schedule>" not in err


def test_an_xxp_line_with_one_rank_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    path.write_text("012 t\nXXP    1\n"
                    "001    1      A                                 2000                             0.0\n"
                    "001    2      B                                 1900                             0.0\n",
                    encoding="utf-8")
    assert _run(["pair", str(path), "-p"]) == 2
    assert "line 2" in capsys.readouterr().err

"""Pairing from the schedule JSON with ``meta.baku`` and ``meta.points`` gives what the
same tournament gives from TRF (``192 ..._BAKU`` and the BBW/BBD/... lines)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairdraw.cli.swiss import load_request
from fairdraw.core.errors import InputError
from fairdraw.core.model import Schedule
from fairdraw.formats.schedule_json import schedule_to_dict
from fairdraw.formats.trf import read_trf, trf_to_request
from fairdraw.systems.dutch.system import next_round

ORACLE = Path(__file__).parent / "data" / "oracle"


def _as_json(trf: Path, out: Path, *, upto: int | None = None, drop: tuple[str, ...] = ()) -> Path:
    doc = read_trf(trf)
    request = trf_to_request(doc, upto_round=upto)
    opts = dict(request.options)
    meta: dict = {"total_rounds": request.total_rounds}
    for key in ("initial_colour", "requested_byes", "forbidden_pairs", "accelerations", "withdrawn", "baku"):
        if opts.get(key) and key not in drop:
            meta[key] = opts[key]
    points = opts.get("points")
    if points is not None and "points" not in drop:
        meta["points"] = {k: getattr(points, k) / 10 for k in ("win", "draw", "loss", "zero_bye", "forfeit_loss",
                                                               "allocated_bye")}
    schedule = Schedule(system="dutch", players=request.players, rounds=request.history,
                        numbers={p.id: p.id for p in request.players}, meta=meta)
    out.write_text(json.dumps(schedule_to_dict(schedule)), encoding="utf-8")
    return out


def _pairs(request) -> list[tuple[int, ...]]:  # noqa: ANN001
    rnd = next_round(request)[0]
    return [t.seats for t in rnd.tables] + [(b.id,) for b in rnd.byes if b.kind == "bye"]


@pytest.mark.parametrize(("stem", "upto"), [("o000_n0014_r08_baku-forfeits", 1), ("o019_n0018_r06_absences-points", 3)])
def test_json_options_pair_like_trf(stem: str, upto: int | None, tmp_path: Path) -> None:
    trf = ORACLE / f"{stem}.trf"
    expected = _pairs(trf_to_request(read_trf(trf), upto_round=upto))
    assert _pairs(load_request(_as_json(trf, tmp_path / "t.json", upto=upto))) == expected
    # and the option matters: without it the pairing differs
    key = "baku" if "baku" in stem else "points"
    assert _pairs(load_request(_as_json(trf, tmp_path / "u.json", upto=upto, drop=(key,)))) != expected


@pytest.mark.parametrize("points", [{"win": "one"}, {"wins": 1}, {"draw": 0.25}, [1, 0.5]])
def test_bad_point_system_names_the_field(points: object, tmp_path: Path) -> None:
    path = _as_json(ORACLE / "o007_n0018_r07_points.trf", tmp_path / "t.json")
    data = json.loads(path.read_text())
    data["meta"]["points"] = points
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as err:
        load_request(path)
    assert "meta.points" in str(err.value.field)


def test_points_without_a_game_written_as_plus_or_equals(tmp_path: Path) -> None:
    """"0000 - +" and "0000 - =" (a point or half a point without a game, as some programs
    write them) read as the F and H byes, as bbpPairings reads them (checked against it:
    412 of 413 re-paired rounds equal; the other differs only in a file without XXC)."""
    from fairdraw.formats.trf import trf_round

    source = next(p for p in sorted(ORACLE.glob("*.trf")) if "0000 - F" in p.read_text(encoding="latin-1"))
    raw = source.read_text(encoding="latin-1")
    swapped = tmp_path / "plus.trf"
    swapped.write_text(raw.replace("0000 - F", "0000 - +").replace("0000 - H", "0000 - ="), encoding="latin-1")
    original, changed = read_trf(source), read_trf(swapped)
    for r in range(1, original.rounds_in_file + 1):
        assert trf_round(changed, r) == trf_round(original, r)
    last = original.rounds_in_file
    assert _pairs(trf_to_request(changed, upto_round=last - 1)) == _pairs(trf_to_request(original, upto_round=last - 1))

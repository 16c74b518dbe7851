"""Output files written without harming what is at the path (audit 2026-12-05): `-o` renamed
`FILE.tmp` over the path, which turned a symbolic link into a plain file, replaced a pipe or (as
root) the device `/dev/full`, overwrote a `FILE.tmp` of the user's, and `-o .` or `-o ''` ended
in a traceback; a seed that is not UTF-8 text did too."""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult

SEAT = ("seat", "--players", "16", "--rounds", "2", "--json")


def test_a_link_is_followed_and_stays_a_link(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    real.write_text("old")
    link.symlink_to(real.name)
    assert cli(*SEAT, "-o", str(link)).code == 0
    assert link.is_symlink() and json.loads(real.read_text())["system"] == "mahjong"


def test_a_file_of_the_users_named_like_a_temporary_file_is_left_alone(tmp_path: Path,
                                                                        cli: Callable[..., CliResult]) -> None:
    (tmp_path / "out.json.tmp").write_text("mine")
    assert cli(*SEAT, "-o", str(tmp_path / "out.json")).code == 0
    assert (tmp_path / "out.json.tmp").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "out.json.tmp"]  # no leftover


def test_a_pipe_is_written_in_place_not_replaced(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    """A named pipe stands for a device here (/dev/null itself was replaced by a file when an
    older build ran this as root)."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()))
    reader.start()
    try:
        result = cli(*SEAT, "-o", str(pipe))
    finally:
        if reader.is_alive():  # nothing opened the pipe for writing: let the reader go
            with open(pipe, "wb"):
                pass
        reader.join(timeout=10)
    assert result.code == 0 and stat.S_ISFIFO(pipe.stat().st_mode)
    assert json.loads(received[0])["system"] == "mahjong"


def test_an_existing_files_permissions_are_kept(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    out = tmp_path / "shared.json"
    out.write_text("old")
    out.chmod(0o644)
    assert cli(*SEAT, "-o", str(out)).code == 0
    assert out.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("where", ["", ".", "/", "folder"])
def test_a_path_that_names_no_file_is_refused(where: str, tmp_path: Path, cli: Callable[..., CliResult],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    result = cli(*SEAT, "-o", where)
    assert result.code == 2 and "Traceback" not in result.err
    assert "names no file" in result.err or "is a folder" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_a_seed_that_is_not_utf8_text_is_named(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    seed = b"\xff\xfe".decode("utf-8", "surrogateescape")  # as Python reads such bytes from argv
    result = cli(*SEAT, "--seed", seed, "-o", str(tmp_path / "x.json"))
    assert result.code == 2 and "not UTF-8 text" in result.err
    assert not (tmp_path / "x.json").exists()


class _WorkDone(Exception):
    """Raised by a stand-in for a command's long work: reaching it means the path was not checked first."""


@pytest.mark.parametrize("args", [("league", "-n", "80", "-s", "20", "--json"), SEAT, ("seat-ranked", "standings.csv")])
@pytest.mark.parametrize("where", ["missing/x.json", "a_file/x.json"])
def test_an_unusable_output_path_is_refused_before_the_work(args: tuple[str, ...], where: str, tmp_path: Path,
                                                            cli: Callable[..., CliResult],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """`league -n 80 -s 20 -o missing/x.json` planned for half a minute and only then exited 2:
    the destination is now checked, by write_file's rules, before the work (check_output)."""
    import fairdraw.core.registry
    import fairdraw.systems.mahjong.ranked

    def work(*_: object, **__: object) -> object:
        raise _WorkDone

    monkeypatch.setattr(fairdraw.core.registry, "get_system", work)
    monkeypatch.setattr(fairdraw.systems.mahjong.ranked, "seat_ranked", work)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a_file").write_text("mine")
    (tmp_path / "standings.csv").write_text("name\nA\nB\nC\nD\n")
    result = cli(*args, "-o", where)
    assert result.code == 2 and "Traceback" not in result.err
    assert f"{where}: cannot write the output" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file", "standings.csv"]
    assert (tmp_path / "a_file").read_text() == "mine"


def test_a_reseat_to_a_missing_folder_is_refused_before_the_work(tmp_path: Path, cli: Callable[..., CliResult],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import fairdraw.systems.mahjong.changes

    seating = tmp_path / "a.json"
    assert cli(*SEAT, "-o", str(seating)).code == 0
    before = seating.read_bytes()

    def work(*_: object, **__: object) -> object:
        raise _WorkDone

    monkeypatch.setattr(fairdraw.systems.mahjong.changes, "reseat", work)
    result = cli("reseat", str(seating), "--from-round", "2", "--json", "-o", str(tmp_path / "missing" / "b.json"))
    assert result.code == 2 and "cannot write the output: No such file or directory" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"] and seating.read_bytes() == before

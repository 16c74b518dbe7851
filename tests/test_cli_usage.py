"""Usage errors (unknown option, stray argument, missing option) are messages, not tracebacks.

Typer 0.2x raises its vendored click's ``UsageError``, which is not click's own class: the
CLI must still turn it into click's short message and exit status 2.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "args, words",
    [
        (("seat", "--players", "16", "--rounds", "5", "--json", "out.json"), "unexpected extra argument"),
        (("seat", "--players", "16", "--rounds", "5", "--no-such-flag"), "no such option"),
        (("seat", "--players", "16"), "missing option"),
        (("seat", "--players", "six", "--rounds", "2"), "invalid value"),
        (("no-such-command",), "no such command"),
    ],
)
def test_usage_error_is_a_message(cli, args: tuple[str, ...], words: str) -> None:  # type: ignore[no-untyped-def]
    result = cli(*args)
    assert result.code == 2
    assert words in result.err.lower()
    assert "Traceback" not in result.err


def test_a_csv_file_starts_with_a_byte_order_mark_for_excel(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Excel on Windows reads a UTF-8 CSV without a byte order mark as ANSI: Müller came out
    garbled. A .csv file written gets one; fairdraw's own readers skip it."""
    players = tmp_path / "p.csv"
    players.write_text("name\nMüller\nΕλένη\n张伟\nAnna\n", encoding="utf-8")
    out = tmp_path / "rr.csv"
    assert cli("roundrobin", str(players), "--csv", "-o", str(out)).code == 0
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and "Müller" in raw.decode("utf-8-sig")
    assert not raw[3:].startswith(b"\xef\xbb\xbf")  # one mark, not two


def test_python_dash_m_fairdraw_runs_the_cli(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Without the console script on PATH (a venv not activated), ``python -m fairdraw`` is
    how a user reaches the CLI: it must run the same commands and keep their exit statuses."""
    import os
    import subprocess
    import sys

    src = os.path.join(os.path.dirname(__file__), os.pardir, "src")
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
    ok = subprocess.run([sys.executable, "-m", "fairdraw", "seat", "-n", "8", "-r", "1", "--json",
                         "-o", str(tmp_path / "s.json")], capture_output=True, text=True, env=env, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert '"tables"' in (tmp_path / "s.json").read_text(encoding="utf-8")
    bad = subprocess.run([sys.executable, "-m", "fairdraw", "seat", "-n", "8"], capture_output=True, text=True,
                         env=env, timeout=120)
    assert bad.returncode == 2 and "missing option" in bad.stderr.lower()

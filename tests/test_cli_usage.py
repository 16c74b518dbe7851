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

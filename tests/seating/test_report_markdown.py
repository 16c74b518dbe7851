"""`--report DIR` writes report.md with a Markdown table of players (issue 4 item 8).

A name is text, not markup: "Smith | J." split its row into one column too many (every later
column shifted), and "<b>", "*" or "_" in a name were rendered as HTML or emphasis. A seed with
a backtick broke out of its code span.
"""

from __future__ import annotations

from pathlib import Path

from fairdraw.core.model import Participant
from fairdraw.formats.mahjong_report import write_report
from tests.seating.helpers import seat


def test_names_with_markdown_characters_keep_their_row_and_their_text(tmp_path: Path) -> None:
    names = ["Smith | J.", "<b>Bold</b> & co", "*star*_under_", "plain"]
    players = [Participant(id=i + 1, name=names[i] if i < len(names) else f"P{i + 1}") for i in range(16)]
    schedule = seat(16, 2, seed="a`b", players=players)
    text = write_report(schedule, tmp_path)[0].read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| no.")]
    assert len(rows) == 16
    header_cells = text.splitlines()[[line.startswith("| no.") for line in text.splitlines()].index(True)].count(" | ")
    for row in rows:  # as many cell separators as the header: no name adds a column
        assert row.replace("\\|", "").count(" | ") == header_cells, row
    assert "Smith \\| J." in text and "&lt;b&gt;Bold&lt;/b&gt; &amp; co" in text and "\\*star\\*\\_under\\_" in text
    assert "- seed: ``a`b``" in text


def test_a_report_that_fails_half_way_leaves_the_earlier_one_whole(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A full disk stopped the report after a new meetings.svg was half written, beside the old
    report.md and winds.svg; the three files now go in together or not at all."""
    import fairdraw.formats.mahjong_report as report_module

    write_report(seat(16, 2, seed="first"), tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    calls = []
    real = report_module._heatmap

    def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 2:  # the winds map: the disk is full by now
            raise OSError(28, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(report_module, "_heatmap", failing)
    try:
        write_report(seat(16, 3, seed="second"), tmp_path)
    except OSError:
        pass
    else:
        raise AssertionError("the failure was swallowed")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before

"""``fairdraw demo``: a Berger table and a Heller scheme for a sample field, in the terminal."""

from __future__ import annotations

from fairdraw.cli.base import OutputFormat, console


def run_demo() -> None:
    """Show a sample field paired by two fixed-schedule systems (no files, no database)."""
    from fairdraw.cli.fixed import render_heller
    from fairdraw.core.registry import PairingRequest, get_system
    from fairdraw.formats.players import numbered_players
    from fairdraw.formats.render import render_text
    from fairdraw.systems.heller import find_schemes, scheme_schedule

    players = tuple(numbered_players(6))
    console.print("[bold]Berger round robin, 6 players (FIDE C.05 Annex 1)[/]")
    console.print(render_text(get_system("berger").pair(PairingRequest(players=players))), highlight=False)
    eight = numbered_players(8)
    console.print("[bold]Heller period scheme, 8 players, 5 rounds (seed 002)[/]")
    schedule = scheme_schedule(eight, find_schemes(8)[0])
    console.print(render_heller([schedule], OutputFormat.text), highlight=False)

"""The demonstration ``make run`` prints until the web page exists."""

from __future__ import annotations

from fairdraw.cli.base import console


def run_demo() -> None:
    """Show a sample field paired by the fixed-schedule systems."""
    from fairdraw.core.registry import PairingRequest, get_system
    from fairdraw.formats.players import numbered_players
    from fairdraw.formats.render import render_text

    players = tuple(numbered_players(6))
    console.print("[bold]Berger round robin, 6 players (FIDE C.05 Annex 1)[/]")
    console.print(render_text(get_system("berger").pair(PairingRequest(players=players))), highlight=False)

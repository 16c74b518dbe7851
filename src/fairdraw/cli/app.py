"""Entry point of the ``fairdraw`` command: imports every command module, then runs.

Adding a command group is one module plus one import line below.
"""

from __future__ import annotations

from fairdraw.cli import common  # noqa: F401  (systems, demo)
from fairdraw.cli import league  # noqa: F401  (league, league-reseat, league-table)
from fairdraw.cli import results  # noqa: F401  (standings, result)
from fairdraw.cli import roundrobin  # noqa: F401  (roundrobin, check)
from fairdraw.cli import fixed  # noqa: F401  (meerkamp, heller)
from fairdraw.cli import mahjong  # noqa: F401  (seat, reseat, seat-ranked)
from fairdraw.cli import swiss  # noqa: F401  (pair, check --dutch)
from fairdraw.cli import event_files  # noqa: F401  (undo, trf)
from fairdraw.cli import serve  # noqa: F401  (serve, user add: the web page)
from fairdraw.cli.base import app, run_app

__all__ = ["app", "main"]


def main() -> None:
    """Console-script entry point."""
    run_app()


if __name__ == "__main__":
    main()

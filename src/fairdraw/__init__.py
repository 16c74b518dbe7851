"""fairdraw: fair, verifiable pairings and seatings for chess and mahjong.

The package has a pure core (``fairdraw.core``, ``fairdraw.systems`` and the solvers
they use: no I/O, deterministic for a given seed) and adapters around it
(``fairdraw.formats`` for files, ``fairdraw.cli`` for the command line, later storage
and the web page).
"""

__version__ = "0.1.0"

"""The ``fairdraw`` command line (Typer + Rich). Adapters only: no pairing logic here."""

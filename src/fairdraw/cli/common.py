"""Commands every installation has: ``systems`` and ``demo``."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table as RichTable

from fairdraw.cli.base import app, console
from fairdraw.core.registry import all_systems


@app.command("systems")
def systems_command() -> None:
    """List the registered pairing systems with a one-line description each."""
    table = RichTable(title="Pairing systems")
    table.add_column("name")
    table.add_column("kind")
    table.add_column("description")
    for cls in all_systems():
        table.add_row(escape(cls.name), escape(cls.kind), escape(cls.description))
    console.print(table)


@app.command("demo")
def demo_command() -> None:
    """Print a demonstration of the main job: a Berger table and a Heller scheme."""
    from fairdraw.cli.demo import run_demo

    run_demo()

"""Commands every installation has: ``systems`` and ``demo``."""

from __future__ import annotations

from fairdraw.cli.base import app, print_listing
from fairdraw.core.registry import all_systems, typed_options


@app.command("systems")
def systems_command() -> None:
    """List the pairing systems, each with its kind, a description and the options it reads.

    The web page's options box takes those options as key=value lines."""
    rows = ((cls.name, cls.kind, cls.description, ", ".join(typed_options(cls)) or "-") for cls in all_systems())
    print_listing("Pairing systems", ("name", "kind", "description", "options"), rows)


@app.command("demo")
def demo_command() -> None:
    """Print a demonstration of the main job: a Berger table and a Heller scheme."""
    from fairdraw.cli.demo import run_demo

    run_demo()

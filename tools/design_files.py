"""Where and how the offline search tools write a found design (src/fairdraw/data/mahjong/*.json).

One place for the file name and the document format read by ``fairdraw.designs.catalog``:
``{"format": "fairdraw.designs/1", "designs": [entry]}``, entry being a ``"cyclic"`` base round
or explicit ``"rounds"``. Callers check the design with ``fairdraw.designs.verify`` first.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "src" / "fairdraw" / "data" / "mahjong"


def write_entry(entry: dict[str, Any], *, suffix: str = "", indent: int | None = 1) -> Path:
    """Write ``entry`` as the only design of cyclic_NNN_kK{suffix}.json; returns the path."""
    path = OUT / f"cyclic_{entry['n']:03d}_k{entry['k']}{suffix}.json"
    doc = {"format": "fairdraw.designs/1", "designs": [entry]}
    path.write_text(json.dumps(doc, indent=indent) + "\n", encoding="utf-8")
    return path

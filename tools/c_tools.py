"""The offline tools' C helpers, compiled on first use into a cache folder (never shipped).

Why one place: each search tool that drives a C program (orbit_search.c, anneal_sit_outs.c)
needs the same build step: compile once, again only when the source is newer than the binary."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def compiled(source_name: str) -> Path:
    """The binary of ``tools/<source_name>`` (a .c file), built with ``cc -O2`` when missing or
    older than its source; the folder is $FAIRDRAW_TOOL_CACHE, else fairdraw-tools in the temp dir."""
    source = HERE / source_name
    cache = Path(os.environ.get("FAIRDRAW_TOOL_CACHE", Path(tempfile.gettempdir()) / "fairdraw-tools"))
    cache.mkdir(parents=True, exist_ok=True)
    out = cache / source.stem
    if not out.exists() or out.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(["cc", "-O2", "-o", str(out), str(source), "-lm"], check=True)
    return out

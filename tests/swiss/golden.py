"""Where the reference Dutch pairings live (FAIRDRAW_GOLDEN overrides the shared folder)."""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(os.environ.get("FAIRDRAW_GOLDEN", "/work/shared/golden/dutch"))
FILES = sorted(GOLDEN.glob("*.trf")) if GOLDEN.is_dir() else []

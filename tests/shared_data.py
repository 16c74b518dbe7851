"""Where the project's shared reference data lives (``shared/`` beside the checkout).

CI clones the repository into another folder with a copy of ``shared/`` beside it, so the
path is found relative to this file; FAIRDRAW_SHARED overrides it. Tests that need the data
fail loudly when it is missing rather than skipping, unless FAIRDRAW_ALLOW_NO_SHARED=1.
"""

from __future__ import annotations

import os
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    """The shared folder: $FAIRDRAW_SHARED, else ../shared beside the repository, else /work/shared."""
    env = os.environ.get("FAIRDRAW_SHARED")
    candidates = [Path(env)] if env else []
    candidates += [_REPO.parent / "shared", Path("/work/shared")]
    for candidate in candidates:
        if (candidate / "golden").is_dir():
            return candidate
    if os.environ.get("FAIRDRAW_ALLOW_NO_SHARED") == "1":
        return candidates[0]
    raise RuntimeError(f"shared/ data not found (looked in {', '.join(map(str, candidates))})")


GOLDEN_DUTCH = Path(os.environ["FAIRDRAW_GOLDEN"]) if "FAIRDRAW_GOLDEN" in os.environ else shared_dir() / "golden" / "dutch"
GOLDEN_FILES = sorted(GOLDEN_DUTCH.glob("*.trf"))

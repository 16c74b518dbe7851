"""Where the reference Dutch pairings live (see tests/shared_data.py; FAIRDRAW_GOLDEN overrides)."""

from __future__ import annotations

from shared_data import GOLDEN_DUTCH as GOLDEN
from shared_data import GOLDEN_FILES as FILES

__all__ = ["FILES", "GOLDEN"]

"""FIDE Dutch Swiss system (C.04.3, 2025). Modules: state (player facts), colours (E rules),
weights (criteria as bit fields), matcher (exact max-weight matching), brackets (the
procedure), explain (text), system (the registered ``dutch`` system)."""

from fairdraw.systems.dutch.system import DutchSystem

__all__ = ["DutchSystem"]

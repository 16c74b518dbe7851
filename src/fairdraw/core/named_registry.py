"""One mechanism for the project's registries (pairing systems, scorings, tie-breaks).

Each is a table of classes by a short name, filled by a class decorator when the package
that holds the implementations is imported. The package is imported on first lookup, so
callers never depend on import order, and a name registered twice by two classes is a bug.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Generic, TypeVar

C = TypeVar("C", bound=type)


class NamedRegistry(Generic[C]):
    """Classes by name; ``kind`` words the errors ("pairing system", "scoring", …)."""

    def __init__(self, kind: str, package: str, key: Callable[[C], str]) -> None:
        self.kind = kind
        self.package = package
        self.key = key
        self.table: dict[str, C] = {}

    def register(self, cls: C) -> C:
        """Class decorator: make ``cls`` available under its key."""
        name = self.key(cls)
        if name in self.table and self.table[name] is not cls:
            raise ValueError(f"{self.kind} {name!r} registered twice")
        self.table[name] = cls
        return cls

    def _load(self) -> None:
        importlib.import_module(self.package)  # importing the package registers every class

    def lookup(self, name: str) -> C:
        """The class registered as ``name``; KeyError lists the known names."""
        self._load()
        try:
            return self.table[name]
        except KeyError:
            raise KeyError(f"unknown {self.kind} {name!r}; known: {', '.join(sorted(self.table))}") from None

    def classes(self) -> list[C]:
        """Every registered class, sorted by name."""
        self._load()
        return [self.table[name] for name in sorted(self.table)]

"""Run every ``benchmarks/bench_*.py`` module and write docs/PERFORMANCE.md.

Each module exposes ``run() -> str`` returning a Markdown section (its own heading, the
figures and the command that reproduces them). Speed targets live here, never in tests.
Run one module alone with ``python -m benchmarks NAME`` (e.g. ``dutch``); then only
its section is replaced in the file.
"""

from __future__ import annotations

import datetime as dt
import importlib
import os
import pkgutil
import platform
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "PERFORMANCE.md"
MARK = "<!-- section:{name} -->"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return f"{cpu}, {os.cpu_count()} cores{mem}, Python {platform.python_version()}, {platform.system()}"


def _sections(text: str) -> dict[str, str]:
    found = {}
    for match in re.finditer(r"<!-- section:(\w+) -->\n(.*?)(?=<!-- section:|\Z)", text, re.S):
        found[match.group(1)] = match.group(2).rstrip() + "\n"
    return found


def main(argv: list[str]) -> None:
    names = sorted(m.name[len("bench_"):] for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.name.startswith("bench_"))
    wanted = argv or names
    existing = _sections(OUT.read_text(encoding="utf-8")) if OUT.exists() else {}
    for name in wanted:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        print(f"== benchmark {name}", flush=True)
        stamp = f"_Measured {dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC on {machine()}._\n\n"
        existing[name] = stamp + module.run().rstrip() + "\n"
    body = ["# Performance\n", "Written by `make bench` (`python -m benchmarks [NAME…]`). Each section states its machine and date.\n"]
    for name in sorted(existing):
        body.append(MARK.format(name=name) + "\n" + existing[name])
    OUT.write_text("\n".join(body), encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Helpers for the fixed-schedule system tests: run the CLI in-process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def fixed_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Run ``fairdraw ARGS...``; returns the exit status, stdout and stderr."""
    from fairdraw.cli.app import run_app

    def run(*args: str) -> Run:
        capsys.readouterr()
        code = 0
        try:
            run_app(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run

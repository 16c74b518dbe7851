"""Shared test helpers: run the CLI in-process and capture its exit status and output."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliResult]:
    """Run ``fairdraw ARGS…`` in-process; returns exit code, stdout and stderr."""
    from fairdraw.cli.app import run_app

    def run(*args: str) -> CliResult:
        capsys.readouterr()
        code = 0
        try:
            run_app(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run

"""The package type-checks (the brief: type hints everywhere): mypy over ``src/fairdraw`` with the
settings of ``pyproject.toml`` ([tool.mypy]: every function annotated). Why a test: a name
reused for two types in one function is how a loop index once came to stand for a table."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_type_checks() -> None:
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra: pip install -e '.[test]'")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "src" / "fairdraw")])
    assert status == 0, out + err

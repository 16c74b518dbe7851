"""The clauses shared by the offline SAT models of one base round (tools/search_sat*.py).

A base round is stated with one Boolean per pair of players, "same table": transitivity makes the
relation a partition, a degree bound makes its parts tables, and a symmetry of the round is a tie
between the variables of a pair and of its image. The tables need no names, so their order is no
symmetry to break. Each model adds its own orbit constraints on top.

``solve`` / ``run`` and ``add_solver_arguments`` are the solving side every SAT tool shares:
python-sat's CaDiCaL or an external kissat, on the formula as built or shuffled by a seed;
``run_and_ship`` is the ending of the tools that ship whole schedules.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable

from design_files import ship_rounds
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

Pair = Callable[[int, int], int]  # a pair of players -> its CNF variable
Rounds = list[list[tuple[int, ...]]]


class PairModel:
    """A CNF over the pairs of ``points`` players (0 .. points-1)."""

    def __init__(self, points: int) -> None:
        self.points = points
        self.pool = IDPool()
        self.clauses: list[list[int]] = []

    def same(self, p: int, q: int) -> int:
        """The variable 'p and q share a table of the base round'."""
        return self.pool.id((min(p, q), max(p, q)))

    def exactly_one(self, lits: list[int]) -> None:
        self.clauses += CardEnc.equals(lits=lits, bound=1, vpool=self.pool, encoding=EncType.pairwise).clauses

    def transitive(self, var: Pair | None = None) -> None:
        """p~q and q~r imply p~r, for every triple: 'same table' is an equivalence. ``var`` names
        the pair variables (default ``same``; a model of several base rounds passes its round's)."""
        var = var or self.same
        for p, q, r in itertools.combinations(range(self.points), 3):
            a, b, c = var(p, q), var(q, r), var(p, r)
            self.clauses += [[-a, -b, c], [-a, -c, b], [-b, -c, a]]

    def degree(self, lits: list[int], bound: int = 3) -> None:
        """Exactly ``bound`` of ``lits`` (a player's table-mates: 3 at a table of 4)."""
        self.clauses += CardEnc.equals(lits=lits, bound=bound, vpool=self.pool, encoding=EncType.seqcounter).clauses

    def tie(self, a: int, b: int) -> None:
        """a <-> b."""
        if a != b:
            self.clauses += [[-a, b], [a, -b]]

    def invariant(self, mu: Callable[[int], int], var: Pair | None = None) -> None:
        """The base round is mapped onto itself by the player map ``mu``."""
        var = var or self.same
        for p, q in itertools.combinations(range(self.points), 2):
            self.tie(var(p, q), var(mu(p), mu(q)))

    def tables(self, model: Iterable[int], var: Pair | None = None) -> dict[int, set[int]]:
        """Each player's table (itself included) in a model of the formula."""
        var = var or self.same
        true = {v for v in model if v > 0}
        table = {p: {p} for p in range(self.points)}
        for p, q in itertools.combinations(range(self.points), 2):
            if var(p, q) in true:
                table[p].add(q)
                table[q].add(p)
        return table


def shuffled(clauses: list[list[int]], top: int, seed: int | None) -> tuple[list[list[int]], dict[int, int]]:
    """The same formula with its variables renamed and its clauses reordered by ``seed`` (None: as is),
    and the renaming old -> new. Why: the solve time of these models is heavy-tailed, so another
    renaming is another independent run of the same search."""
    if seed is None:
        return clauses, {v: v for v in range(1, top + 1)}
    rng = random.Random(seed)
    new = list(range(1, top + 1))
    rng.shuffle(new)
    rename = dict(zip(range(1, top + 1), new, strict=True))
    out = [[rename[abs(v)] * (1 if v > 0 else -1) for v in c] for c in clauses]
    rng.shuffle(out)
    return out, rename


def model_back(model: Iterable[int], rename: dict[int, int]) -> list[int]:
    """A model of the shuffled formula in the original variables."""
    back = {new: old for old, new in rename.items()}
    return [back[abs(v)] * (1 if v > 0 else -1) for v in model if abs(v) in back]


def solve(clauses: list[list[int]], top: int, solver: str, seed: int | None = None) -> list[int] | None:
    """A model of the formula (in its own variables), or None when it is unsatisfiable.

    ``solver`` is a python-sat name (e.g. ``cadical195``), ``kissat`` / ``kissat:PATH`` (the kissat
    executable, found on PATH or in $KISSAT, run on a DIMACS file with its ``--sat`` setting) or
    ``cryptominisat`` (pycryptosat, in the ``search`` extra). Why several: on these models the
    solvers' times differ by large factors, and neither kissat nor CryptoMiniSat is in
    python-sat. ``seed`` shuffles the formula first (see ``shuffled``).
    """
    clauses, rename = shuffled(clauses, top, seed)
    if solver == "cryptominisat":
        import pycryptosat

        cms = pycryptosat.Solver(threads=1)
        cms.add_clauses(clauses)
        found, values = cms.solve()
        if not found:
            return None
        return model_back([v if values[v] else -v for v in range(1, top + 1)], rename)
    if not solver.startswith("kissat"):
        with Solver(name=solver, bootstrap_with=clauses) as sat:
            return model_back(sat.get_model(), rename) if sat.solve() else None
    exe = solver.partition(":")[2] or os.environ.get("KISSAT") or shutil.which("kissat")
    if not exe:
        raise SystemExit("kissat not found: give --solver kissat:PATH or set $KISSAT")
    with tempfile.NamedTemporaryFile("w", suffix=".cnf") as cnf:
        cnf.write(f"p cnf {top} {len(clauses)}\n")
        cnf.writelines(" ".join(map(str, c)) + " 0\n" for c in clauses)
        cnf.flush()
        proc = subprocess.run([exe, "--sat", "-q", cnf.name], capture_output=True, text=True, check=False)
    if proc.returncode == 20:
        return None
    if proc.returncode != 10:
        raise SystemExit(f"kissat stopped with exit code {proc.returncode}: {proc.stderr.strip()}")
    model = [int(v) for line in proc.stdout.splitlines() if line.startswith("v ") for v in line[2:].split()]
    return model_back([v for v in model if v], rename)


def shown_command(argv: list[str]) -> str:
    """The arguments as a shipped design's source records them: a kissat path is this machine's
    own, so only ``kissat`` is kept."""
    return " ".join(a.partition(":")[0] if a.startswith("kissat:") else a for a in argv)


def add_solver_arguments(parser: argparse.ArgumentParser) -> None:
    """--solver, --shuffle and --no-write, the same in every SAT tool."""
    parser.add_argument("--solver", default="cadical195", help="a python-sat solver name, or kissat[:PATH]")
    parser.add_argument("--shuffle", type=int, default=None,
                        help="rename the variables and reorder the clauses at random (seed): another run of a heavy-tailed search")
    parser.add_argument("--no-write", action="store_true", help="verify and report, write nothing")


def run(model: PairModel, args: argparse.Namespace, label: str, start: float) -> tuple[list[int], float] | None:
    """Report the formula's size, solve it as the arguments say; the model and the seconds since
    ``start``, or None (reported) when it is unsatisfiable."""
    print(f"{label}: {len(model.clauses)} clauses, {model.pool.top} variables", flush=True)
    found = solve(model.clauses, model.pool.top, args.solver, args.shuffle)
    if found is None:
        print(f"unsatisfiable ({time.time() - start:.0f}s)")
        return None
    return found, time.time() - start


def run_and_ship(
    model: PairModel, rounds: Callable[[list[int]], Rounds], args: argparse.Namespace, label: str, start: float,
    *, shape: str, command: str,
) -> None:
    """``run``, then ship the schedule ``rounds`` reads off a solution (``design_files.ship_rounds``:
    verified first) with its source: the shape, the solver and the ``command`` that found it."""
    solved = run(model, args, label, start)
    if solved is None:
        return
    found, seconds = solved
    source = f"{shape}, SAT ({args.solver.split(':')[0]}), searched once by {command}"
    ship_rounds(rounds(found), n=model.points, source=source, seconds=seconds, dry_run=args.no_write)

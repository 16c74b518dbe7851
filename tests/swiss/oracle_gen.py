"""Random TRF16 tournaments that exercise the Dutch engine beyond the golden files, paired
round by round by an oracle engine and compared with fairdraw.

Why: the golden set (bbpPairings' own generator) never uses Baku acceleration, ``XXA``
lines, forbidden pairs (``XXP``), ``XXC black1``, full-point or zero-point byes given for
the round, late entries or fields of several hundred players. This module builds such
tournaments from a seed (results drawn from the ratings), asks the oracle for each round's
pairing and, when asked, checks that fairdraw pairs the same file identically (boards in
order, colours, the bye), as ``fairdraw check --dutch`` does.

The oracle is any program with bbpPairings' command line (``--dutch IN -p OUT``). It is
never shipped: ``python -m tests.swiss.oracle_gen --oracle PATH --out DIR`` writes the
tournaments and the oracle's pairings as reference data (tests/swiss/data/oracle/), which
the tests then re-pair without the oracle.

Each tournament's ``features`` say what it exercises:
``baku`` (``192 FIDE_DUTCH_2025_BAKU``), ``xxa`` (explicit accelerations), ``xxp``
(forbidden pairs), ``absences`` (H/Z/F byes announced for rounds, withdrawals, late
entries), ``black1`` (``XXC black1``), ``forfeits``, ``odd`` (an odd field: the
pairing-allocated bye every round), ``points`` (3-1-0 point system), ``large`` (board
order on hundreds of players), ``tight`` (a small field played nearly to n-1 rounds: the
bye and the last rounds are hard to place, some rounds cannot be paired at all),
``noxxc`` (``XXC`` only for round 1: the initial colour is then read back from round 1,
where the top players may have been absent), ``stress`` (a small field with everything
at once at high rates: many forbidden pairs, absences, forfeits, irregular accelerations),
``rank`` (``XXC rank``: the order of the ``001`` lines, not the start rank, is the pairing
order, as after re-sorting a list with late entries), ``trf26`` (the TRF-2026 records
instead of the extensions: ``142``, ``152``, ``162`` points, ``240`` byes for the round,
``250`` accelerations, ``260`` prohibited pairings limited to some rounds).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fairdraw.formats.trf import (
    PlayerLine,
    PointSystem,
    RawLine,
    RoundEntry,
    TrfDocument,
    TrfLine,
    parse_trf,
    trf_to_request,
    truncated,
)

#: every feature a profile may switch on (see the module docstring)
FEATURES = ("baku", "xxa", "xxp", "absences", "black1", "forfeits", "odd", "points", "large", "tight", "noxxc",
            "stress", "rank", "trf26")


@dataclass
class Tournament:
    """A tournament being generated: players' columns so far and the fixed header lines."""

    name: str
    n: int
    rounds: int
    ratings: list[int]
    header: list[str]
    tail: list[str]
    points: PointSystem
    entries: dict[int, list[RoundEntry]] = field(default_factory=dict)
    features: set[str] = field(default_factory=set)
    order: list[int] = field(default_factory=list)  # 001 lines in file order
    bye_lines: list[str] = field(default_factory=list)  # TRF-2026 240 records so far

    def document(self, upto: int, forward: dict[int, RoundEntry] | None = None) -> TrfDocument:
        """The file after ``upto`` rounds, with ``forward`` entries (announced byes) in the
        next column."""
        header = self.header
        if "noxxc" in self.features and upto > 0:
            header = [h for h in header if not h.startswith(("XXC white1", "XXC black1", "152 "))]
        lines: list[TrfLine] = [RawLine(t) for t in header]
        for pid in self.order or range(1, self.n + 1):
            games = list(self.entries[pid][:upto])
            pts = sum(self.points.of(g) for g in games)
            if forward and pid in forward:
                games.append(forward[pid])
            lines.append(PlayerLine(number=pid, name=f"Player {pid:04d}", rating=self.ratings[pid - 1],
                                    points=pts, rank=pid, games=games))
        text = "\r".join(line.format() for line in lines + [RawLine(t) for t in self.tail + self.bye_lines])
        return parse_trf(text + "\r")


def _score(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def _features(rng: random.Random, index: int) -> set[str]:
    """A varied mix: every tournament stresses one or two features, many combine more."""
    main = FEATURES[index % len(FEATURES)]
    chosen = {main}
    for f in ("xxp", "absences", "black1", "forfeits", "odd", "noxxc"):
        if rng.random() < 0.3:
            chosen.add(f)
    if rng.random() < (0.5 if main == "large" else 0.15):  # Baku is meant for large opens
        chosen.add(rng.choice(("baku", "xxa")))
    if "baku" in chosen and "xxa" in chosen:
        chosen.discard(rng.choice(("baku", "xxa")))
    return chosen


def new_tournament(seed: int, index: int, features: set[str] | None = None,
                   players: int | None = None) -> tuple[Tournament, random.Random]:
    """Players, rounds and header lines for a tournament with the given (or drawn) features."""
    rng = random.Random(seed)
    feats = set(features) if features is not None else _features(rng, index)
    if "stress" in feats:
        feats |= {"xxp", "absences", "forfeits", rng.choice(("xxa", "xxa", "baku"))}
        if rng.random() < 0.3 and "baku" not in feats:
            feats.add("points")
    if "large" in feats:
        n = rng.randint(150, 240)
    elif "tight" in feats:
        n = rng.randint(5, 12)
    elif "stress" in feats:
        n = rng.randint(6, 30)
    else:
        n = rng.choice((rng.randint(7, 24), rng.randint(20, 60), rng.randint(50, 110)))
    if players is not None:
        n = players
    elif ("odd" in feats and n % 2 == 0) or ("odd" not in feats and n % 2 == 1 and rng.random() < 0.5):
        n += 1
    rounds = rng.randint(5, 11) if "large" not in feats else rng.randint(5, 9)
    if "tight" in feats:
        rounds = rng.choice((n - 1, n - 2, n - 3)) if n % 2 == 0 else rng.choice((n - 1, n - 2))
    else:
        rounds = min(rounds, n - 1 if n % 2 == 0 else n - 2)
    rounds = max(3, rounds)
    ratings = sorted((rng.randint(1200, 2750) for _ in range(n)), reverse=True)
    for i in range(1, n):  # some equal ratings, as in real start lists
        if rng.random() < 0.05:
            ratings[i] = ratings[i - 1]
    name = f"o{index:03d}_n{n:04d}_r{rounds:02d}_{'-'.join(sorted(feats))}"
    header = [f"012 fairdraw oracle test {name} (seed {seed})", f"XXR {rounds}",
              f"XXC {'black1' if 'black1' in feats else 'white1'}"]
    points = PointSystem()
    if "points" in feats:
        # Point systems the engines read from BBW/BBD/BBL/BBZ/BBF/BBU lines; Baku needs
        # win = 2 x draw and loss = 0, so it keeps to 2-1-0 (with the bye worth a draw).
        if "baku" in feats or rng.random() < 0.3:
            header += ["BBW  2.0", "BBD  1.0", "BBU  1.0"]
            points = PointSystem(win=20, draw=10, allocated_bye=10)
        elif rng.random() < 0.5:
            header += ["BBW  3.0", "BBD  1.0"]
            points = PointSystem(win=30, draw=10, allocated_bye=30)
        else:
            header += ["BBW  3.0", "BBD  1.0", "BBL  0.5", "BBF  0.0", "BBZ  0.5", "BBU  1.0"]
            points = PointSystem(win=30, draw=10, loss=5, zero_bye=5, forfeit_loss=0, allocated_bye=10)
    if "baku" in feats:
        header.append("192 FIDE_DUTCH_2025_BAKU")
    tail: list[str] = []
    if "xxa" in feats:
        # Explicit accelerations (XXA): a top group with a virtual win or draw in the first
        # rounds, sometimes ragged (values per player and round vary, some cells blank).
        top = rng.randint(max(1, n // 4), max(1, (n * 2) // 3))
        acc_rounds = rng.randint(1, max(1, rounds - 1))
        style = rng.choice(("baku-like", "ragged", "tiers"))
        for pid in range(1, n + 1):
            if style == "tiers":
                values = [points.win if pid <= top // 2 else points.draw if pid <= top else 0] * acc_rounds
            elif pid > top:
                continue
            elif style == "baku-like":
                values = [points.win] * ((acc_rounds + 1) // 2) + [points.draw] * (acc_rounds // 2)
            else:
                values = [rng.choice((0, points.draw, points.win, points.win * 2, points.win * 3 + points.draw))
                          for _ in range(acc_rounds)]
            if not any(values):
                continue
            cells = "".join(f" {_score(v):>4}" for v in values)
            tail.append(f"XXA {pid:>4}{cells}".rstrip())
    if "xxp" in feats:
        # Forbidden pairs (XXP): team mates or relatives, groups of 2-4, often among the
        # strongest so that they would otherwise meet in the top brackets.
        for _ in range(rng.randint(1, max(1, n // (2 if "stress" in feats else 6)))):
            size = rng.choice((2, 2, 2, 3, 4))
            pool = range(1, n + 1) if rng.random() < 0.5 else range(1, max(size + 1, n // 3) + 1)
            group = rng.sample(list(pool), min(size, len(pool)))
            tail.append("XXP " + " ".join(str(x) for x in group))
    order = list(range(1, n + 1))
    if "rank" in feats:
        # XXC rank: some players listed away from their start rank (late entries sorted in)
        header.append("XXC rank")
        for _ in range(max(1, n // 4)):
            i = rng.randrange(n)
            j = min(n - 1, max(0, i + rng.choice((-3, -2, -1, 1, 2, 3, n // 2))))
            order.insert(j, order.pop(i))
    if "trf26" in feats:
        header, tail = _as_trf26(rng, header, tail, rounds)
    t = Tournament(name=name, n=n, rounds=rounds, ratings=ratings, header=header, tail=tail, points=points,
                   entries={pid: [] for pid in range(1, n + 1)}, features=feats, order=order)
    return t, rng


def _as_trf26(rng: random.Random, header: list[str], tail: list[str], rounds: int) -> tuple[list[str], list[str]]:
    """The same tournament facts in TRF-2026 records: 142/152 for XXR/XXC, one 162 line
    for BBW/BBD/BBL/BBU (BBZ/BBF kept: 162 has one code for both), 250 for XXA (one
    record per run of players and rounds with equal points), 260 for XXP, each valid
    from a random first round to a random last one."""
    new_header: list[str] = []
    codes: list[tuple[str, str]] = []
    for h in header:
        if h.startswith("XXR"):
            new_header.append(f"142 {rounds}")
        elif h.startswith(("XXC white1", "XXC black1")):
            new_header.append("152 " + ("B" if "black1" in h else "W"))
        elif h[:3] in ("BBW", "BBD", "BBL", "BBU"):
            codes.append(({"BBW": "W", "BBD": "D", "BBL": "L", "BBU": "P"}[h[:3]], h[4:].strip()))
        else:
            new_header.append(h)
    if codes:
        new_header.append(("162 " + "".join(f" {c}{v:>4}   " for c, v in codes)).rstrip())
    new_tail: list[str] = []
    runs: dict[tuple[int, int, int], list[int]] = {}  # (first round, last round, tenths) -> players
    for line in tail:
        if line.startswith("XXP"):
            r1 = rng.randint(1, rounds)
            r2 = rng.randint(r1, rounds) if rng.random() < 0.6 else rounds
            if rng.random() < 0.4:
                r1 = 1
            new_tail.append(f"260 {r1:>3} {r2:>3}" + "".join(f" {int(x):>4}" for x in line.split()[1:]))
        elif line.startswith("XXA"):
            pid = int(line[4:8])
            values = [round(float(line[c : c + 4]) * 10) for c in range(9, len(line), 5)]
            r = 0
            while r < len(values):
                end = r
                while end + 1 < len(values) and values[end + 1] == values[r]:
                    end += 1
                if values[r]:
                    runs.setdefault((r + 1, end + 1, values[r]), []).append(pid)
                r = end + 1
        else:
            new_tail.append(line)
    for (r1, r2, pts), pids in sorted(runs.items()):
        start = prev = pids[0]
        for pid in pids[1:] + [0]:
            if pid != prev + 1:
                new_tail.append(f"250      {_score(pts):>4} {r1:>3} {r2:>3} {start:>4} {prev:>4}")
                start = pid
            prev = pid
    return new_header, new_tail


def announced_byes(t: Tournament, rng: random.Random, rnd: int, withdrawn: dict[int, int],
                   late: dict[int, int]) -> dict[int, RoundEntry]:
    """Entries for the round about to be paired: half-point, zero-point and full-point byes
    given before the pairing, withdrawn players (Z from their withdrawal on), late
    entries (Z before they join)."""
    out: dict[int, RoundEntry] = {}
    rate = rng.choice((0.03, 0.08, 0.2)) if "absences" in t.features else 0.0
    if "stress" in t.features:
        rate = rng.choice((0.1, 0.25, 0.4))
    for pid in range(1, t.n + 1):
        if pid in withdrawn and rnd >= withdrawn[pid] or pid in late and rnd < late[pid]:
            out[pid] = RoundEntry(None, "-", "Z")
        elif rnd < t.rounds and rng.random() < rate:
            out[pid] = RoundEntry(None, "-", rng.choice("HHHZZZF" if "stress" not in t.features else "HZFF"))
        elif rnd == t.rounds and rng.random() < rate / 2:
            out[pid] = RoundEntry(None, "-", "Z")
    if t.n - len(out) < 2:
        out = {}
    for pid, entry in out.items():
        # TRF16 also writes "not paired" as 0000 with colour and result left blank
        if entry.result == "Z" and rng.random() < 0.25:
            out[pid] = RoundEntry(None, " ", " ", True)
    return out


def play(t: Tournament, rng: random.Random, rnd: int, pairs: list[tuple[int, int]], bye: int | None,
         forward: dict[int, RoundEntry]) -> None:
    """Record round ``rnd``: results drawn from the ratings (Elo expectation, draws
    likelier between near ratings), some forfeits when the tournament has them."""
    forfeit_rate = 0.06 if "forfeits" in t.features else 0.0
    if "stress" in t.features:
        forfeit_rate = 0.15
    for w, b in pairs:
        rw, rb = t.ratings[w - 1], t.ratings[b - 1]
        expect = 1 / (1 + 10 ** ((rb - rw - 35) / 400))
        draw = 0.35 * (1 - abs(expect - 0.5) * 2) + 0.05
        x = rng.random()
        if rng.random() < forfeit_rate:
            cw, cb = rng.choice((("+", "-"), ("+", "-"), ("-", "+"), ("-", "+"), ("-", "-")))
        elif x < draw:
            cw, cb = "=", "="
        elif x < draw + (1 - draw) * expect:
            cw, cb = "1", "0"
        else:
            cw, cb = "0", "1"
        t.entries[w].append(RoundEntry(b, "w", cw))
        t.entries[b].append(RoundEntry(w, "b", cb))
    if bye is not None:
        t.entries[bye].append(RoundEntry(None, "-", "U"))
    for pid, entry in forward.items():
        t.entries[pid].append(entry)
    for pid in range(1, t.n + 1):
        assert len(t.entries[pid]) == rnd, (t.name, pid, rnd)


def parse_list(text: str) -> tuple[list[tuple[int, int]], int | None]:
    """The engines' list format: count, then ``white black`` per board, the bye as ``id 0``."""
    rows = [line.split() for line in text.strip().splitlines()]
    count = int(rows[0][0])
    pairs: list[tuple[int, int]] = []
    bye = None
    for row in rows[1 : count + 1]:
        a, b = int(row[0]), int(row[1])
        if b == 0:
            bye = a
        else:
            pairs.append((a, b))
    return pairs, bye


def run_oracle(oracle: str, text: str) -> str | None:
    """The oracle's pairing of the file (list format), or None when it finds none."""
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        src.write_bytes(text.encode())
        proc = subprocess.run([oracle, "--dutch", str(src), "-p", str(dst)], check=False, capture_output=True, text=True)
        if proc.returncode == 1:
            return None
        if proc.returncode != 0:
            raise RuntimeError(f"oracle failed ({proc.returncode}): {proc.stderr.strip()}\n{text}")
        return dst.read_text()


def fairdraw_pairing(text: str) -> str:
    """fairdraw's pairing of the file in the engines' list format (as ``pair --dutch -p``)."""
    from fairdraw.cli.swiss import list_format
    from fairdraw.systems.dutch.system import next_round

    request = trf_to_request(parse_trf(text))
    return list_format(next_round(request)[0])


def normalise(list_text: str) -> str:
    """List format without trailing spaces or blank lines (the engines differ in those)."""
    return "\n".join(line.strip() for line in list_text.strip().splitlines())


@dataclass
class RoundCheck:
    """One compared round."""

    round: int
    equal: bool
    oracle: str
    mine: str
    tags: set[str]


def _unpairable_check(compare: Callable[[str], str], text: str) -> str:
    """fairdraw on a round the oracle cannot pair: it must say so (UnsolvableError)."""
    from fairdraw.core.errors import UnsolvableError

    try:
        return compare(text)
    except UnsolvableError:
        return "UNPAIRABLE"
    except Exception as exc:  # noqa: BLE001 - any crash is a difference to report
        return f"ERROR {type(exc).__name__}: {exc}"


def round_tags(t: Tournament, rnd: int, forward: dict[int, RoundEntry], expected: str | None) -> set[str]:
    """What the round exercises (for the per-feature counts)."""
    tags = {f for f in t.features if f not in ("absences",)}
    if forward:
        tags.add("absences")
    if expected is not None:
        _, bye = parse_list(expected)
        if bye is not None:
            tags.add("pab")
    if any(e.result == "U" for lst in t.entries.values() for e in lst):
        tags.add("bye-history")
    return tags


def generate(seed: int, index: int, oracle: str, *, compare: Callable[[str], str] | None = fairdraw_pairing,
             features: set[str] | None = None, players: int | None = None,
             ) -> tuple[Tournament, list[str], list[RoundCheck]]:
    """Play a tournament round by round with the oracle. Returns it, the oracle's list
    output per round and, when ``compare`` is given, the comparison per round."""
    t, rng = new_tournament(seed, index, features, players)
    withdrawn: dict[int, int] = {}
    late: dict[int, int] = {}
    if "absences" in t.features:
        for pid in rng.sample(range(1, t.n + 1), max(1, t.n // 12)):
            if rng.random() < 0.5:
                withdrawn[pid] = rng.randint(2, t.rounds)
            else:
                late[pid] = rng.randint(2, min(3, t.rounds))
    if "noxxc" in t.features and rng.random() < 0.6:
        # the top of the list misses round 1: the initial colour must be read back from
        # the first player who was paired (bbpPairings' inference, C.04.3 E.5 parity)
        for pid in range(1, rng.randint(1, 3) + 1):
            late[pid] = 2
    outputs: list[str] = []
    checks: list[RoundCheck] = []
    for rnd in range(1, t.rounds + 1):
        forward = announced_byes(t, rng, rnd, withdrawn, late)
        shown = forward
        if "trf26" in t.features:
            # byes known before the round: 240 records (the 001 column stays blank)
            by_kind: dict[str, list[int]] = {}
            for pid, entry in sorted(forward.items()):
                if entry.result in ("F", "H", "Z"):
                    by_kind.setdefault(entry.result, []).append(pid)
            for kind, pids in sorted(by_kind.items()):
                t.bye_lines.append(f"240 {kind} {rnd:>3}" + "".join(f" {pid:>4}" for pid in pids))
            shown = {pid: e for pid, e in forward.items() if e.result not in ("F", "H", "Z")}
        doc = t.document(rnd - 1, shown)
        text = doc.dump()
        expected = run_oracle(oracle, text)
        if expected is None:
            if compare is not None:
                mine = _unpairable_check(compare, text)
                checks.append(RoundCheck(rnd, mine == "UNPAIRABLE", "UNPAIRABLE", mine,
                                         round_tags(t, rnd, forward, None) | {"unpairable"}))
            t.rounds = rnd - 1
            break
        outputs.append(expected)
        if compare is not None:
            try:
                mine = compare(text)
            except Exception as exc:  # noqa: BLE001 - a crash is a difference, reported
                mine = f"ERROR {type(exc).__name__}: {exc}"
            equal = normalise(mine) == normalise(expected)
            checks.append(RoundCheck(rnd, equal, expected, mine, round_tags(t, rnd, forward, expected)))
        pairs, bye = parse_list(expected)
        play(t, rng, rnd, pairs, bye, forward)
    return t, outputs, checks


def shipped_text(t: Tournament) -> str:
    """The complete tournament file (TRF16, CR line endings)."""
    return t.document(t.rounds).dump()


def expected_text(t: Tournament, outputs: list[str]) -> str:
    """The oracle's pairings, one block per round: ``round r`` then its list output.
    Without ``XXC`` in the shipped file round 1 cannot be re-paired from it (its input
    had the line), so it is left out."""
    first = 2 if "noxxc" in t.features else 1
    blocks = [f"round {r}\n{normalise(out)}" for r, out in enumerate(outputs, start=1) if r >= first]
    return "\n".join(blocks) + "\n"


def parse_expected(text: str) -> dict[int, str]:
    """Round number -> the oracle's list output (normalised) from an ``.expected`` file."""
    out: dict[int, list[str]] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("round "):
            current = int(line.split()[1])
            out[current] = []
        elif current is not None and line.strip():
            out[current].append(line.strip())
    return {r: "\n".join(lines) for r, lines in out.items()}


def repair_shipped(trf_text: str, expected: dict[int, str]) -> list[tuple[int, bool, str, str]]:
    """Re-pair every round of a shipped tournament: (round, equal, oracle, fairdraw)."""
    doc = parse_trf(trf_text)
    out = []
    for r in sorted(expected):
        cut = truncated(doc, r - 1)
        given = cut.byes_in_round(r)
        if given:
            # the engine saw these byes as 240 records only, not in the 001 column
            for line in cut.players:
                if line.number in given and len(line.games) == r:
                    line.games.pop()
        text = cut.dump()
        mine = normalise(fairdraw_pairing(text))
        out.append((r, mine == expected[r], expected[r], mine))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", required=True, help="bbpPairings-compatible executable")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="index of the first tournament")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, help="write the TRF and .expected files here")
    parser.add_argument("--no-compare", action="store_true")
    parser.add_argument("--features", help="comma-separated features instead of drawn ones")
    parser.add_argument("--players", type=int, help="field size instead of a drawn one")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    totals: dict[str, list[int]] = {}
    feats = set(args.features.split(",")) if args.features else None
    for index in range(args.first, args.first + args.count):
        seed = args.seed * 100_000 + index
        t, outputs, checks = generate(seed, index, args.oracle, compare=None if args.no_compare else fairdraw_pairing,
                                      features=feats, players=args.players)
        bad = [c for c in checks if not c.equal]
        for c in checks:
            for tag in c.tags | {"all"}:
                tot = totals.setdefault(tag, [0, 0])
                tot[0] += c.equal
                tot[1] += 1
        print(f"{t.name}: {len(checks) - len(bad)}/{len(checks)} equal", flush=True)
        for c in bad[: 1 if not args.verbose else None]:
            print(f"  round {c.round} differs\n  oracle: {c.oracle.split()}\n  mine:   {c.mine.split()}", flush=True)
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{t.name}.trf").write_bytes(shipped_text(t).encode())
            (args.out / f"{t.name}.expected").write_text(expected_text(t, outputs))
    for tag in sorted(totals):
        eq, tot = totals[tag]
        print(f"{tag:>14}: {eq}/{tot} rounds equal")
    return 0


if __name__ == "__main__":
    sys.exit(main())

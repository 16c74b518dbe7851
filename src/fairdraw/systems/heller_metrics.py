"""Metrics and rule checks of a Heller scheme (seed 002), independent of how it was found.

A scheme is a list of rounds; a round is a list of (white, black) pairing numbers in board
order. An odd field of N players uses the dummy number N+1 (as the Berger tables do): the
player paired with it has the bye that round.

How a bye counts in the opponent-number sum: as a game against the dummy, number N+1,
the weakest conceivable opponent. WHY: the opponent-number sum measures how hard a
player's schedule is (number 1 is the strongest); a bye is the easiest "opponent" there
is, and counting it as N+1 keeps every player's sum over the same number of rounds, so
the sums of players with and without a bye stay comparable. (Counting it as nothing
would make every bye look like a strong schedule.) The bye is not a game: it counts for
neither colour, and colour runs and balance are over games actually played.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

Pairing = tuple[int, int]


@dataclass(frozen=True)
class PlayerLine:
    """One player's line of a scheme: colours per round ("W", "B", "-" = bye), opponents
    (0 = bye) and the opponent-number sum (a bye counts as N+1)."""

    number: int
    colours: str
    opponents: tuple[int, ...]
    opponent_sum: int

    @property
    def balance(self) -> int:
        """Whites minus blacks."""
        return self.colours.count("W") - self.colours.count("B")

    @property
    def longest_run(self) -> int:
        """Longest run of one colour over consecutive games played (byes skipped)."""
        games = self.colours.replace("-", "")
        best = run = 0
        for i, c in enumerate(games):
            run = run + 1 if i and games[i - 1] == c else 1
            best = max(best, run)
        return best

    @property
    def repeats(self) -> int:
        """How often a game has the same colour as the player's previous game."""
        games = self.colours.replace("-", "")
        return sum(1 for a, b in pairwise(games) if a == b)


@dataclass(frozen=True)
class SchemeMetrics:
    """Everything printed for a scheme, plus the figures it is ranked by."""

    players: int
    rounds: int
    lines: tuple[PlayerLine, ...]

    @property
    def sums(self) -> list[int]:
        return [line.opponent_sum for line in self.lines]

    @property
    def spread(self) -> int:
        """max - min opponent-number sum over the real players (the Heller fairness figure)."""
        return max(self.sums) - min(self.sums)

    @property
    def excess_imbalance(self) -> int:
        """Players whose |whites - blacks| exceeds what their number of games forces (0 or 1)."""
        return sum(1 for line in self.lines if abs(line.balance) > len(line.colours.replace("-", "")) % 2)

    @property
    def colour_repeats(self) -> int:
        """Total same-colour-as-last-game events over all players (fewer = better alternation)."""
        return sum(line.repeats for line in self.lines)

    @property
    def colour_cost(self) -> tuple[int, int]:
        """Colour quality, lower is better: (excess imbalances, repeats)."""
        return (self.excess_imbalance, self.colour_repeats)

    @property
    def rank_key(self) -> tuple[int, int, int]:
        """Schemes are ranked by spread, then colour quality."""
        return (self.spread, *self.colour_cost)


def scheme_metrics(players: int, rounds: list[list[Pairing]]) -> SchemeMetrics:
    """Per-player colours, opponents and sums of a scheme for ``players`` real players."""
    dummy = players + 1
    colours: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    opponents: dict[int, list[int]] = {p: [] for p in range(1, players + 1)}
    for rnd in rounds:
        for white, black in rnd:
            if dummy in (white, black):
                player = black if white == dummy else white
                colours[player].append("-")
                opponents[player].append(0)
                continue
            colours[white].append("W")
            colours[black].append("B")
            opponents[white].append(black)
            opponents[black].append(white)
    lines = tuple(
        PlayerLine(
            number=p,
            colours="".join(colours[p]),
            opponents=tuple(opponents[p]),
            opponent_sum=sum(o if o else dummy for o in opponents[p]),
        )
        for p in range(1, players + 1)
    )
    return SchemeMetrics(players=players, rounds=len(rounds), lines=lines)


def scheme_breaches(players: int, rounds: list[list[Pairing]]) -> list[str]:
    """Every breach of the Heller rules (seed 002 via issue 2 item 9); empty when valid.

    Rules: each round seats every number 1..N (and the dummy N+1 for odd N) exactly once;
    nobody meets anyone twice; each player gets at most one bye; whites minus blacks within
    +-1 over the scheme; never three games in a row with the same colour.
    """
    breaches: list[str] = []
    field = players + (players % 2)
    seen_pairs: dict[frozenset[int], int] = {}
    byes: dict[int, int] = {}
    for r, rnd in enumerate(rounds, start=1):
        seated = sorted(x for pair in rnd for x in pair)
        if seated != list(range(1, field + 1)):
            breaches.append(f"round {r}: seats {seated}, expected each of 1..{field} once")
        for white, black in rnd:
            key = frozenset((white, black))
            if key in seen_pairs:
                breaches.append(f"round {r}: {white}-{black} already met in round {seen_pairs[key]}")
            seen_pairs[key] = r
            if players % 2 and players + 1 in key:
                player = min(key)
                byes[player] = byes.get(player, 0) + 1
    for player, count in byes.items():
        if count > 1:
            breaches.append(f"player {player}: {count} byes")
    for line in scheme_metrics(players, rounds).lines:
        if abs(line.balance) > 1:
            breaches.append(f"player {line.number}: colours {line.colours} (whites - blacks = {line.balance})")
        if line.longest_run >= 3:
            breaches.append(f"player {line.number}: colours {line.colours} ({line.longest_run} in a row)")
    return breaches

"""Finite fields GF(q) for prime powers q, as small lookup tables.

Why tables: the fields we need are tiny (q <= a few hundred), and table lookups keep the
constructions readable (``f.add(a, b)``, ``f.mul(a, b)``) and exact. Elements are the
integers 0..q-1; for q = p^n an element encodes the polynomial whose base-p digits are
its coefficients (digit i = coefficient of x^i), reduced modulo the lexicographically
smallest monic irreducible polynomial of degree n, so the field is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, n) with q = p**n for a prime p, or None when q is not a prime power."""
    if q < 2:
        return None
    p = 2
    while p * p <= q:
        if q % p == 0:
            break
        p += 1
    else:
        return (q, 1)
    n, rest = 0, q
    while rest % p == 0:
        rest //= p
        n += 1
    return (p, n) if rest == 1 else None


def smallest_prime_factor(n: int) -> int:
    """The smallest prime dividing n (n >= 2)."""
    p = 2
    while p * p <= n:
        if n % p == 0:
            return p
        p += 1
    return n


def _poly_mulmod(a: list[int], b: list[int], mod: list[int], p: int) -> list[int]:
    """Product of coefficient lists a*b modulo the monic polynomial ``mod`` over GF(p)."""
    n = len(mod) - 1
    prod = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                prod[i + j] = (prod[i + j] + x * y) % p
    for deg in range(len(prod) - 1, n - 1, -1):
        c = prod[deg]
        if c:
            for i in range(n + 1):
                prod[deg - n + i] = (prod[deg - n + i] - c * mod[i]) % p
    return (prod + [0] * n)[:n]


def _digits(value: int, p: int, n: int) -> list[int]:
    out = []
    for _ in range(n):
        out.append(value % p)
        value //= p
    return out


def _undigits(digits: list[int], p: int) -> int:
    value = 0
    for d in reversed(digits):
        value = value * p + d
    return value


def _irreducible(p: int, n: int) -> list[int]:
    """The smallest monic irreducible polynomial of degree n over GF(p) (coefficients low first).

    Checked by brute force: it has no monic factor of degree 1..n//2 (fine for tiny fields).
    """
    def divides(f: list[int], g: list[int]) -> bool:
        rem = list(g)
        df = len(f) - 1
        for deg in range(len(rem) - 1, df - 1, -1):
            c = rem[deg]
            if c:
                for i in range(df + 1):
                    rem[deg - df + i] = (rem[deg - df + i] - c * f[i]) % p
        return not any(rem[:df])

    for code in range(p**n):
        cand = _digits(code, p, n) + [1]
        if cand[0] == 0:
            continue
        ok = True
        for d in range(1, n // 2 + 1):
            for fcode in range(p**d):
                if divides(_digits(fcode, p, d) + [1], cand):
                    ok = False
                    break
            if not ok:
                break
        if ok:
            return cand
    raise ValueError(f"no irreducible polynomial of degree {n} over GF({p})")  # pragma: no cover


@dataclass(frozen=True)
class GF:
    """The finite field with q elements; ``add``/``mul``/``neg``/``inv`` are table lookups."""

    q: int
    p: int
    n: int
    add_table: tuple[tuple[int, ...], ...]
    mul_table: tuple[tuple[int, ...], ...]

    def add(self, a: int, b: int) -> int:
        return self.add_table[a][b]

    def mul(self, a: int, b: int) -> int:
        return self.mul_table[a][b]

    def neg(self, a: int) -> int:
        return self.add_table[a].index(0)

    def sub(self, a: int, b: int) -> int:
        return self.add(a, self.neg(b))

    def inv(self, a: int) -> int:
        if a == 0:
            raise ZeroDivisionError("0 has no inverse")
        return self.mul_table[a].index(1)

    @property
    def elements(self) -> range:
        return range(self.q)


@lru_cache(maxsize=64)
def field(q: int) -> GF:
    """GF(q); ValueError when q is not a prime power."""
    pp = prime_power(q)
    if pp is None:
        raise ValueError(f"{q} is not a prime power: no field GF({q})")
    p, n = pp
    if n == 1:
        add = tuple(tuple((a + b) % p for b in range(p)) for a in range(p))
        mul = tuple(tuple((a * b) % p for b in range(p)) for a in range(p))
        return GF(q, p, 1, add, mul)
    mod = _irreducible(p, n)
    digits = [_digits(v, p, n) for v in range(q)]
    add = tuple(
        tuple(_undigits([(x + y) % p for x, y in zip(digits[a], digits[b], strict=True)], p) for b in range(q))
        for a in range(q)
    )
    mul = tuple(tuple(_undigits(_poly_mulmod(digits[a], digits[b], mod, p), p) for b in range(q)) for a in range(q))
    return GF(q, p, n, add, mul)

"""Web page latency: what an organiser waits for at the venue (issue 7).

Drives the app in-process (FastAPI's TestClient, no network) on a fresh SQLite file, and
on PostgreSQL too when ``TEST_POSTGRES=1`` and ``TEST_DATABASE_URL`` name a server. The
field is a 100-player Berger round robin (99 rounds, 4,950 boards): the largest thing a
club puts on one page. Figures are medians of repeated requests.
"""

from __future__ import annotations

import os
import re
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

PLAYERS = 100
REPEATS = 5


def _median_ms(action: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _measure(url: str) -> dict[str, float]:
    from fastapi.testclient import TestClient

    from fairdraw.storage import repo
    from fairdraw.storage.db import make_engine, migrate, session_factory
    from fairdraw.web import create_app

    engine = make_engine(url)
    migrate(engine)
    with session_factory(engine).begin() as db:
        repo.create_user(db, "bench", "bench password")
    engine.dispose()
    app = create_app(url)
    client = TestClient(app)

    def token(path: str) -> str:
        match = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text)
        assert match
        return match.group(1)

    client.post("/login", data={"username": "bench", "password": "bench password", "csrf_token": token("/login")})
    csrf = token("/")
    response = client.post("/events", data={"name": "Bench", "system": "berger", "csrf_token": csrf},
                           follow_redirects=False)
    event = int(response.headers["location"].split("/")[2].split("#")[0])
    csv_text = "name,rating\n" + "\n".join(f"Player {i},{2500 - i}" for i in range(1, PLAYERS + 1))
    client.post(f"/events/{event}/players/import", data={"text": csv_text, "csrf_token": csrf})
    figures: dict[str, float] = {}
    start = time.perf_counter()
    client.post(f"/events/{event}/pair", data={"csrf_token": csrf})
    figures["make the whole schedule (99 rounds, 4,950 boards)"] = (time.perf_counter() - start) * 1000
    figures["round page (50 boards)"] = _median_ms(lambda: client.get(f"/events/{event}/rounds/1"))
    page = client.get(f"/events/{event}/rounds/1").text
    boards = re.findall(r'name="v(\d+)" value="(\d+)">\s*<input type="hidden" name="o\1" value="([^"]*)"', page)
    results = ["1-0", "0-1", "1/2-1/2"]
    counter = iter(range(10**6))

    def save_round() -> None:
        current = client.get(f"/events/{event}/rounds/1").text
        seen = re.findall(r'name="v(\d+)" value="(\d+)">\s*<input type="hidden" name="o\1" value="([^"]*)"', current)
        k = next(counter)
        data = {"csrf_token": csrf}
        for index, (bid, version, shown) in enumerate(seen):
            data.update({f"v{bid}": version, f"o{bid}": shown, f"r{bid}": results[(index + k) % 3]})
        client.post(f"/events/{event}/rounds/1/results", data=data, follow_redirects=False)

    figures["save a round's 50 results (with the page load before it)"] = _median_ms(save_round)
    del boards
    figures["standings (100 players)"] = _median_ms(lambda: client.get(f"/events/{event}/standings"), 3)
    slug = re.search(r'href="/p/([^"/]+)"', client.get(f"/events/{event}").text)
    assert slug
    figures["public page (99 rounds)"] = _median_ms(lambda: client.get(f"/p/{slug.group(1)}"), 3)
    app.state.web.engine.dispose()
    return figures


def run() -> str:
    backends: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        backends.append(("SQLite", f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"))
        results = {"SQLite": _measure(backends[0][1])}
    if os.environ.get("TEST_POSTGRES") == "1":
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        admin_url = make_url(os.environ.get("TEST_DATABASE_URL",
                                            "postgresql+psycopg://fairdraw:fairdraw@127.0.0.1:5432/postgres"))
        name = f"fairdraw_bench_{uuid.uuid4().hex[:8]}"
        admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            results["PostgreSQL"] = _measure(admin_url.set(database=name).render_as_string(hide_password=False))
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()
    names = list(results)
    lines = ["## Web", "",
             f"In-process requests (no network) on a {PLAYERS}-player Berger event; median of repeated requests, ms.",
             "", "| action | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for action in results["SQLite"]:
        lines.append(f"| {action} | " + " | ".join(f"{results[n][action]:.0f}" for n in names) + " |")
    reproduce = ("Reproduce: `python -m benchmarks web` (add `TEST_POSTGRES=1` with a running PostgreSQL "
                 "for the second column).")
    lines += ["", reproduce, ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())

"""Browser plumbing for the end-to-end tests: the app served by uvicorn in a thread, and
Debian's chromium driven by Playwright (no browser download: ``/usr/bin/chromium``)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Self

import pytest

CHROMIUM = os.environ.get("FAIRDRAW_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
OUTPUT = Path(os.environ.get("TEST_OUTPUT", Path(__file__).resolve().parents[2] / "test-output"))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """``fairdraw``'s app on a real port, as ``fairdraw serve`` runs it."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        import uvicorn

        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Self:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"{CHROMIUM} is missing: `apt-get install chromium` (`make test` does when it may)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright Python package is not installed")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def live(app) -> Iterator[LiveServer]:  # type: ignore[no-untyped-def]
    with LiveServer(app) as server:
        yield server


@pytest.fixture
def page(browser, live: LiveServer):  # type: ignore[no-untyped-def]
    """A signed-in organiser's browser tab on the live server."""
    from tests.web.conftest import PASSWORD

    context = browser.new_context(base_url=live.url, viewport={"width": 1280, "height": 900},  # type: ignore[attr-defined]
                                  accept_downloads=True)
    tab = context.new_page()
    tab.set_default_timeout(60_000)  # generous: CI machines are shared and slow at times
    tab.on("dialog", lambda dialog: dialog.accept())
    tab.goto("/login")
    tab.fill("input[name=username]", "organiser")
    tab.fill("input[name=password]", PASSWORD)
    tab.click("button[type=submit]")
    tab.wait_for_url(live.url + "/")
    yield tab
    context.close()


def screenshot(tab, name: str) -> Path:  # type: ignore[no-untyped-def]
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.png"
    tab.screenshot(path=str(path), full_page=True)
    return path

"""End-to-end tests in a real browser (issue 7 acceptance): Playwright drives Debian's
chromium through the page alone — sign in, create the event, paste the players, pair or
seat, type the results from the keyboard, read standings and printouts. Each test saves
a screenshot under test-output/. Systems that have not landed yet are skipped by name."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fairdraw.core.registry import all_systems
from tests.web.e2e_support import screenshot

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def _need_system(name: str) -> None:
    if name not in {cls.name for cls in all_systems()}:
        pytest.skip(f"the pairing system {name!r} is not registered on this branch yet")


def _need_scoring() -> None:
    try:
        import fairdraw.scoring.standings  # noqa: F401
    except ImportError:
        pytest.skip("the scoring layer (issue 6) is not on this branch yet")


def _new_event(tab, name: str, system: str, rounds: int | None = None, options: str = "", seed: str = "") -> str:  # type: ignore[no-untyped-def]
    tab.goto("/")
    form = tab.locator("#new-event")
    form.locator("input[name=name]").fill(name)
    form.locator("select[name=system]").select_option(system)
    if rounds:
        form.locator("input[name=rounds]").fill(str(rounds))
    if options:
        form.locator("textarea[name=options]").fill(options)
    if seed:
        form.locator("input[name=seed]").fill(seed)
    form.locator("button[type=submit]").click()
    tab.wait_for_url(re.compile(r".*/events/\d+.*"))
    return re.search(r"/events/(\d+)", tab.url).group(1)  # type: ignore[union-attr]


def _paste_players(tab, csv_text: str, count: int) -> None:  # type: ignore[no-untyped-def]
    form = tab.locator("#import-players")
    form.locator("textarea[name=text]").fill(csv_text)
    form.locator("button[type=submit]").click()
    tab.wait_for_selector(f"text=Imported {count} players")


def _click_pair(tab) -> None:  # type: ignore[no-untyped-def]
    tab.click("#pair")
    tab.wait_for_selector(".notice")
    notice = tab.locator(".notice").first.inner_text()
    assert "paired" in notice or "made" in notice, notice


def _public_url(tab) -> str:  # type: ignore[no-untyped-def]
    return tab.locator("nav.tabs a", has_text="Public page").get_attribute("href")


def _type_round(tab, event: str, number: int, keys: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Enter a chess round the way an arbiter does: focus board 1, one key per board, Enter."""
    tab.goto(f"/events/{event}/rounds/{number}")
    fields = tab.locator("input.result")
    assert fields.count() == len(keys)
    fields.first.focus()
    for key in keys:
        tab.keyboard.press(key)  # the page's script fills the result and jumps to the next board
    tab.keyboard.press("Enter")
    tab.wait_for_selector(f"text=Saved {len(keys)} result")


# --- a 10-player, 5-round Dutch Swiss, final standings equal the CLI's --------------------


def test_dutch_swiss_ten_players_five_rounds(page, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _need_system("dutch")
    _need_scoring()
    tab = page
    event = _new_event(tab, "Thursday Swiss", "dutch", rounds=5)
    names = ["Anna Bakker", "Bram de Jong", "Chris Visser", "Dewi Smit", "Eva Mulder",
             "Femke Bos", "Gijs Vos", "Hanna Peters", "Ivo Hendriks", "Jet van Dijk"]
    _paste_players(tab, "name,rating,federation\n" + "\n".join(
        f"{n},{2200 - 37 * i},NED" for i, n in enumerate(names)), 10)
    pattern = ["1", "=", "0", "1", "0"]
    for number in range(1, 6):
        tab.goto(f"/events/{event}")
        _click_pair(tab)
        tab.goto(f"/events/{event}/rounds/{number}")
        count = tab.locator("input.result").count()
        assert count == 5  # 10 players, no bye
        _type_round(tab, event, number, [pattern[(number + b) % 5] for b in range(count)])
    tab.goto(f"/events/{event}/standings")
    rows = tab.locator("#standings tbody tr")
    assert rows.count() == 10
    shown = [(int(r.locator("td").nth(0).inner_text()), r.locator("td").nth(2).inner_text(),
              float(r.locator("td.pts").inner_text())) for r in rows.all()]
    screenshot(tab, "e2e-dutch-standings")

    # the same event through the command line: export the JSON, run `fairdraw standings`
    with tab.expect_download() as info:
        tab.goto(f"/events/{event}")
        tab.click("text=JSON")
    exported = tmp_path / "event.json"
    info.value.save_as(exported)
    cli = subprocess.run([sys.executable, "-m", "fairdraw.cli.app", "standings", str(exported), "--json"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    expected = [(r["rank"], r["name"], float(r["points"])) for r in json.loads(cli.stdout)["standings"]]
    assert shown == expected
    assert sum(p for _, _, p in shown) == 25  # 5 rounds x 5 boards, one point per game


# --- a 16-player, 5-round mahjong event, winds on the printed table cards ----------------


def test_mahjong_sixteen_players_five_rounds_table_cards(page, live) -> None:  # type: ignore[no-untyped-def]
    _need_system("mahjong")
    tab = page
    event = _new_event(tab, "Spring riichi", "mahjong", rounds=5, seed="spring-2026")
    _paste_players(tab, "name,club\n" + "\n".join(f"Speler {i:02d},Club {i % 4}" for i in range(1, 17)), 16)
    tab.goto(f"/events/{event}")
    _click_pair(tab)
    assert tab.locator("#rounds tbody tr").count() == 5

    tab.goto(_public_url(tab) + "/print/cards")
    cards = tab.locator("article.card-print")
    assert cards.count() == 5 * 4
    met: dict[frozenset[str], int] = {}
    winds: dict[str, dict[str, int]] = {}
    for round_number in range(5):
        seated: list[str] = []
        for card in cards.all()[4 * round_number: 4 * round_number + 4]:
            assert card.locator(".rd").inner_text() == f"Round {round_number + 1}"
            assert card.locator("th.wind").all_inner_texts() == ["East", "South", "West", "North"]
            people = [re.sub(r"\s*\(\d+\)$", "", t).strip() for t in card.locator("td.person").all_inner_texts()]
            assert len(people) == 4
            seated += people
            for wind, person in zip(("East", "South", "West", "North"), people, strict=True):
                winds.setdefault(person, {}).setdefault(wind, 0)
                winds[person][wind] += 1
            for i, a in enumerate(people):
                for b in people[i + 1:]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        assert sorted(seated) == [f"Speler {i:02d}" for i in range(1, 17)]  # everyone once per round
    assert max(met.values()) == 1  # 16 players, 5 rounds: the affine plane, no repeat meeting
    for person, counts in winds.items():  # 5 rounds: each wind once, one of them twice
        assert sorted(counts.values()) in ([1, 1, 1, 2],), (person, counts)
    screenshot(tab, "e2e-mahjong-table-cards")

    # scores for round 1 go in from the keyboard as well
    tab.goto(f"/events/{event}/rounds/1")
    for index, field in enumerate(tab.locator("input.score").all()):
        field.fill(str([42000, 31000, 27000, 20000][index % 4]))
    tab.click("#save")
    tab.wait_for_selector("text=Saved 4 results")


# --- a Meerkamp of 12 in groups of 4 -----------------------------------------------------


def test_meerkamp_twelve_players_groups_of_four(page) -> None:  # type: ignore[no-untyped-def]
    _need_system("meerkamp")
    tab = page
    event = _new_event(tab, "Meerkamp autumn", "meerkamp", options="group_size=4\ngrouping=rating")
    _paste_players(tab, "name,rating\n" + "\n".join(f"Lid {i:02d},{2000 - 25 * i}" for i in range(1, 13)), 12)
    tab.goto(f"/events/{event}")
    _click_pair(tab)
    tab.goto(_public_url(tab) + "/print/pairings")
    sheets = tab.locator("section.sheet")
    assert sheets.count() == 3  # groups of 4: a 3-round round robin per group
    groups: dict[str, set[str]] = {}
    pairs: dict[str, list[frozenset[str]]] = {}
    for sheet in sheets.all():
        rows = sheet.locator("table.pairings tbody tr").all()
        assert len(rows) == 6  # 3 groups x 2 boards
        for row in rows:
            cells = row.locator("td").all_inner_texts()
            group = cells[0].split("·")[0].strip()
            white, black = cells[1], cells[2]
            groups.setdefault(group, set()).update((white, black))
            pairs.setdefault(group, []).append(frozenset((white, black)))
    assert len(groups) == 3 and all(len(members) == 4 for members in groups.values())
    for group, met in pairs.items():  # a round robin: every pair of the group exactly once
        assert len(met) == 6 and len(set(met)) == 6, group
    # rating grouping: the four strongest together
    strongest = {f"Lid {i:02d}" for i in range(1, 5)}
    assert any({re.sub(r"^\d+\.\s*", "", m) for m in members} == strongest for members in groups.values())
    screenshot(tab, "e2e-meerkamp-pairings")

    # results of the three evenings from the keyboard; standings come per group
    for number in range(1, 4):
        _type_round(tab, event, number, ["1", "=", "0", "0", "1", "="])
    tab.goto(f"/events/{event}/standings")
    tables = tab.locator("table.standings")
    if tables.count() == 0:  # the scoring layer is not on this branch: the page says so
        assert tab.locator("#standings-unavailable").count() == 1
        return
    assert tables.count() == 3
    for table in tables.all():
        points = [float(p) for p in table.locator("td.pts").all_inner_texts()]
        assert len(points) == 4 and sum(points) == 6  # 6 games per group of 4, one point each
    screenshot(tab, "e2e-meerkamp-standings")


# --- a round robin with results by keyboard (runs with the foundation alone) -------------


def test_round_robin_keyboard_results_public_page(page, live) -> None:  # type: ignore[no-untyped-def]
    tab = page
    event = _new_event(tab, "Club championship", "berger")
    _paste_players(tab, "name,rating\n" + "\n".join(f"Player {c},{1900 - 20 * i}" for i, c in enumerate("ABCDEF")), 6)
    tab.goto(f"/events/{event}")
    _click_pair(tab)
    _type_round(tab, event, 1, ["1", "=", "0"])
    tab.goto(f"/events/{event}/rounds/1")
    assert [f.input_value() for f in tab.locator("input.result").all()] == ["1-0", "1/2-1/2", "0-1"]
    screenshot(tab, "e2e-round-robin-results")

    spectator = tab.context.browser.new_context(base_url=live.url)  # no session cookie
    public = spectator.new_page()
    public.goto(_public_url(tab))
    assert public.locator("form, input, button, textarea, select").count() == 0
    assert "½-½" in public.locator("section.round").last.inner_text()
    screenshot(public, "e2e-public-page")
    spectator.close()


def test_results_typed_in_full_are_not_split_over_two_boards(page) -> None:  # type: ignore[no-untyped-def]
    """An arbiter who types "1/2" or "1-0" in full: the shortcut fills board 1 on "1" and
    jumps, and the "/" or "-" that follows must bring the typing back to board 1 rather than
    start board 2 with a forfeit (a QA finding: "1/2" used to give 1-0 and "/2")."""
    tab = page
    event = _new_event(tab, "Typed in full", "berger")
    _paste_players(tab, "name,rating\n" + "\n".join(f"Player {c},{1900 - 20 * i}" for i, c in enumerate("ABCDEF")), 6)
    tab.goto(f"/events/{event}")
    _click_pair(tab)
    tab.goto(f"/events/{event}/rounds/1")
    tab.locator("input.result").first.focus()
    for key in ["1", "/", "2", "Tab", "1", "-", "0", "Tab", "0", "."]:
        tab.keyboard.press(key)
    tab.keyboard.type("5")
    tab.keyboard.press("Enter")
    tab.wait_for_selector("text=Saved 3 result")
    assert [f.input_value() for f in tab.locator("input.result").all()] == ["1/2-1/2", "1-0", "1/2-1/2"]
    # a correction: every board has a result, so the cursor starts on board 1, and the next
    # board's result (selected when the shortcut moves there) stays as it was
    tab.goto(f"/events/{event}/rounds/1")
    # the page focuses board 1 once it has loaded; on a loaded machine that can come a moment
    # after goto returns, so wait for it (a page that never focuses it still fails here)
    tab.wait_for_function("document.activeElement && "
                          "document.activeElement.getAttribute('aria-label') === 'result board 1'", timeout=5000)
    for key in ["0", ".", "5"]:
        tab.keyboard.press(key)
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    assert [f.input_value() for f in tab.locator("input.result").all()] == ["1/2-1/2", "1-0", "1/2-1/2"]
    tab.locator("input.result").first.focus()
    for key in ["1", "-", "0"]:
        tab.keyboard.press(key)
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    assert [f.input_value() for f in tab.locator("input.result").all()] == ["1-0", "1-0", "1/2-1/2"]


# --- a form is sent once per page ------------------------------------------------------------


def test_a_second_click_while_the_server_works_is_not_sent(page) -> None:  # type: ignore[no-untyped-def]
    """The server's duplicate checks see requests one after the other; two at the same instant
    could both pass them (an event made twice). The page's script sends a form once: the first
    POST is held unanswered (a slow server), the organiser clicks again, no second POST leaves."""
    tab = page
    held = []

    def hold(route) -> None:  # type: ignore[no-untyped-def]
        if route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()

    tab.goto("/")
    tab.route("**/events", hold)
    form = tab.locator("#new-event")
    form.locator("input[name=name]").fill("Impatient open")
    form.locator("select[name=system]").select_option("berger")
    box = form.locator("button[type=submit]").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # raw mouse clicks: Playwright's own click would wait for the pending page, and the
    # page is still shown while its request is pending, so the second click is the organiser's
    tab.mouse.click(x, y)
    for _ in range(200):  # until the first request is held (a loaded machine takes its time)
        if held:
            break
        tab.wait_for_timeout(50)
    tab.mouse.click(x, y)
    tab.wait_for_timeout(1000)  # a second request, had it been sent, is held by now
    sent = len(held)
    for route in held:
        route.continue_()
    tab.wait_for_url(re.compile(r".*/events/\d+.*"))
    tab.unroute("**/events")
    assert sent == 1
    tab.goto("/")
    assert tab.locator("text=Impatient open").count() == 1


def test_a_form_declined_at_its_confirmation_can_still_be_sent(page) -> None:  # type: ignore[no-untyped-def]
    """The mark is set after the confirmation: a form whose dialog was dismissed was not sent."""
    tab = page
    tab.goto("/")
    prevented = tab.evaluate("""() => {
        const form = document.querySelector('#new-event');
        form.setAttribute('data-confirm', 'Sure?');
        window.confirm = () => false;
        const first = new Event('submit', {cancelable: true, bubbles: true});
        form.dispatchEvent(first);
        window.confirm = () => true;
        const second = new Event('submit', {cancelable: true, bubbles: true});
        form.dispatchEvent(second);
        const third = new Event('submit', {cancelable: true, bubbles: true});
        form.dispatchEvent(third);
        return [first.defaultPrevented, second.defaultPrevented, third.defaultPrevented];
    }""")
    assert prevented == [True, False, True]

"""Issue 7 item 5: two browsers enter results for the same board; exactly one wins, the
other is told (409 and a message naming the board and the value that won), and nothing
of the losing submission is written. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
import threading

from fastapi.testclient import TestClient

from tests.web.conftest import csrf_of, signed_in
from tests.web.helpers import board_fields, create_event, field_csv, import_players, post, results_form


def _results(client: TestClient, event: int) -> list[str | None]:
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    return [t.get("result") for t in data["rounds"][0]["tables"]]


def _event(app) -> tuple[TestClient, TestClient, int]:  # type: ignore[no-untyped-def]
    first, second = signed_in(app), signed_in(app)
    event = create_event(first, "berger")
    import_players(first, event, field_csv(4))
    post(first, event, "/pair")
    return first, second, event


def test_second_writer_is_told_and_nothing_is_overwritten(app) -> None:  # type: ignore[no-untyped-def]
    first, second, event = _event(app)
    page_a = first.get(f"/events/{event}/rounds/1").text
    page_b = second.get(f"/events/{event}/rounds/1").text  # both see board 1 empty
    ok = first.post(f"/events/{event}/rounds/1/results", data=results_form(page_a, {0: "1"}), follow_redirects=False)
    assert ok.status_code == 303
    late = second.post(f"/events/{event}/rounds/1/results", data=results_form(page_b, {0: "0", 1: "="}))
    assert late.status_code == 409
    assert "someone else changed" in late.text and "board 1 now holds 1-0" in late.text
    assert "you entered 0-1" in late.text
    # all-or-nothing: board 2 of the losing form was not written either
    assert _results(first, event) == ["1-0", None]
    # the conflict page shows the stored state; submitting from it works
    retry = second.post(f"/events/{event}/rounds/1/results", data=results_form(late.text, {1: "="}))
    assert retry.status_code == 200 and "Saved 1 result" in retry.text
    assert _results(first, event) == ["1-0", "1/2-1/2"]


def test_correcting_a_result_needs_the_current_version(app) -> None:  # type: ignore[no-untyped-def]
    first, second, event = _event(app)
    page = first.get(f"/events/{event}/rounds/1").text
    first.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "1"}))
    seen_by_b = second.get(f"/events/{event}/rounds/1").text  # B sees 1-0
    page = first.get(f"/events/{event}/rounds/1").text
    first.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "0"}))  # A corrects to 0-1
    stale = second.post(f"/events/{event}/rounds/1/results", data=results_form(seen_by_b, {0: "="}))
    assert stale.status_code == 409 and "now holds 0-1" in stale.text
    assert _results(first, event)[0] == "0-1"


def test_simultaneous_submissions_exactly_one_wins(app) -> None:  # type: ignore[no-untyped-def]
    """Both requests in flight at once, many times: never two winners, never a lost answer."""
    for attempt in range(5):
        first, second, event = _event(app)
        pages = [c.get(f"/events/{event}/rounds/1").text for c in (first, second)]
        forms = [results_form(pages[0], {0: "1"}), results_form(pages[1], {0: "0"})]
        barrier = threading.Barrier(2)
        statuses: list[int] = [0, 0]

        def submit(index: int, client: TestClient, barrier: threading.Barrier = barrier, event: int = event,
                   forms: list[dict[str, str]] = forms, statuses: list[int] = statuses) -> None:
            barrier.wait()
            response = client.post(f"/events/{event}/rounds/1/results", data=forms[index], follow_redirects=False)
            statuses[index] = response.status_code

        threads = [threading.Thread(target=submit, args=(i, c)) for i, c in enumerate((first, second))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [303, 409], (attempt, statuses)
        winner = "1-0" if statuses[0] == 303 else "0-1"
        assert _results(first, event)[0] == winner


def test_two_simultaneous_pair_clicks_make_one_round(app, toy_systems: None) -> None:  # type: ignore[no-untyped-def]
    from tests.web.conftest import csrf_of

    first, second = signed_in(app), signed_in(app)
    event = create_event(first, "toy-swiss", rounds="3")
    import_players(first, event, field_csv(6))
    for attempt in range(3):
        tokens = [csrf_of(c.get(f"/events/{event}").text) for c in (first, second)]
        barrier = threading.Barrier(2)
        notices: list[str] = ["", ""]

        def click(index: int, client: TestClient, barrier: threading.Barrier = barrier,
                  tokens: list[str] = tokens, notices: list[str] = notices) -> None:
            barrier.wait()
            response = client.post(f"/events/{event}/pair", data={"csrf_token": tokens[index]})
            assert response.status_code == 200
            notices[index] = response.text

        threads = [threading.Thread(target=click, args=(i, c)) for i, c in enumerate((first, second))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        made = [n for n in notices if f"Round {attempt + 1} is paired" in n]
        assert len(made) == 1, (attempt, [re.findall(r'class="notice[^"]*"[^>]*>([^<]*)', n) for n in notices])
        rounds = json.loads(first.get(f"/events/{event}/export/json").text)["rounds"]
        assert [r["round"] for r in rounds] == list(range(1, attempt + 2))
        page = first.get(f"/events/{event}/rounds/{attempt + 1}").text
        first.post(f"/events/{event}/rounds/{attempt + 1}/results", data=results_form(page, {0: "1", 1: "0", 2: "="}))


def test_a_chombo_saved_in_another_tab_is_named_in_the_conflict(app) -> None:  # type: ignore[no-untyped-def]
    """Tab A adds a chombo to table 1, tab B then changes its scores: B is refused, and the
    message quoted the scores B's form already showed, not the chombo that changed (and said
    "board" for a mahjong table)."""
    first, second = signed_in(app), signed_in(app)
    event = create_event(first, "mahjong", rounds="1", seed="tabs")
    import_players(first, event, field_csv(4))
    post(first, event, "/pair")

    def form(page: str, scores: tuple[int, ...], chombo: str = "") -> dict[str, str]:
        board = board_fields(page)[0]
        data = {"csrf_token": csrf_of(page), f"v{board['id']}": board["version"], f"o{board['id']}": board["shown"],
                "pairing": re.search(r'name="pairing" value="([^"]*)"', page).group(1)}  # type: ignore[union-attr]
        seen = re.search(rf'name="op{board["id"]}" value="([^"]*)"', page)
        if seen:
            data[f"op{board['id']}"] = seen.group(1)
        for seat, score in enumerate(scores):
            data[f"s{board['id']}_{seat}"] = str(score)
        data[f"p{board['id']}_0"] = chombo
        return data

    page = first.get(f"/events/{event}/rounds/1").text
    first.post(f"/events/{event}/rounds/1/results", data=form(page, (40000, 30000, 30000, 20000)))
    page_a = first.get(f"/events/{event}/rounds/1").text
    page_b = second.get(f"/events/{event}/rounds/1").text
    first.post(f"/events/{event}/rounds/1/results", data=form(page_a, (40000, 30000, 30000, 20000), "20000"))
    late = second.post(f"/events/{event}/rounds/1/results", data=form(page_b, (30000, 40000, 30000, 20000)))
    assert late.status_code == 409
    assert "round 1 table 1 now holds 40000 30000 30000 20000 (chombo: 20000 0 0 0)" in late.text
    assert "these tables" in late.text

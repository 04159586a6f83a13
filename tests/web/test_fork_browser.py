"""Play from here in a real Chromium: the replay viewer's button, the new
game's seats, and the new game at its table, for a game without hidden
information and one with it."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from .conftest import Server
from .test_review_browser import played


def test_play_from_a_step_of_a_shootout_replay(page: Page, server: Server) -> None:
    gid, token = played(server, "shootout", ["random", "solver"], seed=3)
    page.goto(f"{server.url}/table/{gid}#{token}")  # the browser keeps the link
    expect(page.locator("#status")).to_contain_text("Game over")
    page.goto(f"{server.url}/replay/{gid}")
    expect(page.locator("#step-out")).to_contain_text("step")
    page.locator("#first").click()
    for _ in range(6):
        page.locator("#next").click()
    expect(page.locator("#step-out")).to_contain_text("step 6 of")
    page.locator("#fork-button").click()
    form = page.locator("#fork-form")
    expect(form).to_be_visible()
    expect(page.locator("#fork-title")).to_have_text("Play from step 6")
    expect(page.locator("#fork-keep-row")).to_be_hidden()  # Shoot Out hides nothing
    seats = page.locator("#fork-seats select")
    expect(seats).to_have_count(2)
    expect(seats.nth(0)).to_have_value("human")  # no person in the source: the first seat
    seats.nth(1).select_option("heuristic")
    page.locator("#fork-start").click()
    page.wait_for_url(re.compile(r"/table/[\w-]+"))
    new_id = page.url.split("/table/")[1].split("#")[0]
    assert new_id != gid
    expect(page.locator("#actions button.choice").first).to_be_visible(timeout=20_000)
    expect(page.locator("#table-seats")).to_contain_text(f"forked from game {gid} after step 6")
    view = httpx.get(f"{server.url}/api/games/{new_id}", headers={"X-Saloon-Token": _token(page)})
    assert view.json()["move"] >= 6
    record = httpx.get(
        f"{server.url}/api/games/{new_id}/record", headers={"X-Saloon-Token": _token(page)}
    ).json()
    assert record["forks"][-1]["source"] == f"game {gid}" and record["forks"][-1]["step"] == 6
    assert record["seats"] == ["human", "heuristic"]


def test_play_from_here_in_a_cowboys_replay_offers_to_keep_the_hands(
    page: Page, server: Server
) -> None:
    gid, token = played(server, "cowboys", ["random", "random"], seed=2)
    page.goto(f"{server.url}/table/{gid}#{token}")  # the browser keeps the link
    expect(page.locator("#status")).to_contain_text("Game over")
    page.goto(f"{server.url}/replay/{gid}")
    expect(page.locator("#step-out")).to_contain_text("step")
    page.locator("#fork-button").click()
    expect(page.locator("#fork-keep-row")).to_be_visible()
    expect(page.locator("#fork-about")).to_contain_text("drawn again")
    page.locator("#first").click()
    for _ in range(12):
        page.locator("#next").click()
    page.locator("#fork-button").click()  # closes
    page.locator("#fork-button").click()  # opens at the step now shown
    expect(page.locator("#fork-title")).to_have_text("Play from step 12")
    # keeping the hands with a bot seat is refused in one sentence, and nothing is made
    page.locator("#fork-keep").check()
    page.locator("#fork-start").click()
    expect(page.locator("#toast")).to_contain_text("every seat must be a person")
    page.locator("#fork-keep").uncheck()
    page.locator("#fork-start").click()
    page.wait_for_url(re.compile(r"/table/[\w-]+"))
    new_id = page.url.split("/table/")[1].split("#")[0]
    record = httpx.get(f"{server.url}/api/games/{new_id}", headers={"X-Saloon-Token": _token(page)})
    assert record.json()["move"] >= 12


def _token(page: Page) -> str:
    """The new game's link held by this browser."""
    token: str = page.evaluate(
        "() => { const id = location.pathname.split('/').pop();"
        " return JSON.parse(localStorage.getItem('saloon.tokens') || '{}')[id][0]; }"
    )
    return token

"""The page in a real Chromium (Debian's ``chromium``, driven by Playwright).

For every registered game: open the lobby, start a game against a bot,
play it to the end by clicking (and by keyboard), replay it with the
slider, and save a screenshot of each table under the test's tmp dir.
These tests never skip: without the browser they fail, saying how to
install it (``.ci/run`` installs it on a fresh machine).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from saloon.core import all_games

from .conftest import MAX_DECISIONS, Server


def start_game(
    page: Page, server: Server, game_id: str, seed: int, dice: str = "random", advisor: bool = True
) -> None:
    page.goto(server.url + "/")
    page.locator(f"input[name=game][value={game_id}]").check()
    expect(page.locator("#advisor")).to_be_checked()  # one person: on unless he says no
    if not advisor:
        page.locator("#advisor").uncheck()
    page.locator("#pace").fill("0")
    page.locator("#seed").fill(str(seed))
    page.locator(f"input[name=dice][value={dice}]").check()
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/[\w-]+#"))
    expect(page.locator("#board svg")).to_be_visible()


def take_turn(page: Page, by_keyboard: bool) -> bool:
    """Play the first choice offered; False once the game is over."""
    page.wait_for_selector(".status.yours, .status.over", timeout=30_000)
    if page.locator(".status.over").count():
        return False
    first = page.locator(".actions .choice").first
    with page.expect_response(
        lambda r: "/actions" in r.url and r.request.method == "POST"
    ) as answer:
        if by_keyboard:
            page.keyboard.press("1")
        else:
            first.click()
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function("!document.querySelector('#app').classList.contains('busy')")
    return True


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_game_is_played_to_the_end_and_replayed(
    page: Page, server: Server, tmp_path: Path, game_id: str
) -> None:
    # The D6 advisor thinks a second a decision (benchmarks/hint_speed.py):
    # a whole game here is played without it, and shows it is off.
    start_game(page, server, game_id, seed=4, advisor=game_id != "dungeons")
    expect(page.locator("#table-seats")).to_contain_text(
        "advisor off" if game_id == "dungeons" else "advisor on"
    )
    expect(page.locator("#table-title")).to_contain_text(
        next(g.title for g in all_games() if g.id == game_id)
    )
    decisions = 0
    while take_turn(page, by_keyboard=decisions % 2 == 1):
        decisions += 1
        if decisions == 3:
            page.screenshot(path=tmp_path / f"{game_id}-table.png", full_page=True)
        assert decisions < MAX_DECISIONS
    assert decisions >= 1
    expect(page.locator("#status")).to_contain_text("Game over")
    page.screenshot(path=tmp_path / f"{game_id}-over.png", full_page=True)
    log = page.locator("#log li")
    assert log.count() > 3

    page.locator("#replay-link").click()
    page.wait_for_url(re.compile(r"/replay/"))
    out = page.locator("#step-out")
    expect(out).to_contain_text(re.compile(r"step (\d+) of \1$"))
    total = int(out.inner_text().split()[-1])
    page.keyboard.press("Home")
    expect(out).to_have_text(f"step 0 of {total}")
    page.keyboard.press("ArrowRight")
    expect(out).to_have_text(f"step 1 of {total}")
    page.locator("#step").fill(str(total // 2))
    expect(out).to_have_text(f"step {total // 2} of {total}")
    expect(page.locator("#board svg")).to_be_visible()
    page.screenshot(path=tmp_path / f"{game_id}-replay.png", full_page=True)
    assert (tmp_path / f"{game_id}-table.png").stat().st_size > 10_000


def test_the_referee_types_in_real_dice(page: Page, server: Server, tmp_path: Path) -> None:
    start_game(page, server, "shootout", seed=1, dice="manual")
    expect(page.locator("#status")).to_contain_text("Roll or draw for real")
    page.locator(".choice.outcome", has_text="first p2").click()
    expect(page.locator(".prompt")).to_contain_text("card")
    page.locator("#notation-text").fill("card 9")
    page.locator("#notation button").click()
    expect(page.locator("#toast")).to_contain_text("cannot happen here")
    page.locator("#notation-text").fill("card 6")
    page.locator("#notation button").click()
    # Player 2 (the bot) starts; after its move the referee rolls or player 1 decides.
    expect(page.locator("#log")).to_contain_text("Player 2")
    expect(page.locator("#status")).to_contain_text(re.compile("your move|Roll or draw for real"))
    page.screenshot(path=tmp_path / "manual-dice.png", full_page=True)


def test_a_phone_sized_screen(browser: Browser, server: Server, tmp_path: Path) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        start_game(page, server, "shootout", seed=2)
        page.wait_for_selector(".status.yours", timeout=30_000)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide on a 390 px screen"
        expect(page.locator(".actions .choice").first).to_be_in_viewport()
        page.screenshot(path=tmp_path / "phone-table.png", full_page=True)
        page.goto(server.url + "/")
        page.wait_for_selector(".game-card")
        for game in all_games():  # the long titles of variants stay within the screen
            page.locator(f"input[name=game][value={game.id}]").check()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the lobby of {game.id} is {width} px wide"
        page.screenshot(path=tmp_path / "phone-lobby.png", full_page=True)
        # The board and the choices under it, in reach on the phone's screen.
        start_game(page, server, "cowboys", seed=2, advisor=False)
        page.wait_for_selector(".status.yours", timeout=30_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        mark = page.locator("#board [data-point].pointable").first
        mark.scroll_into_view_if_needed()
        mark.tap()
        expect(page.locator("#pointing .pt-said")).to_be_visible()
        page.locator("#pointing").scroll_into_view_if_needed()
        expect(page.locator("#pointing .pt-said")).to_be_in_viewport()
        page.screenshot(path=tmp_path / "phone-cowboys.png", full_page=True)
    finally:
        context.close()


def test_undo_cannot_peek_at_the_d6_shooters_dice(page: Page, server: Server) -> None:
    start_game(page, server, "d6shooters", seed=5)
    expect(page.locator("#undo")).to_be_disabled()
    take_turn(page, by_keyboard=False)  # the first choice rolls the dice
    expect(page.locator("#log")).to_contain_text("Roll 1")
    expect(page.locator("#undo")).to_be_disabled()
    assert "nothing was rolled" in (page.locator("#undo").get_attribute("title") or "")


def test_undo_cannot_peek_at_the_d20_in_a_shoot_out_for_two(page: Page, server: Server) -> None:
    """The report: in a two-person game player 2 fired the Colt, missed,
    pressed undo and fired the Winchester into the same d20. Now undo stays
    off once the d20 is rolled, and the advisor is off for two people."""
    page.goto(server.url + "/")
    page.locator("input[name=game][value=shootout]").check()
    page.locator("#seat-1").select_option("human")
    expect(page.locator("#advisor-choice")).to_be_visible()
    expect(page.locator("#practice-choice")).to_be_hidden()
    page.locator("#seed").fill("5")
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/[\w-]+#"))
    expect(page.locator("#table-seats")).to_contain_text("advisor off")
    page.wait_for_selector(".status.yours")
    expect(page.locator(".advisor")).to_have_count(0)
    with page.expect_response(lambda r: "/actions" in r.url) as answer:
        page.locator(".actions .choice", has_text="Colt").click()
    assert answer.value.status == 200
    expect(page.locator("#log")).to_contain_text("fires the Colt")
    expect(page.locator("#undo")).to_be_disabled()


def test_practice_undo_for_one_person(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.locator("input[name=game][value=d6shooters]").check()
    page.locator("#pace").fill("0")
    page.locator("#seed").fill("5")
    expect(page.locator("#practice-choice")).to_be_visible()
    page.locator("#practice-undo").check()
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/[\w-]+#"))
    expect(page.locator("#table-seats")).to_contain_text("practice undo")
    take_turn(page, by_keyboard=False)
    expect(page.locator("#undo")).to_be_enabled()
    page.keyboard.press("u")
    expect(page.locator("#toast")).to_contain_text("Took back")
    expect(page.locator("#undo")).to_be_disabled()


def test_links_and_the_saved_games_of_this_browser(
    page: Page, browser: Browser, server: Server
) -> None:
    start_game(page, server, "d6shooters", seed=5)
    game_url = page.url
    page.goto(server.url + "/")
    page.locator("input[name=game][value=shootout]").check()
    page.locator("input[name=hands][value=per_seat]").check()
    page.locator("#seat-1").select_option("human")
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/"))
    links = page.locator("#links input")
    expect(links).to_have_count(3)
    assert all("#" in links.nth(i).input_value() for i in range(3))
    page.goto(server.url + "/")
    resume = page.locator(".saved-game a", has_text="Resume")
    expect(resume.first).to_be_visible()
    assert any(
        game_url.endswith(resume.nth(i).get_attribute("href") or "") for i in range(resume.count())
    )
    # Another browser holds no link: its lobby lists none of these games.
    other = browser.new_context()
    try:
        stranger = other.new_page()
        stranger.goto(server.url + "/")
        expect(stranger.locator("#saved-list")).to_contain_text("No games in this browser yet")
        expect(stranger.locator(".saved-game")).to_have_count(0)
    finally:
        other.close()


def test_a_scenario_sets_the_seats(page: Page, server: Server, tmp_path: Path) -> None:
    """A Cowboys scenario fixes its sides: the lobby gives the three-way
    standoff three seats (no more, no fewer) and the duel two."""
    page.goto(server.url + "/")
    page.locator("input[name=game][value=cowboys]").check()
    seats = page.locator("#seat-list .seat")
    expect(seats).to_have_count(2)
    page.locator("#variant").select_option("three-way-standoff")
    expect(seats).to_have_count(3)
    expect(page.locator("#add-seat")).to_be_hidden()
    expect(page.locator("#remove-seat")).to_be_hidden()
    page.screenshot(path=tmp_path / "cowboys-lobby.png", full_page=True)
    page.locator("#pace").fill("0")
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/[\w-]+#"))
    expect(page.locator("#table-title")).to_contain_text("Cowboys")
    expect(page.locator("#board svg")).to_be_visible()
    page.goto(server.url + "/")
    page.locator("input[name=game][value=cowboys]").check()
    page.locator("#variant").select_option("hickok-tutt")
    expect(seats).to_have_count(2)


def test_d6s_mode_sets_the_seats(page: Page, server: Server) -> None:
    """D6's mode narrows the seats as a scenario does: Alliance takes four,
    the standard game two to four again."""
    page.goto(server.url + "/")
    page.locator("input[name=game][value=dungeons]").check()
    seats = page.locator("#seat-list .seat")
    expect(seats).to_have_count(2)
    page.locator("details.options summary").click()
    page.locator('[data-option="mode"]').select_option("alliance")
    expect(seats).to_have_count(4)
    expect(page.locator("#add-seat")).to_be_hidden()
    page.locator('[data-option="mode"]').select_option("standard")
    expect(seats).to_have_count(4)
    expect(page.locator("#remove-seat")).to_be_visible()

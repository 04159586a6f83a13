"""Games played by mouse on the board, in Chromium (issue 36, item 1).

A person plays by clicking the marks of the board that the page shades
(a figure, then a square or a target; a space; dice to keep) and, when
several choices share every click (a move's facings, one shot or two), the
buttons offered under the board; choices that are not on the board (pass,
end the turn) are buttons under the board too. Never the notation box and
never the button list. After each click the page is read: a click that
narrows the choice names what was clicked ("Selected: ..."), a click that
plays moves the game on and the log grows.

Whole games: a Cowboys duel, a three-player D6 game and an episode of the
d6 Shooters; twenty decisions each of O.K. Corral and the solitaire
scenario (Sundown at Red Rock). The advisor is off (its search is timed in
benchmarks/hint_speed.py, not here).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server

#: Clicks and decisions a game may take before the test gives up.
MAX_CLICKS = 3000
#: Cowboys' shots first: a duel by random clicks would walk for a long time.
SHOOT_FIRST = 0.8


def open_table(page: Page, server: Server, game_id: str, variant: str, seed: int) -> None:
    page.goto(server.url + "/")
    page.locator(f"input[name=game][value={game_id}]").check()
    page.locator("#variant").select_option(variant)
    page.locator("#pace").fill("0")
    page.locator("#seed").fill(str(seed))
    page.locator("#advisor").uncheck()
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/[\w-]+#"))
    expect(page.locator("#board svg")).to_be_visible()


def my_turn(page: Page) -> bool:
    """Wait for the person's decision; False once the game is over."""
    page.wait_for_selector(".status.yours, .status.over", timeout=30_000)
    return page.locator(".status.over").count() == 0


def click_once(page: Page, rng: random.Random) -> bool:
    """One click on the board or under it; True if it played a choice."""
    move = page.locator("#board").get_attribute("data-move")
    chosen = page.locator("#pointing").get_attribute("data-chosen") or "0"
    marks = page.locator("#board [data-point].pointable")
    offered = page.locator("#pointing .pt-choice")
    n_marks, n_offered = marks.count(), offered.count()
    assert n_marks or n_offered, "nothing to click on the board or under it"
    any_order = page.locator("#pointing .pt-said strong", has_text="Chosen").count() > 0
    tagged = page.locator("#board [data-point].pointable:has(.pt-tag)")
    point = None
    if n_offered and (not n_marks or rng.random() < (0.6 if any_order else 0.3)):
        button = offered.nth(rng.randrange(n_offered))
        words = button.inner_text().strip()
        notation = button.get_attribute("data-action") or ""
        assert words and (words != notation or " " in words), f"{notation!r} has no words"
        button.click()
    else:
        if tagged.count() and rng.random() < SHOOT_FIRST:
            mark = tagged.nth(rng.randrange(tagged.count()))
        else:
            mark = marks.nth(rng.randrange(n_marks))
        name = mark.get_attribute("aria-label") or ""
        assert name.strip(), "a mark with no words"
        point = mark.get_attribute("data-point")
        mark.click()
    page.wait_for_function(
        """([move, chosen]) => document.querySelector('#board').dataset.move !== move
             || (document.querySelector('#pointing').dataset.chosen || '0') !== chosen
             || document.querySelector('.status.over') !== null""",
        arg=[move, chosen],
        timeout=30_000,
    )
    page.wait_for_function("!document.querySelector('#app').classList.contains('busy')")
    if page.locator("#board").get_attribute("data-move") != move:
        return True
    # Not played: the click narrowed the choice (or, with dice, let one go).
    if (page.locator("#pointing").get_attribute("data-chosen") or "0") != "0":
        said = page.locator("#pointing .pt-said")
        expect(said).to_be_visible()  # the page names what is chosen
        if point is not None and page.locator(f'#board [data-point="{point}"].pointed').count():
            expect(said).to_contain_text(name.strip())
    return False


def play_by_mouse(page: Page, decisions: int | None, seed: int) -> int:
    """Play up to ``decisions`` of the person's decisions (all, with None)."""
    rng = random.Random(seed)
    played = clicks = 0
    while my_turn(page) and (decisions is None or played < decisions):
        log = page.locator("#log li").count()
        while not click_once(page, rng):
            clicks += 1
            assert clicks < MAX_CLICKS
        clicks += 1
        played += 1
        assert clicks < MAX_CLICKS
        if my_turn(page):
            assert page.locator("#log li").count() >= log  # the log keeps what happened
    return played


@pytest.mark.parametrize(
    ("game_id", "variant", "decisions", "seed"),
    [
        ("cowboys", "hickok-tutt", None, 3),
        ("cowboys", "ok-corral", 20, 7),
        ("cowboys", "sundown-at-red-rock", 20, 7),
        ("d6shooters", "ep1-standard-d6", None, 6),
    ],
)
def test_a_game_played_by_mouse_on_the_board(
    page: Page,
    server: Server,
    tmp_path: Path,
    game_id: str,
    variant: str,
    decisions: int | None,
    seed: int,
) -> None:
    open_table(page, server, game_id, variant, seed)
    played = play_by_mouse(page, decisions, seed)
    page.screenshot(path=tmp_path / f"{game_id}-{variant}.png", full_page=True)
    if decisions is None:
        expect(page.locator("#status")).to_contain_text("Game over")
        assert played > 3
        return
    # Random clicks lose a scenario early at times: another game (another
    # seed) goes on until the person has made his twenty decisions.
    for again in range(1, 6):
        if played == decisions:
            break
        expect(page.locator("#status")).to_contain_text("Game over")
        open_table(page, server, game_id, variant, seed + 100 * again)
        played += play_by_mouse(page, decisions - played, seed + again)
    assert played == decisions


def test_a_three_player_d6_game_played_by_mouse(
    page: Page,
    server: Server,
) -> None:
    page.goto(server.url + "/")
    page.locator("input[name=game][value=dungeons]").check()
    page.locator("#add-seat").click()
    page.locator("#pace").fill("0")
    page.locator("#seed").fill("7")
    page.locator("#advisor").uncheck()
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/[\w-]+#"))
    expect(page.locator("#table-seats")).to_contain_text("Player 3")
    assert play_by_mouse(page, None, 7) > 10
    expect(page.locator("#status")).to_contain_text("Game over")


def test_the_board_by_keyboard(page: Page, server: Server) -> None:
    """Arrows walk the marked places, Enter picks one, a digit picks a
    button offered under the board, Escape lets go."""
    open_table(page, server, "d6shooters", "ep1-standard-d6", 8)
    page.wait_for_selector(".status.yours")
    if page.locator("#board [data-point].pointable").count() == 0:
        page.locator("#pointing .pt-choice").first.click()  # roll for the Day
        page.wait_for_selector("#board [data-point].pointable")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board .pt-focus")).to_have_count(1)
    expect(page.locator("#pointing .pt-hint")).to_contain_text("Enter to pick it")
    page.keyboard.press("Enter")
    expect(page.locator("#pointing")).to_have_attribute("data-chosen", "1")
    expect(page.locator("#pointing .pt-said")).to_contain_text("die")
    page.keyboard.press("Escape")
    expect(page.locator("#pointing")).to_have_attribute("data-chosen", "0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    move = page.locator("#board").get_attribute("data-move")
    with page.expect_response(lambda r: "/actions" in r.url) as answer:
        page.keyboard.press("1")  # the keep of that die, by its words
    assert answer.value.status == 200
    expect(page.locator("#board")).not_to_have_attribute("data-move", move or "")


def test_dice_showing_the_same_face_are_one_choice(page: Page, server: Server) -> None:
    """A keep names its dice by face: clicking the second of two white 1s
    alone offers the keep of one white 1, as clicking the first would."""
    open_table(page, server, "d6shooters", "ep1-standard-d6", 9)
    for _ in range(12):
        assert my_turn(page)
        copy = page.locator('#board [data-point$=".2"].pointable')
        if copy.count():
            break
        page.locator("#pointing .pt-choice").first.click()  # roll, or stop
        page.wait_for_function("!document.querySelector('#app').classList.contains('busy')")
    else:
        pytest.fail("no two dice showing the same face in twelve decisions")
    point = copy.first.get_attribute("data-point") or ""
    copy.first.click()
    expect(page.locator(f'#board [data-point="{point}"].pointed')).to_have_count(1)
    first = point.removesuffix(".2")
    expect(page.locator(f'#board [data-point="{first}"].pointable')).to_have_count(1)
    expect(page.locator("#pointing .pt-choice")).to_have_count(1)
    expect(page.locator("#pointing .pt-choice")).to_contain_text("Keep")
    copy.first.click()  # let it go
    expect(page.locator("#pointing")).to_have_attribute("data-chosen", "0")


def test_a_move_ends_facing_the_way_picked_on_the_compass(page: Page, server: Server) -> None:
    """Cowboys: the figure, then a square; the facings come as a compass
    under the board, and the arrow keys pick them too."""
    open_table(page, server, "cowboys", "hickok-tutt", 2)
    assert my_turn(page)
    page.locator('#board [data-point="fig:C1"].pointable').first.click()
    expect(page.locator("#pointing .pt-said")).to_contain_text("(C1, +2)")
    squares = page.locator('#board [data-point^="sq:"].pointable')
    assert squares.count() > 3  # where he can go, shaded
    squares.nth(squares.count() // 2).click()
    compass = page.locator("#pointing .compass")
    expect(compass.first).to_be_visible()
    expect(compass.first.locator(".compass-n")).to_contain_text("north")
    log = page.locator("#log li").count()
    with page.expect_response(lambda r: "/actions" in r.url) as answer:
        page.keyboard.press("ArrowUp")
    assert answer.value.status == 200
    expect(page.locator("#log li").nth(log)).to_contain_text("facing N")

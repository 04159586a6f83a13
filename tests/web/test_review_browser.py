"""The game's review in a real Chromium: the curve under the replay's slider.

A game is played to its end by bots through the API, then reviewed from
its table's "Review" button (or the replay viewer's): the curve is drawn
in the slider's column, step 0 under the thumb at the left end, its marker
follows the slider, a click on it or on a costly decision moves the slider,
and the step's mark is written beside the step.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from .conftest import Server

#: Half the slider's thumb (style.css, app.js's THUMB_HALF), in pixels.
THUMB_HALF = 9


def played(
    server: Server, game: str, seats: list[str], seed: int, **options: Any
) -> tuple[str, str]:
    """A game played to its end by bots: its id and its host's token."""
    made = httpx.post(
        server.url + "/api/games",
        json={"game": game, "seats": seats, "seed": seed, "pace": 0, "options": options},
    ).json()
    gid, token = made["id"], made["links"][0]["token"]
    deadline = time.monotonic() + 30
    while (
        httpx.get(f"{server.url}/api/games/{gid}", headers={"X-Saloon-Token": token}).json()[
            "pending"
        ]
        != "over"
    ):
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return gid, token


def review_of(server: Server, gid: str, token: str) -> dict[str, Any]:
    while True:
        r = httpx.get(
            f"{server.url}/api/games/{gid}/review", headers={"X-Saloon-Token": token}, timeout=30
        )
        if r.status_code == 200:
            body: dict[str, Any] = r.json()
            return body
        assert r.status_code == 202, r.text


def x_of(page: Page, step: int, steps: int) -> float:
    """Where step ``step`` is drawn on the curve, from its left edge."""
    box = page.locator("#curve svg").bounding_box()
    assert box is not None
    return THUMB_HALF + (box["width"] - 2 * THUMB_HALF) * step / steps


def test_a_finished_shootout_game_is_reviewed_under_the_slider(
    page: Page, server: Server, tmp_path: Path
) -> None:
    gid, token = played(server, "shootout", ["random", "solver"], seed=3)
    page.goto(f"{server.url}/table/{gid}#{token}")
    expect(page.locator("#status")).to_contain_text("Game over")
    page.locator("#review-link").click()
    page.wait_for_url(re.compile(r"/replay/[\w-]+\?review=1$"))
    expect(page.locator("#review-panel")).to_be_visible(timeout=20_000)
    expect(page.locator("#review-button")).to_be_hidden()
    curve, slider = page.locator("#curve svg"), page.locator("#step")
    expect(curve).to_be_visible()
    # In the slider's column: the same left edge and width.
    c, s = curve.bounding_box(), slider.bounding_box()
    assert c is not None and s is not None
    assert abs(c["x"] - s["x"]) < 1 and abs(c["width"] - s["width"]) < 1
    assert c["y"] > s["y"] + s["height"] - 1  # under it
    assert page.locator("#curve path.curve-line").count() == 2
    assert page.locator("#curve .curve-dot").count() > 0  # the rolls and draws

    body = review_of(server, gid, token)  # made once: the page's own
    steps = int(slider.get_attribute("max") or 0)
    marked = [s for s in body["steps"] if s.get("mark")]
    assert marked and steps == len(body["steps"])
    assert page.locator("#curve .curve-mark").count() == len(marked)
    step = marked[0]["step"]
    slider.fill(str(step))
    expect(page.locator("#step-out")).to_have_text(f"step {step} of {steps}")
    cursor = float(page.locator("#curve-cursor").get_attribute("x1") or -1)
    assert abs(cursor - x_of(page, step, steps)) < 0.5
    verdict = page.locator("#step-review")
    expect(verdict.locator(".mark")).to_have_text(marked[0]["mark"].capitalize())
    expect(verdict).to_contain_text(f"Better: {marked[0]['best_words']}")
    expect(verdict).to_contain_text("%")

    # A costly decision's link, and a click on the curve, move the slider.
    links = page.locator("#costliest a")
    assert links.count() == len(body["costliest"])
    last = body["costliest"][-1]["step"]
    links.last.click()
    expect(page.locator("#step-out")).to_have_text(f"step {last} of {steps}")
    assert slider.input_value() == str(last)
    expect(page.locator("#costliest .why").last).to_contain_text("was worth")
    page.locator("#curve svg").click(position={"x": x_of(page, 1, steps), "y": 20})
    expect(page.locator("#step-out")).to_have_text(f"step 1 of {steps}")
    cursor = float(page.locator("#curve-cursor").get_attribute("x1") or -1)
    assert abs(cursor - x_of(page, 1, steps)) < 0.5
    expect(page.locator("#review-seats li")).to_have_count(2)
    expect(page.locator("#review-seats li").last).to_contain_text("accuracy 100.0")
    page.screenshot(path=tmp_path / "review.png", full_page=True)


def test_the_replay_viewer_reviews_on_demand(page: Page, server: Server) -> None:
    gid, token = played(server, "d6shooters", ["random"], seed=2, version="shorter")
    page.goto(f"{server.url}/table/{gid}#{token}")  # the browser keeps the link
    expect(page.locator("#review-link")).to_be_visible()
    page.goto(f"{server.url}/replay/{gid}")
    button = page.locator("#review-button")
    expect(button).to_be_visible()
    expect(page.locator("#curve")).to_be_hidden()
    button.click()
    expect(page.locator("#review-panel")).to_be_visible(timeout=20_000)
    assert page.url.endswith("?review=1")
    expect(page.locator("#review-seats li")).to_have_count(1)
    page.keyboard.press("Home")
    expect(page.locator("#step-out")).to_contain_text("step 0 of")
    expect(page.locator("#step-review")).to_be_hidden()  # the start: nothing to judge
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step-out")).to_contain_text("step 1 of")
    expect(page.locator("#step-review")).to_contain_text(
        re.compile(r"Chance of this outcome|choice")
    )

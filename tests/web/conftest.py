"""The web table under test: in process (TestClient) and as a real server.

``hidden_game`` registers, for one test, a tiny two-player game with hidden
cards (Saloon's own games all have perfect information today), whose log
tells each player his card alone and whose drawing shows only the viewer's
card: the fixture that proves the server filters what each seat is sent.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page, sync_playwright

from saloon.core import Action, Event, Game, Options, State
from saloon.core.registry import register, unregister
from saloon.testing.tiny import Add, Deal, Die, Stop, TinyGame, TinyState
from saloon.web.app import create_app

HIDDEN_ID = "hidden-test"
#: Marks a hidden card in every text the server might send.
SECRET = "SECRET-CARD-{card}"


class HiddenState(TinyState):
    """Tiny, with sentences: a deal is told to its receiver only."""

    def apply_unchecked(self, action: Action) -> None:
        events: list[Event] = []
        if isinstance(action, Deal):
            player = 0 if self.cards[0] is None else 1
            text = f"You are dealt {SECRET.format(card=action.card)}."
            events.append(Event("deal", text, player=player, to=(player,)))
        elif isinstance(action, Die):
            events.append(Event("roll", f"The d3 shows {action.face}."))
        elif isinstance(action, (Add, Stop)):
            who = self.to_move
            assert who is not None
            events.append(Event("choice", f"Player {who + 1}: {action}.", player=who))
        logged = len(self.log)
        super().apply_unchecked(action)
        del self.log[logged:]  # this game's own sentences instead of tiny's
        self.log.extend(events)


@dataclass(frozen=True)
class HiddenOptions(Options):
    pass


class HiddenGame(TinyGame):
    id = HIDDEN_ID
    title = "Hidden Tiny"
    options_type = HiddenOptions
    state_type = HiddenState

    def render_svg(self, state: State, player: int | None = None) -> str:
        assert isinstance(state, HiddenState)
        mine = state.view(player)["my_card"]
        shown = SECRET.format(card=mine) if mine is not None else "no card shown"
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60">'
            f'<text x="4" y="20">{escape(shown)} totals {state.totals}</text></svg>'
        )


@pytest.fixture
def hidden_game() -> Iterator[Game]:
    game = HiddenGame()
    register(game, replace=True)
    yield game
    unregister(HIDDEN_ID)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "web.db", pool="thread", workers_count=2)
    with TestClient(app) as c:
        yield c


def count_games(c: TestClient) -> int:
    """How many games the server keeps (read from its database: no route
    lists every game)."""
    tables = c.app.state.tables  # type: ignore[attr-defined]
    count: int = tables.store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    return count


def wait_for(
    c: Any, game_id: str, token: str | None, until: str = "person", timeout: float = 20
) -> dict[str, Any]:
    """Poll the view until the game waits for ``until`` (or is over)."""
    headers = {"X-Saloon-Token": token} if token else {}
    deadline = time.monotonic() + timeout
    while True:
        view: dict[str, Any] = c.get(f"/api/games/{game_id}", headers=headers).json()
        if view["pending"] in (until, "over"):
            return view
        if time.monotonic() > deadline:
            raise AssertionError(f"game {game_id} still waits for {view['pending']}")
        time.sleep(0.02)


def play_out(c: Any, game_id: str, token: str, pick: int = 0, limit: int = 2000) -> dict[str, Any]:
    """Play a game to its end, choosing the ``pick``-th legal action each time."""
    headers = {"X-Saloon-Token": token}
    for _ in range(limit):
        view = wait_for(c, game_id, token)
        if view["pending"] == "over":
            return view
        actions = view["actions"]
        action = actions[min(pick, len(actions) - 1)]["notation"]
        r = c.post(
            f"/api/games/{game_id}/actions",
            json={"move": view["move"], "action": action},
            headers=headers,
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


# -- a real server ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """``saloon serve`` running as a subprocess on loopback."""

    db: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        script = Path(sys.executable).with_name("saloon")
        command = [str(script)] if script.exists() else [sys.executable, "-m", "saloon.cli.main"]
        self.process = subprocess.Popen(
            [*command, "serve", "--port", str(self.port), "--db", str(self.db)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"saloon serve exited: {err}")
            try:
                if httpx.get(self.url + "/api/catalog", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("saloon serve did not start in 30 s")

    def kill(self) -> None:
        """kill -9: no chance to tidy up."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("serve") / "web.db"
    live = Server(db, free_port()).start()
    yield live
    live.stop()


# -- the browser (Debian's chromium, driven by Playwright) ---------------------------------

CHROMIUM = os.environ.get("SALOON_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Seats for each game: a person, then bots (a solo game is the person alone).
MAX_DECISIONS = 400


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: install Debian's chromium package "
            "(apt-get install chromium) or set SALOON_CHROMIUM; the browser tests never skip"
        )
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == [], errors

"""The real server (``saloon serve`` as a subprocess): live news, races,
a kill -9 and a restart, and a small load."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
import threading
from pathlib import Path
from typing import Any

import httpx

from saloon.core import GameRecord

from .conftest import Server, free_port, play_out

ROOT = Path(__file__).resolve().parents[2]


def h(token: str) -> dict[str, str]:
    return {"X-Saloon-Token": token}


def create(c: httpx.Client, **body: Any) -> dict[str, Any]:
    payload = {"game": "shootout", "seats": ["human", "heuristic"], "pace": 0, **body}
    r = c.post("/api/games", json=payload)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def test_the_page_hears_of_every_change(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as c:
        made = create(c, seats=["human", "human"])
        gid, token = made["id"], made["links"][0]["token"]
        view = made["view"]
        with c.stream("GET", f"/api/games/{gid}/events", params={"token": token}) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            first = next(line for line in lines if line.startswith("data:"))
            assert json.loads(first[5:])["move"] == view["move"]
            with httpx.Client(base_url=server.url, timeout=10) as other:
                other.post(
                    f"/api/games/{gid}/actions",
                    json={"move": view["move"], "action": "move"},
                    headers=h(token),
                )
            news = next(line for line in lines if line.startswith("data:"))
            assert json.loads(news[5:])["move"] == view["move"] + 1


def race(url: str, gid: str, token: str, move: int, actions: tuple[str, str]) -> list[int]:
    """Post two actions for the same move at the same moment; their statuses."""
    statuses: list[int] = []
    barrier = threading.Barrier(len(actions))

    def post(action: str) -> None:
        with httpx.Client(base_url=url, timeout=10) as mine:
            barrier.wait()
            r = mine.post(
                f"/api/games/{gid}/actions",
                json={"move": move, "action": action},
                headers=h(token),
            )
            statuses.append(r.status_code)

    threads = [threading.Thread(target=post, args=(a,)) for a in actions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def test_two_posts_at_once_one_wins_one_gets_409(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as c:
        for _ in range(8):
            made = create(c, seats=["human", "human"])
            gid, token, move = made["id"], made["links"][0]["token"], made["view"]["move"]
            statuses = race(server.url, gid, token, move, ("move", "retreat"))
            assert sorted(statuses) == [200, 409]
            record = c.get(f"/api/games/{gid}/record", headers=h(token)).json()
            assert record["moves"][move]["move"] in ("move", "retreat")
            assert len(record["moves"]) <= move + 2  # one of them, and the card it may deal
            GameRecord.from_json(record).replay()


def play_some(c: httpx.Client, gid: str, token: str, decisions: int) -> list[tuple[int, str]]:
    """Make ``decisions`` of the person's choices (always the second
    listed); returns them with their move numbers, as acknowledged."""
    done: list[tuple[int, str]] = []
    while len(done) < decisions:
        view = c.get(f"/api/games/{gid}", headers=h(token)).json()
        if view["pending"] == "over":
            break
        if not view["your_turn"]:
            continue
        action = view["actions"][min(1, len(view["actions"]) - 1)]["notation"]
        r = c.post(
            f"/api/games/{gid}/actions",
            json={"move": view["move"], "action": action},
            headers=h(token),
        )
        assert r.status_code == 200, r.text
        done.append((view["move"], action))
    return done


def test_kill_9_loses_nothing_and_the_game_goes_on_as_if_never_stopped(tmp_path: Path) -> None:
    db = tmp_path / "web.db"
    first = Server(db, free_port()).start()
    try:
        with httpx.Client(base_url=first.url, timeout=20) as c:
            made = create(c, seed=21)
            gid, token = made["id"], made["links"][0]["token"]
            acknowledged = play_some(c, gid, token, 5)
            seen = c.get(f"/api/games/{gid}/record", headers=h(token)).json()["moves"]
    finally:
        first.kill()
    second = Server(db, free_port()).start()
    try:
        with httpx.Client(base_url=second.url, timeout=20) as c:
            record = c.get(f"/api/games/{gid}/record", headers=h(token)).json()
            assert record["moves"][: len(seen)] == seen
            for step, action in acknowledged:
                assert record["moves"][step] == {"by": 0, "move": action}
            final = play_out(c, gid, token, pick=1)
            assert final["pending"] == "over"
            restarted = c.get(f"/api/games/{gid}/record", headers=h(token)).json()
            # The same seed and the same choices, never interrupted: the same game.
            twin = create(c, seed=21)
            play_out(c, twin["id"], twin["links"][0]["token"], pick=1)
            uninterrupted = c.get(
                f"/api/games/{twin['id']}/record", headers=h(twin["links"][0]["token"])
            ).json()
            assert restarted["moves"] == uninterrupted["moves"]
            assert GameRecord.from_json(restarted).replay().is_over
    finally:
        second.stop()


def test_a_bounded_load_ends_with_no_5xx_and_no_lost_game(server: Server) -> None:
    spec = importlib.util.spec_from_file_location("web_load", ROOT / "benchmarks" / "web_load.py")
    assert spec is not None and spec.loader is not None
    load = importlib.util.module_from_spec(spec)
    sys.modules["web_load"] = load
    spec.loader.exec_module(load)
    report = asyncio.run(load.run(server.url, clients=8, games=16, timeout=60))
    assert report.server_errors == 0, dict(report.statuses)
    assert report.bad_games == []
    assert report.games == 16 and report.actions > 16

"""The game's review at the web table: the route, made in parts, kept, polled."""

from __future__ import annotations

import dataclasses
import time
import zlib
from typing import Any

import pytest
from fastapi.testclient import TestClient

from saloon.agents import make_agent
from saloon.analysis.review import review
from saloon.core import Game, State, get_game
from saloon.core.advice import Advice, from_pairs
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.web import reviews, workers

from .conftest import wait_for


def h(token: str) -> dict[str, str]:
    return {"X-Saloon-Token": token}


def finished(client: TestClient, game: str = "shootout", seats: tuple[str, ...] = ()) -> str:
    """A game played to its end by bots; its id and host's token as ``id token``."""
    r = client.post(
        "/api/games",
        json={"game": game, "seats": list(seats or ("random", "solver")), "seed": 3, "pace": 0},
    )
    assert r.status_code == 201, r.text
    made = r.json()
    token = made["links"][0]["token"]
    assert wait_for(client, made["id"], token, until="over")["pending"] == "over"
    return f"{made['id']} {token}"


def reviewed(client: TestClient, gid: str, token: str, timeout: float = 30) -> dict[str, Any]:
    """Poll the review until it is made (checking each progress answer)."""
    deadline = time.monotonic() + timeout
    while True:
        r = client.get(f"/api/games/{gid}/review", headers=h(token))
        body: dict[str, Any] = r.json()
        if r.status_code == 200:
            assert body["status"] == "done"
            return body
        assert r.status_code == 202, r.text
        assert body["status"] == "running" and 0 <= body["done"] <= body["total"]
        assert time.monotonic() < deadline, "the review took too long"


def test_a_finished_shootout_game_is_reviewed(client: TestClient) -> None:
    gid, token = finished(client).split()
    body = reviewed(client, gid, token)
    assert body["game"] == "shootout" and body["result"] != "the game is not over"
    random_seat, solver_seat = body["seat_reviews"]
    assert solver_seat["accuracy"] == 100.0 and solver_seat["blunders"] == 0
    assert random_seat["accuracy"] < 100.0
    marks = [s["mark"] for s in body["steps"] if s.get("mark")]
    assert marks and set(marks) <= {"inaccuracy", "mistake", "blunder"}
    assert len(body["curve"]) >= len(body["steps"])
    assert body["curve"][-1]["values"] in ([1.0, 0.0], [0.0, 1.0])
    assert all(0 <= v <= 1 for p in body["curve"] for v in p["values"] if v is not None)
    assert [c["step"] for c in body["costliest"]] and all(c["why"] for c in body["costliest"])
    # Kept: asked again, the same answer, nothing computed again.
    again = client.get(f"/api/games/{gid}/review", headers=h(token))
    assert again.status_code == 200 and again.json()["steps"] == body["steps"]
    assert len(client.app.state.tables.tables[gid].reviews) == 1  # type: ignore[attr-defined]


def test_a_slow_review_answers_its_progress_and_is_made_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid, token = finished(client).split()
    calls: list[tuple[int, int | None]] = []
    part = workers.review_part

    def slow(record: dict[str, Any], first: int, last: int | None, scale: float) -> Any:
        calls.append((first, last))
        time.sleep(0.4)
        return part(record, first, last, scale)

    monkeypatch.setattr(reviews.workers, "review_part", slow)
    monkeypatch.setattr("saloon.web.app.WAIT_SECONDS", 0.05)
    monkeypatch.setattr(reviews, "MIN_PART", 2)
    first = client.get(f"/api/games/{gid}/review", headers=h(token))
    assert first.status_code == 202, first.text
    progress = first.json()
    assert progress["status"] == "running" and progress["total"] > 0
    second = client.get(f"/api/games/{gid}/review", headers=h(token))
    assert second.status_code == 202 and second.json()["total"] == progress["total"]
    # Meanwhile another table's searching bot has a worker of its own.
    finished(client)
    assert client.get(f"/api/games/{gid}/review", headers=h(token)).status_code == 202
    body = reviewed(client, gid, token)
    parts = len(calls)
    assert parts > 2 and calls[0][0] == 1 and calls[-1][1] is None  # one job, in parts
    assert reviewed(client, gid, token)["steps"] == body["steps"] and len(calls) == parts


def test_no_review_of_a_hidden_game_before_its_end(client: TestClient, hidden_game: Game) -> None:
    r = client.post("/api/games", json={"game": "hidden-test", "seats": ["human", "human"]})
    made = r.json()
    answer = client.get(f"/api/games/{made['id']}/review", headers=h(made["links"][0]["token"]))
    assert answer.status_code == 403
    assert answer.json()["detail"] == (
        "this game hides information: its review is given once it is over"
    )


def test_a_bad_id_or_no_link(client: TestClient) -> None:
    assert client.get("/api/games/nope/review", headers=h("x")).status_code == 404
    gid, _ = finished(client).split()
    assert client.get(f"/api/games/{gid}/review").status_code == 401
    assert client.get(f"/api/games/{gid}/review", headers=h("x")).status_code == 403


@pytest.mark.parametrize(
    ("game_id", "specs", "seed"),
    [("shootout", ("random", "solver"), 5), ("d6shooters", ("random",), 2)],
)
def test_the_parts_make_the_whole_review(
    game_id: str, specs: tuple[str, ...], seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game(game_id)
    options = game.options_from_dict({"version": "shorter"}) if game_id == "d6shooters" else None
    bots = [make_agent(s, game, seed=i + 1) for i, s in enumerate(specs)]
    record = play(game, options, bots, RandomDice(seed), seed=seed)
    monkeypatch.setattr(reviews, "MIN_PART", 2)
    parts = reviews.plan(record)
    assert len(parts) > 3
    data = record.to_json()
    merged = reviews.merge([workers.review_part(data, a, b, 1.0) for a, b, _ in parts])
    assert merged.to_json() == review(record, scale=1.0).to_json()


def test_the_parts_of_a_game_of_three_carry_each_seats_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With three seats only the seat valued moves on the curve: a part's
    # seats not valued yet take their values from the part before. A cheap
    # made-up judge stands for D6's search here.
    game = get_game("dungeons")
    bots = [make_agent("random", game, seed=i + 1) for i in range(3)]
    played = play(game, None, bots, RandomDice(4), seed=4)
    record = dataclasses.replace(played, moves=played.moves[:150], result=None)

    def advise(state: State) -> Advice:
        seen = len(state.history)
        pairs = [
            (a, zlib.crc32(f"{seen} {a}".encode()) % 1000 / 1000) for a in state.legal_actions()
        ]
        return from_pairs(pairs, "a made-up chance to win")

    monkeypatch.setattr(reviews, "MIN_PART", 3)
    parts = reviews.plan(record)
    assert len(parts) > 3
    made = [workers.part_review(record, a, b, advise) for a, b, _ in parts]
    whole = review(record, judge=advise, scale=1.0)
    assert reviews.merge(made).to_json() == whole.to_json()
    assert any(None in p.values for part in made[1:] for p in part.curve)  # carried, then
    assert any(None not in p.values for p in whole.curve)

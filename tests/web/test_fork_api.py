"""Play from here: ``POST /api/games/{id}/fork`` for every game, the new
game's record saying where it came from and replaying; hidden cards drawn
again; refusals in one sentence."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from saloon.core import GameRecord, get_game

from .conftest import play_out, wait_for

GAMES = ("shootout", "d6shooters", "cowboys", "dungeons")


def h(token: str) -> dict[str, str]:
    return {"X-Saloon-Token": token}


def host(made: dict[str, Any]) -> str:
    return next(link["token"] for link in made["links"] if link["host"])


def finished(client: TestClient, game_id: str) -> tuple[str, str, GameRecord]:
    """A game of random bots played to its end: its id, host token, record."""
    game = get_game(game_id)
    n = game.player_range(game.options(None))[0]
    made = client.post(
        "/api/games", json={"game": game_id, "seats": ["random"] * n, "seed": 7, "pace": 0}
    ).json()
    token = host(made)
    wait_for(client, made["id"], token, until="over", timeout=120)
    record = client.get(f"/api/games/{made['id']}/record", headers=h(token)).json()
    return made["id"], token, GameRecord.from_json(record)


@pytest.mark.parametrize("game_id", GAMES)
def test_play_from_here_for_every_game(client: TestClient, game_id: str) -> None:
    gid, token, source = finished(client, game_id)
    step = next(
        k for k in range(len(source.moves) // 2, len(source.moves)) if source.moves[k][0] >= 0
    )
    n = len(source.seats)
    r = client.post(
        f"/api/games/{gid}/fork", headers=h(token),
        json={"step": step, "seats": ["human"] + ["random"] * (n - 1), "pace": 0},
    )  # fmt: skip
    assert r.status_code == 201, r.text
    made = r.json()
    seat = next(link["token"] for link in made["links"] if link["seats"] == [0])
    view = wait_for(client, made["id"], seat)
    assert view["move"] >= step
    record = GameRecord.from_json(
        client.get(f"/api/games/{made['id']}/record", headers=h(host(made))).json()
        if get_game(game_id).perfect_information
        else _finish(client, made, seat)
    )
    fork = record.forks[-1]
    assert fork.source == f"game {gid}" and fork.step == step
    assert record.moves[:step] == source.moves[:step]
    if not get_game(game_id).perfect_information:
        assert fork.redrawn_for == 0 and fork.seed is not None
    record.replay()  # the new game's record replays, redraw and all


def _finish(client: TestClient, made: dict[str, Any], seat: str) -> dict[str, Any]:
    """Play the person's seat (the first choice each time) to the end; the record."""
    play_out(client, made["id"], seat)
    record: dict[str, Any] = client.get(f"/api/games/{made['id']}/record", headers=h(seat)).json()
    assert record["result"] is not None
    return record


def test_a_fork_keeps_the_hands_only_for_a_review_by_all_players(client: TestClient) -> None:
    gid, token, source = finished(client, "cowboys")
    step = len(source.moves) // 2
    kept = client.post(
        f"/api/games/{gid}/fork", headers=h(token),
        json={"step": step, "seats": ["human", "human"], "keep_hidden": True, "pace": 0},
    )  # fmt: skip
    assert kept.status_code == 201, kept.text
    refused = client.post(
        f"/api/games/{gid}/fork", headers=h(token),
        json={"step": step, "seats": ["human", "random"], "keep_hidden": True},
    )  # fmt: skip
    assert refused.status_code == 422
    assert "every seat must be a person" in refused.json()["detail"]


def test_forks_that_cannot_be_made_are_refused_in_one_sentence(client: TestClient) -> None:
    made = client.post(
        "/api/games", json={"game": "cowboys", "seats": ["human", "random"], "seed": 3, "pace": 0}
    ).json()
    seat = made["links"][0]["token"]
    hidden = client.post(f"/api/games/{made['id']}/fork", headers=h(seat), json={"step": 0})
    assert hidden.status_code == 403 and "once it is over" in hidden.json()["detail"]
    gid, token, source = finished(client, "shootout")
    total = len(source.moves)
    for body, status, words in [
        ({"step": total + 5}, 422, "past the end"),
        ({"step": total}, 422, "the game is over after step"),
        ({"step": 2, "seats": ["human"]}, 422, "has 2 seats, not 1"),
        ({"step": 2, "seats": ["human", "nobody-bot"]}, 422, "nobody-bot"),
        ({"step": -1}, 422, "step"),
    ]:
        r = client.post(f"/api/games/{gid}/fork", headers=h(token), json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["detail"], (body, r.json())
    assert client.post(f"/api/games/{gid}/fork", json={"step": 1}).status_code == 401
    assert (
        client.post("/api/games/nope/fork", headers=h(token), json={"step": 1}).status_code == 404
    )


def test_a_database_of_the_previous_version_gains_the_forks(tmp_path: Any) -> None:
    """A games database written before forks (schema 2) is brought up to
    date on opening: its games load, with no fork."""
    import sqlite3

    from saloon.core.session import Session
    from saloon.web.store import SCHEMA_VERSION, Store

    path = tmp_path / "old.db"
    store = Store(path)
    session = Session(get_game("shootout"), seats=["human", "human"], seed=3)
    store.create("g1", session, 0.0, [])
    store.close()
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE games DROP COLUMN forks")
    db.execute("PRAGMA user_version=2")
    db.commit()
    db.close()
    again = Store(path)
    row = again.get("g1")
    assert row is not None and row.forks == []
    assert again.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    again.close()

"""Seats and access: a token acts only for its seat and sees only its view.

The game here (``hidden_game``, see conftest) deals each player a hidden
card and tells him of it alone; its marker ``SECRET-CARD-n`` must reach no
one else, by any route: the view, the drawing, the log, the actions, the
record, the replay, the list of games. Nothing at all is answered without
one of the game's links.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from saloon.core import Game

from .conftest import SECRET


def h(token: str) -> dict[str, str]:
    return {"X-Saloon-Token": token}


def start(client: TestClient, hands: str = "per_seat") -> tuple[str, list[str], list[int]]:
    r = client.post(
        "/api/games",
        json={"game": "hidden-test", "seats": ["human", "human"], "hands": hands, "pace": 0},
    )
    assert r.status_code == 201, r.text
    made = r.json()
    gid = made["id"]
    session = client.app.state.tables.tables[gid].session  # type: ignore[attr-defined]
    cards = list(session.state.cards)
    return gid, [link["token"] for link in made["links"]], cards


def everything_sent(client: TestClient, gid: str, token: str | None) -> str:
    """Every answer a holder of ``token`` can get about the game, as text."""
    headers = h(token) if token else {}
    texts = [
        client.get(f"/api/games/{gid}", headers=headers).text,
        client.get(f"/api/games/{gid}/record", headers=headers).text,
        client.get(f"/api/games/{gid}/replay", params={"step": 2}, headers=headers).text,
        client.post("/api/games/mine", json={"tokens": [token] if token else []}).text,
    ]
    return json.dumps(texts)


def spectator(client: TestClient, gid: str, host: str) -> str:
    r = client.post(f"/api/games/{gid}/spectators", headers=h(host))
    assert r.status_code == 201, r.text
    token: str = r.json()["token"]
    return token


def secret(card: int) -> str:
    return SECRET.format(card=card)


def test_each_seat_sees_its_own_card_and_nobody_elses(
    client: TestClient, hidden_game: Game
) -> None:
    gid, (p1, p2, host), (c1, c2) = start(client)
    mine = client.get(f"/api/games/{gid}", headers=h(p1)).json()
    assert mine["state"]["my_card"] == c1
    assert secret(c1) in mine["svg"] and secret(c1) in json.dumps(mine["log"])
    theirs = client.get(f"/api/games/{gid}", headers=h(p2)).json()
    assert theirs["state"]["my_card"] == c2
    watcher = spectator(client, gid, host)
    seen_by = {
        "player 1": everything_sent(client, gid, p1),
        "player 2": everything_sent(client, gid, p2),
        "the host": everything_sent(client, gid, host),
        "a spectator": everything_sent(client, gid, watcher),
        "no token": everything_sent(client, gid, None),
    }
    assert secret(c2) not in seen_by["player 1"]
    assert secret(c1) not in seen_by["player 2"]
    for who in ("the host", "a spectator", "no token"):
        assert secret(c1) not in seen_by[who] and secret(c2) not in seen_by[who], who
    watched = client.get(f"/api/games/{gid}", headers=h(watcher)).json()
    assert watched["seat"] is None and watched["state"]["my_card"] is None
    assert watched["actions"] is None and watched["rules"] is None
    assert client.get(f"/api/games/{gid}").status_code == 401


def test_the_record_and_replay_wait_for_the_end(client: TestClient, hidden_game: Game) -> None:
    gid, (p1, p2, host), _ = start(client)
    for token in (p1, p2, host):
        headers = h(token)
        r = client.get(f"/api/games/{gid}/record", headers=headers)
        assert r.status_code == 403 and "once it is over" in r.json()["detail"]
        assert (
            client.get(f"/api/games/{gid}/replay", params={"step": 1}, headers=headers).status_code
            == 403
        )
    tokens = {0: p1, 1: p2}
    view = client.get(f"/api/games/{gid}", headers=h(p1)).json()
    while view["pending"] != "over":
        mover = view["to_move"]
        view = client.post(
            f"/api/games/{gid}/actions",
            json={"move": view["move"], "action": "stop"},
            headers=h(tokens[mover]),
        ).json()
    # Over: a link of the game (any kind) gets them; no link, nothing.
    assert client.get(f"/api/games/{gid}/record").status_code == 401
    watcher = spectator(client, gid, host)
    assert client.get(f"/api/games/{gid}/record", headers=h(watcher)).status_code == 200
    replay = client.get(
        f"/api/games/{gid}/replay", params={"step": 1, "seat": 1}, headers=h(watcher)
    )
    assert replay.status_code == 200


def test_another_seats_token_cannot_act_advise_or_undo(
    client: TestClient, hidden_game: Game
) -> None:
    gid, (p1, p2, host), _ = start(client)
    view = client.get(f"/api/games/{gid}", headers=h(p1)).json()
    assert view["to_move"] == 0 and view["actions"]
    other = client.get(f"/api/games/{gid}", headers=h(p2)).json()
    assert other["actions"] is None and not other["your_turn"] and other["rules"] is None
    for token in (p2, host):
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"move": view["move"], "action": "stop"},
            headers=h(token),
        )
        assert r.status_code == 403
        r = client.get(f"/api/games/{gid}/advice", params={"move": view["move"]}, headers=h(token))
        assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/actions", json={"move": view["move"], "action": "stop"})
    assert r.status_code == 401
    assert client.post(f"/api/games/{gid}/undo", json={"move": view["move"]}).status_code == 401
    assert client.get(f"/api/games/{gid}", headers=h(p1)).json()["move"] == view["move"]


def test_a_token_of_another_game_is_refused(client: TestClient, hidden_game: Game) -> None:
    gid, _, _ = start(client)
    _, (q1, _, _), _ = start(client)
    for path in [f"/api/games/{gid}", f"/api/games/{gid}/events"]:
        r = client.get(
            path, headers=h(q1), params={"token": q1} if path.endswith("events") else None
        )
        assert r.status_code == 403 and "not a link of this game" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/actions", json={"move": 2, "action": "stop"}, headers=h(q1))
    assert r.status_code == 403
    assert client.delete(f"/api/games/{gid}", headers=h(q1)).status_code == 403


def test_undo_cannot_take_back_another_persons_decision(
    client: TestClient, hidden_game: Game
) -> None:
    gid, (p1, p2, host), _ = start(client)
    view = client.get(f"/api/games/{gid}", headers=h(p1)).json()
    view = client.post(
        f"/api/games/{gid}/actions", json={"move": view["move"], "action": "stop"}, headers=h(p1)
    ).json()
    view = client.post(
        f"/api/games/{gid}/actions", json={"move": view["move"], "action": "stop"}, headers=h(p2)
    ).json()
    r = client.post(f"/api/games/{gid}/undo", json={"move": view["move"]}, headers=h(p1))
    assert r.status_code == 409 and "player 2 decided after" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/undo", json={"move": view["move"]}, headers=h(host))
    assert r.status_code == 409
    r = client.post(f"/api/games/{gid}/undo", json={"move": view["move"]}, headers=h(p2))
    assert r.status_code == 200 and r.json()["undone"] == 1
    assert r.json()["view"]["to_move"] == 1


def test_hotseat_holds_every_seat_and_shows_the_one_to_move(
    client: TestClient, hidden_game: Game
) -> None:
    gid, (both,), (c1, c2) = start(client, hands="hotseat")
    view = client.get(f"/api/games/{gid}", headers=h(both)).json()
    assert view["hand"]["seats"] == [0, 1] and view["seat"] == 0
    assert secret(c1) in view["svg"] and secret(c2) not in view["svg"]
    view = client.post(
        f"/api/games/{gid}/actions", json={"move": view["move"], "action": "stop"}, headers=h(both)
    ).json()
    assert view["seat"] == 1 and view["your_turn"]
    assert secret(c2) in view["svg"] and secret(c1) not in view["svg"]
    undone = client.post(f"/api/games/{gid}/undo", json={"move": view["move"]}, headers=h(both))
    assert undone.status_code == 200 and undone.json()["view"]["seat"] == 0


def test_views_filter_the_log_by_event_visibility(client: TestClient, hidden_game: Game) -> None:
    gid, (p1, p2, host), (c1, c2) = start(client)
    watcher = spectator(client, gid, host)
    logs: dict[str, Any] = {
        who: client.get(f"/api/games/{gid}", headers=h(t)).json()["log"]
        for who, t in (("p1", p1), ("p2", p2), ("nobody", watcher))
    }
    assert [e["text"] for e in logs["p1"]] == [f"You are dealt {secret(c1)}."]
    assert [e["text"] for e in logs["p2"]] == [f"You are dealt {secret(c2)}."]
    assert logs["nobody"] == []

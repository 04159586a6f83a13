"""Hostile requests to the web table's JSON API, for every registered game.

Random bodies (valid-looking and not: any JSON, raw bytes, deep nesting),
random game ids, tokens and move numbers are sent to each endpoint of a
server (in process, bots on threads). Whatever arrives, the answer is a
4xx with one short sentence in ``detail`` or a success; never a 500, and
the games already on the server are untouched: each still answers its view
and its record replays.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from saloon.core import get_game
from saloon.core.record import GameRecord
from saloon.web.app import create_app

from .conftest import GAMES, deep_json, fuzz, hostile_text, json_values, time_bound


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("web-fuzz")
    app = create_app(folder / "web.db", pool="thread", workers_count=2)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def games(client: TestClient) -> list[tuple[str, str]]:
    """One game of each kind on the server, as (id, a person's token)."""
    made = []
    for game_id in GAMES:
        seats = ["human"] * get_game(game_id).player_range()[0]
        r = client.post("/api/games", json={"game": game_id, "seats": seats, "seed": 1})
        assert r.status_code == 201, r.text
        body = r.json()
        made.append((body["id"], body["links"][0]["token"]))
    return made


def post(client: TestClient, url: str, body: Any, headers: Any = None) -> Any:
    """POST ``body`` as JSON as Python writes it (``Infinity`` and ``NaN``
    included, which strict JSON has not: a client may send them anyway)."""
    content = json.dumps(body).encode("utf-8", "surrogatepass")
    return client.post(
        url, content=content, headers={**(headers or {}), "content-type": "application/json"}
    )


def one_sentence(r: Any) -> None:
    """A refusal is a 4xx with a short ``detail``; anything else is a success."""
    assert r.status_code < 500, (r.status_code, r.text[:300])
    if r.status_code >= 400:
        detail = r.json()["detail"]
        assert isinstance(detail, str) and detail and "\n" not in detail, detail
        assert len(detail) <= 600 and "Traceback" not in detail, detail


def bodies() -> st.SearchStrategy[Any]:
    """A request body: any JSON value, or a create-like object with odd fields."""
    fields = st.fixed_dictionaries(
        {},
        optional={
            "game": st.one_of(st.sampled_from(GAMES), hostile_text(20), json_values(4)),
            "options": st.one_of(
                st.dictionaries(hostile_text(12), json_values(4), max_size=4), json_values(4)
            ),
            "seats": st.one_of(st.lists(hostile_text(15), max_size=20), json_values(4)),
            "dice": st.one_of(st.sampled_from(["random", "manual"]), json_values(2)),
            "hands": st.one_of(st.sampled_from(["hotseat", "per_seat"]), json_values(2)),
            "seed": json_values(2),
            "pace": json_values(2),
            "record": json_values(8),
            "move": json_values(2),
            "action": st.one_of(hostile_text(30), json_values(2)),
        },
    )
    return st.one_of(fields, json_values(10))


@fuzz(quick=60)
@given(body=bodies(), endpoint=st.sampled_from(["/api/games", "/api/games/import"]))
def test_any_body_to_create_or_import(client: TestClient, body: Any, endpoint: str) -> None:
    with time_bound():
        one_sentence(post(client, endpoint, body))


@fuzz(quick=20)
@given(raw=st.one_of(deep_json(), st.binary(max_size=200).map(lambda b: b.decode("latin-1"))))
def test_raw_and_deeply_nested_bodies(client: TestClient, raw: str) -> None:
    with time_bound():
        r = client.post(
            "/api/games", content=raw.encode("utf-8"), headers={"content-type": "application/json"}
        )
        one_sentence(r)


@fuzz(quick=60)
@given(data=st.data())
def test_any_request_to_a_game_in_progress(
    client: TestClient, games: list[tuple[str, str]], data: st.DataObject
) -> None:
    game_id, token = data.draw(st.sampled_from(games), label="game")
    target = data.draw(st.one_of(st.just(game_id), hostile_text(20).map(lambda s: s or "x")))
    target = quote(target, safe="")  # any id, as a browser would send it
    hdr = data.draw(st.one_of(st.just(token), st.none(), hostile_text(30)), label="token")
    headers: dict[str, bytes] = {}
    if hdr is not None:  # any bytes a header may carry (no control characters)
        raw = hdr.encode("utf-8", "replace")
        headers["X-Saloon-Token"] = bytes(b for b in raw if b >= 0x20 and b != 0x7F)
    kind = data.draw(st.sampled_from(["act", "undo", "view", "advice", "record", "replay"]))
    with time_bound():
        if kind == "act":
            view = client.get(f"/api/games/{game_id}", headers={"X-Saloon-Token": token}).json()
            valid = [a["notation"] for a in view.get("actions") or []] or ["x"]
            # What is drawn never depends on the game's state (hypothesis replays
            # examples): an index picks a legal action, None the current move.
            pick = data.draw(st.one_of(st.integers(0, 999), hostile_text(40)), label="action")
            action = valid[pick % len(valid)] if isinstance(pick, int) else pick
            moved = data.draw(st.one_of(st.none(), json_values(2)), label="move")
            move = view["move"] if moved is None else moved
            r = post(
                client, f"/api/games/{target}/actions", {"move": move, "action": action}, headers
            )
        elif kind == "undo":
            body = {"move": data.draw(json_values(2))}
            r = post(client, f"/api/games/{target}/undo", body, headers)
        elif kind == "replay":
            step = data.draw(st.one_of(st.integers(), hostile_text(10)))
            r = client.get(f"/api/games/{target}/replay", params={"step": step}, headers=headers)
        else:
            path = {"view": "", "advice": "/advice", "record": "/record"}[kind]
            r = client.get(f"/api/games/{target}{path}", headers=headers)
        one_sentence(r)
    # The games on the server still answer, and their records still replay.
    for gid, tok in games:
        view = client.get(f"/api/games/{gid}", headers={"X-Saloon-Token": tok})
        assert view.status_code == 200
        record = client.get(f"/api/games/{gid}/record", headers={"X-Saloon-Token": tok})
        if record.status_code == 403:  # a game with hidden hands, until it is over
            assert not get_game(view.json()["game"]).perfect_information
            assert not view.json()["record_allowed"] and view.json()["result"] is None
            continue
        assert record.status_code == 200
        GameRecord.from_json(json.loads(record.text)).replay()

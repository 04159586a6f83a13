"""The web table's JSON API, endpoint by endpoint, and every kind of bad input."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from fastapi.testclient import TestClient

from saloon.core import GameRecord, all_games, get_game

from .conftest import count_games, play_out, wait_for


def create(c: TestClient, **body: Any) -> dict[str, Any]:
    payload = {"game": "shootout", "seats": ["human", "random"], "seed": 5, "pace": 0, **body}
    r = c.post("/api/games", json=payload)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def h(token: str) -> dict[str, str]:
    return {"X-Saloon-Token": token}


def host_of(made: dict[str, Any]) -> str:
    """The host's link of a game just made."""
    return next(link["token"] for link in made["links"] if link["host"])


# -- the catalog ---------------------------------------------------------------------------


def test_catalog_lists_every_game_with_its_options_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    assert set(games) == {g.id for g in all_games()}
    shootout = games["shootout"]
    options = {o["name"]: o for o in shootout["options"]}
    assert options["variant"]["choices"] == ["standard", "veteran"]
    assert options["start"] == {**options["start"], "type": "int", "default": 17}
    assert options["start"]["help"]
    assert options["cards"]["optional"] and options["cards"]["type"] == "list of int"
    assert "heuristic" in shootout["agents"] and shootout["default_agent"] == "heuristic"
    assert "veteran" in shootout["variants"]
    assert games["d6shooters"]["max_players"] == 1
    seats = games["cowboys"]["variant_players"]
    assert seats["three-way-standoff"] == [3, 3] and seats["hickok-tutt"] == [2, 2]
    # a solitaire scenario's bot side, which the lobby seats as it says (CS-S8)
    scripted = games["cowboys"]["variant_scripted"]
    assert scripted["sundown-at-red-rock"] == {"1": "solo"} and scripted["hickok-tutt"] == {}


def test_a_scenario_for_three_refuses_two_seats(client: TestClient) -> None:
    body = {
        "game": "cowboys",
        "options": {"scenario": "three-way-standoff"},
        "seats": ["human", "random"],
    }
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422
    assert answer.json()["detail"] == "cowboys takes 3 players, not 2"


def test_openapi_page_documents_every_route(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in [
        "/api/catalog",
        "/api/games",
        "/api/games/mine",
        "/api/games/import",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/skip",
        "/api/games/{game_id}/advice",
        "/api/games/{game_id}/record",
        "/api/games/{game_id}/replay",
        "/api/games/{game_id}/events",
        "/api/games/{game_id}/spectators",
    ]:
        assert path in paths, path
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/openapi.json" in docs.text
    # The page is the package's own: nothing comes from a CDN (offline it still works).
    assert "http://" not in docs.text and "https://" not in docs.text


def test_pages_and_static_files_are_served(client: TestClient) -> None:
    for path in ["/", "/table/abc", "/replay/abc"]:
        r = client.get(path)
        assert r.status_code == 200 and '<template id="table-tpl">' in r.text
    assert "TableView" in client.get("/static/app.js").text
    assert client.get("/static/style.css").status_code == 200
    assert "http://" not in client.get("/").text.replace("http://www.w3.org", "")


# -- a game from start to end ----------------------------------------------------------------


def test_create_gives_unguessable_tokens_and_a_view(client: TestClient) -> None:
    made = create(client, hands="per_seat", seats=["human", "human"])
    assert [link["seats"] for link in made["links"]] == [[0], [1], []]
    assert [link["kind"] for link in made["links"]] == ["seat", "seat", "host"]
    for link in made["links"]:
        assert len(base64.urlsafe_b64decode(link["token"] + "==")) * 8 >= 128
        assert link["url"] == f"/table/{made['id']}#{link['token']}"
    assert len({link["token"] for link in made["links"]}) == 3
    assert made["view"]["pending"] == "person" and made["view"]["seat"] == 0
    mover = made["view"]["to_move"]
    view = client.get(f"/api/games/{made['id']}", headers=h(made["links"][mover]["token"])).json()
    assert view["seat"] == mover and view["your_turn"]
    assert [a["notation"] for a in view["actions"]] == ["retreat", "move", "colt", "winchester"]
    assert view["svg"].startswith("<svg") and view["rules"]


def test_a_whole_game_against_a_bot_and_its_record(client: TestClient) -> None:
    made = create(client)
    token = made["links"][0]["token"]
    final = play_out(client, made["id"], token, pick=1)
    assert final["result"]["winners"] and final["actions"] is None
    record = GameRecord.from_json(
        client.get(f"/api/games/{made['id']}/record", headers=h(token)).json()
    )
    state = record.replay()
    assert state.is_over and state.result().to_dict()["scores"] == final["result"]["scores"]
    assert record.seats == ["human", "random"] and record.seed == 5
    assert record.advisor is True and record.practice_undo is False  # one person: on
    listed = client.post("/api/games/mine", json={"tokens": [token]}).json()["games"]
    assert listed[0]["id"] == made["id"] and listed[0]["over"] and listed[0]["link"] == "host"
    assert token not in str(listed)


def test_the_same_seed_and_choices_give_the_same_game(client: TestClient) -> None:
    records = []
    for _ in range(2):
        made = create(client, seats=["human", "heuristic"], seed=11)
        token = made["links"][0]["token"]
        play_out(client, made["id"], token, pick=1)
        records.append(
            client.get(f"/api/games/{made['id']}/record", headers=h(token)).json()["moves"]
        )
    assert records[0] == records[1]


def test_bots_only_game_plays_itself(client: TestClient) -> None:
    made = create(client, seats=["random", "heuristic"])
    assert made["view"]["seat"] is None and made["view"]["actions"] is None
    watcher = host_of(made)
    assert wait_for(client, made["id"], watcher, until="over")["result"] is not None


def test_advice_for_the_seat_to_move(client: TestClient) -> None:
    made = create(client, game="d6shooters", seats=["human"], options={"version": "shorter"})
    token, gid = made["links"][0]["token"], made["id"]
    view = made["view"]
    r = client.get(f"/api/games/{gid}/advice", params={"move": view["move"]}, headers=h(token))
    assert r.status_code == 200
    assert r.json()["note"]  # what the values mean, or why there are none
    if r.json()["values"] is None:  # no advice here: roll the dice
        view = client.post(
            f"/api/games/{gid}/actions",
            json={"move": view["move"], "action": "roll"},
            headers=h(token),
        ).json()
        r = client.get(f"/api/games/{gid}/advice", params={"move": view["move"]}, headers=h(token))
    values = r.json()["values"]
    legal = {a["notation"] for a in view["actions"]}
    assert values and {v["action"] for v in values} == legal
    assert values == sorted(values, key=lambda v: -v["value"])
    stale = client.get(
        f"/api/games/{gid}/advice", params={"move": view["move"] + 1}, headers=h(token)
    )
    assert stale.status_code == 409


def test_undo_cannot_peek_at_the_dice_in_the_d6_shooters(client: TestClient) -> None:
    """The d6 Shooters: a roll once made is never taken back, so a keep
    cannot be tried against dice already seen."""
    made = create(client, game="d6shooters", seats=["human"], seed=3)
    token, gid = made["links"][0]["token"], made["id"]
    start = made["view"]
    assert not start["can_undo"]
    nothing = client.post(f"/api/games/{gid}/undo", json={"move": start["move"]}, headers=h(token))
    assert nothing.status_code == 409 and "nothing to undo" in nothing.json()["detail"]
    after = client.post(
        f"/api/games/{gid}/actions",
        json={"move": start["move"], "action": "roll"},
        headers=h(token),
    ).json()
    assert after["move"] > start["move"] and not after["can_undo"]
    refused = client.post(f"/api/games/{gid}/undo", json={"move": after["move"]}, headers=h(token))
    assert refused.status_code == 409 and "past a roll" in refused.json()["detail"]
    assert client.get(f"/api/games/{gid}", headers=h(token)).json()["move"] == after["move"]


def test_undo_cannot_peek_at_the_dice_in_shoot_out(client: TestClient) -> None:
    """The browser's report: player 2 fired the Colt, missed, pressed undo
    and fired the Winchester into the same d20. Now the miss stands."""
    made = create(client, seats=["human", "human"], seed=5)
    token, gid = made["links"][0]["token"], made["id"]
    view = made["view"]
    shooter = view["to_move"]
    view = client.post(
        f"/api/games/{gid}/actions", json={"move": view["move"], "action": "colt"}, headers=h(token)
    ).json()
    assert view["to_move"] != shooter or view["pending"] == "over"
    refused = client.post(f"/api/games/{gid}/undo", json={"move": view["move"]}, headers=h(token))
    assert refused.status_code == 409 and "d20" in refused.json()["detail"]
    assert "undo never goes back past a roll" in refused.json()["detail"]


def test_practice_undo_goes_back_and_the_dice_fall_the_same(client: TestClient) -> None:
    made = create(client, game="d6shooters", seats=["human"], seed=3, practice_undo=True)
    token, gid = made["links"][0]["token"], made["id"]
    start = made["view"]
    assert start["practice_undo"]
    action = start["actions"][0]["notation"]
    after = client.post(
        f"/api/games/{gid}/actions",
        json={"move": start["move"], "action": action},
        headers=h(token),
    ).json()
    assert after["move"] > start["move"] and after["can_undo"]
    stale = client.post(f"/api/games/{gid}/undo", json={"move": start["move"]}, headers=h(token))
    assert stale.status_code == 409
    undone = client.post(f"/api/games/{gid}/undo", json={"move": after["move"]}, headers=h(token))
    assert undone.status_code == 200
    assert undone.json()["undone"] == after["move"] - start["move"]
    back = undone.json()["view"]
    assert back["move"] == start["move"] and back["svg"] == start["svg"]
    again = client.post(
        f"/api/games/{gid}/actions", json={"move": back["move"], "action": action}, headers=h(token)
    ).json()
    assert again["svg"] == after["svg"] and again["log"] == after["log"]
    record = client.get(f"/api/games/{gid}/record", headers=h(token)).json()
    assert record["practice_undo"] is True


def test_practice_undo_is_for_one_person(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={"game": "shootout", "seats": ["human", "human"], "practice_undo": True},
    )
    assert r.status_code == 422 and "practice undo is for a table of one person" in r.text


def test_undo_never_reopens_a_finished_game(client: TestClient) -> None:
    made = create(client, practice_undo=True)
    token, gid = made["links"][0]["token"], made["id"]
    final = play_out(client, gid, token)
    assert not final["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"move": final["move"]}, headers=h(token))
    assert r.status_code == 409 and "the game is over" in r.json()["detail"]


def test_the_advisor_is_the_tables_choice(client: TestClient) -> None:
    """On for one person; off for two unless the table turns it on; shown
    on the table and kept in the record."""
    solo = create(client, game="d6shooters", seats=["human"])
    assert solo["view"]["advisor"] is True
    pair = create(client, seats=["human", "human"])
    token, gid, view = pair["links"][0]["token"], pair["id"], pair["view"]
    assert view["advisor"] is False
    r = client.get(f"/api/games/{gid}/advice", params={"move": view["move"]}, headers=h(token))
    assert r.status_code == 403 and "advisor is off" in r.json()["detail"]
    on = create(client, seats=["human", "human"], advisor=True)
    assert on["view"]["advisor"] is True
    r = client.get(
        f"/api/games/{on['id']}/advice",
        params={"move": on["view"]["move"]},
        headers=h(on["links"][0]["token"]),
    )
    assert r.status_code == 200 and r.json()["values"]


def test_skip_and_pace(client: TestClient) -> None:
    made = create(client, seats=["human", "heuristic"], pace=5)
    token, gid = made["links"][0]["token"], made["id"]
    view = made["view"]
    client.post(
        f"/api/games/{gid}/actions", json={"move": view["move"], "action": "move"}, headers=h(token)
    )
    assert client.post(f"/api/games/{gid}/skip", headers=h(token)).json() == {"skipping": True}
    assert wait_for(client, gid, token, timeout=4)["pending"] in ("person", "over")


def test_replay_frames(client: TestClient) -> None:
    made = create(client)
    gid = made["id"]
    token = made["links"][0]["token"]
    final = play_out(client, gid, token)
    url = f"/api/games/{gid}/replay"
    start = client.get(url, params={"step": 0}, headers=h(token)).json()
    assert start["step"] == 0 and start["last"] is None and start["steps"] == final["move"]
    end = client.get(url, params={"step": final["move"]}, headers=h(token)).json()
    assert end["over"] and end["svg"] == final["svg"]
    one = client.get(url, params={"step": 1}, headers=h(token)).json()
    assert one["last"]["by"] == "chance"
    past = client.get(url, params={"step": final["move"] + 1}, headers=h(token))
    assert past.status_code == 422 and "past the end" in past.json()["detail"]
    assert client.get(url, params={"step": 0, "seat": 7}, headers=h(token)).status_code == 422
    assert client.get(url, params={"step": -1}, headers=h(token)).status_code == 422
    # Frames past a checkpoint and back agree with the game played straight.
    for step in (final["move"], 70, 3, 0, 64, final["move"] - 1):
        if 0 <= step <= final["move"]:
            frame = client.get(url, params={"step": step}, headers=h(token))
            assert frame.status_code == 200 and frame.json()["step"] == step
    assert client.get(url, params={"step": 0}).status_code == 401


def test_import_a_finished_record_and_an_unfinished_one(client: TestClient) -> None:
    made = create(client)
    gid = made["id"]
    play_out(client, gid, made["links"][0]["token"])
    record = client.get(f"/api/games/{gid}/record", headers=h(made["links"][0]["token"])).json()
    imported = client.post("/api/games/import", json={"record": record})
    assert imported.status_code == 201
    assert imported.json()["view"]["pending"] == "over"
    again = client.get(
        f"/api/games/{imported.json()['id']}/record",
        params={"token": imported.json()["links"][0]["token"]},
    )
    assert again.json()["moves"] == record["moves"]
    assert "attachment" in again.headers["content-disposition"]

    half = {**record, "moves": record["moves"][:5], "result": None}
    carried = client.post("/api/games/import", json={"record": half, "pace": 0}).json()
    assert carried["view"]["move"] >= 5
    end = play_out(client, carried["id"], carried["links"][0]["token"])
    assert end["pending"] == "over"


def test_no_seat_reads_a_file_on_the_server(client: TestClient) -> None:
    """``policy:file=PATH`` is for the command line: a visitor naming it
    could probe the server's files (which exist, which are readable)."""
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    assert all("policy" not in g["agents"] for g in games.values())
    made = create(client)
    play_out(client, made["id"], made["links"][0]["token"])
    record = client.get(
        f"/api/games/{made['id']}/record", headers=h(made["links"][0]["token"])
    ).json()
    seats = ["human", "policy:file=secret.npz"]
    refused = client.post("/api/games/import", json={"record": record, "seats": seats})
    assert refused.status_code == 422 and "policy" in refused.json()["detail"]
    named = client.post("/api/games/import", json={"record": {**record, "seats": seats}})
    # A record's seat the server does not seat is refused, not made a person.
    assert named.status_code == 422, named.text
    assert "the record's seat 2 is 'policy:file=secret.npz'" in named.json()["detail"]
    unknown = client.post(
        "/api/games/import", json={"record": {**record, "seats": ["human", "mcts:depth=9"]}}
    )
    assert unknown.status_code == 422 and "seat 2" in unknown.json()["detail"]
    # ... while the names Saloon writes for unnamed seats are people.
    plain = client.post(
        "/api/games/import", json={"record": {**record, "seats": ["player 1", "player 2"]}}
    )
    assert plain.status_code == 201, plain.text


def test_delete_takes_the_hosts_link(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], hands="per_seat")
    other = create(client)
    gid = made["id"]
    seat, host = made["links"][0]["token"], host_of(made)
    assert client.delete(f"/api/games/{gid}").status_code == 401
    assert (
        client.delete(f"/api/games/{gid}", headers=h(other["links"][0]["token"])).status_code == 403
    )
    refused = client.delete(f"/api/games/{gid}", headers=h(seat))
    assert refused.status_code == 403 and "host's link" in refused.json()["detail"]
    assert client.delete(f"/api/games/{gid}", headers=h(host)).json() == {"deleted": gid}
    assert client.get(f"/api/games/{gid}", headers=h(host)).status_code == 404
    mine = client.post("/api/games/mine", json={"tokens": [seat, host]}).json()["games"]
    assert mine == []


def test_who_may_watch_skip_and_issue_links(client: TestClient) -> None:
    """Watching takes a link (a seat's, the host's or a spectator's, which the
    host issues); skip takes a seat's or the host's; a spectator plays nothing."""
    made = create(client, seats=["human", "human"], hands="per_seat")
    gid, seat, host = made["id"], made["links"][0]["token"], host_of(made)
    unseen = client.get(f"/api/games/{gid}")
    assert unseen.status_code == 401 and "links" in unseen.json()["detail"]
    assert client.get(f"/api/games/{gid}/events").status_code == 401
    refused = client.post(f"/api/games/{gid}/spectators", headers=h(seat))
    assert refused.status_code == 403 and "host" in refused.json()["detail"]
    link = client.post(f"/api/games/{gid}/spectators", headers=h(host))
    assert link.status_code == 201 and link.json()["kind"] == "spectator"
    watcher = link.json()["token"]
    view = client.get(f"/api/games/{gid}", headers=h(watcher)).json()
    assert view["link"] == "spectator" and view["seat"] is None and view["actions"] is None
    assert client.post(f"/api/games/{gid}/skip", headers=h(watcher)).status_code == 403
    assert client.post(f"/api/games/{gid}/skip", headers=h(seat)).status_code == 200
    assert client.post(f"/api/games/{gid}/skip", headers=h(host)).status_code == 200
    act = client.post(
        f"/api/games/{gid}/actions",
        json={"move": view["move"], "action": "move"},
        headers=h(watcher),
    )
    assert act.status_code == 403
    assert client.delete(f"/api/games/{gid}", headers=h(watcher)).status_code == 403


def test_a_browser_lists_only_the_games_it_holds_links_to(client: TestClient) -> None:
    first = create(client)
    second = create(client)
    mine = client.post("/api/games/mine", json={"tokens": [first["links"][0]["token"]]}).json()
    assert [g["id"] for g in mine["games"]] == [first["id"]]
    stranger = client.post("/api/games/mine", json={"tokens": []}).json()
    assert stranger["games"] == []
    made_up = client.post("/api/games/mine", json={"tokens": ["x" * 32]}).json()
    assert made_up["games"] == [] and second["id"] not in str(mine)
    assert client.get("/api/games").status_code == 405


def test_manual_dice_are_entered_by_the_referee(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], dice="manual", hands="per_seat")
    gid = made["id"]
    p1, p2, host = (link["token"] for link in made["links"])
    assert made["links"][2]["referee"]
    view = client.get(f"/api/games/{gid}", headers=h(host)).json()
    assert view["pending"] == "dice" and "first" in view["dice_prompt"]
    assert view["your_turn"] and "first p1" in view["dice_outcomes"]
    p1_view = client.get(f"/api/games/{gid}", headers=h(p1)).json()
    assert p1_view["dice_prompt"] is None and not p1_view["your_turn"]
    refused = client.post(
        f"/api/games/{gid}/actions", json={"move": 0, "action": "first p1"}, headers=h(p1)
    )
    assert refused.status_code == 403 and "referee" in refused.json()["detail"]
    typo = client.post(
        f"/api/games/{gid}/actions", json={"move": 0, "action": "card 99"}, headers=h(host)
    )
    assert typo.status_code == 422 and "cannot happen here" in typo.json()["detail"]
    ok = client.post(
        f"/api/games/{gid}/actions", json={"move": 0, "action": "first p2"}, headers=h(host)
    )
    assert ok.status_code == 200 and ok.json()["move"] == 1
    ok = client.post(
        f"/api/games/{gid}/actions", json={"move": 1, "action": "card 5"}, headers=h(host)
    )
    assert ok.json()["pending"] == "person" and ok.json()["to_move"] == 1
    moved = client.post(
        f"/api/games/{gid}/actions", json={"move": 2, "action": "move"}, headers=h(p2)
    )
    assert moved.status_code == 200


def test_hotseat_one_link_plays_every_seat(client: TestClient) -> None:
    made = create(client, seats=["human", "human"])
    assert len(made["links"]) == 1 and made["links"][0]["seats"] == [0, 1]
    token = made["links"][0]["token"]
    seen = set()
    view = made["view"]
    while view["pending"] != "over" and len(seen) < 2:
        seen.add(view["to_move"])
        assert view["seat"] == view["to_move"] and view["your_turn"]
        view = client.post(
            f"/api/games/{made['id']}/actions",
            json={"move": view["move"], "action": view["actions"][1]["notation"]},
            headers=h(token),
        ).json()
    assert seen == {0, 1}


# -- bad input: one clear 4xx each, and the game unharmed ---------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess", "seats": ["human"]}, 422, "no game called 'chess'"),
        ({"game": "shootout", "seats": ["human"]}, 422, "takes 2 players, not 1"),
        ({"game": "shootout", "seats": ["human", "robot"]}, 422, "no agent called 'robot'"),
        ({"game": "shootout", "seats": ["human", "mcts:iters=2"]}, 422, "iters"),
        (
            {"game": "shootout", "seats": ["human", "human"], "options": {"tagret": 1}},
            422,
            "unknown option 'tagret'",
        ),
        (
            {"game": "shootout", "seats": ["human", "human"], "options": {"start": 99}},
            422,
            "start=99",
        ),
        (
            {"game": "shootout", "seats": ["human", "human"], "options": {"start": "far"}},
            422,
            "whole number",
        ),
        ({"game": "shootout", "seats": "human"}, 422, "seats"),
        ({"game": "shootout", "seats": []}, 422, "seats"),
        ({"game": 7, "seats": ["human", "human"]}, 422, "game"),
        ({"seats": ["human", "human"]}, 422, "game is missing"),
        (
            {"game": "shootout", "seats": ["human", "human"], "colour": "red"},
            422,
            "colour is not a field",
        ),
        ({"game": "shootout", "seats": ["human", "human"], "seed": -1}, 422, "seed"),
        ({"game": "shootout", "seats": ["human", "human"], "pace": 99}, 422, "pace"),
        ({"game": "shootout", "seats": ["human", "human"], "dice": "loaded"}, 422, "dice"),
        (
            {"game": "shootout", "seats": ["human", "policy:file=duel.npz"]},
            422,
            "reads a file on this machine",
        ),
    ],
)
def test_bad_new_games_are_refused_in_one_sentence(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    before = count_games(client)
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and words in detail
    assert count_games(client) == before


def test_bad_actions_are_refused_and_the_game_is_unharmed(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], hands="per_seat")
    gid = made["id"]
    mover = made["view"]["to_move"]
    p1 = made["links"][mover]["token"]  # the seat to move
    p2 = made["links"][1 - mover]["token"]
    host = made["links"][2]["token"]
    turn = f"player {mover + 1}'s turn"
    url = f"/api/games/{gid}/actions"
    before = client.get(f"/api/games/{gid}", headers=h(p1)).json()
    move = before["move"]
    cases: list[tuple[dict[str, Any], Any, int, str]] = [
        (
            {"headers": {**h(p1), "content-type": "application/json"}, "content": b"{not json"},
            None,
            400,
            "not valid JSON",
        ),
        ({"headers": h(p1), "json": {"move": "two", "action": "move"}}, None, 422, "move"),
        ({"headers": h(p1), "json": {"move": move}}, None, 422, "action is missing"),
        ({"headers": h(p1), "json": {"move": move, "action": ""}}, None, 422, "action"),
        ({"headers": h(p1), "json": {"move": move, "action": "x" * 600}}, None, 422, "action"),
        ({"headers": h(p1), "json": {"move": move, "action": "fly"}}, None, 422, "fly"),
        ({"headers": h(p1), "json": {"move": move, "action": "d20 7"}}, None, 422, "not legal"),
        ({"headers": h(p1), "json": {"move": move - 1, "action": "move"}}, None, 409, "stale"),
        ({"headers": h(p1), "json": {"move": move + 3, "action": "move"}}, None, 409, "stale"),
        ({"headers": h(p2), "json": {"move": move, "action": "move"}}, None, 403, turn),
        ({"headers": h(host), "json": {"move": move, "action": "move"}}, None, 403, turn),
        ({"json": {"move": move, "action": "move"}}, None, 401, "links"),
        (
            {"headers": h("x" * 32), "json": {"move": move, "action": "move"}},
            None,
            403,
            "not a link of this game",
        ),
        (
            {"headers": {**h(p1), "content-type": "application/json"}, "content": b"[" * 3_000_000},
            None,
            413,
            "over",
        ),
    ]
    for kwargs, _, status, words in cases:
        r = client.post(url, **kwargs)
        assert r.status_code == status, (kwargs.get("json"), r.text)
        assert words in r.json()["detail"], r.json()
    after = client.get(f"/api/games/{gid}", headers=h(p1)).json()
    assert after == before
    assert client.post(url, json={"move": move, "action": "move"}, headers=h(p1)).status_code == 200


def test_unknown_games_and_bad_queries(client: TestClient) -> None:
    assert client.get("/api/games/nosuch").status_code == 404
    assert "no game 'nosuch'" in client.get("/api/games/nosuch").json()["detail"]
    assert (
        client.post("/api/games/nosuch/actions", json={"move": 0, "action": "x"}).status_code == 404
    )
    assert client.get("/api/games/nosuch/record").status_code == 404
    made = create(client)
    token = h(made["links"][0]["token"])
    bad = client.get(f"/api/games/{made['id']}/advice", params={"move": "x"}, headers=token)
    assert bad.status_code == 422 and "move" in bad.json()["detail"]
    assert client.get(f"/api/games/{made['id']}/advice", params={"move": 0}).status_code == 401


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"format": "chess-pgn"}, "not a Saloon record"),
        ({"format": "saloon-record/1", "game": "shootout"}, "missing or has a malformed field"),
        (
            {
                "format": "saloon-record/1",
                "game": "nope",
                "options": {},
                "seats": ["human"],
                "moves": [],
            },
            "no game called 'nope'",
        ),
        (
            {
                "format": "saloon-record/1",
                "game": "shootout",
                "options": {},
                "seats": ["human", "human"],
                "moves": [{"by": 0, "move": "move"}],
            },
            "step 1",
        ),
    ],
)
def test_bad_records_are_refused(client: TestClient, record: dict[str, Any], words: str) -> None:
    r = client.post("/api/games/import", json={"record": record})
    assert r.status_code == 422 and words in r.json()["detail"], r.text


def test_a_game_survives_the_store_being_read_back(client: TestClient) -> None:
    """The in-memory copy forgotten (as after a restart), the stored game
    reads back to the same place and plays on."""
    made = create(client, game="d6shooters", seats=["human"])
    gid, token = made["id"], made["links"][0]["token"]
    view = client.post(
        f"/api/games/{gid}/actions",
        json={"move": made["view"]["move"], "action": made["view"]["actions"][0]["notation"]},
        headers=h(token),
    ).json()
    tables = client.app.state.tables  # type: ignore[attr-defined]
    tables.tables.clear()
    again = client.get(f"/api/games/{gid}", headers=h(token)).json()
    assert again == view
    assert get_game("d6shooters").id == again["game"]


def test_house_rules_are_taken_as_the_list_the_catalog_describes(client: TestClient) -> None:
    body = {
        "game": "dungeons",
        "seats": ["human", "random"],
        "options": {"house_rules": ["uneventful", "quiet_space"]},
    }
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    assert made.json()["view"]["options"]["house_rules"] == ["uneventful", "quiet_space"]
    catalog = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    house = next(o for o in catalog["dungeons"]["options"] if o["name"] == "house_rules")
    assert house["type"] == "list of str"


def test_the_web_names_only_the_bots_it_seats(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "shootout", "seats": ["human", "robot"]})
    assert r.status_code == 422 and "no agent called 'robot'" in r.json()["detail"]
    assert "policy" not in r.json()["detail"]

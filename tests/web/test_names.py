"""The lobby and the table speak in names (issue 36, item 5): variants by
title with a line saying what they are, options by label with help, seats
by the side they play, the table's heading by the variant's title."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from saloon.core.registry import all_games, get_game
from saloon.web.views import heading


def test_the_catalog_names_every_variant_option_and_seat(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    for g in all_games():
        entry: dict[str, Any] = games[g.id]
        assert set(entry["variant_info"]) == set(g.variants())
        for name, info in entry["variant_info"].items():
            assert info["title"] and info["title"] != name, (g.id, name, info)
        for option in entry["options"]:
            assert option["label"] and "_" not in option["label"], (g.id, option["name"])
        for name, seats in entry["variant_seats"].items():
            assert len(seats) == g.player_range(g.variants()[name])[1]
    d6 = games["d6shooters"]["variant_info"]["ep1-easier-d6"]
    assert d6["title"] == "Episode 1: Long Road to Reno (easier), Event die"
    assert "free Special Item" in d6["about"]
    assert games["shootout"]["variant_info"]["veteran"]["about"].startswith("the rulebook's")
    cowboys = games["cowboys"]
    assert cowboys["variant_info"]["ok-corral"]["title"] == "The Gunfight near the O.K. Corral"
    assert cowboys["variant_seats"]["ok-corral"] == ["Earps", "Cowboys"]
    assert cowboys["variant_seats"]["three-way-standoff"] == [
        "The Stranger",
        "The Colonel",
        "The Kid",
    ]


def test_the_heading_is_the_variants_title_or_the_options_in_words() -> None:
    game = get_game("d6shooters")
    assert heading(game, game.variants()["ep2-standard-cards"]).startswith("Episode 2: Ghost")
    shootout = get_game("shootout")
    assert heading(shootout, shootout.options()) == ""  # the standard game needs no heading
    odd = shootout.parse_options(["target=9", "reload_from=3"])
    assert heading(shootout, odd) == "Card points to win: 9; Retreat reloads from space: 3"


def test_a_table_names_its_seats_by_their_sides(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={
            "game": "cowboys",
            "options": {"scenario": "hickok-tutt"},
            "seats": ["human", "random"],
        },
    ).json()
    seats = made["view"]["seats"]
    assert [s["name"] for s in seats] == ["Seat 1: Hickok (you)", "Seat 2: Tutt (random)"]
    assert made["view"]["heading"] == "Wild Bill and Davis Tutt"


def test_a_table_names_its_seats(client: TestClient) -> None:
    made = client.post(
        "/api/games", json={"game": "shootout", "seats": ["human", "random"], "seed": 1}
    ).json()
    seats = made["view"]["seats"]
    assert [s["side"] for s in seats] == ["Player 1", "Player 2"]
    assert seats[0]["name"] == "Player 1 (you)" and seats[1]["name"] == "Player 2 (random)"

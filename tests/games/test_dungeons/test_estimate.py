"""The estimate a search reads where it cuts a rollout (``saloon.games.dungeons.estimate``)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from saloon.games.dungeons import estimate as est
from saloon.games.dungeons.content import STYX

from .conftest import scene, setup_game


def test_equal_heroes_are_equally_placed_and_the_values_sum_to_nothing() -> None:
    s = setup_game(3)
    assert len({est.features(s, p) for p in range(3)}) == 1
    e = s.estimate()
    assert max(e) - min(e) < 1e-9
    assert abs(sum(e)) < 1e-9


def test_glory_in_the_backpack_puts_a_hero_ahead() -> None:
    s = scene(setup_game(2), 0)
    even = s.estimate()
    s.heroes[1] = replace(s.heroes[1], backpack=(s.decks["bounty"].cards[0],))
    ahead = s.estimate()
    assert ahead[1] > even[1] and ahead[0] < even[0]
    assert est.expected_glory(s, 1) > est.expected_glory(s, 0)


def test_the_season_left_falls_turn_by_turn() -> None:
    s = scene(setup_game(2), 0)
    assert est.season_left(s) == 1.0
    assert s.turn is not None
    s.turn = replace(s.turn, seat=1)
    assert est.season_left(s) == pytest.approx(1 - 1 / 6)
    s.round = 3
    assert est.season_left(s) == pytest.approx(1 - 5 / 6)


def test_features_read_the_hero_as_named() -> None:
    s = scene(setup_game(2), 0, heroes={1: {"coins": 7, "hp": 2, "space": STYX}})
    f = dict(zip(est.FEATURES, est.features(s, 1), strict=True))
    assert (f["coins"], f["hp"], f["dead"], f["stats"]) == (7, 2, 1, 17)


def test_a_table_fitted_on_other_features_is_refused(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    raw = json.loads(est.TABLE.read_text())
    raw["features"] = raw["features"][:-1]
    bad = tmp_path / "estimate.json"
    bad.write_text(json.dumps(raw))
    monkeypatch.setattr(est, "TABLE", bad)
    est.weights.cache_clear()
    try:
        with pytest.raises(ValueError, match="other features"):
            est.weights()
    finally:
        est.weights.cache_clear()


def test_the_hide_collections_chance_grows_with_turns_and_falls_with_hides_missing() -> None:
    """Part III: the table's one chance, fitted on heuristic self-play (the
    heuristic wins about a quarter of solo games from the start, and a
    coin's toss worth of them when the turns left match the hides missing
    about three to one)."""
    chance = {}
    for mode, players in (("solo", 1), ("coop", 2)):
        s = setup_game(players, mode=mode)
        for turns, missing in ((4, 15), (5, 15), (4, 10), (2, 5), (1, 1)):
            s.max_turns, s.round = turns, 1
            s.collection = tuple(m.id for m in s.content.monsters)[: 15 - missing]
            p = (est.hides_estimate(s) / est.SCALE + 1) / 2
            chance[mode, turns, missing] = p
            assert s.estimate() == (est.hides_estimate(s),) * players
    for mode in ("solo", "coop"):
        assert chance[mode, 5, 15] > chance[mode, 4, 15]
        assert chance[mode, 4, 10] > chance[mode, 4, 15]
        assert chance["solo", 4, 15] > chance["coop", 4, 15]
    assert 0.05 < chance["solo", 4, 15] < 0.35
    s.collection = tuple(m.id for m in s.content.monsters)
    assert est.hides_estimate(s) == est.SCALE

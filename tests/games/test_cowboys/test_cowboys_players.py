"""A seat is a side, and each scenario fixes how many sides there are
(Cowboys rulebook, Game Set Up; ruling CS-F6): the count comes from
``Game.player_range(options)``, which the table, the lab and the web use."""

from __future__ import annotations

import pytest

from saloon.cli.common import check_seat_count, players_text
from saloon.core.errors import SaloonError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.options import CowboysOptions

DUEL = CowboysOptions(scenario="hickok-tutt")
THREE = CowboysOptions(scenario="three-way-standoff")


def test_each_scenario_fixes_its_player_count() -> None:
    assert GAME.player_range(DUEL) == (2, 2)
    assert GAME.player_range(THREE) == (3, 3)
    assert GAME.info(THREE).min_players == GAME.info(THREE).max_players == 3
    assert GAME.new_state(THREE).num_players == 3


def test_the_seat_count_is_checked_against_the_scenario() -> None:
    assert check_seat_count(GAME, 3, THREE) is False
    assert players_text(GAME, THREE) == "3"
    with pytest.raises(SaloonError, match="takes 3 players, not 2"):
        check_seat_count(GAME, 2, THREE)
    with pytest.raises(SaloonError, match="takes 2 players, not 3"):
        check_seat_count(GAME, 3, DUEL)

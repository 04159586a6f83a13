"""The Heroic Benefits that replace the Heroic Quest deck in solo and co-op
(Part III, Heroic Quest Deck Replacement; ruling DG-R67; content DG-C24):
a D8 (solo) or D10 (co-op) after a full turn, three skill markers, the
choice when none is free, a benefit used once like a potion."""

from __future__ import annotations

import pytest

from saloon.core.state import CHANCE
from saloon.games.dungeons.content import load_content
from saloon.games.dungeons.rules import hides

from .conftest import do, hero, legal, log_text
from .test_hide_collection import hide_scene

FULL = {"actions": 0, "spent": 3}


def test_a_full_turn_rolls_a_d8_in_solo_and_marks_the_benefit() -> None:
    s = hide_scene(turn=FULL)
    do(s, "rest")
    assert s.to_move == CHANCE and "d8" in s.chance_prompt()
    do(s, "3")
    assert s.benefits == ("quick-feet",)
    assert "a skill marker goes on Quick Feet" in log_text(s)
    assert s.view(0)["benefits"] == ["quick-feet"]


def test_co_op_rolls_a_d10_and_an_early_rest_rolls_nothing() -> None:
    s = hide_scene(mode="coop", players=2, turn=FULL)
    do(s, "rest")
    assert "d10" in s.chance_prompt()
    do(s, "10")
    assert s.benefits == ("forced-march",)
    s = hide_scene(turn={"actions": 2, "spent": 1})
    do(s, "rest")
    assert s.benefits == () and s.round == 2


def test_a_benefit_held_already_gives_nothing() -> None:
    s = hide_scene(turn=FULL)
    s.benefits = ("quick-feet",)
    do(s, "rest", "3")
    assert s.benefits == ("quick-feet",) and "marked already" in log_text(s)


@pytest.mark.parametrize("answer", ["drop coin-purse", "pass"])
def test_with_no_marker_free_move_one_or_gain_nothing(answer: str) -> None:
    s = hide_scene(turn=FULL)
    s.benefits = ("second-wind", "coin-purse", "battle-cry")
    do(s, "rest", "6")
    assert legal(s) == ["drop second-wind", "drop coin-purse", "drop battle-cry", "pass"]
    do(s, answer)
    if answer == "pass":
        assert s.benefits == ("second-wind", "coin-purse", "battle-cry")
        assert "gains nothing" in log_text(s)
    else:
        assert s.benefits == ("second-wind", "forager", "battle-cry")


def test_a_benefit_is_used_once_in_ones_turn_and_frees_its_marker() -> None:
    s = hide_scene(coins=0)
    s.benefits = ("coin-purse", "battle-cry")
    assert "benefit coin-purse" in legal(s)
    assert "benefit battle-cry" not in legal(s)  # after a roll in a fight only
    do(s, "benefit coin-purse")
    assert hero(s, 0).coins == 3 and s.benefits == ("battle-cry",)
    with pytest.raises(ValueError, match="No marker stands"):
        do(s, "benefit coin-purse")


def test_the_benefits_are_ten_reconstructed() -> None:
    c = load_content()
    assert len(c.benefits) == 10 and "benefits.toml" in c.reconstructed
    assert hides.BENEFIT_MARKERS == 3

"""Dice sources: seeded random dice, scripted dice, manual dice."""

from __future__ import annotations

import numpy as np
import pytest

from saloon.core import (
    DiceExhausted,
    IllegalAction,
    ManualDice,
    RandomDice,
    ScriptedDice,
    State,
    get_game,
)


def _rolls(dice: RandomDice, n: int = 30) -> list[str]:
    game = get_game("shootout")
    out: list[str] = []
    state = game.new_state()
    for _ in range(n):
        out.append(str(dice.roll(state)))
    return out


def _at_card(first: str = "first p1") -> State:
    state = get_game("shootout").new_state()
    state.apply(state.game.parse_action(first))
    return state


def test_random_dice_reproducible_by_seed() -> None:
    assert _rolls(RandomDice(11)) == _rolls(RandomDice(11))
    assert _rolls(RandomDice(11)) != _rolls(RandomDice(12))
    assert set(_rolls(RandomDice(3), 200)) == {"first p1", "first p2"}
    a = RandomDice(np.random.SeedSequence(5))
    b = RandomDice(np.random.SeedSequence(5))
    assert a.seed is None and _rolls(a) == _rolls(b)


def test_scripted_dice_in_order_and_checked() -> None:
    game = get_game("shootout")
    state = game.new_state()
    dice = ScriptedDice(["first p2", game.parse_action("card 5")])
    assert dice.remaining == 2
    state.apply(dice.roll(state))
    state.apply(dice.roll(state))
    assert [str(a) for _, a in state.history] == ["first p2", "card 5"]
    assert state.to_move == 1 and dice.remaining == 0
    state.apply(game.parse_action("colt"))
    with pytest.raises(DiceExhausted, match="ran out; next needed: the d20, 1-20"):
        dice.roll(state)


def test_scripted_dice_refuse_an_impossible_outcome() -> None:
    with pytest.raises(IllegalAction, match="cannot happen here"):
        ScriptedDice(["card 9"]).roll(_at_card())
    with pytest.raises(IllegalAction, match="cannot happen here"):
        ScriptedDice(["d20 4"]).roll(_at_card())


def test_manual_dice_ask_again_after_a_typo_and_an_impossible_outcome() -> None:
    answers = iter(["crad 4", "card 9", "  card 4 "])
    prompts: list[str] = []
    told: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    outcome = ManualDice(ask, told.append).roll(_at_card())
    assert str(outcome) == "card 4"
    assert len(prompts) == 3 and "the deck holds 2 3 4 5 6 7" in prompts[0]
    assert len(told) == 2
    assert "cannot read 'crad 4'" in told[0]
    assert "'card 9' cannot happen here" in told[1]
    assert all("expected" in m for m in told)


def test_manual_dice_read_the_number_alone() -> None:
    """A referee types the card as it shows: ``5``, not ``card 5``."""
    outcome = ManualDice(lambda prompt: "5", print).roll(_at_card())
    assert str(outcome) == "card 5"

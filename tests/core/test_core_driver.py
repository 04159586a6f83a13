"""The driver (play, round_robin) and IllegalAction messages."""

from __future__ import annotations

from typing import Any

import pytest

from saloon.agents import make_agent
from saloon.core import (
    CHANCE,
    Agent,
    IllegalAction,
    RandomDice,
    SaloonError,
    ScriptedDice,
    State,
    get_game,
    play,
    round_robin,
)

GAME = get_game("shootout")


def _bots(n: int, spec: str = "random") -> list[Agent]:
    return [make_agent(spec, GAME, seed=10 + i) for i in range(n)]


def test_play_to_the_end_and_record() -> None:
    steps: list[tuple[int, Any]] = []

    def on_step(state: State, mover: int, action: object) -> None:
        steps.append((mover, action))

    record = play(GAME, None, _bots(2), RandomDice(5), seed=5, on_step=on_step)
    assert record.result is not None and len(record.result["winners"]) == 1
    assert record.seats == ["random", "random"] and record.seed == 5
    assert [(p, str(a)) for p, a in steps] == record.moves
    assert steps[0][0] == CHANCE
    again = play(GAME, None, _bots(2), RandomDice(5), seed=5)
    assert again.moves == record.moves  # same seeds, same game


def test_play_refuses_the_wrong_number_of_seats() -> None:
    with pytest.raises(ValueError, match="two players"):
        play(GAME, None, _bots(3), RandomDice(1))
    with pytest.raises(SaloonError, match="needs 2 seats, 3 given"):
        play(GAME, None, _bots(3), RandomDice(1), state=GAME.new_state())


def test_play_continues_a_state_under_way() -> None:
    state = GAME.new_state()
    dice = ScriptedDice(["first p1", "card 7"])
    state.apply(dice.roll(state))
    state.apply(dice.roll(state))
    record = play(GAME, None, _bots(2), RandomDice(2), state=state)
    assert record.moves[:2] == [(CHANCE, "first p1"), (CHANCE, "card 7")]
    assert state.is_over


def test_round_robin_of_three_seats() -> None:
    seats = _bots(3)
    rr = round_robin(GAME, None, seats, seed=8)
    assert [pair for pair, _ in rr.records] == [(0, 1), (0, 2), (1, 2)]
    totals = [0.0, 0.0, 0.0]
    for (i, j), record in rr.records:
        assert record.result is not None
        scores = record.result["scores"]
        assert max(scores) >= 14  # someone reached the target
        totals[i] += scores[0]
        totals[j] += scores[1]
    assert rr.totals == totals
    wins = [0, 0, 0]
    for (i, j), record in rr.records:
        assert record.result is not None
        (w,) = record.result["winners"]
        wins[(i, j)[w]] += 1
    assert rr.wins == wins
    assert sum(rr.wins) == 3
    assert rr.seats == ["random"] * 3
    assert rr.winners == [i for i, t in enumerate(totals) if t == max(totals)]


def test_round_robin_needs_three_seats() -> None:
    with pytest.raises(SaloonError, match="at least 3 seats"):
        round_robin(GAME, None, _bots(2))


def test_illegal_action_names_the_legal_ones() -> None:
    state = GAME.new_state()
    with pytest.raises(IllegalAction, match="possible: first p1, first p2"):
        state.apply(GAME.parse_action("move"))
    state.apply(GAME.parse_action("first p1"))
    with pytest.raises(IllegalAction, match="card 8 is not a possible outcome") as info:
        state.apply(GAME.parse_action("card 8"))
    assert "card 2, card 3, card 4, card 5, card 6, card 7" in str(info.value)
    state.apply(GAME.parse_action("card 3"))
    with pytest.raises(IllegalAction) as info:
        state.apply(GAME.parse_action("d20 5"))
    message = str(info.value)
    assert "d20 5 is not legal for player 1 now" in message
    assert "legal: retreat, move, colt, winchester" in message
    assert len(state.history) == 2  # nothing applied


def test_illegal_action_after_the_end() -> None:
    record = play(GAME, None, _bots(2), RandomDice(6))
    state = record.replay()
    with pytest.raises(IllegalAction, match="the game is over; move cannot be played"):
        state.apply(GAME.parse_action("move"))


def test_a_bad_outcome_where_information_is_hidden_lists_nothing_left() -> None:
    """The outcomes left at a hidden deal would tell what the others hold:
    the message gives the node's prompt instead of listing them."""
    from saloon.testing.tiny import Deal, TinyGame, TinyState

    class Prompted(TinyState):
        def chance_prompt(self) -> str:
            return "a card from 1 to 5 (e.g. deal 1)"

    game = TinyGame()
    game.state_type = Prompted
    state = game.new_state()
    state.apply(Deal(3))
    with pytest.raises(IllegalAction) as info:
        state.apply(Deal(3))
    assert str(info.value) == (
        "deal 3 is not a possible outcome here; expected a card from 1 to 5 (e.g. deal 1)"
    )
